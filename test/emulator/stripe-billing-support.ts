/**
 * What the billing emulator tests share: a seeded world on a settable clock served to the real
 * stripe-node through msw, and the checks every chain gets (each object's last event equals what
 * stripe-node retrieves right after; every object passes the Stripe oracle).
 */
import { afterEach, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createWorld, type ProviderWorld } from '../../src/emulator/index.js';
import { stripeAdapter } from '../../src/providers/internal.js';
import { useProviderServer } from '../msw/support.js';
import { stripeEventTypeProblems, stripeObjectProblems } from './stripe-oracle.js';

export const KEY = 'sk_test_relaykit_billing';
/** 2026-01-01T00:00:00Z, where every world's clock starts. */
export const START = Date.UTC(2026, 0, 1) / 1000;
export const DAY = 86_400;

/** One world per test file, served to stripe-node; reset and its clock rewound after each test. */
export function useBillingWorld(): { world: ProviderWorld; stripe: Stripe; clock: { seconds: number } } {
  const clock = { seconds: START };
  const world = createWorld({ adapters: [stripeAdapter], seed: 42, now: () => clock.seconds * 1000 });
  useProviderServer({ stripe: { apiKey: KEY }, world, providers: ['stripe'] });
  afterEach(() => {
    world.reset();
    clock.seconds = START;
  });
  return { world, stripe: new Stripe(KEY, { maxNetworkRetries: 0 }), clock };
}

/** The types of the events waiting in the outbox, in order. */
export function types(world: ProviderWorld): string[] {
  return world.outbox.pending().map((e) => e.type);
}

/** stripe-node's answer as plain JSON (its decimals as the strings on the wire). */
export function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'lastResponse' ? undefined : v)));
}

type Retrieve = (id: string) => Promise<unknown>;

/** How stripe-node retrieves each kind the billing chains report. */
function retrievers(stripe: Stripe): Record<string, Retrieve> {
  return {
    product: (id) => stripe.products.retrieve(id),
    price: (id) => stripe.prices.retrieve(id),
    coupon: (id) => stripe.coupons.retrieve(id),
    customer: (id) => stripe.customers.retrieve(id),
    subscription: (id) => stripe.subscriptions.retrieve(id),
    invoice: (id) => stripe.invoices.retrieve(id),
    invoiceitem: (id) => stripe.invoiceItems.retrieve(id),
    invoice_payment: (id) => stripe.invoicePayments.retrieve(id),
    payment_intent: (id) => stripe.paymentIntents.retrieve(id),
    charge: (id) => stripe.charges.retrieve(id),
    'checkout.session': (id) => stripe.checkout.sessions.retrieve(id),
    'test_helpers.test_clock': (id) => stripe.testHelpers.testClocks.retrieve(id),
  };
}

/**
 * Every object the outbox reports, as its last event carries it, deep-equals what stripe-node
 * retrieves now (deleted objects excepted), and passes the oracle's shape checks.
 */
export async function expectEventsMatchRetrieve(stripe: Stripe, world: ProviderWorld): Promise<void> {
  const last = new Map<string, { type: string; data: Record<string, unknown> }>();
  for (const event of world.outbox.pending()) {
    if (typeof event.data.id === 'string') last.set(event.data.id, event);
  }
  const get = retrievers(stripe);
  for (const [id, event] of last) {
    expect(stripeObjectProblems(event.data, event.type), `${event.type} ${id}`).toEqual([]);
    if (event.type.endsWith('.deleted') && event.data.object !== 'subscription') continue;
    // An upcoming invoice is a preview: nothing to retrieve.
    if (event.type === 'invoice.upcoming') continue;
    const retrieve = get[String(event.data.object)];
    if (!retrieve) continue;
    const now = plain(await retrieve(id)) as Record<string, unknown>;
    // Stripe has no invoiceitem.updated: an item's `invoice` is set, silently, when an invoice takes it.
    if (event.data.object === 'invoiceitem') expect({ ...now, invoice: null }, `${event.type} ${id} against a retrieve`).toEqual({ ...event.data, invoice: null });
    else expect(now, `${event.type} ${id} against a retrieve`).toEqual(event.data);
  }
}

/** One operation's chain: what it runs, the exact event types it appends, the status it leaves (optional). */
export interface Chain {
  readonly name: string;
  readonly run: () => Promise<unknown>;
  readonly events: readonly string[];
  readonly status?: string;
}

/**
 * One test per chain (its exact event types, each object read back as its last event carried it, the
 * object's `status` when given), and one that type-checks every chain's events with stripe-node.
 */
export function itChains(chains: readonly Chain[], world: ProviderWorld, stripe: Stripe): void {
  it.each(chains)('$name', async ({ run, events, status }) => {
    const result = (await run()) as { status?: unknown } | undefined;
    expect(types(world)).toEqual(events);
    if (status) expect(result?.status).toBe(status);
    await expectEventsMatchRetrieve(stripe, world);
  });
  it("every chain's events type-check as stripe-node's Event data (strict, no excess property)", async () => {
    for (const { run } of chains) await run();
    expect(stripeEventTypeProblems(world.outbox.pending())).toEqual([]);
  }, 60_000);
}
