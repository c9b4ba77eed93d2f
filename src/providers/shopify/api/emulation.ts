/**
 * Shopify, emulated: the Admin API (GraphQL and REST) per shop, its webhook subscriptions, and each
 * outbox event delivered as Shopify sends it: the resource itself as the body, REST JSON with numeric
 * ids beside `admin_graphql_api_id`, and every `X-Shopify-*` header (topic, shop domain, API version,
 * a webhook id per subscription, the triggering time, an event id the same for every subscription).
 * Retries resend the same bytes with the same ids (the harness's Shopify retry rule).
 */
import type { ClientOptions, EmulatedDelivery, OutboxEvent, ProviderEmulation, World } from '../../shared/api/index.js';
import { shopifyAdapter, shopifyRoutes } from './index.js';
import { WEBHOOK_API_VERSION, worldUuid } from './objects.js';
import { placeOrder, type PlaceOrderOptions } from './order-ops.js';
import { addAppSubscription, clientSecret, subscriptionEndpoints } from './subscriptions.js';

export type { PlaceOrderOptions } from './order-ops.js';

/** What a Shopify test does besides API calls: `emulator.shopify`. */
export interface ShopifyHelpers {
  /**
   * A checkout a customer completes and pays. Sends `checkouts/create`, `checkouts/update`,
   * `customers/create` for a new customer, then
   * `orders/create`, `order_transactions/create`, `orders/paid`, `orders/updated` and
   * `inventory_levels/update` per line; resolves to the order as its webhooks carry it.
   * @example
   * const order = emulator.shopify.placeOrder({ lineItems: [{ variantId, quantity: 1 }], customer: { email: 'ada@example.com' } });
   */
  placeOrder(options: PlaceOrderOptions): Record<string, unknown>;
  /**
   * The app's client secret, which signs deliveries to subscriptions made with `webhookSubscriptionCreate`
   * (the `webhooks` option's first secret, else one drawn for the world).
   * @example
   * shopify.webhooks.validate(...) // with shopifyApi({ apiSecretKey: emulator.shopify.clientSecret(), … })
   */
  clientSecret(): string;
}

/** `X-Shopify-Triggered-At`: RFC 3339 UTC with nanoseconds. */
function triggeredAt(at: number): string {
  return `${new Date(at).toISOString().slice(0, 23)}000000Z`;
}

/** Topics whose deliveries name their resource in a header, and the header. */
const RESOURCE_HEADERS: Readonly<Record<string, string>> = { orders: 'X-Shopify-Order-Id', products: 'X-Shopify-Product-Id' };

function envelope(event: OutboxEvent, world: World): EmulatedDelivery {
  const eventId = worldUuid(world);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'Shopify-Captain-Hook',
    'X-Shopify-Topic': event.type,
    'X-Shopify-Shop-Domain': event.scope?.shop ?? '',
    'X-Shopify-API-Version': WEBHOOK_API_VERSION,
    'X-Shopify-Webhook-Id': eventId,
    'X-Shopify-Triggered-At': triggeredAt(event.at),
    'X-Shopify-Event-Id': eventId,
  };
  const resource = RESOURCE_HEADERS[event.type.split('/')[0]!];
  if (resource && event.data.id !== undefined) headers[resource] = String(event.data.id);
  return { body: JSON.stringify(event.data), deliveryId: eventId, headers };
}

/**
 * Shopify's emulation. `clientOptions` is `{ baseUrl }`: the Admin API of shop `<shop>` answers at
 * `<baseUrl>/<shop>.myshopify.com/admin/api/<version>/graphql.json` (and the REST paths beside it).
 * @example
 * shopifyEmulation.clientOptions(new URL('http://127.0.0.1:12111/shopify')); // { baseUrl: 'http://127.0.0.1:12111/shopify' }
 */
export const shopifyEmulation: ProviderEmulation = {
  provider: 'shopify',
  mount: '/shopify',
  routes: () => shopifyRoutes(),
  adapter: shopifyAdapter,
  clientOptions: (url: URL): ClientOptions => ({ baseUrl: url.toString().replace(/\/$/, '') }),
  endpoints: subscriptionEndpoints,
  addEndpoint: (world, endpoint) => {
    const added = addAppSubscription(world, endpoint);
    return subscriptionEndpoints(world).find((e) => e.id === `whs_${String(added.id)}`)!;
  },
  envelope,
  // Shopify's ids are numbers: the body's `id` (or, for an inventory level, its item's), as a string.
  objectId: (event) => {
    const id = event.data.id ?? event.data.inventory_item_id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
  },
  helpers: (world): ShopifyHelpers => ({
    placeOrder: (options) => placeOrder(world, options),
    clientSecret: () => clientSecret(world),
  }),
};
