/**
 * Recording a Shopify delivery: the resource the topic reports (the body itself), in the shop of
 * `X-Shopify-Shop-Domain`, plus the customer, fulfillments, refunds and variants inside it.
 */
import { isPlainObject } from '../../../core/index.js';
import type { ObservedDelivery } from '../../observe.js';
import type { Obj, World, WorldAdapter } from '../../shared/api/index.js';
import { recordReferences } from './references.js';
import { TOPIC_KINDS } from './resources.js';

function header(delivery: ObservedDelivery, name: string): string | undefined {
  const lower = name.toLowerCase();
  const found = Object.entries(delivery.headers).find(([key]) => key.toLowerCase() === lower);
  return found?.[1];
}

function shopifyId(kind: string, object: Obj): string | undefined {
  if (kind === 'shop') return 'shop';
  // A listing is keyed by what it lists.
  if (kind === 'product_listing') return object.product_id != null ? String(object.product_id) : undefined;
  if (kind === 'collection_listing') return object.collection_id != null ? String(object.collection_id) : undefined;
  if (kind === 'inventory_level') {
    return object.inventory_item_id !== undefined && object.location_id !== undefined ? `${String(object.inventory_item_id)}:${String(object.location_id)}` : undefined;
  }
  return object.id !== undefined && object.id !== null && object.id !== '' ? String(object.id) : undefined;
}

function children(world: World, shop: string, kind: string, list: unknown, extra: Obj = {}): void {
  if (!Array.isArray(list)) return;
  for (const item of list) if (isPlainObject(item) && shopifyId(kind, item)) world.merge('shopify', kind, { ...extra, ...item }, { shop });
}

/** How the world keys and records Shopify objects. */
export const shopifyAdapter: WorldAdapter = {
  provider: 'shopify',
  byShop: true,
  keyHint: 'Shopify objects are keyed by their numeric `id` (inventory levels by `inventory_item_id:location_id`, the shop by "shop").',
  identify: shopifyId,
  record(world, delivery, payload) {
    const topic = header(delivery, 'X-Shopify-Topic') ?? delivery.eventType;
    const shop = header(delivery, 'X-Shopify-Shop-Domain');
    if (!shop || !isPlainObject(payload)) return;
    const [resource = '', action] = topic.split('/');
    const kind = TOPIC_KINDS[resource];
    const listing = resource.endsWith('_listings') && isPlainObject(payload[resource.slice(0, -1)]) ? (payload[resource.slice(0, -1)] as Obj) : undefined;
    if (kind && listing) {
      // `{ product_listing: {…} }`: the listing, gone on `remove`.
      const key = shopifyId(kind, listing);
      if (key && action === 'remove') world.delete('shopify', kind, key, { shop });
      else if (key) world.put('shopify', kind, listing, { shop });
      return;
    }
    const id = kind ? shopifyId(kind, payload) : undefined;
    if (kind && id && action === 'delete') {
      world.delete('shopify', kind, id, { shop });
      return;
    }
    if (!kind || !id || (resource === 'app' && action !== 'uninstalled') || action === 'edited') {
      if (action !== 'delete' && action !== 'redact') recordReferences(world, shop, resource, payload);
      return;
    }
    if (isPlainObject(payload.customer) && payload.customer.id !== undefined) world.merge('shopify', 'customer', payload.customer, { shop });
    if (resource === 'customers_marketing_consent') {
      // The body is the customer's consent, not the customer: recorded by `recordReferences`.
      recordReferences(world, shop, resource, payload);
      return;
    }
    if (kind === 'order') {
      children(world, shop, 'fulfillment', payload.fulfillments, { order_id: payload.id });
      children(world, shop, 'refund', payload.refunds, { order_id: payload.id });
    }
    if (kind === 'product') children(world, shop, 'variant', payload.variants, { product_id: payload.id });
    world.put('shopify', kind, payload, { shop });
    recordReferences(world, shop, resource, payload);
  },
};
