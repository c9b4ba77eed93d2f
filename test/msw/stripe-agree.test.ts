/**
 * Whatever a Stripe payload names by id, fetched back with stripe-node through `relaykit/msw`, agrees
 * with the payload: for every snapshot type of the catalog and several seeds, every id at a key that
 * names a resource (stripe-node's expandable fields: `customer`, `subscription`, `invoice`,
 * `latest_charge`, `price`, `product`, `account`, …, with that resource's id prefix) is read with
 * stripe-node and must be that kind, that id, and agree with the payload: every resource it names
 * that the payload names too is the payload's (the subscription's customer is the invoice's, the
 * intent's `latest_charge` is the charge, the price's product is the line's), in the same currency.
 * Kinds stripe-node has no read for are listed with the reason.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { EXPANDABLE, ID_PREFIXES } from '../../src/providers/stripe/generated/ids.js';
import { stripeEventTypes } from '../../src/providers/stripe/catalog.js';
import { resetProviderWorld } from '../../src/msw/index.js';
import { stripeResource } from './stripe-reads.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

useProviderServer();
const stripe = new Stripe('sk_test_agree', { maxNetworkRetries: 0 });
const SEEDS = [1, 2];

/** Kinds a payload names that the Stripe API (stripe-node 23.1) has no retrieve for. */
const UNREAD: Record<string, string> = {
  discount: 'a discount is read through its customer or subscription',
  setup_attempt: 'setup attempts are only listed, by their SetupIntent',
  customer_balance_transaction: 'read through its customer (customers.retrieveBalanceTransaction)',
  customer_cash_balance_transaction: 'read through its customer (customers.retrieveCashBalanceTransaction)',
};

type Ref = { key: string; kind: string; id: string; holder: any; depth: number };

/** Ids at keys that name a resource (or that resource expanded there), shallowest first; the object's own id is not one. */
function refs(object: unknown): Ref[] {
  const out: Ref[] = [];
  const walk = (node: any, depth: number): void => {
    if (Array.isArray(node)) return node.forEach((item) => walk(item, depth + 1));
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries<any>(node)) {
      const kind = EXPANDABLE[key];
      const prefix = kind && ID_PREFIXES[kind];
      const named = (id: unknown) => typeof id === 'string' && !!prefix && id.startsWith(`${prefix}_`) && id.length > prefix.length + 1;
      if (named(value)) out.push({ key, kind: kind!, id: value, holder: node, depth });
      else if (value && typeof value === 'object' && value.object === kind && named(value.id)) out.push({ key, kind: kind!, id: value.id, holder: node, depth });
      if (value && typeof value === 'object') walk(value, depth + 1);
    }
  };
  walk(object, 0);
  return out.sort((a, b) => a.depth - b.depth);
}

/** Parties to what a payload reports: a named object agrees with the payload on these (not on, say, its own balance transaction). */
const PARTIES = new Set(['customer', 'subscription', 'invoice', 'payment_intent', 'charge', 'payment_method', 'price', 'plan', 'product', 'setup_intent', 'issuing.card', 'issuing.cardholder']);

/** Party → id, as the payload names it: the first of each kind, what the object holding the id names, the payload itself. */
function expected(payload: any, holder: any): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of refs(payload)) if (!map.has(r.kind) && PARTIES.has(r.kind)) map.set(r.kind, r.id);
  for (const r of refs(holder)) if (r.holder === holder && PARTIES.has(r.kind)) map.set(r.kind, r.id);
  map.set(payload.object, payload.id);
  return map;
}

/** What is wrong with `fetched` as the object `ref` names inside `payload`. */
function disagreements(type: string, payload: any, ref: Ref, fetched: any): string[] {
  const where = `${type}: ${ref.key} ${ref.id}`;
  const wrong: string[] = [];
  if (fetched.object !== ref.kind) wrong.push(`${where} read as a ${fetched.object}`);
  if (fetched.id !== ref.id) wrong.push(`${where} read as ${fetched.id}`);
  const names = expected(payload, ref.holder);
  for (const inner of refs(fetched)) {
    const want = names.get(inner.kind);
    if (want !== undefined && inner.id !== want && inner.id !== ref.id) wrong.push(`${where}: its ${inner.key} is ${inner.id}, the payload's ${inner.kind} is ${want}`);
  }
  if (typeof payload.currency === 'string' && typeof fetched.currency === 'string' && fetched.currency !== payload.currency) {
    wrong.push(`${where}: currency ${fetched.currency}, the payload's ${payload.currency}`);
  }
  return wrong;
}

/** Amounts that are one figure, by the payload's kind and the named object's kind. */
const SAME_AMOUNT: Record<string, (payload: any, fetched: any) => boolean> = {
  'charge payment_intent': (p, o) => o.amount === p.amount,
  'payment_intent charge': (p, o) => o.amount === p.amount,
  'checkout.session invoice': (p, o) => o.total === p.amount_total && (p.payment_status !== 'paid' || o.amount_paid === p.amount_total),
  'checkout.session subscription': (p, o) => o.items.data.reduce((sum: number, i: any) => sum + i.price.unit_amount * i.quantity, 0) === p.amount_total,
  'invoice subscription': (p, o) => o.items.data.reduce((sum: number, i: any) => sum + i.price.unit_amount * i.quantity, 0) === p.lines.data.reduce((sum: number, l: any) => sum + l.amount, 0),
  'invoice price': (p, o) => p.lines.data.some((l: any) => Number(l.pricing.unit_amount_decimal) === o.unit_amount),
  'customer.subscription invoice': (p, o) => o.total === (p.status === 'trialing' ? 0 : p.items.data.reduce((sum: number, i: any) => sum + i.price.unit_amount * i.quantity, 0)),
};

/** Facts a handler relies on, per kind, beyond agreement (no bare stubs). */
const WHOLE: Record<string, (o: any) => boolean> = {
  customer: (o) => typeof o.email === 'string' && typeof o.name === 'string',
  subscription: (o) =>
    typeof o.customer === 'string' &&
    ['active', 'past_due', 'incomplete', 'trialing', 'canceled'].includes(o.status) &&
    o.items.data.length > 0 &&
    o.items.data.every((i: any) => typeof i.price.id === 'string' && typeof i.price.product === 'string' && i.current_period_end > i.current_period_start),
  invoice: (o) => typeof o.customer === 'string' && typeof o.amount_due === 'number' && o.lines.data.length > 0 && typeof o.status === 'string',
  payment_intent: (o) => typeof o.amount === 'number' && typeof o.status === 'string',
  charge: (o) => typeof o.amount === 'number' && typeof o.payment_intent === 'string' && typeof o.status === 'string',
  price: (o) => typeof o.unit_amount === 'number' && typeof o.product === 'string',
  product: (o) => typeof o.name === 'string',
  payment_method: (o) => typeof o.type === 'string',
};

describe('relaykit/msw: what a Stripe payload names agrees with it', () => {
  it('every id every snapshot type names reads back with stripe-node as that object, agreeing with the payload', async () => {
    quietConsoleError();
    const failures: string[] = [];
    const checked = new Map<string, number>();
    const unread = new Set<string>();
    let amountsChecked = 0;
    for (const type of stripeEventTypes) {
      for (const seed of SEEDS) {
        resetProviderWorld();
        const { payload } = await deliver('stripe', type, { seed });
        const object = payload.data.object;
        const seen = new Set<string>([object.id]);
        for (const ref of refs(object)) {
          if (seen.has(ref.id) || (ref.holder !== object && ref.holder.id === ref.id)) continue;
          seen.add(ref.id);
          const resource = stripeResource(stripe, ref.kind);
          if (!resource || UNREAD[ref.kind]) {
            if (!UNREAD[ref.kind]) failures.push(`${type}: no stripe-node read for ${ref.kind} (${ref.key})`);
            unread.add(ref.kind);
            continue;
          }
          let fetched: any;
          try {
            fetched = await resource.retrieve(ref.id);
          } catch (error: any) {
            failures.push(`${type} seed ${seed}: ${ref.key} ${ref.id}: ${error.statusCode ?? ''} ${error.message}`);
            continue;
          }
          failures.push(...disagreements(`${type} seed ${seed}`, object, ref, fetched));
          const same = SAME_AMOUNT[`${type.slice(0, type.lastIndexOf('.'))} ${ref.kind}`];
          if (same && !same(object, fetched)) failures.push(`${type} seed ${seed}: the ${ref.kind} ${ref.id} states another amount than the payload`);
          if (same) amountsChecked++;
          if (WHOLE[ref.kind] && !WHOLE[ref.kind]!(fetched)) failures.push(`${type} seed ${seed}: the ${ref.kind} ${ref.id} lacks what a handler reads`);
          checked.set(ref.kind, (checked.get(ref.kind) ?? 0) + 1);
        }
      }
    }
    expect(failures.slice(0, 40), `${failures.length} failures`).toEqual([]);
    // The property saw what matters: every hand-checked kind, hundreds of ids.
    for (const kind of Object.keys(WHOLE)) expect(checked.get(kind), kind).toBeGreaterThan(2);
    expect([...checked.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(500);
    expect(amountsChecked).toBeGreaterThan(20);
    expect([...unread].filter((kind) => !UNREAD[kind])).toEqual([]);
    console.log(`stripe-agree: ${stripeEventTypes.length} types x ${SEEDS.length} seeds, ${[...checked.values()].reduce((a, b) => a + b, 0)} ids of ${checked.size} kinds read back, ${amountsChecked} amounts compared; not readable: ${[...unread].join(', ')}`);
  });
});
