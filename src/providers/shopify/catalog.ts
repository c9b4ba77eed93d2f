import type { EventCatalog } from '../types.js';

/** Shopify webhook topics, in the `resource/event` form of `X-Shopify-Topic`. */
export const shopifyTopics = [
  'app/scopes_update',
  'app/uninstalled',
  'carts/create',
  'carts/update',
  'checkouts/create',
  'checkouts/delete',
  'checkouts/update',
  'collections/create',
  'collections/delete',
  'collections/update',
  'customers/create',
  'customers/data_request',
  'customers/delete',
  'customers/disable',
  'customers/enable',
  'customers/redact',
  'customers/update',
  'draft_orders/create',
  'draft_orders/delete',
  'draft_orders/update',
  'fulfillments/create',
  'fulfillments/update',
  'inventory_items/create',
  'inventory_items/delete',
  'inventory_items/update',
  'inventory_levels/update',
  'locations/create',
  'order_transactions/create',
  'orders/cancelled',
  'orders/create',
  'orders/delete',
  'orders/edited',
  'orders/fulfilled',
  'orders/paid',
  'orders/partially_fulfilled',
  'orders/updated',
  'products/create',
  'products/delete',
  'products/update',
  'refunds/create',
  'shop/redact',
  'shop/update',
  'themes/publish',
] as const;

/** A catalogued topic, canonical form. */
export type ShopifyTopic = (typeof shopifyTopics)[number];

const aliases = new Map<string, string>();
for (const topic of shopifyTopics) {
  aliases.set(topic, topic);
  aliases.set(topic.replace('/', '.'), topic);
  aliases.set(topic.replace('/', '_').toUpperCase(), topic);
}

/** The Shopify catalog: `orders/create`, with `orders.create` and `ORDERS_CREATE` (GraphQL enum form) as aliases. */
export const catalog: EventCatalog = {
  eventTypes: shopifyTopics,
  resolve: (input) => aliases.get(input),
};
