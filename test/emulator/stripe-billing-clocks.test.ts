/**
 * Test clocks through the real stripe-node: a clock's customers' subscriptions moved through renewals,
 * trials, Smart Retries and their end, each event stamped with the simulated time, between
 * `test_helpers.test_clock.advancing` and `.ready`; Stripe's refusals of an advance.
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { configureBilling, RETRY_DAYS, UPCOMING_DAYS, type RetryEndState } from '../../src/providers/stripe/api/billing/index.js';
import { DAY, START, expectEventsMatchRetrieve, types, useBillingWorld } from './stripe-billing-support.js';
import { stripeEventTypeProblems } from './stripe-oracle.js';

const { world, stripe } = useBillingWorld();
/** The clock starts 100 days before the world's own clock: objects on it carry its time, not the world's. */
const FROZEN = START - 100 * DAY;
const PAID = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated', 'invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'];
const FAILED = ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed'];
/** A retry confirms the invoice's payment intent again: no new intent. */
const RETRY_FAILED = FAILED.slice(1);
const RETRY_PAID = PAID.slice(1);

/** A clock, a customer on it paying with `card`, and a monthly price. */
async function onClock(card = 'pm_card_visa'): Promise<{ clock: Stripe.TestHelpers.TestClock; customer: Stripe.Customer; price: Stripe.Price }> {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: FROZEN, name: 'renewals' });
  const customer = await stripe.customers.create({ email: 'ada@example.com', test_clock: clock.id });
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1000, recurring: { interval: 'month' }, product_data: { name: 'Pro' } });
  return { clock, customer, price };
}

/** An active subscription on a clock whose card starts failing before its first renewal at `end`. */
async function failingRenewal(): Promise<{ clock: Stripe.TestHelpers.TestClock; customer: Stripe.Customer; sub: Stripe.Subscription; end: number }> {
  const { clock, customer, price } = await onClock();
  const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
  const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
  await stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
  return { clock, customer, sub, end: sub.items.data[0]!.current_period_end };
}

/** Advances and returns the events the advance appended, with their simulated times in seconds. */
async function advance(clock: string, to: number): Promise<{ type: string; at: number; data: Record<string, unknown> }[]> {
  world.outbox.drain();
  const answer = await stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
  expect(answer).toMatchObject({ status: 'advancing', status_details: { advancing: { target_frozen_time: to } } });
  return world.outbox.pending().map((e) => ({ type: e.type, at: e.at / 1000, data: e.data }));
}

describe('stripe billing: test clocks', () => {
  it('creates, lists, retrieves and deletes a clock (test_helpers.test_clock.created, .deleted)', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: FROZEN, name: 'one' });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', status: 'ready', frozen_time: FROZEN, deletes_after: clock.created + 7 * DAY, livemode: false });
    expect((await stripe.testHelpers.testClocks.list()).data.map((c) => c.id)).toEqual([clock.id]);
    await expectEventsMatchRetrieve(stripe, world);
    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(types(world)).toEqual(['test_helpers.test_clock.created', 'test_helpers.test_clock.deleted']);
  });

  it("stamps a clock customer's subscription and invoice with the clock's frozen time", async () => {
    const { customer, price } = await onClock();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], expand: ['latest_invoice'] });
    expect(sub).toMatchObject({ created: FROZEN, start_date: FROZEN, test_clock: customer.test_clock });
    expect(sub.latest_invoice).toMatchObject({ created: FROZEN, test_clock: customer.test_clock, status: 'paid' });
  });

  it('renews a month later: invoice.upcoming days before, then the new period, its invoice an hour later, paid', async () => {
    const { clock, customer, price } = await onClock();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const end = sub.items.data[0]!.current_period_end;
    const events = await advance(clock.id, end + 2 * 3600);
    expect(events.map((e) => e.type)).toEqual([
      'test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...PAID, 'test_helpers.test_clock.ready',
    ]);
    expect(events.find((e) => e.type === 'invoice.upcoming')!.at).toBe(end - UPCOMING_DAYS * DAY);
    expect(events.find((e) => e.type === 'invoice.created')!.at).toBe(end);
    expect(events.find((e) => e.type === 'invoice.paid')!.at).toBe(end + 3600);
    expect(events.find((e) => e.type === 'invoice.created')!.data).toMatchObject({ billing_reason: 'subscription_cycle', period_end: end });
    // Test clocks move subscriptions and invoices; the payment intent runs on real time (stripe/stripe-python#1183).
    const intent = events.find((e) => e.type === 'payment_intent.succeeded')!;
    expect([intent.at, intent.data.created]).toEqual([START, START]);
    const renewed = await stripe.subscriptions.retrieve(sub.id);
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: end });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({ status: 'ready', frozen_time: end + 2 * 3600 });
    await expectEventsMatchRetrieve(stripe, world);
  });

  it('ends a 14-day trial: trial_will_end 3 days before, then trialing → active and the first charge', async () => {
    const { clock, customer, price } = await onClock();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
    const events = await advance(clock.id, sub.trial_end! + 2 * 3600);
    expect(events.map((e) => e.type)).toEqual([
      'test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.trial_will_end', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...PAID, 'test_helpers.test_clock.ready',
    ]);
    expect(events.find((e) => e.type === 'customer.subscription.trial_will_end')!.at).toBe(sub.trial_end! - 3 * DAY);
    const updated = world.outbox.pending().find((e) => e.type === 'customer.subscription.updated')!;
    expect(updated.previous).toMatchObject({ status: 'trialing' });
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await expectEventsMatchRetrieve(stripe, world);
  });

  it('sends trial_will_end once: a 1-day trial sent it at creation, the advance past its end does not again', async () => {
    const { clock, customer, price } = await onClock();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 1 });
    expect(types(world).filter((t) => t === 'customer.subscription.trial_will_end')).toHaveLength(1);
    const events = await advance(clock.id, sub.trial_end! + 2 * 3600);
    expect(events.map((e) => e.type)).toEqual(['test_helpers.test_clock.advancing', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...PAID, 'test_helpers.test_clock.ready']);
  });

  it(`retries a failed renewal on Smart Retries' ${RETRY_DAYS.length + 1} tries within 2 weeks, past_due meanwhile, then cancels`, async () => {
    const { clock, sub, end } = await failingRenewal();
    const events = await advance(clock.id, end + 20 * DAY);
    const retries = RETRY_DAYS.flatMap(() => RETRY_FAILED);
    expect(events.map((e) => e.type)).toEqual([
      'test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...FAILED, 'customer.subscription.updated',
      ...retries, 'customer.subscription.deleted', 'test_helpers.test_clock.ready',
    ]);
    const failures = events.filter((e) => e.type === 'invoice.payment_failed');
    const first = end + 3600;
    expect(failures.map((e) => e.at)).toEqual([first, ...RETRY_DAYS.map((d) => first + d * DAY)]);
    expect(failures.map((e) => e.data.next_payment_attempt)).toEqual([...RETRY_DAYS.map((d) => first + d * DAY), null]);
    expect(failures.map((e) => e.data.attempt_count)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const intents = new Set(events.filter((e) => e.type === 'charge.failed').map((e) => e.data.payment_intent));
    expect(intents.size).toBe(1);
    const pastDue = events.filter((e) => e.type === 'customer.subscription.updated')[1]!;
    expect(pastDue.data.status).toBe('past_due');
    expect(await stripe.subscriptions.retrieve(sub.id)).toMatchObject({ status: 'canceled', ended_at: first + 14 * DAY, cancellation_details: { reason: 'payment_failed' } });
    await expectEventsMatchRetrieve(stripe, world);
  });

  const endStates: { afterRetries: RetryEndState; last: string[]; status: string }[] = [
    { afterRetries: 'unpaid', last: ['customer.subscription.updated'], status: 'unpaid' },
    { afterRetries: 'past_due', last: [], status: 'past_due' },
  ];

  it.each(endStates)('ends in the configured state when retries run out: $afterRetries', async ({ afterRetries, last, status }) => {
    configureBilling(world, { afterRetries, upcomingDays: 3 });
    const { clock, sub, end } = await failingRenewal();
    const events = await advance(clock.id, end + 20 * DAY);
    expect(events.find((e) => e.type === 'invoice.upcoming')!.at).toBe(end - 3 * DAY);
    expect(events.map((e) => e.type).slice(-2 - last.length)).toEqual(['invoice.payment_failed', ...last, 'test_helpers.test_clock.ready']);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe(status);
    await expectEventsMatchRetrieve(stripe, world);
  });

  it("an unpaid subscription's next invoice is made but left a draft, never charged", async () => {
    configureBilling(world, { afterRetries: 'unpaid' });
    const { clock, sub, end } = await failingRenewal();
    await advance(clock.id, end + 20 * DAY);
    const next = (await stripe.subscriptions.retrieve(sub.id)).items.data[0]!.current_period_end;
    const events = await advance(clock.id, next + 2 * DAY);
    expect(events.map((e) => e.type)).toEqual(['test_helpers.test_clock.advancing', 'customer.subscription.updated', 'invoice.created', 'test_helpers.test_clock.ready']);
    expect(events[2]!.data).toMatchObject({ status: 'draft', auto_advance: false, billing_reason: 'subscription_cycle' });
    await expectEventsMatchRetrieve(stripe, world);
  });

  it('recovers when the card is fixed before the first retry (the same payment intent confirmed again): past_due → active', async () => {
    const { clock, customer, sub, end } = await failingRenewal();
    await advance(clock.id, end + 2 * 3600);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('past_due');
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.subscriptions.update(sub.id, { default_payment_method: visa.id });
    const events = await advance(clock.id, end + 2 * DAY);
    expect(events.map((e) => e.type)).toEqual(['test_helpers.test_clock.advancing', ...RETRY_PAID, 'customer.subscription.updated', 'test_helpers.test_clock.ready']);
    expect(events.at(-2)!.data.status).toBe('active');
    await expectEventsMatchRetrieve(stripe, world);
  });

  const ends: { name: string; start: (customer: string, price: string) => Promise<Stripe.Subscription>; by: (sub: Stripe.Subscription) => number; events: string[]; status: string }[] = [
    {
      name: 'cancel_at_period_end: deleted at the period end, no renewal',
      start: async (customer, price) => {
        const sub = await stripe.subscriptions.create({ customer, items: [{ price }] });
        return stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      },
      by: (sub) => sub.items.data[0]!.current_period_end + 60,
      events: ['test_helpers.test_clock.advancing', 'customer.subscription.deleted', 'test_helpers.test_clock.ready'],
      status: 'canceled',
    },
    {
      name: 'an incomplete subscription unpaid for 23 hours: incomplete_expired, its invoice voided',
      start: async (customer, price) => {
        const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
        return stripe.subscriptions.create({ customer, items: [{ price }], default_payment_method: failing.id });
      },
      by: (sub) => sub.created + DAY,
      events: ['test_helpers.test_clock.advancing', 'customer.subscription.updated', 'invoice.voided', 'test_helpers.test_clock.ready'],
      status: 'incomplete_expired',
    },
  ];

  it.each(ends)('$name', async ({ start, by, events, status }) => {
    const { clock, customer, price } = await onClock();
    const sub = await start(customer.id, price.id);
    expect((await advance(clock.id, by(sub))).map((e) => e.type)).toEqual(events);
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe(status);
    await expectEventsMatchRetrieve(stripe, world);
  });

  it("every advance's events type-check as stripe-node's Event data", async () => {
    const { clock, customer, price } = await onClock();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 5 });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: sub.trial_end! + 32 * DAY });
    expect(stripeEventTypeProblems(world.outbox.pending())).toEqual([]);
  }, 60_000);

  const refusals: { name: string; to: (clock: Stripe.TestHelpers.TestClock) => Promise<number>; status: number }[] = [
    { name: 'backwards', to: async (c) => c.frozen_time - 1, status: 400 },
    { name: 'to the same time', to: async (c) => c.frozen_time, status: 400 },
    { name: 'beyond two years with no subscription', to: async (c) => c.frozen_time + 2 * 366 * DAY, status: 400 },
    {
      name: 'beyond two intervals of the shortest subscription',
      to: async (c) => {
        const customer = await stripe.customers.create({ test_clock: c.id });
        const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
        const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, recurring: { interval: 'week' }, product_data: { name: 'Weekly' } });
        await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: pm.id });
        return c.frozen_time + 15 * DAY;
      },
      status: 400,
    },
  ];

  it.each(refusals)('refuses an advance $name, appending nothing', async ({ to, status }) => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: FROZEN });
    const target = await to(clock);
    world.outbox.drain();
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: target })).rejects.toMatchObject({ statusCode: status, param: 'frozen_time' });
    expect(types(world)).toEqual([]);
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({ status: 'ready', frozen_time: FROZEN });
  });

  it('refuses to advance a clock that does not exist (404)', async () => {
    await expect(stripe.testHelpers.testClocks.advance('clock_nope', { frozen_time: FROZEN })).rejects.toMatchObject({ statusCode: 404 });
  });
});
