/**
 * The fulfilment app, offline, with relaykit's emulator as Shopify: a customer's paid checkout
 * (`emulator.shopify.placeOrder`) sends `orders/paid`, the app's handler fulfils the order through the
 * Admin GraphQL API, and Shopify's `fulfillments/create` and `orders/fulfilled` follow, every delivery
 * HMAC-signed with the app's client secret.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiVersion, LogSeverity, Session, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { createEmulator } from 'relaykit/emulator';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createApp } from './app.js';

const secret = 'shpss_example_client_secret';
const shop = 'acme.myshopify.com';
const token = 'shpat_example';
const shopify = shopifyApi({ apiKey: 'example', apiSecretKey: secret, scopes: ['write_orders'], hostName: 'app.example.com', apiVersion: ApiVersion.October25, isEmbeddedApp: false, logger: { level: LogSeverity.Error } });

let emulator: ReturnType<typeof createEmulator>;
let app: ReturnType<typeof createApp>;
let server: Server;

beforeAll(async () => {
  app = createApp(shopify, token);
  server = createServer((req, res) => app.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const webhook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/shopify`;
  emulator = createEmulator({ providers: ['shopify'], webhooks: { shopify: { url: webhook, secret } }, seed: 3 });
  await emulator.listen(0);
  // The SDK always calls https://<shop>.myshopify.com: its runtime's fetch sends that to the emulator.
  const { baseUrl } = emulator.clientOptions('shopify') as { baseUrl: string };
  setAbstractFetchFunc(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${baseUrl}/${url.host}${url.pathname}${url.search}`, init);
  });
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
});

test('a paid order is fulfilled by the orders/paid handler, and Shopify reports the fulfilment', async () => {
  const client = new shopify.clients.Graphql({ session: new Session({ id: `offline_${shop}`, shop, state: '', isOnline: false, accessToken: token }) });
  const made = await client.request<{ productCreate: { product: { variants: { nodes: { id: string }[] } } } }>(
    `mutation { productCreate(product: { title: "Wool Hat", variants: [{ price: "25.00", inventoryQuantity: 5 }] }) { product { variants(first: 1) { nodes { id } } } userErrors { message } } }`,
  );
  const variantId = made.data!.productCreate.product.variants.nodes[0]!.id;
  await emulator.settled();

  const order = emulator.shopify.placeOrder({ lineItems: [{ variantId, quantity: 2 }], customer: { email: 'ada@example.org', firstName: 'Ada' } });
  await emulator.settled();

  expect(app.fulfilled).toEqual([order.admin_graphql_api_id]);
  const topics = emulator.deliveries().map((d) => d.type);
  expect(topics.slice(topics.indexOf('orders/paid'))).toEqual(['orders/paid', 'orders/updated', 'inventory_levels/update', 'fulfillments/create', 'orders/fulfilled', 'orders/updated']);
  expect(emulator.deliveries().every((d) => d.status === 'delivered')).toBe(true);
  expect(app.refused).toBe(0);

  const read = await client.request<{ order: { displayFulfillmentStatus: string } }>(`query($id: ID!) { order(id: $id) { displayFulfillmentStatus } }`, { variables: { id: order.admin_graphql_api_id } });
  expect(read.data!.order.displayFulfillmentStatus).toBe('FULFILLED');
});

test('a delivery signed with another secret is refused and fulfils nothing', async () => {
  const before = app.fulfilled.length;
  const body = JSON.stringify({ id: 1, admin_graphql_api_id: 'gid://shopify/Order/1' });
  const forged = await fetch(String(emulator.endpoints('shopify')[0]!.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-hmac-sha256': 'Zm9yZ2Vk', 'x-shopify-shop-domain': shop, 'x-shopify-api-version': '2025-10', 'x-shopify-webhook-id': 'forged' },
    body,
  });
  expect(forged.status).toBe(401);
  expect(app.refused).toBe(1);
  expect(app.fulfilled).toHaveLength(before);
});
