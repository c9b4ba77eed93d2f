import type { EventCatalog } from '../types.js';
import { topics } from './generated/topics.js';

/**
 * Every Shopify webhook topic of the API version relaykit sends, in the form of `X-Shopify-Topic`
 * (`orders/create`; four segment topics are dotted: `customer.tags_added`), as
 * `shopify-webhook-schemas` lists them (generated).
 */
export const shopifyTopics: readonly ShopifyTopic[] = topics;

/** A catalogued topic, canonical form. */
export type ShopifyTopic = (typeof topics)[number];

const aliases = new Map<string, string>();
for (const topic of shopifyTopics) {
  aliases.set(topic.replace('/', '.'), topic);
  aliases.set(topic.replace(/[/.]/, '_').toUpperCase(), topic);
}
// Canonical names win over any alias that spells the same.
for (const topic of shopifyTopics) aliases.set(topic, topic);

/** The Shopify catalog: `orders/create`, with `orders.create` and `ORDERS_CREATE` (GraphQL enum form) as aliases. */
export const catalog: EventCatalog = {
  eventTypes: shopifyTopics,
  resolve: (input) => aliases.get(input),
};
