/**
 * Property over every Shopify catalog topic and several seeds: every object the payload names (the
 * customer, the line items' products and variants, the order of a fulfillment, refund or transaction
 * and the fulfillment or refund in that order, the locations and inventory items of inventory levels
 * and variants), read back through relaykit/msw's Admin REST API, exists and agrees with the payload.
 * Each topic × seed is built once; each check starts from a world holding only its delivery.
 */
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, useProviderServer } from './support.js';

useProviderServer({ providers: ['shopify'] });

const SEEDS = [11, 22, 33];
const topics = listEventTypes('shopify');
const built = await Promise.all(topics.flatMap((topic) => SEEDS.map(async (seed) => ({ topic, seed, ...(await deliver('shopify', topic, { seed })) }))));

type Fields = Record<string, unknown>;

function differences(what: string, expected: Fields, actual: any): string[] {
  if (actual === undefined) return [`${what}: not found`];
  return Object.entries(expected)
    .filter(([, value]) => value !== undefined)
    .filter(([field, value]) => JSON.stringify(actual[field]) !== JSON.stringify(value))
    .map(([field, value]) => `${what}.${field}: ${JSON.stringify(actual[field])} (payload ${JSON.stringify(value)})`);
}

/** The checks of one delivery (a plain Admin REST read per object, as a handler without the library makes it). */
async function check(topic: string, p: any, shop: string): Promise<string[]> {
  const [resource, action] = topic.split('/');
  if (action === 'delete' || action === 'redact' || action === 'data_request') return [];
  const problems: string[] = [];
  const cache = new Map<string, Promise<any>>();
  const get = (path: string): Promise<any> => {
    if (!cache.has(path)) {
      const read = fetch(`https://${shop}/admin/api/2025-10${path}`, { headers: { 'X-Shopify-Access-Token': 'shpat_agree' } }).then(async (r) =>
        r.status === 200 ? Object.values((await r.json()) as Record<string, unknown>)[0] : undefined,
      );
      cache.set(path, read);
    }
    return cache.get(path)!;
  };
  const pending: Promise<void>[] = [];
  const compare = (what: string, expected: Fields, path: string, more: (o: any) => string[] = () => []) =>
    pending.push(get(path).then((o) => void problems.push(...differences(what, expected, o), ...(o ? more(o) : []))));
  const lists = (what: string, field: string, id: unknown) => (o: any) =>
    Array.isArray(o[field]) && o[field].some((x: any) => x.id === id) ? [] : [`${what}.${field} lacks ${String(id)}`];

  if (p.customer?.id !== undefined && p.customer !== null) {
    compare('customer', { id: p.customer.id, email: p.customer.email, first_name: p.customer.first_name, last_name: p.customer.last_name }, `/customers/${p.customer.id}.json`);
  }
  for (const raw of [...(p.line_items ?? []), ...(p.refund_line_items ?? []).map((r: any) => r.line_item)]) {
    if (!raw?.product_id) continue;
    const title = typeof raw.title === 'string' ? raw.title : undefined;
    compare(`line item ${raw.id} product`, { id: raw.product_id, title, vendor: raw.vendor ?? undefined }, `/products/${raw.product_id}.json`, raw.variant_id ? lists('product', 'variants', raw.variant_id) : undefined);
    if (raw.variant_id) {
      compare(`line item ${raw.id} variant`, { id: raw.variant_id, product_id: raw.product_id, title: raw.variant_title ?? undefined, sku: raw.sku ?? undefined }, `/variants/${raw.variant_id}.json`);
    }
  }
  const orderId = Number(String(p.order_id ?? p.order_edit?.order_id ?? '').replace(/^gid:\/\/shopify\/Order\//, '')) || undefined;
  if (orderId && resource !== 'draft_orders') {
    const more = resource === 'fulfillments' || resource === 'refunds' ? lists('order', resource, p.id) : undefined;
    compare('order', { id: orderId }, `/orders/${orderId}.json`, more);
  }
  if (typeof p.customer_id === 'number') compare('customer', { id: p.customer_id }, `/customers/${p.customer_id}.json`);
  for (const fulfillment of resource === 'orders' ? (p.fulfillments ?? []) : []) {
    compare(`fulfillment ${fulfillment.id}`, { id: fulfillment.id, order_id: p.id, status: fulfillment.status }, `/orders/${p.id}/fulfillments/${fulfillment.id}.json`);
  }
  for (const refund of resource === 'orders' ? (p.refunds ?? []) : []) {
    compare(`refund ${refund.id}`, { id: refund.id, order_id: p.id }, `/orders/${p.id}/refunds/${refund.id}.json`);
  }
  if (resource === 'orders' && p.id !== undefined) compare('order', { id: p.id, fulfillments: undefined }, `/orders/${p.id}.json`, (o) => (o.fulfillments.length === p.fulfillments.length && o.refunds.length === p.refunds.length ? [] : ['order: fulfillment or refund counts differ']));
  for (const holder of [p, ...(resource === 'orders' ? (p.fulfillments ?? []) : [])]) {
    if (holder.location_id) compare('location', { id: holder.location_id }, `/locations/${holder.location_id}.json`);
  }
  if (resource === 'inventory_levels') compare('inventory item', { id: p.inventory_item_id }, `/inventory_items/${p.inventory_item_id}.json`);
  if (resource === 'products') {
    for (const variant of p.variants ?? []) {
      compare(`variant ${variant.id}`, { id: variant.id, product_id: p.id, title: variant.title, price: variant.price }, `/variants/${variant.id}.json`);
      if (variant.inventory_item_id) compare(`variant ${variant.id} inventory item`, { id: variant.inventory_item_id }, `/inventory_items/${variant.inventory_item_id}.json`);
    }
  }
  if (resource === 'variants') {
    compare('variant', { id: p.id, product_id: p.product_id, title: p.title }, `/variants/${p.id}.json`);
    compare('product', { id: p.product_id }, `/products/${p.product_id}.json`, lists('product', 'variants', p.id));
  }
  if (resource === 'customers_email_marketing_consent' || resource === 'customers_marketing_consent') {
    const id = p.customer_id ?? p.id;
    compare('customer', { id, email_marketing_consent: p.email_marketing_consent, sms_marketing_consent: p.sms_marketing_consent }, `/customers/${id}.json`);
  }
  await Promise.all(pending);
  return problems;
}

describe('relaykit/msw: Shopify objects a payload names agree with it', () => {
  it(`every catalog topic (${topics.length}) × seeds ${SEEDS.join(', ')}`, async () => {
    expect(built.length).toBe(topics.length * SEEDS.length);
    const failures: string[] = [];
    for (const { topic, seed, delivery, payload } of built) {
      resetProviderWorld();
      providerWorld.record({ provider: 'shopify', eventType: topic, headers: delivery.headers, body: delivery.body });
      for (const problem of await check(topic, payload, delivery.headers['X-Shopify-Shop-Domain']!)) failures.push(`${topic} (seed ${seed}): ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});
