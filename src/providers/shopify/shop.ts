/** The shop itself, the app's install, locations, themes and the mandatory compliance (GDPR) topics. */
import type { JsonObject } from '../../core/index.js';
import { ACCESS_SCOPES, PLANS, THEMES } from './data.js';
import { person } from './people.js';
import { CURRENCY, type Scene } from './scene.js';

/** The shop object, as `shop/update` and `app/uninstalled` send it. */
export function shopResource(scene: Scene, updatedAt: number): JsonObject {
  const shop = scene.shop;
  const [planDisplayName, planName] = scene.pick(PLANS);
  const customDomain = scene.chance(0.6);
  return {
    id: shop.id,
    name: shop.name,
    email: shop.email,
    domain: customDomain ? `www.${shop.handle}.com` : shop.domain,
    province: shop.place.province,
    country: 'US',
    address1: scene.street(),
    zip: `${shop.place.zip3}${String(scene.int(1, 99)).padStart(2, '0')}`,
    city: shop.place.city,
    source: null,
    phone: `${shop.place.areaCode}55501${String(scene.int(0, 99)).padStart(2, '0')}`,
    latitude: shop.place.lat,
    longitude: shop.place.lng,
    primary_locale: 'en',
    address2: null,
    created_at: scene.time(shop.createdAt),
    updated_at: scene.time(updatedAt),
    country_code: 'US',
    country_name: 'United States',
    currency: CURRENCY,
    customer_email: shop.email,
    timezone: shop.zone.label,
    iana_timezone: shop.zone.iana,
    shop_owner: `${shop.ownerFirst} ${shop.ownerLast}`,
    money_format: '${{amount}}',
    money_with_currency_format: '${{amount}} USD',
    weight_unit: 'lb',
    province_code: shop.place.provinceCode,
    taxes_included: false,
    auto_configure_tax_inclusivity: null,
    tax_shipping: null,
    county_taxes: true,
    plan_display_name: planDisplayName,
    plan_name: planName,
    has_discounts: scene.chance(0.6),
    has_gift_cards: planName !== 'basic' && scene.chance(0.5),
    myshopify_domain: shop.domain,
    google_apps_domain: null,
    google_apps_login_enabled: null,
    money_in_emails_format: '${{amount}}',
    money_with_currency_in_emails_format: '${{amount}} USD',
    eligible_for_payments: true,
    requires_extra_payments_agreement: false,
    password_enabled: false,
    has_storefront: true,
    finances: true,
    primary_location_id: shop.primaryLocationId,
    checkout_api_supported: true,
    multi_location_enabled: true,
    setup_required: false,
    pre_launch_enabled: false,
    enabled_presentment_currencies: [CURRENCY],
    marketing_sms_consent_enabled_at_checkout: false,
    transactional_sms_disabled: false,
  };
}

/** `app/scopes_update`: the access scopes before and after the merchant approved a change. */
export function scopesUpdate(scene: Scene): JsonObject {
  const start = scene.int(0, 4) * 2;
  const previous = ACCESS_SCOPES.slice(start, start + scene.int(2, 4));
  const added = ACCESS_SCOPES.find((scope) => !previous.includes(scope))!;
  return {
    id: scene.id(12),
    shop_id: scene.gid('Shop', scene.shop.id),
    previous,
    current: [...previous, added],
    updated_at: scene.utc(scene.now),
  };
}

/** `locations/create`: a new warehouse or store. */
export function location(scene: Scene): JsonObject {
  const id = scene.id(11);
  const where = person(scene);
  const now = scene.time(scene.nowSec);
  return {
    id,
    name: scene.pick(['Warehouse', `${where.place.city} Store`, `${where.place.city} Warehouse`, 'Fulfillment Center']),
    address1: where.address1,
    address2: where.address2,
    city: where.place.city,
    zip: where.zip,
    province: where.place.province,
    country: 'US',
    phone: `${where.place.areaCode}55501${String(scene.int(0, 99)).padStart(2, '0')}`,
    created_at: now,
    updated_at: now,
    country_code: 'US',
    country_name: 'United States',
    province_code: where.place.provinceCode,
    legacy: false,
    active: true,
    admin_graphql_api_id: scene.gid('Location', id),
  };
}

/** `themes/publish`: a Theme Store theme made the live (`main`) theme. */
export function theme(scene: Scene): JsonObject {
  const id = scene.id(12);
  const [name, storeId] = scene.pick(THEMES);
  return {
    id,
    name: scene.chance(0.3) ? `Updated copy of ${name}` : name,
    created_at: scene.time(scene.before(0.01, 60)),
    updated_at: scene.time(scene.nowSec),
    role: 'main',
    theme_store_id: storeId,
    previewable: true,
    processing: false,
    admin_graphql_api_id: scene.gid('Theme', id),
  };
}

function orderIds(scene: Scene): number[] {
  const count = scene.int(0, 4);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(scene.id(13));
  return ids;
}

function gdprCustomer(scene: Scene): JsonObject {
  const buyer = person(scene);
  return { id: buyer.customerId, email: buyer.email, phone: buyer.phone };
}

/** `customers/data_request`: a customer asked the shop for their data. */
export function customersDataRequest(scene: Scene): JsonObject {
  return {
    shop_id: scene.shop.id,
    shop_domain: scene.shop.domain,
    customer: gdprCustomer(scene),
    orders_requested: orderIds(scene),
    data_request: { id: scene.id(10) },
  };
}

/** `customers/redact`: erase a customer's data. */
export function customersRedact(scene: Scene): JsonObject {
  return {
    shop_id: scene.shop.id,
    shop_domain: scene.shop.domain,
    customer: gdprCustomer(scene),
    orders_to_redact: orderIds(scene),
  };
}

/** `shop/redact`: 48 hours after uninstall, erase the shop's data. */
export function shopRedact(scene: Scene): JsonObject {
  return { shop_id: scene.shop.id, shop_domain: scene.shop.domain };
}
