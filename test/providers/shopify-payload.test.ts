/**
 * Shopify payloads field for field: JS-safe ids that match their gids, totals that add up, shop-local
 * times. (Keys and types against Shopify's samples and schemas: shopify-schema.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/shopify/build.js';
import { shopifyTopics } from '../../src/providers/shopify/catalog.js';
import { PLACES } from '../../src/providers/shopify/data.js';
import { zoneOffset } from '../../src/providers/shopify/scene.js';
import { objects } from '../support/json.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const T = Date.UTC(2025, 10, 21, 16, 29, 56, 123);
const SUMMER = Date.UTC(2025, 6, 4, 13, 5, 9, 456);
const seeds = fc.integer({ min: 0, max: 2 ** 31 - 2 });

function build(topic: string, seed: number, now = T) {
  const built = builder.build({ eventType: topic, faker: seededFaker(seed), now, data: undefined });
  return { ...built, json: JSON.parse(built.body) as Obj };
}

/** Every number in a JSON tree, with its path. */
function* numbers(value: Json, path = '$'): Generator<[string, number]> {
  if (typeof value === 'number') yield [path, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* numbers(value[i]!, `${path}[${i}]`);
  else if (value !== null && typeof value === 'object') for (const [key, child] of Object.entries(value)) yield* numbers(child, `${path}.${key}`);
}

const cents = (amount: Json | undefined): number => {
  if (typeof amount !== 'string' || !/^-?\d+\.\d{2}$/.test(amount)) throw new Error(`not a money string: ${JSON.stringify(amount)}`);
  return Math.round(Number(amount) * 100);
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const obj = (value: Json | undefined): Obj => value as Obj;
const arr = (value: Json | undefined): Obj[] => value as Obj[];

describe('ids', () => {
  it('keeps every integer below 2^53 and every gid equal to its id, for every topic', () => {
    for (const topic of shopifyTopics) {
      for (const seed of [0, 1, 2, 3]) {
        const { body, json } = build(topic, seed);
        // A round trip through JSON.parse loses nothing: no id above 2^53, compact body.
        expect(JSON.stringify(json)).toBe(body);
        for (const [path, n] of numbers(json)) {
          if (Number.isInteger(n)) expect(Number.isSafeInteger(n), `${topic} ${path}`).toBe(true);
        }
        for (const [path, o] of objects<Obj>(json)) {
          if (typeof o.admin_graphql_api_id !== 'string' || typeof o.id !== 'number') continue;
          const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)$/.exec(o.admin_graphql_api_id);
          expect(match, `${topic} ${path}.admin_graphql_api_id`).not.toBeNull();
          expect(Number(match![1]), `${topic} ${path}`).toBe(o.id);
        }
        if (typeof json.id === 'number') expect(String(json.id), topic).toMatch(/^[1-9]\d{9,13}$/);
      }
    }
  });

  it('links an inventory level gid to its location and inventory item', () => {
    for (const topic of ['inventory_levels/update', 'inventory_levels/connect']) {
      const { json } = build(topic, 3);
      expect(json.admin_graphql_api_id, topic).toBe(`gid://shopify/InventoryLevel/${json.location_id}?inventory_item_id=${json.inventory_item_id}`);
    }
  });
});

describe('resource-id headers', () => {
  it('sends X-Shopify-Order-Id / X-Shopify-Product-Id equal to the body id only on order and product topics', () => {
    for (const topic of shopifyTopics) {
      const { headers, json } = build(topic, 17);
      const kind = topic.split('/')[0];
      const expectedHeader = kind === 'orders' ? 'X-Shopify-Order-Id' : kind === 'products' ? 'X-Shopify-Product-Id' : undefined;
      const resourceHeaders = Object.keys(headers).filter((name) => /^X-Shopify-(Order|Product)-Id$/.test(name));
      expect(resourceHeaders, topic).toEqual(expectedHeader === undefined ? [] : [expectedHeader]);
      if (expectedHeader === undefined) continue;
      const id = topic === 'orders/edited' ? obj(json.order_edit).order_id : (json.id ?? json.order_id);
      expect(headers[expectedHeader], topic).toBe(String(id));
    }
  });
});

const ORDER_TOPICS = ['orders/create', 'orders/paid', 'orders/updated', 'orders/fulfilled', 'orders/partially_fulfilled', 'orders/cancelled'] as const;

/** Every `x_set` has equal shop and presentment amounts and, where a scalar `x` sits beside it, equals it. */
function expectSetsConsistent(json: Obj): void {
  for (const [path, o] of objects<Obj>(json)) {
    for (const [key, value] of Object.entries(o)) {
      if (!key.endsWith('_set') || value === null || key === 'total_unsettled_set') continue;
      const set = obj(value);
      expect(cents(obj(set.shop_money).amount), `${path}.${key}`).toBe(cents(obj(set.presentment_money).amount));
      expect(obj(set.shop_money).currency_code).toBe('USD');
      const scalar = o[key.slice(0, -4)];
      if (typeof scalar === 'string') expect(cents(scalar), `${path}.${key}`).toBe(cents(obj(set.shop_money).amount));
    }
  }
}

describe('money', () => {
  it.each(ORDER_TOPICS)('makes %s add up: lines, discounts, subtotal, shipping, tax and total', (topic) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const o = build(topic, seed).json;
        const lines = arr(o.line_items);
        expect(lines.length).toBeGreaterThan(0);
        const lineTotal = sum(lines.map((l) => cents(l.price) * (l.quantity as number)));
        const discounts = sum(lines.flatMap((l) => arr(l.discount_allocations).map((d) => cents(d.amount))));
        const lineTax = sum(lines.flatMap((l) => arr(l.tax_lines).map((t) => cents(t.price))));
        const shipping = sum(arr(o.shipping_lines).map((s) => cents(s.price)));
        expect(cents(o.total_line_items_price)).toBe(lineTotal);
        expect(cents(o.total_discounts)).toBe(discounts);
        expect(cents(o.subtotal_price)).toBe(lineTotal - discounts);
        expect(cents(obj(obj(o.total_shipping_price_set).shop_money).amount)).toBe(shipping);
        expect(cents(o.total_tax)).toBe(lineTax);
        expect(sum(arr(o.tax_lines).map((t) => cents(t.price)))).toBe(lineTax);
        expect(cents(o.subtotal_price) + shipping + cents(o.total_tax)).toBe(cents(o.total_price));
        expect(o.total_weight).toBe(sum(lines.map((l) => (l.grams as number) * (l.quantity as number))));
        if (arr(o.discount_codes).length > 0) expect(cents(arr(o.discount_codes)[0]!.amount)).toBe(discounts);
        expectSetsConsistent(o);
      }),
      { numRuns: 60 },
    );
  });

  it.each(['checkouts/create', 'checkouts/update'])('makes %s add up: subtotal + shipping + tax = total', (topic) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const c = build(topic, seed).json;
        const lines = arr(c.line_items);
        const lineTotal = sum(lines.map((l) => cents(l.line_price)));
        const discounts = sum(lines.flatMap((l) => arr(l.discount_allocations).map((d) => cents(d.amount))));
        const lineTax = sum(lines.flatMap((l) => arr(l.tax_lines).map((t) => cents(t.price))));
        const shipping = sum(arr(c.shipping_lines).map((s) => cents(s.price)));
        expect(cents(c.total_line_items_price)).toBe(lineTotal);
        expect(cents(c.subtotal_price)).toBe(lineTotal - discounts);
        expect(cents(c.total_tax)).toBe(lineTax);
        expect(cents(c.subtotal_price) + shipping + cents(c.total_tax)).toBe(cents(c.total_price));
        expect(c.name).toBe(`#${c.id}`);
      }),
      { numRuns: 40 },
    );
  });

  it.each(['draft_orders/create', 'draft_orders/update'])('makes %s add up: subtotal + shipping line + tax = total', (topic) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const d = build(topic, seed).json;
        const lines = arr(d.line_items);
        const lineTotal = sum(lines.map((l) => cents(l.price) * (l.quantity as number)));
        const discounts = sum(lines.map((l) => (l.applied_discount === null ? 0 : cents(obj(l.applied_discount).amount))));
        expect(cents(d.subtotal_price)).toBe(lineTotal - discounts);
        expect(cents(d.total_tax)).toBe(sum(arr(d.tax_lines).map((t) => cents(t.price))));
        expect(cents(d.subtotal_price) + cents(obj(d.shipping_line).price) + cents(d.total_tax)).toBe(cents(d.total_price));
        expect(d.name).toMatch(/^#D\d+$/);
      }),
      { numRuns: 40 },
    );
  });

  it('refunds exactly the refunded lines plus their tax', () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const r = build('refunds/create', seed).json;
        const items = arr(r.refund_line_items);
        expect(items.length).toBeGreaterThan(0);
        const expected = sum(items.map((i) => cents(obj(obj(i.subtotal_set).shop_money).amount) + cents(obj(obj(i.total_tax_set).shop_money).amount)));
        const transactions = arr(r.transactions);
        expect(transactions.map((t) => t.kind)).toEqual(['refund']);
        expect(cents(transactions[0]!.amount)).toBe(expected);
        for (const i of items) {
          expect(i.line_item_id).toBe(obj(i.line_item).id);
          expect(Math.round((i.subtotal as number) * 100)).toBe(cents(obj(obj(i.subtotal_set).shop_money).amount));
        }
        expect(transactions[0]!.order_id).toBe(r.order_id);
      }),
      { numRuns: 40 },
    );
  });

  it('writes every amount as a string with two decimals', () => {
    for (const topic of shopifyTopics) {
      for (const [path, o] of objects<Obj>(build(topic, 31).json)) {
        // Refund line items are the exception Shopify makes: `subtotal` and `total_tax` are numbers there.
        if (/\.refund_line_items\[\d+\]$/.test(path)) {
          expect(typeof o.subtotal).toBe('number');
          expect(typeof o.total_tax).toBe('number');
          continue;
        }
        for (const key of ['amount', 'price', 'total_price', 'subtotal_price', 'total_tax', 'total_discounts', 'line_price']) {
          // Where a schema makes one of these a money bag (`price: { shop_money, … }`), its amounts are checked inside.
          if (typeof o[key] === 'string') expect(o[key], `${topic} ${path}.${key}`).toMatch(/^\d+\.\d{2}$/);
        }
      }
    }
  });
});

describe('orders', () => {
  it.each(ORDER_TOPICS)('numbers %s like a shop: name "#1001", order_number = number + 1000', (topic) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const o = build(topic, seed).json;
        expect(o.order_number).toBe((o.number as number) + 1000);
        expect(o.name).toBe(`#${o.order_number}`);
        expect(obj(o.customer).id).toBe(obj(obj(o.customer).default_address).customer_id);
        expect(Date.parse(o.processed_at as string)).toBeLessThanOrEqual(Date.parse(o.created_at as string));
        expect(Date.parse(o.created_at as string)).toBeLessThanOrEqual(Date.parse(o.updated_at as string));
        expect(Date.parse(o.updated_at as string)).toBe(Math.floor(T / 1000) * 1000);
      }),
      { numRuns: 30 },
    );
  });

  it('marks states by topic: paid, fulfilled, partial, cancelled and voided', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(build('orders/paid', seed).json.financial_status).toBe('paid');
      const fulfilled = build('orders/fulfilled', seed).json;
      expect(fulfilled.fulfillment_status).toBe('fulfilled');
      expect(arr(fulfilled.line_items).every((l) => l.fulfillment_status === 'fulfilled' && l.fulfillable_quantity === 0)).toBe(true);
      expect(arr(arr(fulfilled.fulfillments)[0]!.line_items).map((l) => l.id)).toEqual(arr(fulfilled.line_items).map((l) => l.id));
      const partial = build('orders/partially_fulfilled', seed).json;
      expect(partial.fulfillment_status).toBe('partial');
      const statuses = arr(partial.line_items).map((l) => l.fulfillment_status);
      expect(statuses).toContain('fulfilled');
      expect(statuses).toContain(null);
      const cancelled = build('orders/cancelled', seed).json;
      expect(cancelled.cancelled_at).not.toBeNull();
      expect(cancelled.cancel_reason).toMatch(/^(customer|inventory|fraud|declined|other)$/);
      expect(cancelled.financial_status).toBe('voided');
      expect(cancelled.current_total_price).toBe('0.00');
      expect(arr(cancelled.line_items).every((l) => l.current_quantity === 0)).toBe(true);
      expect(build('orders/create', seed).json.financial_status).toMatch(/^(paid|pending)$/);
    }
  });

  it('sends only the id for the */delete topics whose docs example is only the id', () => {
    for (const topic of ['orders/delete', 'products/delete', 'draft_orders/delete']) {
      const body = build(topic, 9).json;
      expect(Object.keys(body)).toEqual(['id']);
      expect(Number.isSafeInteger(body.id)).toBe(true);
    }
  });
});

describe('shop', () => {
  it('uses the X-Shopify-Shop-Domain shop in GDPR and shop bodies', () => {
    for (let seed = 0; seed < 10; seed++) {
      for (const topic of ['customers/data_request', 'customers/redact', 'shop/redact']) {
        const { headers, json } = build(topic, seed);
        expect(json.shop_domain).toBe(headers['X-Shopify-Shop-Domain']);
        expect(Number.isSafeInteger(json.shop_id)).toBe(true);
      }
      expect(Object.keys(build('shop/redact', seed).json)).toEqual(['shop_id', 'shop_domain']);
      for (const topic of ['shop/update', 'app/uninstalled']) {
        const { headers, json } = build(topic, seed);
        expect(json.myshopify_domain).toBe(headers['X-Shopify-Shop-Domain']);
      }
      const scopes = build('app/scopes_update', seed);
      const shop = build('shop/update', seed);
      expect(shop.headers['X-Shopify-Shop-Domain']).toBe(scopes.headers['X-Shopify-Shop-Domain']);
      expect(scopes.json.shop_id).toBe(`gid://shopify/Shop/${shop.json.id}`);
      expect(arr(scopes.json.current).length).toBe(arr(scopes.json.previous).length + 1);
    }
  });
});

/** The UTC offset of `iana` at `ms`, minutes, from the host's tz database. */
function intlOffset(iana: string, ms: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: iana, timeZoneName: 'longOffset' })
    .formatToParts(ms)
    .find((part) => part.type === 'timeZoneName')!.value;
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name)!;
  return m[1] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

describe('shop-local times', () => {
  it("computes each shop zone's offset as the tz database does, daylight saving included", () => {
    const zones = [...new Set(PLACES.map((place) => place.zone))];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2008, 0, 1), max: Date.UTC(2035, 11, 31) }), fc.constantFrom(...zones), (ms, zone) => {
        expect(zoneOffset(zone, ms)).toBe(intlOffset(zone.iana, ms));
      }),
      { numRuns: 500 },
    );
    const eastern = PLACES.find((place) => place.zone.iana === 'America/New_York')!.zone;
    // 2025: daylight time from 2025-03-09 07:00Z to 2025-11-02 06:00Z.
    expect(zoneOffset(eastern, Date.UTC(2025, 2, 9, 6, 59, 59))).toBe(-300);
    expect(zoneOffset(eastern, Date.UTC(2025, 2, 9, 7, 0, 0))).toBe(-240);
    expect(zoneOffset(eastern, Date.UTC(2025, 10, 2, 5, 59, 59))).toBe(-240);
    expect(zoneOffset(eastern, Date.UTC(2025, 10, 2, 6, 0, 0))).toBe(-300);
  });

  it.each([
    ['winter', T],
    ['summer', SUMMER],
  ])('writes resource times in the shop time zone with its offset (%s)', (_season, now) => {
    for (let seed = 0; seed < 15; seed++) {
      const { json } = build('shop/update', seed, now);
      const iana = json.iana_timezone as string;
      for (const topic of ['orders/create', 'products/update', 'customers/update', 'shop/update']) {
        const body = build(topic, seed, now).json;
        for (const [path, o] of objects<Obj>(body)) {
          for (const [key, value] of Object.entries(o)) {
            if (!key.endsWith('_at') || typeof value !== 'string' || path.includes('variant_gids')) continue;
            const m = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-])(\d{2}):(\d{2})$/.exec(value);
            expect(m, `${topic} ${path}.${key} = ${value}`).not.toBeNull();
            const offset = (m![1] === '-' ? -1 : 1) * (Number(m![2]) * 60 + Number(m![3]));
            expect(offset, `${topic} ${path}.${key}`).toBe(intlOffset(iana, Date.parse(value)));
          }
        }
      }
    }
  });
});

