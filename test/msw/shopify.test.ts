/** relaykit/msw against the official Shopify client: deliveries' objects read back, writes, lists, errors, credentials, reset, unsupported endpoints. */
import { describe, expect, it } from 'vitest';
import { ApiVersion, LogSeverity, Session, shopifyApi } from '@shopify/shopify-api';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const TOKEN = 'shpat_relaykitAdminToken';
const SHOP = 'relaykit-test.myshopify.com';
useProviderServer({ shopify: { accessToken: TOKEN } });

/** A plain Admin REST call, as a handler without the Shopify library makes it. */
async function admin(shop: string, path: string, init: RequestInit & { token?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token !== null) headers.set('X-Shopify-Access-Token', init.token ?? TOKEN);
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`https://${shop}/admin/api/2025-10${path}`, { ...init, headers });
}

async function orderDelivery(options: Parameters<typeof deliver>[2] = {}): Promise<{ shop: string; order: Record<string, any> }> {
  const { delivery, payload } = await deliver('shopify', 'orders/create', options);
  return { shop: delivery.headers['X-Shopify-Shop-Domain']!, order: payload };
}

describe('relaykit/msw: Shopify', () => {
  it('serves the order of an orders/create delivery to plain fetch, in its shop', async () => {
    const { shop, order } = await orderDelivery({ data: { note: 'gift wrap' } });
    const response = await admin(shop, `/orders/${order.id}.json`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { order: Record<string, unknown> };
    expect(body.order).toEqual(order);
    expect(body.order.note).toBe('gift wrap');
    const customer = (await (await admin(shop, `/customers/${order.customer.id}.json`)).json()) as { customer: { email: string } };
    expect(customer.customer.email).toBe(order.customer.email);
    expect((await admin('another-shop.myshopify.com', `/orders/${order.id}.json`)).status).toBe(404);
  });

  it('serves the order to the @shopify/shopify-api REST client', async () => {
    // The node adapter keeps the `fetch` it sees when imported: import it once msw has patched fetch.
    await import('@shopify/shopify-api/adapters/node');
    const { shop, order } = await orderDelivery();
    const shopify = shopifyApi({
      apiKey: 'relaykit-app',
      apiSecretKey: 'shpss_secret',
      hostName: 'app.example.com',
      apiVersion: ApiVersion.October25,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error, log: async () => undefined },
    });
    const session = new Session({ id: `offline_${shop}`, shop, state: 'state', isOnline: false, accessToken: TOKEN });
    const client = new shopify.clients.Rest({ session });
    const { body } = await client.get<{ order: { id: number | string; name: string } }>({ path: `orders/${order.id}` });
    // The library parses ids losslessly, as strings.
    expect(body.order).toMatchObject({ id: String(order.id), name: order.name });
  });

  it('updates an order so a later read sees it', async () => {
    const { shop, order } = await orderDelivery();
    const put = await admin(shop, `/orders/${order.id}.json`, { method: 'PUT', body: JSON.stringify({ order: { id: order.id, note: 'Called the customer', tags: 'vip' } }) });
    expect(put.status).toBe(200);
    const read = (await (await admin(shop, `/orders/${order.id}.json`)).json()) as { order: Record<string, unknown> };
    expect(read.order).toMatchObject({ id: order.id, note: 'Called the customer', tags: 'vip', email: order.email });
  });

  it('lists with limit and page_info, linking the pages with a Link header', async () => {
    const ids: number[] = [];
    for (const [seed, day] of [[1, 1], [2, 2], [3, 3]] as const) {
      const { order } = await orderDelivery({ seed, timestamp: Date.UTC(2026, 0, day), headers: { 'X-Shopify-Shop-Domain': SHOP } });
      ids.push(order.id);
    }
    const shop = SHOP;
    const first = await admin(shop!, '/orders.json?limit=2&status=any');
    expect(((await first.json()) as { orders: { id: number }[] }).orders.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    const link = first.headers.get('link')!;
    const next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
    expect(next).toMatch(new RegExp(`^https://${shop}/admin/api/2025-10/orders\\.json\\?limit=2&page_info=`));
    const second = await fetch(next!, { headers: { 'X-Shopify-Access-Token': TOKEN } });
    expect(((await second.json()) as { orders: { id: number }[] }).orders.map((o) => o.id)).toEqual([ids[0]]);
    expect(second.headers.get('link')).toMatch(/rel="previous"$/);
    expect(((await (await admin(shop!, '/orders/count.json?status=any')).json()) as { count: number }).count).toBe(3);
  });

  it('answers an unknown id with {"errors":"Not Found"} 404', async () => {
    const { shop } = await orderDelivery();
    const response = await admin(shop, '/orders/1.json');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ errors: 'Not Found' });
  });

  it('answers 401 without X-Shopify-Access-Token and with a token it was not configured with', async () => {
    const { shop, order } = await orderDelivery();
    for (const token of [null, 'shpat_wrong']) {
      const response = await admin(shop, `/orders/${order.id}.json`, { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
  });

  it('forgets everything on resetProviderWorld(), and a products/delete delivery removes the product', async () => {
    const { shop, order } = await orderDelivery();
    resetProviderWorld();
    expect((await admin(shop, `/orders/${order.id}.json`)).status).toBe(404);

    const { payload } = await deliver('shopify', 'products/create', { headers: { 'X-Shopify-Shop-Domain': SHOP } });
    const productShop = SHOP;
    expect((await admin(productShop, `/products/${payload.id}.json`)).status).toBe(200);
    expect((await admin(productShop, `/variants/${payload.variants[0].id}.json`)).status).toBe(200);
    await deliver('shopify', 'products/delete', { data: { id: payload.id }, headers: { 'X-Shopify-Shop-Domain': SHOP } });
    expect((await admin(productShop, `/products/${payload.id}.json`)).status).toBe(404);
  });

  it('fails an unsupported endpoint with a message naming the method, the path and what is supported', async () => {
    quietConsoleError();
    const { shop } = await orderDelivery();
    const response = await admin(shop, '/themes/1/assets.json', { method: 'POST', body: JSON.stringify({ asset: { key: 'x' } }) });
    expect(response.status).toBe(501);
    const { errors } = (await response.json()) as { errors: string };
    expect(errors).toContain('no handler for POST /admin/api/2025-10/themes/1/assets.json');
    expect(errors).toContain("supportedEndpoints('shopify') lists the");
    expect(providerWorld.unsupportedRequests()).toHaveLength(1);
  });
});
