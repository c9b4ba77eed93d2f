/**
 * The Shopify emulator as an app meets it, beyond the chains: every `X-Shopify-*` header on every
 * delivery, retries with the same bytes and ids on the harness's Shopify schedule, subscriptions made
 * through `webhookSubscriptionCreate` / `Update` / `Delete` honouring `filter` and `includeFields`
 * (delivered to a real HTTP server, validated with `shopify.webhooks.validate`), Shopify's error
 * shapes for bad input and unmodelled operations, and the same API in process through msw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Session } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { getProvider } from '../../src/providers/index.js';
import { makeProduct } from './shopify-chains.js';
import { SECRET, SHOP, pointSdkAt, shopifyApp, startShopify, type Received, type ShopifyRig } from './shopify-support.js';

const HEADERS = ['x-shopify-topic', 'x-shopify-hmac-sha256', 'x-shopify-shop-domain', 'x-shopify-api-version', 'x-shopify-webhook-id', 'x-shopify-triggered-at', 'x-shopify-event-id'];

/** A real HTTP server receiving subscription deliveries, each checked by the official validator. */
async function httpReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const app = shopifyApp();
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const request = new Request(`http://receiver${req.url}`, { method: 'POST', headers, body: raw });
      void app.webhooks.validate({ rawBody: raw, rawRequest: request }).then((check) => {
        received.push({ topic: headers['x-shopify-topic'] ?? '', body: JSON.parse(raw) as Record<string, unknown>, raw, headers, valid: check.valid });
        res.writeHead(200).end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

describe('deliveries', () => {
  let rig: ShopifyRig;
  let refuse = 0;
  beforeAll(async () => {
    // The receiver refuses the first `refuse` deliveries it gets.
    rig = await startShopify({ answer: () => (refuse-- > 0 ? 500 : 200) });
  });
  afterAll(() => rig.close());

  it('carry every X-Shopify-* header, signed with the client secret; a refused one comes again with the same bytes and ids', async () => {
    refuse = 1;
    await rig.run(`mutation { productCreate(product: { title: "Hat" }) { product { id } } }`);
    await rig.emulator.settled();
    // The retry comes after the rest of the call's batch, as the harness schedules one.
    expect(rig.received.map((r) => [r.topic, r.valid])).toEqual([
      ['products/create', true],
      ['inventory_items/create', true],
      ['products/create', true],
    ]);
    const [first, item, again] = rig.received;
    for (const name of HEADERS) expect(first!.headers[name], name).toEqual(expect.any(String));
    expect(first!.headers['x-shopify-shop-domain']).toBe(SHOP);
    expect(first!.headers['x-shopify-api-version']).toBe('2025-10');
    expect(first!.headers['x-shopify-triggered-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
    expect(first!.headers['x-shopify-product-id']).toBe(String(first!.body.id));
    expect(again!.raw).toBe(first!.raw);
    for (const name of ['x-shopify-webhook-id', 'x-shopify-event-id', 'x-shopify-triggered-at', 'x-shopify-hmac-sha256']) expect(again!.headers[name], name).toBe(first!.headers[name]);
    expect(item!.headers['x-shopify-webhook-id']).not.toBe(first!.headers['x-shopify-webhook-id']);
    const [delivery] = rig.emulator.deliveries({ type: 'products/create' });
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 200]);
    expect(delivery!.deliveryId).toBe(first!.headers['x-shopify-webhook-id']);
    expect(delivery!.objectId).toBe(String(first!.body.id));
  });

  it("gives up after Shopify's retries (the harness's rule: 8), every attempt the same bytes", async () => {
    rig.emulator.reset();
    rig.received.length = 0;
    refuse = 1000;
    await rig.run(`mutation { customerCreate(input: { email: "x@example.org" }) { customer { id } } }`);
    await rig.emulator.settled();
    refuse = 0;
    const [delivery] = rig.emulator.deliveries({ type: 'customers/create' });
    expect(getProvider('shopify').retry.delays).toHaveLength(8);
    expect(delivery!.attempts).toHaveLength(9);
    expect(delivery!.status).toBe('failed');
    expect(new Set(rig.received.map((r) => r.raw + r.headers['x-shopify-webhook-id'])).size).toBe(1);
  });
});

describe('webhook subscriptions through the Admin API', () => {
  let rig: ShopifyRig;
  let receiver: Awaited<ReturnType<typeof httpReceiver>>;
  beforeAll(async () => {
    rig = await startShopify();
    receiver = await httpReceiver();
  });
  afterAll(async () => {
    await rig.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  const CREATE = `mutation Sub($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic filter includeFields endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } userErrors { field message } }
  }`;
  const product = (title: string, vendor: string) =>
    rig.run(`mutation P($p: ProductCreateInput!) { productCreate(product: $p) { product { id } } }`, { p: { title, vendor, variants: [{ price: '12.00', sku: `${vendor}-1` }] } });

  it('sends a subscription only what passes its filter, cut to its includeFields, signed with the app secret; update and delete take effect', async () => {
    const made = await rig.run(CREATE, { topic: 'PRODUCTS_CREATE', sub: { callbackUrl: receiver.url, format: 'JSON', filter: 'vendor:Acme AND variants.price:>=10', includeFields: ['id', 'title', 'variants.price'] } });
    expect(made.webhookSubscriptionCreate).toEqual({
      webhookSubscription: { id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/), topic: 'PRODUCTS_CREATE', filter: 'vendor:Acme AND variants.price:>=10', includeFields: ['id', 'title', 'variants.price'], endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: receiver.url } },
      userErrors: [],
    });
    const id = made.webhookSubscriptionCreate.webhookSubscription.id as string;
    await product('Hat', 'Acme');
    await product('Scarf', 'Other');
    await rig.emulator.settled();
    expect(receiver.received.map((r) => [r.topic, r.valid])).toEqual([['products/create', true]]);
    const [cut] = receiver.received;
    expect(Object.keys(cut!.body).sort()).toEqual(['id', 'title', 'variants']);
    expect(cut!.body.title).toBe('Hat');
    expect(cut!.body.variants).toEqual([{ price: '12.00' }]);
    // The app-level endpoint got the same event whole: same event id, its own webhook id.
    const whole = rig.received.find((r) => r.topic === 'products/create' && r.body.title === 'Hat')!;
    expect(whole.headers['x-shopify-event-id']).toBe(cut!.headers['x-shopify-event-id']);
    expect(whole.headers['x-shopify-webhook-id']).not.toBe(cut!.headers['x-shopify-webhook-id']);
    expect(rig.emulator.shopify.clientSecret()).toBe(SECRET);

    const listed = await rig.run(`{ webhookSubscriptions(first: 5) { nodes { id topic } } }`);
    expect(listed.webhookSubscriptions.nodes).toEqual([{ id, topic: 'PRODUCTS_CREATE' }]);
    await rig.run(`mutation U($id: ID!) { webhookSubscriptionUpdate(id: $id, webhookSubscription: { filter: "vendor:Other" }) { userErrors { message } } }`, { id });
    await product('Gloves', 'Other');
    await rig.emulator.settled();
    expect(receiver.received.map((r) => r.body.title)).toEqual(['Hat', 'Gloves']);
    const gone = await rig.run(`mutation D($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }`, { id });
    expect(gone.webhookSubscriptionDelete).toEqual({ deletedWebhookSubscriptionId: id, userErrors: [] });
    await product('Socks', 'Other');
    await rig.emulator.settled();
    expect(receiver.received).toHaveLength(2);
  });

  it('answers userErrors for a bad address or filter, and a GraphQL error for an unknown topic', async () => {
    const badUrl = await rig.run(CREATE, { topic: 'ORDERS_PAID', sub: { callbackUrl: 'not a url' } });
    expect(badUrl.webhookSubscriptionCreate.userErrors).toEqual([{ field: ['webhookSubscription', 'callbackUrl'], message: expect.stringContaining('Address is invalid') }]);
    const badFilter = await rig.run(CREATE, { topic: 'ORDERS_PAID', sub: { callbackUrl: receiver.url, filter: 'vendor' } });
    expect(badFilter.webhookSubscriptionCreate.userErrors[0].message).toContain('The specified filter is invalid');
    await expect(rig.run(CREATE, { topic: 'ORDERS_CRATE', sub: { callbackUrl: receiver.url } })).rejects.toThrow(/invalid value \("ORDERS_CRATE"\)/);
  });
});

describe("Shopify's answers to bad input", () => {
  let rig: ShopifyRig;
  let graphqlUrl: string;
  beforeAll(async () => {
    rig = await startShopify();
    graphqlUrl = `${String(rig.emulator.clientOptions('shopify').baseUrl)}/${SHOP}/admin/api/2025-10/graphql.json`;
  });
  afterAll(() => rig.close());
  const post = (body: unknown, token = 'shpat_x') => fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': token }, body: JSON.stringify(body) });

  it('names an unknown mutation in GraphQL errors, with the fields it serves, and emits nothing', async () => {
    const answer = await post({ query: 'mutation {\n  giftCardCreate(input: {}) { giftCard { id } }\n}' });
    expect(answer.status).toBe(200);
    const { errors } = (await answer.json()) as { errors: { message: string; locations: unknown; path: unknown; extensions: unknown }[] };
    expect(errors).toEqual([
      {
        message: expect.stringMatching(/^Field 'giftCardCreate' doesn't exist on type 'Mutation'\. The relaykit emulator serves these mutation fields: productCreate, .*fulfillmentCreate.*webhookSubscriptionDelete; /),
        locations: [{ line: 2, column: 3 }],
        path: ['mutation', 'giftCardCreate'],
        extensions: { code: 'undefinedField', typeName: 'Mutation', fieldName: 'giftCardCreate' },
      },
    ]);
    await expect(rig.run('{ giftCard(id: "gid://shopify/GiftCard/1") { id } }')).rejects.toThrow(/Field 'giftCard' doesn't exist on type 'QueryRoot'/);
    await rig.emulator.settled();
    expect(rig.received).toEqual([]);
  });

  it('answers a parse error, a missing argument and userErrors in their shapes, and 401 without a token', async () => {
    const parse = (await (await post({ query: 'mutation { productCreate(' })).json()) as { errors: { extensions: { code: string } }[] };
    expect(parse.errors[0]!.extensions.code).toBe('parseError');
    const missing = (await (await post({ query: 'mutation { productCreate { product { id } } }' })).json()) as { errors: { message: string; extensions: { code: string } }[]; data: unknown };
    expect(missing.errors[0]).toMatchObject({ message: "Field 'productCreate' is missing required arguments: product", extensions: { code: 'missingRequiredArguments' } });
    expect(missing.data).toEqual({ productCreate: null });
    const blank = await rig.run('mutation { productCreate(product: { title: "" }) { product { id } userErrors { field message } } }');
    expect(blank.productCreate).toEqual({ product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] });
    const unknownOrder = await rig.run('mutation { orderUpdate(input: { id: "gid://shopify/Order/1", note: "x" }) { order { id } userErrors { field message } } }');
    expect(unknownOrder.orderUpdate.userErrors).toEqual([{ field: ['id'], message: 'Order does not exist' }]);
    const cost = (await (await post({ query: '{ shop { name myshopifyDomain } }' })).json()) as { data: unknown; extensions: { cost: { requestedQueryCost: number } } };
    expect(cost).toMatchObject({ data: { shop: { name: 'acme', myshopifyDomain: SHOP } }, extensions: { cost: { requestedQueryCost: 1 } } });
    const noToken = await fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ shop { name } }"}' });
    expect(noToken.status).toBe(401);
    expect(rig.emulator.shopify.placeOrder.bind(null, { lineItems: [{ variantId: 'gid://shopify/ProductVariant/9' }] })).toThrow(/no shop holds product variant gid:\/\/shopify\/ProductVariant\/9/);
    await rig.emulator.settled();
    expect(rig.received).toEqual([]);
  });

  it('answers 404 naming the served operations for an unmodelled REST path, and for a path without a shop', async () => {
    const base = String(rig.emulator.clientOptions('shopify').baseUrl);
    const rest = await fetch(`${base}/${SHOP}/admin/api/2025-10/gift_cards.json`, { method: 'POST', headers: { 'x-shopify-access-token': 'shpat_x' }, body: '{}' });
    expect(rest.status).toBe(404);
    expect(((await rest.json()) as { errors: string }).errors).toMatch(/does not model POST \/admin\/api\/2025-10\/gift_cards\.json of shopify.*emulator\.operations\('shopify'\)/);
    const noShop = await fetch(`${base}/admin/api/2025-10/graphql.json`, { method: 'POST', headers: { 'x-shopify-access-token': 'shpat_x' }, body: '{}' });
    expect(noShop.status).toBe(404);
    expect(((await noShop.json()) as { errors: string }).errors).toContain('put it first in the path, as in /<shop>.myshopify.com/admin/api/2025-10/graphql.json');
    expect(rig.emulator.operations('shopify')).toContain('POST /admin/api/:version/graphql.json');
  });
});

describe('the webhooks option', () => {
  it("subscribes the app to the topics of events, in any of Shopify's spellings, and refuses one Shopify does not send", async () => {
    const topics: string[] = [];
    const emulator = createEmulator({ providers: ['shopify'], webhooks: { shopify: { target: (request: Request) => (topics.push(request.headers.get('x-shopify-topic')!), new Response('ok')), events: ['INVENTORY_ITEMS_CREATE'], secret: SECRET } } });
    await emulator.fetch(
      new Request(`https://${SHOP}/admin/api/2025-10/graphql.json`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_x' }, body: JSON.stringify({ query: 'mutation { productCreate(product: { title: "Hat" }) { product { id } } }' }) }),
    );
    await emulator.settled();
    expect(topics).toEqual(['inventory_items/create']);
    expect(() => createEmulator({ providers: ['shopify'], webhooks: { shopify: { url: 'http://127.0.0.1:9/x', events: ['orders/craete'] } } })).toThrow('webhooks.shopify.events: "orders/craete" is no Shopify topic');
  });
});

describe('in process', () => {
  it("serves https://<shop>.myshopify.com through msw to the SDK (its adapter's fetch read at call time, after msw patched it), and delivers", async () => {
    const received: string[] = [];
    const app = shopifyApp();
    const emulator = createEmulator({
      providers: ['shopify'],
      seed: 3,
      webhooks: { shopify: { target: async (request: Request) => (received.push(String((await app.webhooks.validate({ rawBody: await request.clone().text(), rawRequest: request })).valid)), new Response('ok')), secret: SECRET } },
    });
    const server = setupServer(...emulator.handlers());
    server.listen({ onUnhandledRequest: 'error' });
    // The adapter kept the fetch it found when imported, before msw patched the global one.
    setAbstractFetchFunc((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    try {
      const client = new app.clients.Graphql({ session: new Session({ id: 'offline', shop: 'other.myshopify.com', state: '', isOnline: false, accessToken: 'shpat_x' }) });
      const ctx = { run: async (query: string, variables?: Record<string, unknown>) => (await client.request(query, variables ? { variables } : {})).data as Record<string, any>, emulator, mark: () => emulator.settled() };
      const { productId } = await makeProduct(ctx);
      await emulator.settled();
      expect(emulator.deliveries().map((d) => d.type)).toEqual(['products/create', 'inventory_items/create']);
      expect(received).toEqual(['true', 'true']);
      expect(emulator.world.get('shopify', 'product', productId.split('/').pop()!, { shop: 'other.myshopify.com' })).toMatchObject({ title: 'Wool Hat' });
    } finally {
      server.close();
      pointSdkAt('http://127.0.0.1:1');
    }
  });
});
