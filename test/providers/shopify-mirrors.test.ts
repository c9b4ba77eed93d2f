/**
 * Shopify's mirrored fields (src/providers/shopify/mirrors.ts) follow a `data` override: order lines
 * move the totals, their money bags, the tax lines and the `current_*` totals; `id` moves its gid; a
 * money scalar moves its `_set`. The invariant checker is shown to fail on a naive merge first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepMerge } from '../../src/core/index.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/shopify/build.js';
import { shopifyTopics } from '../../src/providers/shopify/catalog.js';
import { objects } from '../support/json.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const T = Date.UTC(2025, 10, 21, 16, 29, 56, 123);
const ORDER_TOPICS = ['orders/create', 'orders/paid', 'orders/updated', 'orders/fulfilled', 'orders/partially_fulfilled', 'orders/cancelled'] as const;

function build(topic: string, seed: number, data?: Obj): { body: Obj; headers: Readonly<Record<string, string>> } {
  const built = builder.build({ eventType: topic, faker: seededFaker(seed), now: T, data });
  return { body: JSON.parse(built.body) as Obj, headers: built.headers };
}

const cents = (value: Json | undefined): number => Math.round(Number(value) * 100);
const money = (c: number) => (c / 100).toFixed(2);
const obj = (value: Json | undefined) => value as Obj;
const list = (value: Json | undefined) => (value ?? []) as Obj[];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const bagAmount = (value: Json | undefined) => cents(obj(obj(value).shop_money).amount);

/** What disagrees in an order body: gids vs ids, scalars vs bags, lines vs totals, totals vs current totals. */
function orderProblems(o: Obj): string[] {
  const out: string[] = [];
  const check = (label: string, actual: number, expected: number) => actual !== expected && out.push(`${label}: ${actual} ≠ ${expected}`);
  for (const [path, x] of objects<Obj>(o)) {
    const gid = typeof x.admin_graphql_api_id === 'string' ? /\/(\d+)$/.exec(x.admin_graphql_api_id) : null;
    if (gid && typeof x.id === 'number') check(`${path} gid`, Number(gid[1]), x.id);
    for (const [key, value] of Object.entries(x)) {
      const scalar = x[key.slice(0, -4)];
      if (key.endsWith('_set') && value !== null && typeof scalar === 'string') check(`${path}.${key}`, bagAmount(value), cents(scalar));
    }
  }
  const cancelled = o.cancelled_at !== null && o.cancelled_at !== undefined;
  const lines = list(o.line_items);
  const discount = (l: Obj) => sum(list(l.discount_allocations).map((a) => cents(a.amount)));
  const lineTax = (l: Obj) => sum(list(l.tax_lines).map((t) => cents(t.price)));
  for (const [i, l] of lines.entries()) {
    if ('current_quantity' in l) check(`line ${i} current_quantity`, l.current_quantity as number, cancelled ? 0 : (l.quantity as number));
    if ('line_price' in l) check(`line ${i} line_price`, cents(l.line_price), cents(l.price) * (l.quantity as number));
    for (const t of list(l.tax_lines)) check(`line ${i} tax`, cents(t.price), Math.round((cents(l.price) * (l.quantity as number) - discount(l)) * (t.rate as number)));
    for (const s of list(l.attributed_staffs)) check(`line ${i} staff quantity`, s.quantity as number, l.quantity as number);
  }
  const gross = sum(lines.map((l) => cents(l.price) * (l.quantity as number)));
  const discounts = sum(lines.map(discount));
  const tax = sum(lines.map(lineTax));
  const shipping = sum(list(o.shipping_lines).map((s) => cents(s.price)));
  check('total_line_items_price', cents(o.total_line_items_price), gross);
  check('total_discounts', cents(o.total_discounts), discounts);
  check('subtotal_price', cents(o.subtotal_price), gross - discounts);
  check('total_tax', cents(o.total_tax), tax);
  check('tax_lines', sum(list(o.tax_lines).map((t) => cents(t.price))), tax);
  if ('total_shipping_price_set' in o) check('total_shipping_price_set', bagAmount(o.total_shipping_price_set), shipping);
  check('total_price', cents(o.total_price), gross - discounts + shipping + tax);
  if ('total_weight' in o) check('total_weight', o.total_weight as number, sum(lines.map((l) => (l.grams as number) * (l.quantity as number))));
  if (!cancelled) for (const key of ['subtotal_price', 'total_discounts', 'total_tax', 'total_price']) if (`current_${key}` in o) check(`current_${key}`, cents(o[`current_${key}`]), cents(o[key]));
  return out;
}

/** Lines for an override: the built order's lines (cycled) with new prices, quantities and discounts. */
const linesArb = (base: Obj[]) =>
  fc.array(fc.record({ price: fc.integer({ min: 0, max: 90_000 }), quantity: fc.integer({ min: 1, max: 9 }), discountShare: fc.double({ min: 0, max: 1, noNaN: true }) }), { minLength: 1, maxLength: 5 }).map((drawn) =>
    drawn.map(({ price, quantity, discountShare }, i): Obj => {
      const line = base[i % base.length]!;
      const discount = Math.floor(price * quantity * discountShare * 0.3);
      const allocation = list(line.discount_allocations)[0] ?? { discount_application_index: 0 };
      return { ...line, price: money(price), quantity, discount_allocations: discount > 0 ? [{ ...allocation, amount: money(discount) }] : [] };
    }),
  );

describe('orders and checkouts: lines move the totals', () => {
  it('keeps lines, totals, tax lines, money bags and current totals in agreement after any line_items override', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_TOPICS, 'checkouts/create', 'checkouts/update'), fc.nat(10_000), (topic, seed) => {
        const base = build(topic, seed).body;
        expect(orderProblems(base), 'built').toEqual([]);
        return fc.assert(
          fc.property(linesArb(list(base.line_items)), (lines) => {
            const { body } = build(topic, seed, { line_items: lines });
            expect(list(body.line_items).map((l) => l.quantity)).toEqual(lines.map((l) => l.quantity));
            expect(orderProblems(body)).toEqual([]);
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 40 },
    );
  });

  it('finds the disagreement a naive merge leaves (negative control)', () => {
    const base = build('orders/paid', 3).body;
    const line = list(base.line_items)[0]!;
    const naive = deepMerge(base, { line_items: [{ ...line, quantity: (line.quantity as number) + 2 }] }) as Obj;
    expect(orderProblems(naive)).toEqual(expect.arrayContaining([expect.stringMatching(/^total_line_items_price/), expect.stringMatching(/^line 0 current_quantity/)]));
  });

  it('moves the current totals and the money bag with a total set directly, and leaves what the override set', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_TOPICS.filter((t) => t !== 'orders/cancelled')), fc.nat(10_000), fc.integer({ min: 0, max: 10_000_000 }), (topic, seed, c) => {
        const { body } = build(topic, seed, { total_price: money(c) });
        expect(body.total_price).toBe(money(c));
        expect(bagAmount(body.total_price_set)).toBe(c);
        expect(body.current_total_price).toBe(money(c));
        expect(bagAmount(body.current_total_price_set)).toBe(c);
        const pinned = build(topic, seed, { total_price: money(c), current_total_price: '1.00' }).body;
        expect(pinned.current_total_price).toBe('1.00');
        expect(bagAmount(pinned.current_total_price_set)).toBe(100);
      }),
      { numRuns: 60 },
    );
  });
});

describe('ids move their gids', () => {
  it('rewrites admin_graphql_api_id for an id override, and the id for a gid override, on every topic with both', () => {
    const topics = shopifyTopics.filter((topic) => {
      const body = build(topic, 1).body;
      return typeof body.id === 'number' && typeof body.admin_graphql_api_id === 'string';
    });
    expect(topics.length).toBeGreaterThan(60);
    fc.assert(
      fc.property(fc.constantFrom(...topics), fc.nat(10_000), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (topic, seed, id) => {
        const { body, headers } = build(topic, seed, { id });
        expect(body.id).toBe(id);
        expect(body.admin_graphql_api_id).toMatch(new RegExp(`^gid://shopify/[A-Za-z]+/${id}$`));
        if (topic.startsWith('orders/')) expect(headers['X-Shopify-Order-Id']).toBe(String(id));
        const gid = (build(topic, seed).body.admin_graphql_api_id as string).replace(/\d+$/, String(id));
        expect(build(topic, seed, { admin_graphql_api_id: gid }).body.id).toBe(id);
      }),
      { numRuns: 150 },
    );
  });

  it('rewrites a nested object gid (the order customer) and keeps a gid the override sets itself', () => {
    const { body } = build('orders/create', 4, { customer: { id: 77 } });
    expect(obj(body.customer).admin_graphql_api_id).toBe('gid://shopify/Customer/77');
    const pinned = build('orders/create', 4, { id: 5, admin_graphql_api_id: 'gid://shopify/Order/6' }).body;
    expect([pinned.id, pinned.admin_graphql_api_id]).toEqual([5, 'gid://shopify/Order/6']);
  });
});
