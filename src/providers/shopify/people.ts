/** Customers and their addresses, in the shapes orders, checkouts and customer topics carry them. */
import type { JsonObject } from '../../core/index.js';
import { PLACES, UNITS, type Place } from './data.js';
import { CURRENCY, type Scene } from './scene.js';

/** A buyer: who they are and where they ship to. */
export interface Person {
  readonly customerId: number;
  readonly addressId: number;
  readonly first: string;
  readonly last: string;
  readonly email: string;
  /** E.164, or null when the customer gave none. */
  readonly phone: string | null;
  readonly place: Place;
  readonly address1: string;
  readonly address2: string | null;
  readonly zip: string;
  readonly lat: number;
  readonly lng: number;
  /** When the customer record was created, epoch ms. */
  readonly createdAt: number;
  readonly acceptsMarketing: boolean;
}

export function person(scene: Scene, createdAt?: number): Person {
  const first = scene.firstName();
  const last = scene.lastName();
  const place = scene.chance(0.3) ? scene.shop.place : scene.pick(PLACES);
  return {
    customerId: scene.id(13),
    addressId: scene.id(14),
    first,
    last,
    email: scene.email(first, last),
    phone: scene.chance(0.5) ? `+1${place.areaCode}55501${String(scene.int(0, 99)).padStart(2, '0')}` : null,
    place,
    address1: scene.street(),
    address2: scene.chance(0.2) ? scene.pick(UNITS) : null,
    zip: `${place.zip3}${String(scene.int(1, 99)).padStart(2, '0')}`,
    // Geocoded near the city centre, to 7 decimals as Shopify writes coordinates.
    lat: Math.round(place.lat * 1e7 + scene.int(-500_000, 500_000)) / 1e7,
    lng: Math.round(place.lng * 1e7 + scene.int(-500_000, 500_000)) / 1e7,
    createdAt: createdAt ?? scene.before(0, 900),
    acceptsMarketing: scene.chance(0.35),
  };
}

/** The address phone as typed at checkout: `+1 615-555-0134`. */
function addressPhone(p: Person): string | null {
  return p.phone === null ? null : `+1 ${p.phone.slice(2, 5)}-${p.phone.slice(5, 8)}-${p.phone.slice(8)}`;
}

/** A billing or shipping address on an order, checkout, draft order or fulfillment. */
export function orderAddress(p: Person): JsonObject {
  return {
    first_name: p.first,
    address1: p.address1,
    phone: addressPhone(p),
    city: p.place.city,
    zip: p.zip,
    province: p.place.province,
    country: 'United States',
    last_name: p.last,
    address2: p.address2,
    company: null,
    latitude: p.lat,
    longitude: p.lng,
    name: `${p.first} ${p.last}`,
    country_code: 'US',
    province_code: p.place.provinceCode,
  };
}

/** A customer's saved address (`default_address`, `addresses[]`). */
export function customerAddress(p: Person): JsonObject {
  return {
    id: p.addressId,
    customer_id: p.customerId,
    first_name: p.first,
    last_name: p.last,
    company: null,
    address1: p.address1,
    address2: p.address2,
    city: p.place.city,
    province: p.place.province,
    country: 'United States',
    zip: p.zip,
    phone: addressPhone(p),
    name: `${p.first} ${p.last}`,
    province_code: p.place.provinceCode,
    country_code: 'US',
    country_name: 'United States',
    default: true,
  };
}

export type CustomerState = 'enabled' | 'disabled' | 'invited' | 'declined';

/**
 * The customer object. Embedded in an order, checkout or draft order it has no `addresses`; the
 * customer topics send the full record.
 */
export function customer(scene: Scene, p: Person, options: { state: CustomerState; updatedAt: number; full: boolean }): JsonObject {
  const base: JsonObject = {
    id: p.customerId,
    created_at: scene.time(p.createdAt),
    updated_at: scene.time(options.updatedAt),
    first_name: p.first,
    last_name: p.last,
    state: options.state,
    note: null,
    verified_email: true,
    multipass_identifier: null,
    tax_exempt: false,
    email: p.email,
    phone: p.phone,
    currency: CURRENCY,
  };
  if (options.full) base.addresses = [customerAddress(p)];
  base.tax_exemptions = [];
  base.admin_graphql_api_id = scene.gid('Customer', p.customerId);
  base.default_address = customerAddress(p);
  return base;
}
