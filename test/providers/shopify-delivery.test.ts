/**
 * Shopify deliveries end to end: signed by relaykit, checked by Shopify's own library
 * (`@shopify/shopify-api` 13.1, web-api adapter), plus aliases, headers, determinism and `data`.
 */
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, LogSeverity, shopifyApi, type Shopify } from '@shopify/shopify-api';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/shopify/build.js';
import { shopifyTopics } from '../../src/providers/shopify/catalog.js';
import { shopify } from '../../src/providers/shopify/index.js';

const SECRET = 'shpss_0123456789abcdef0123456789abcdef';
const T = Date.UTC(2025, 10, 21, 16, 29, 56, 123);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const apis = new Map<string, Shopify>();

/** Shopify's official library configured with `secret` as the app's client secret. */
function official(secret: string): Shopify {
  let api = apis.get(secret);
  if (!api) {
    api = shopifyApi({
      apiKey: 'relaykit-test',
      apiSecretKey: secret,
      scopes: [],
      hostName: 'localhost:3000',
      apiVersion: ApiVersion.October25,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error, log: async () => {} },
    });
    apis.set(secret, api);
  }
  return api;
}

/** `shopify.webhooks.validate` over a WHATWG Request carrying exactly the delivery's bytes. */
async function officialValidate(delivery: Pick<Delivery, 'headers' | 'body'>, secret = SECRET) {
  const rawRequest = new Request('https://app.example.com/api/webhook/shopify', {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  return official(secret).webhooks.validate({ rawBody: delivery.body, rawRequest });
}

/** Shopify's GraphQL enum form of a topic, as `validate` returns it: `orders/create` → `ORDERS_CREATE`. */
const upperSnake = (topic: string) => topic.replace(/[/.]/g, '_').toUpperCase();

describe('official verification with @shopify/shopify-api 13.1 (web-api adapter)', () => {
  it('accepts every topic and reports its topic (GraphQL enum form), shop domain and webhook id', async () => {
    for (const topic of shopifyTopics) {
      const delivery = await buildDelivery('shopify', topic, { secret: SECRET, seed: 1234, timestamp: T });
      expect(delivery.headers['X-Shopify-Topic'], topic).toBe(topic);
      const result = await officialValidate(delivery);
      expect(result, topic).toEqual({
        valid: true,
        webhookType: 'webhooks',
        hmac: delivery.headers['X-Shopify-Hmac-Sha256'],
        topic: upperSnake(topic),
        domain: delivery.headers['X-Shopify-Shop-Domain'],
        apiVersion: '2025-10',
        webhookId: delivery.deliveryId,
        triggeredAt: delivery.headers['X-Shopify-Triggered-At'],
        eventId: delivery.headers['X-Shopify-Event-Id'],
      });
    }
  });

  it('rejects a body with any one character changed as invalid_hmac', async () => {
    const delivery = await buildDelivery('shopify', 'orders/create', { secret: SECRET, seed: 99, timestamp: T });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: delivery.body.length - 1 }), fc.integer({ min: 0x20, max: 0x7e }), async (index, code) => {
        const replacement = String.fromCharCode(code) === delivery.body[index] ? '~' : String.fromCharCode(code);
        const tampered = delivery.body.slice(0, index) + replacement + delivery.body.slice(index + 1);
        fc.pre(tampered !== delivery.body);
        const result = await officialValidate({ headers: delivery.headers, body: tampered });
        expect(result).toMatchObject({ valid: false, reason: 'invalid_hmac' });
      }),
      { numRuns: 40 },
    );
  });

  it('rejects a delivery checked with another secret as invalid_hmac', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...shopifyTopics), fc.string({ minLength: 1, maxLength: 40 }), async (topic, other) => {
        fc.pre(other !== SECRET);
        const delivery = await buildDelivery('shopify', topic, { secret: SECRET, seed: 5, timestamp: T });
        expect(await officialValidate(delivery, other)).toMatchObject({ valid: false, reason: 'invalid_hmac' });
      }),
      { numRuns: 25 },
    );
  });

  it('signs the merged body when data is given, so the official check still passes', async () => {
    const delivery = await buildDelivery('shopify', 'orders/paid', { secret: SECRET, seed: 8, timestamp: T, data: { note: 'Leave at the door' } });
    expect(JSON.parse(delivery.body).note).toBe('Leave at the door');
    expect(await officialValidate(delivery)).toMatchObject({ valid: true, topic: 'ORDERS_PAID' });
  });

  it("is accepted by the plugin's own verify and normalized to the canonical topic and webhook id", async () => {
    const delivery = await buildDelivery('shopify', 'ORDERS_CREATE', { secret: SECRET, seed: 3, timestamp: T });
    expect(await shopify.verify({ headers: delivery.headers, body: delivery.body, secrets: [SECRET], now: T })).toMatchObject({ ok: true });
    const normalized = shopify.normalize({ headers: delivery.headers, body: delivery.body, json: JSON.parse(delivery.body) });
    expect(normalized).toMatchObject({ ok: true, event: { eventType: 'orders/create', deliveryId: delivery.deliveryId } });
  });
});

describe('topic aliases', () => {
  it('builds the same orders/create delivery from orders.create and ORDERS_CREATE', async () => {
    const options = { secret: SECRET, seed: 42, timestamp: T };
    const canonical = await buildDelivery('shopify', 'orders/create', options);
    for (const alias of ['orders.create', 'ORDERS_CREATE']) {
      const built = await buildDelivery('shopify', alias, options);
      expect(built.eventType).toBe('orders/create');
      expect(built.headers['X-Shopify-Topic']).toBe('orders/create');
      expect(built.body).toBe(canonical.body);
      expect(built.headers).toEqual(canonical.headers);
    }
  });

  it('throws a RelayError listing close matches for an unknown topic', async () => {
    const error = await buildDelivery('shopify', 'orders/craete', { secret: SECRET }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({ code: 'UNKNOWN_EVENT_TYPE' });
    expect((error as RelayError).message).toContain('orders/create');
    expect((error as RelayError).message).toContain('relay events shopify');
  });

  it('builds the generic resource, with the right headers, when the builder itself is given a topic outside the catalog (unknown types allowed)', () => {
    const built = builder.build({ eventType: 'orders/risk_assessment', faker: seededFaker(1), now: T, data: { note: 'x' } });
    const body = JSON.parse(built.body);
    expect(Object.keys(body)).toEqual(['id', 'admin_graphql_api_id', 'created_at', 'updated_at', 'note']);
    expect(body.admin_graphql_api_id).toBe(`gid://shopify/Order/${body.id}`);
    expect(built.headers['X-Shopify-Topic']).toBe('orders/risk_assessment');
    expect(built.headers['X-Shopify-API-Version']).toBe('2025-10');
    expect(built.headers['X-Shopify-Order-Id']).toBe(String(body.id));
    expect(built.deliveryId).toBe(built.headers['X-Shopify-Webhook-Id']);
    for (const odd of ['', 'x', '///', 'UNKNOWN_THING', 'a.b.c']) expect(() => builder.build({ eventType: odd, faker: seededFaker(2), now: T, data: undefined }), odd).not.toThrow();
  });
});

describe('headers', () => {
  it('sends exactly the headers Shopify sends, in canonical casing, with the signature from sign()', async () => {
    const delivery = await buildDelivery('shopify', 'customers/update', { secret: SECRET, seed: 11, timestamp: T });
    expect(Object.keys(delivery.headers)).toEqual([
      'Content-Type',
      'User-Agent',
      'X-Shopify-Topic',
      'X-Shopify-Shop-Domain',
      'X-Shopify-API-Version',
      'X-Shopify-Webhook-Id',
      'X-Shopify-Triggered-At',
      'X-Shopify-Event-Id',
      'X-Shopify-Hmac-Sha256',
    ]);
    const h = delivery.headers;
    expect(h['Content-Type']).toBe('application/json');
    expect(h['User-Agent']).toBe('Shopify-Captain-Hook');
    expect(h['X-Shopify-Topic']).toBe('customers/update');
    expect(h['X-Shopify-Shop-Domain']).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.myshopify\.com$/);
    expect(h['X-Shopify-API-Version']).toBe('2025-10');
    expect(h['X-Shopify-Webhook-Id']).toMatch(UUID_V4);
    expect(h['X-Shopify-Webhook-Id']).toBe(delivery.deliveryId);
    expect(h['X-Shopify-Event-Id']).toMatch(UUID_V4);
    expect(h['X-Shopify-Event-Id']).not.toBe(h['X-Shopify-Webhook-Id']);
    expect(h['X-Shopify-Hmac-Sha256']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it('writes X-Shopify-Triggered-At as RFC 3339 UTC with nine fractional digits, at the delivery time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2035, 0, 1) }), fc.nat(), async (timestamp, seed) => {
        const delivery = await buildDelivery('shopify', 'products/update', { secret: SECRET, seed, timestamp });
        const triggered = delivery.headers['X-Shopify-Triggered-At']!;
        expect(triggered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
        expect(triggered.slice(0, 23)).toBe(new Date(timestamp).toISOString().slice(0, 23));
      }),
      { numRuns: 30 },
    );
  });

  it('leaves the signature to the plugin: the builder returns no X-Shopify-Hmac-Sha256', () => {
    const built = builder.build({ eventType: 'orders/create', faker: seededFaker(1), now: T, data: undefined });
    expect(Object.keys(built.headers).map((k) => k.toLowerCase())).not.toContain('x-shopify-hmac-sha256');
    expect(built.deliveryId).toBe(built.headers['X-Shopify-Webhook-Id']);
  });
});

describe('determinism', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });



  it('moves every time in the payload with the delivery time', async () => {
    const a = JSON.parse((await buildDelivery('shopify', 'orders/create', { secret: SECRET, seed: 4, timestamp: T })).body);
    const b = JSON.parse((await buildDelivery('shopify', 'orders/create', { secret: SECRET, seed: 4, timestamp: T + 3_600_000 })).body);
    expect(Date.parse(b.created_at) - Date.parse(a.created_at)).toBe(3_600_000);
    expect(Date.parse(b.updated_at) - Date.parse(a.updated_at)).toBe(3_600_000);
  });
});

describe('data', () => {
  it('deep-merges data into the whole body: objects merge, arrays and scalars replace, null sets null', async () => {
    const base = JSON.parse((await buildDelivery('shopify', 'orders/create', { secret: SECRET, seed: 21, timestamp: T })).body);
    const merged = JSON.parse(
      (
        await buildDelivery('shopify', 'orders/create', {
          secret: SECRET,
          seed: 21,
          timestamp: T,
          data: { note: 'gift wrap', customer: { first_name: 'Ada' }, tags: null, note_attributes: [{ name: 'gift', value: 'yes' }], shipping_address: { city: 'Boston' } },
        })
      ).body,
    );
    expect(merged.note).toBe('gift wrap');
    expect(merged.customer.first_name).toBe('Ada');
    expect(merged.customer.last_name).toBe(base.customer.last_name);
    expect(merged.customer.default_address).toEqual(base.customer.default_address);
    expect(merged.tags).toBeNull();
    expect(merged.note_attributes).toEqual([{ name: 'gift', value: 'yes' }]);
    expect(merged.shipping_address).toEqual({ ...base.shipping_address, city: 'Boston' });
    const { note: _n, customer: _c, tags: _t, note_attributes: _l, shipping_address: _s, ...rest } = merged;
    const { note: _bn, customer: _bc, tags: _bt, note_attributes: _bl, shipping_address: _bs, ...baseRest } = base;
    expect(rest).toEqual(baseRest);
  });

  it('keeps the resource-id header equal to a merged id', async () => {
    const delivery = await buildDelivery('shopify', 'products/update', { secret: SECRET, seed: 2, timestamp: T, data: { id: 4242424242424 } });
    expect(JSON.parse(delivery.body).id).toBe(4242424242424);
    expect(delivery.headers['X-Shopify-Product-Id']).toBe('4242424242424');
  });

  it('sends the body compact, serialized once', async () => {
    const delivery = await buildDelivery('shopify', 'orders/create', { secret: SECRET, seed: 6, timestamp: T, data: { note: 'x' } });
    expect(delivery.body).toBe(JSON.stringify(JSON.parse(delivery.body)));
    expect(delivery.body).not.toMatch(/\n/);
  });
});
