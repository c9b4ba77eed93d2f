/**
 * The objects the emulated Shopify holds, in the REST shape its webhooks send (numeric `id` beside
 * `admin_graphql_api_id`). Each starts from the catalog's body for its topic, drawn from the world's
 * seed (so that every key Shopify sends is there), with what the API call gave laid over it: the
 * catalog's `data` override, whose mirrors keep an order's totals the sum of its lines.
 */
import { isPlainObject, type JsonObject } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { seededFaker } from '../../shared/random.js';
import { builder } from '../build.js';
import { API_VERSION } from '../scene.js';
import { shopifyTime } from './write.js';

/** A fresh numeric id of `digits` digits, from the world's ids (seeded when the world is). */
export function numericId(world: World, digits = 13): number {
  const drawn = world.id('n', digits);
  let out = '';
  for (let i = 0; i < digits; i++) out += String((drawn.charCodeAt(i + 2) * 7 + i) % 10);
  return Number(`${(Number(out[0]) % 9) + 1}${out.slice(1)}`);
}

/** A version 4 UUID from the world's ids: `X-Shopify-Webhook-Id`, `X-Shopify-Event-Id`. */
export function worldUuid(world: World): string {
  const drawn = world.id('u', 32);
  const hex = [...drawn.slice(2)].map((c) => (c.charCodeAt(0) % 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The world's clock as Shopify writes times. */
export function worldTime(world: World): string {
  return shopifyTime(new Date(Math.floor(world.now() / 1000) * 1000));
}

/** `gid://shopify/<type>/<id>`. */
export function gid(type: string, id: number | string): string {
  return `gid://shopify/${type}/${String(id)}`;
}

/** The numeric id of a GraphQL id of `type` (or of plain digits), else `undefined`. */
export function idFromGid(value: unknown, type?: string): string | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const match = /^gid:\/\/shopify\/(\w+)\/(\d+)(?:\?.*)?$/.exec(value);
  if (match) return type === undefined || match[1] === type ? match[2] : undefined;
  return /^\d+$/.test(value) ? value : undefined;
}

/** Cents as Shopify writes money. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Cents of a money string. */
export function cents(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** A money bag (`price_set`). */
export function moneySet(amount: number): Obj {
  return { shop_money: { amount: money(amount), currency_code: 'USD' }, presentment_money: { amount: money(amount), currency_code: 'USD' } };
}

/**
 * `topic`'s catalog body with `data` laid over it, drawn from the world's seed.
 * @example
 * fromTopic(world, 'products/create', { id: 1, title: 'Hat' }).variants; // drawn, unless data gives them
 */
export function fromTopic(world: World, topic: string, data: Obj): Obj {
  const seed = numericId(world, 9);
  const built = builder.build({ eventType: topic, faker: seededFaker(seed), now: world.now(), data: data as JsonObject });
  return JSON.parse(built.body) as Obj;
}

/** The first item of a catalog body's list `key`, the template of the items the emulator writes there. */
export function firstOf(body: Obj, key: string): Obj {
  const list = body[key];
  return Array.isArray(list) && isPlainObject(list[0]) ? list[0] : {};
}

/** The shop's location, made on first use: where inventory is stocked and orders are fulfilled from. */
export function shopLocation(world: World, shop: string): Obj {
  const [found] = world.list('shopify', 'location', { shop });
  if (found) return found;
  const id = numericId(world, 11);
  const now = worldTime(world);
  return world.put(
    'shopify',
    'location',
    { id, name: 'Shop location', address1: null, address2: null, city: null, zip: null, province: null, country: 'US', phone: null, created_at: now, updated_at: now, country_code: 'US', country_name: 'United States', province_code: null, legacy: false, active: true, admin_graphql_api_id: gid('Location', id) },
    { shop },
  );
}

/** The API version webhooks are shaped for. */
export const WEBHOOK_API_VERSION = API_VERSION;
