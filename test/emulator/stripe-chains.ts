/**
 * The Stripe event chains the emulator sends, one row per operation: what the operation is (as
 * stripe-node calls it, or the emulator's test helper), the events the receiving service gets, in
 * order, and what states that behaviour. `stripe-chains.test.ts` runs every row against a fresh
 * emulator, and README.md's table between the `stripe-chains` markers is `chainsTable(CHAINS)`.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import type { Emulator } from '../../src/emulator/index.js';

/** What a row's `run` is handed. */
export interface ChainContext {
  /** stripe-node, talking to the emulator. */
  readonly stripe: Stripe;
  readonly emulator: Emulator;
  /** Delivers what the setup caused and starts the row's own events after it (no call: every event is the row's). */
  mark(): Promise<void>;
}

/** One operation of a provider's chains table, run with the provider's `Ctx`, and the events it makes the provider send. */
export interface ChainRowOf<Ctx> {
  readonly operation: string;
  readonly source: string;
  readonly run: (ctx: Ctx) => Promise<unknown> | unknown;
  readonly events: readonly string[];
}

/** One operation and the events it makes Stripe send. */
export type ChainRow = ChainRowOf<ChainContext>;

/** The emulator's clock for every row: 2026-01-01T00:00:00Z. */
export const NOW = Date.UTC(2026, 0, 1);
const DAY = 86_400;
const HOUR = 3600;
/** Test clocks start 100 days before the emulator's clock. */
const FROZEN = NOW / 1000 - 100 * DAY;

const fixture = (...events: string[]): string => `stripe-cli fixture${events.length > 1 ? 's' : ''} ${events.map((e) => `triggers/${e}.json`).join(', ')}`;
/** Stripe publishes the members of a chain, never their order. */
const ORDER = "order: relaykit's choice";

const CHARGED = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated'];
const INVOICE_PAID = ['invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'];
const FAILED = ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed'];
/** A Smart Retry confirms the invoice's payment intent again: no new intent. */
const RETRY_FAILED = FAILED.slice(1);
/** Smart Retries' recommended default: 8 tries within 2 weeks, the first attempt and 7 retries. */
const RETRIES = 7;

/** Expects `call` to be declined as stripe-node raises a 402 (`StripeCardError`). */
async function declined(call: Promise<unknown>): Promise<void> {
  const outcome = await call.then(
    () => 'answered',
    (error: unknown) => (error instanceof Stripe.errors.StripeCardError ? 'declined' : Promise.reject(error)),
  );
  if (outcome !== 'declined') throw new Error('expected a 402 card error, got an answer');
}

/** A row's run (any provider's): `setup`, the mark, then `operation` on what the setup made. */
export function after<Ctx extends { mark(): Promise<void> }, T>(setup: (ctx: Ctx) => Promise<T>, operation: (ctx: Ctx, made: T) => unknown): (ctx: Ctx) => Promise<void> {
  return async (ctx) => {
    const made = await setup(ctx);
    await ctx.mark();
    await operation(ctx, made);
  };
}

/** A customer; with `card`, the card attached and made the default for invoices. */
async function customer({ stripe }: ChainContext, card?: string, testClock?: string): Promise<{ id: string; pm: string }> {
  const made = await stripe.customers.create({ email: 'ada@example.com', ...(testClock ? { test_clock: testClock } : {}) });
  if (!card) return { id: made.id, pm: '' };
  const pm = await stripe.paymentMethods.attach(card, { customer: made.id });
  await stripe.customers.update(made.id, { invoice_settings: { default_payment_method: pm.id } });
  return { id: made.id, pm: pm.id };
}

/** A monthly price of $20 (its product made with it). */
async function monthly({ stripe }: ChainContext): Promise<string> {
  return (await stripe.prices.create({ currency: 'usd', unit_amount: 2000, recurring: { interval: 'month' }, product_data: { name: 'Pro' } })).id;
}

/** A payment intent confirmed at once with `pm`. */
function pay({ stripe }: ChainContext, payment_method: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}): Promise<Stripe.PaymentIntent> {
  return stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method, confirm: true, ...extra });
}

/** An active monthly subscription paid with the customer's default card. */
async function subscription(ctx: ChainContext, options: { card?: string; trialDays?: number; testClock?: string } = {}): Promise<Stripe.Subscription> {
  const { id } = await customer(ctx, options.card ?? 'pm_card_visa', options.testClock);
  const price = await monthly(ctx);
  return ctx.stripe.subscriptions.create({ customer: id, items: [{ price }], ...(options.trialDays ? { trial_period_days: options.trialDays } : {}) });
}

/** A clock at `FROZEN` with an active monthly subscription of a customer on it. */
async function onClock(ctx: ChainContext, options: { trialDays?: number } = {}): Promise<{ clock: string; sub: Stripe.Subscription }> {
  const clock = await ctx.stripe.testHelpers.testClocks.create({ frozen_time: FROZEN, name: 'chains' });
  return { clock: clock.id, sub: await subscription(ctx, { ...options, testClock: clock.id }) };
}

/** The first dispute of a payment on `pm_card_createDispute`. */
async function dispute(ctx: ChainContext): Promise<string> {
  const intent = await pay(ctx, 'pm_card_createDispute');
  return (await ctx.stripe.disputes.list({ payment_intent: intent.id })).data[0]!.id;
}

/** A draft invoice of a customer (paying with `card` when given) that took one pending $25 item. */
async function draft(ctx: ChainContext, card?: string): Promise<string> {
  const { id } = await customer(ctx, card);
  await ctx.stripe.invoiceItems.create({ customer: id, amount: 2500, currency: 'usd', description: 'Setup fee' });
  return (await ctx.stripe.invoices.create({ customer: id, pending_invoice_items_behavior: 'include' })).id!;
}

/** `draft()`, finalized. */
async function open(ctx: ChainContext, card?: string): Promise<string> {
  const id = await draft(ctx, card);
  await ctx.stripe.invoices.finalizeInvoice(id);
  return id;
}

/** A Checkout Session of `mode` for two of one $15 price (monthly in subscription mode). */
async function session({ stripe }: ChainContext, mode: 'payment' | 'subscription'): Promise<string> {
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1500, product_data: { name: 'Course' }, ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}) });
  return (await stripe.checkout.sessions.create({ mode, line_items: [{ price: price.id, quantity: 2 }], success_url: 'https://example.com/ok' })).id;
}

export const CHAINS: readonly ChainRow[] = [
  // Customers
  {
    operation: "stripe.customers.create({ email: 'ada@example.com' })",
    source: fixture('customer.created'),
    run: async ({ stripe }) => void (await stripe.customers.create({ email: 'ada@example.com' })),
    events: ['customer.created'],
  },
  {
    operation: "stripe.customers.update(cus, { name: 'Ada' })",
    source: fixture('customer.updated'),
    run: after(customer, (ctx, { id }) => ctx.stripe.customers.update(id, { name: 'Ada' })),
    events: ['customer.updated'],
  },
  {
    operation: 'stripe.customers.del(cus)',
    source: fixture('customer.deleted'),
    run: after(customer, (ctx, { id }) => ctx.stripe.customers.del(id)),
    events: ['customer.deleted'],
  },

  // Payment methods
  {
    operation: "stripe.paymentMethods.attach('pm_card_visa', { customer: cus })",
    source: fixture('payment_method.attached'),
    run: after(customer, (ctx, { id }) => ctx.stripe.paymentMethods.attach('pm_card_visa', { customer: id })),
    events: ['payment_method.attached'],
  },
  {
    operation: 'stripe.paymentMethods.detach(pm)',
    source: fixture('payment_method.detached'),
    run: after((ctx) => customer(ctx, 'pm_card_visa'), (ctx, { pm }) => ctx.stripe.paymentMethods.detach(pm)),
    events: ['payment_method.detached'],
  },
  {
    operation: "stripe.paymentMethods.update(pm, { metadata: { label: 'work' } })",
    source: 'stripe-node Events.ts: payment_method.updated "via the PaymentMethod update API"',
    run: after((ctx) => customer(ctx, 'pm_card_visa'), (ctx, { pm }) => ctx.stripe.paymentMethods.update(pm, { metadata: { label: 'work' } })),
    events: ['payment_method.updated'],
  },

  // Payment intents
  {
    operation: "stripe.paymentIntents.create({ amount: 2000, currency: 'usd' })",
    source: fixture('payment_intent.created'),
    run: async ({ stripe }) => void (await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' })),
    events: ['payment_intent.created'],
  },
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_visa' })",
    source: `${fixture('payment_intent.succeeded', 'charge.succeeded')}; charge.updated: stripe-node Events.ts ("upon an asynchronous capture", the default capture_method automatic_async); ${ORDER}`,
    run: async (ctx) => void (await pay(ctx, 'pm_card_visa')),
    events: CHARGED,
  },
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_visa', capture_method: 'automatic' })",
    source: `${fixture('payment_intent.succeeded')}; synchronous capture settles at once, so no charge.updated: relaykit's choice; ${ORDER}`,
    run: async (ctx) => void (await pay(ctx, 'pm_card_visa', { capture_method: 'automatic' })),
    events: ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded'],
  },
  {
    operation: "stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' })",
    source: `${fixture('payment_intent.succeeded')}; ${ORDER}`,
    run: after((ctx) => ctx.stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }), (ctx, intent) => ctx.stripe.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' })),
    events: ['charge.succeeded', 'payment_intent.succeeded', 'charge.updated'],
  },
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_visa', capture_method: 'manual' })",
    source: `${fixture('payment_intent.amount_capturable_updated')}; ${ORDER}`,
    run: async (ctx) => void (await pay(ctx, 'pm_card_visa', { capture_method: 'manual' })),
    events: ['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated'],
  },
  {
    operation: 'stripe.paymentIntents.capture(pi) // capture_method: manual, requires_capture',
    source: `${fixture('charge.captured')}; ${ORDER}`,
    run: after((ctx) => pay(ctx, 'pm_card_visa', { capture_method: 'manual' }), (ctx, held) => ctx.stripe.paymentIntents.capture(held.id)),
    events: ['charge.captured', 'payment_intent.succeeded'],
  },
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_chargeDeclined' }) // 402",
    source: `${fixture('payment_intent.payment_failed', 'charge.failed')}; ${ORDER}`,
    run: async (ctx) => declined(pay(ctx, 'pm_card_chargeDeclined')),
    events: ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed'],
  },
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_authenticationRequired' })",
    source: fixture('payment_intent.requires_action'),
    run: async (ctx) => void (await pay(ctx, 'pm_card_authenticationRequired')),
    events: ['payment_intent.created', 'payment_intent.requires_action'],
  },
  {
    operation: 'emulator.stripe.completeAuthentication(pi) // requires_action',
    source: "the buyer's 3D Secure page, which no API call reaches (docs.stripe.com/testing): relaykit's choice; the charge as a confirm's",
    run: after((ctx) => pay(ctx, 'pm_card_authenticationRequired'), (ctx, waiting) => ctx.emulator.stripe.completeAuthentication(waiting.id)),
    events: ['charge.succeeded', 'payment_intent.succeeded', 'charge.updated'],
  },
  {
    operation: 'emulator.stripe.completeAuthentication(pi, { succeed: false })',
    source: "relaykit's choice (a failed challenge: the intent back to requires_payment_method)",
    run: after((ctx) => pay(ctx, 'pm_card_authenticationRequired'), (ctx, waiting) => ctx.emulator.stripe.completeAuthentication(waiting.id, { succeed: false })),
    events: ['payment_intent.payment_failed'],
  },
  {
    operation: "stripe.paymentIntents.cancel(pi, { cancellation_reason: 'abandoned' }) // unconfirmed",
    source: fixture('payment_intent.canceled'),
    run: after((ctx) => ctx.stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }), (ctx, intent) => ctx.stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })),
    events: ['payment_intent.canceled'],
  },
  {
    operation: 'stripe.paymentIntents.cancel(pi) // capture_method: manual, requires_capture',
    source: `${fixture('payment_intent.canceled')}; the released hold as charge.refunded (stripe-node Events.ts): relaykit's choice; ${ORDER}`,
    run: after((ctx) => pay(ctx, 'pm_card_visa', { capture_method: 'manual' }), (ctx, held) => ctx.stripe.paymentIntents.cancel(held.id)),
    events: ['charge.refunded', 'payment_intent.canceled'],
  },

  // Setup intents
  {
    operation: 'stripe.setupIntents.create({ customer: cus })',
    source: "stripe-node Events.ts setup_intent.created; relaykit's choice",
    run: after(customer, (ctx, { id }) => ctx.stripe.setupIntents.create({ customer: id })),
    events: ['setup_intent.created'],
  },
  {
    operation: "stripe.setupIntents.confirm(seti, { payment_method: 'pm_card_visa' })",
    source: `stripe-node Events.ts setup_intent.succeeded; the card saved to the customer (payment_method.attached); ${ORDER}`,
    run: async (ctx) => {
      const { id } = await customer(ctx);
      const setup = await ctx.stripe.setupIntents.create({ customer: id });
      await ctx.mark();
      await ctx.stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    },
    events: ['payment_method.attached', 'setup_intent.succeeded'],
  },
  {
    operation: "stripe.setupIntents.create({ customer: cus, confirm: true, payment_method: 'pm_card_chargeDeclined' }) // 402",
    source: `stripe-node Events.ts setup_intent.setup_failed; ${ORDER}`,
    run: after(customer, (ctx, { id }) => declined(ctx.stripe.setupIntents.create({ customer: id, confirm: true, payment_method: 'pm_card_chargeDeclined' }))),
    events: ['setup_intent.created', 'setup_intent.setup_failed'],
  },
  {
    operation: "stripe.setupIntents.create({ customer: cus, confirm: true, payment_method: 'pm_card_authenticationRequired' })",
    source: `stripe-node Events.ts setup_intent.requires_action; ${ORDER}`,
    run: after(customer, (ctx, { id }) => ctx.stripe.setupIntents.create({ customer: id, confirm: true, payment_method: 'pm_card_authenticationRequired' })),
    events: ['setup_intent.created', 'setup_intent.requires_action'],
  },
  {
    operation: 'emulator.stripe.completeAuthentication(seti) // requires_action',
    source: "the buyer's 3D Secure page (docs.stripe.com/testing): relaykit's choice; the outcome as a confirm's",
    run: async (ctx) => {
      const { id } = await customer(ctx);
      const waiting = await ctx.stripe.setupIntents.create({ customer: id, confirm: true, payment_method: 'pm_card_threeDSecure2Required' });
      await ctx.mark();
      ctx.emulator.stripe.completeAuthentication(waiting.id);
    },
    events: ['payment_method.attached', 'setup_intent.succeeded'],
  },
  {
    operation: "stripe.setupIntents.cancel(seti, { cancellation_reason: 'abandoned' })",
    source: 'stripe-node Events.ts setup_intent.canceled',
    run: async (ctx) => {
      const { id } = await customer(ctx);
      const setup = await ctx.stripe.setupIntents.create({ customer: id });
      await ctx.mark();
      await ctx.stripe.setupIntents.cancel(setup.id, { cancellation_reason: 'abandoned' });
    },
    events: ['setup_intent.canceled'],
  },

  // Refunds
  {
    operation: 'stripe.refunds.create({ payment_intent: pi })',
    source: `${fixture('charge.refunded')}; refund.created for all refunds since 2024-10-28.acacia (docs.stripe.com/changelog/acacia/2024-10-28/refund-webhook-update); ${ORDER}`,
    run: after((ctx) => pay(ctx, 'pm_card_visa'), (ctx, intent) => ctx.stripe.refunds.create({ payment_intent: intent.id })),
    events: ['refund.created', 'charge.refunded'],
  },
  {
    operation: 'stripe.refunds.create({ payment_intent: pi, amount: 500 })',
    source: `stripe-node Events.ts charge.refunded ("including partial refunds"); the acacia changelog for refund.created; ${ORDER}`,
    run: after((ctx) => pay(ctx, 'pm_card_visa'), (ctx, intent) => ctx.stripe.refunds.create({ payment_intent: intent.id, amount: 500 })),
    events: ['refund.created', 'charge.refunded'],
  },
  {
    operation: "stripe.refunds.update(re, { metadata: { ticket: 'T-9' } })",
    source: `${fixture('charge.refund.updated')}; refund.updated: the acacia changelog; ${ORDER}`,
    run: async (ctx) => {
      const intent = await pay(ctx, 'pm_card_visa');
      const refund = await ctx.stripe.refunds.create({ payment_intent: intent.id });
      await ctx.mark();
      await ctx.stripe.refunds.update(refund.id, { metadata: { ticket: 'T-9' } });
    },
    events: ['refund.updated', 'charge.refund.updated'],
  },

  // Disputes and charges
  {
    operation: "stripe.paymentIntents.create({ confirm: true, payment_method: 'pm_card_createDispute' })",
    source: `${fixture('charge.dispute.created')}; docs.stripe.com/testing (the payment succeeds, then is disputed); funds_withdrawn: stripe-node Events.ts; ${ORDER}`,
    run: async (ctx) => void (await pay(ctx, 'pm_card_createDispute')),
    events: [...CHARGED, 'charge.dispute.created', 'charge.dispute.funds_withdrawn'],
  },
  {
    operation: "stripe.disputes.update(dp, { evidence: { customer_name: 'Ada' }, submit: false })",
    source: fixture('charge.dispute.updated'),
    run: after(dispute, (ctx, id) => ctx.stripe.disputes.update(id, { evidence: { customer_name: 'Ada' }, submit: false })),
    events: ['charge.dispute.updated'],
  },
  {
    operation: "stripe.disputes.update(dp, { evidence: { uncategorized_text: 'winning_evidence' } })",
    source: `docs.stripe.com/testing (winning_evidence wins the dispute); funds_reinstated: stripe-node Events.ts; ${ORDER}`,
    run: after(dispute, (ctx, id) => ctx.stripe.disputes.update(id, { evidence: { uncategorized_text: 'winning_evidence' } })),
    events: ['charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_reinstated'],
  },
  {
    operation: 'stripe.disputes.close(dp)',
    source: fixture('charge.dispute.closed'),
    run: after(dispute, (ctx, id) => ctx.stripe.disputes.close(id)),
    events: ['charge.dispute.closed'],
  },
  {
    operation: "stripe.charges.update(ch, { metadata: { order: 'A-1' } })",
    source: 'stripe-node Events.ts: charge.updated "whenever a charge description or metadata is updated"',
    run: after((ctx) => pay(ctx, 'pm_card_visa'), (ctx, intent) => ctx.stripe.charges.update(String(intent.latest_charge), { metadata: { order: 'A-1' } })),
    events: ['charge.updated'],
  },

  // The catalog
  {
    operation: "stripe.products.create({ name: 'Pro' })",
    source: 'stripe-node Events.ts product.created',
    run: async ({ stripe }) => void (await stripe.products.create({ name: 'Pro' })),
    events: ['product.created'],
  },
  {
    operation: "stripe.products.update(prod, { name: 'Team' })",
    source: 'stripe-node Events.ts product.updated',
    run: after((ctx) => ctx.stripe.products.create({ name: 'Pro' }), (ctx, product) => ctx.stripe.products.update(product.id, { name: 'Team' })),
    events: ['product.updated'],
  },
  {
    operation: 'stripe.products.del(prod)',
    source: 'stripe-node Events.ts product.deleted',
    run: after((ctx) => ctx.stripe.products.create({ name: 'Pro' }), (ctx, product) => ctx.stripe.products.del(product.id)),
    events: ['product.deleted'],
  },
  {
    operation: "stripe.prices.create({ unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' }, product_data: { name: 'Pro' } })",
    source: "stripe-node Events.ts product.created, price.created; the product first: relaykit's choice",
    run: async (ctx) => void (await monthly(ctx)),
    events: ['product.created', 'price.created'],
  },
  {
    operation: 'stripe.prices.update(price, { active: false })',
    source: 'stripe-node Events.ts price.updated',
    run: after(monthly, (ctx, price) => ctx.stripe.prices.update(price, { active: false })),
    events: ['price.updated'],
  },
  {
    operation: "stripe.coupons.create({ percent_off: 25, duration: 'once' })",
    source: 'stripe-node Events.ts coupon.created',
    run: async ({ stripe }) => void (await stripe.coupons.create({ percent_off: 25, duration: 'once' })),
    events: ['coupon.created'],
  },
  {
    operation: "stripe.coupons.update(coupon, { name: 'Spring' })",
    source: 'stripe-node Events.ts coupon.updated',
    run: after((ctx) => ctx.stripe.coupons.create({ percent_off: 25, duration: 'once' }), (ctx, coupon) => ctx.stripe.coupons.update(coupon.id, { name: 'Spring' })),
    events: ['coupon.updated'],
  },
  {
    operation: 'stripe.coupons.del(coupon)',
    source: 'stripe-node Events.ts coupon.deleted',
    run: after((ctx) => ctx.stripe.coupons.create({ percent_off: 25, duration: 'once' }), (ctx, coupon) => ctx.stripe.coupons.del(coupon.id)),
    events: ['coupon.deleted'],
  },

  // Subscriptions
  {
    operation: 'stripe.subscriptions.create({ customer: cus, items: [{ price }] }) // the default card pm_card_visa',
    source: `${fixture('customer.subscription.created')}; ${ORDER}`,
    run: async (ctx) => {
      const { id } = await customer(ctx, 'pm_card_visa');
      const price = await monthly(ctx);
      await ctx.mark();
      await ctx.stripe.subscriptions.create({ customer: id, items: [{ price }] });
    },
    events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID],
  },
  {
    operation: 'stripe.subscriptions.create({ customer: cus, items: [{ price }] }) // the default card pm_card_chargeCustomerFail',
    source: `stripe-node Subscriptions.ts status (a failed first payment: incomplete); ${fixture('invoice.payment_failed')}; ${ORDER}`,
    run: async (ctx) => {
      const { id } = await customer(ctx, 'pm_card_chargeCustomerFail');
      const price = await monthly(ctx);
      await ctx.mark();
      await ctx.stripe.subscriptions.create({ customer: id, items: [{ price }] });
    },
    events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', ...FAILED],
  },
  {
    operation: 'stripe.subscriptions.create({ customer: cus, items: [{ price }], trial_period_days: 14 })',
    source: `stripe-node Subscriptions.ts (trialing); the zero invoice paid without a charge: relaykit's choice; ${ORDER}`,
    run: async (ctx) => {
      const { id } = await customer(ctx, 'pm_card_visa');
      const price = await monthly(ctx);
      await ctx.mark();
      await ctx.stripe.subscriptions.create({ customer: id, items: [{ price }], trial_period_days: 14 });
    },
    events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded'],
  },
  {
    operation: 'stripe.subscriptions.create({ customer: cus, items: [{ price }], trial_period_days: 1 })',
    source: `${fixture('customer.subscription.trial_will_end')}; stripe-node Events.ts (at once when the trial ends within 3 days); ${ORDER}`,
    run: async (ctx) => {
      const { id } = await customer(ctx, 'pm_card_visa');
      const price = await monthly(ctx);
      await ctx.mark();
      await ctx.stripe.subscriptions.create({ customer: id, items: [{ price }], trial_period_days: 1 });
    },
    events: ['customer.subscription.created', 'customer.subscription.trial_will_end', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded'],
  },
  {
    operation: "stripe.subscriptions.update(sub, { metadata: { plan: 'team' } })",
    source: fixture('customer.subscription.updated'),
    run: after(subscription, (ctx, sub) => ctx.stripe.subscriptions.update(sub.id, { metadata: { plan: 'team' } })),
    events: ['customer.subscription.updated'],
  },
  {
    operation: 'stripe.subscriptions.update(sub, { cancel_at_period_end: true })',
    source: 'stripe-node Events.ts customer.subscription.updated (any change)',
    run: after(subscription, (ctx, sub) => ctx.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })),
    events: ['customer.subscription.updated'],
  },
  {
    operation: 'stripe.subscriptions.cancel(sub)',
    source: fixture('customer.subscription.deleted'),
    run: after(subscription, (ctx, sub) => ctx.stripe.subscriptions.cancel(sub.id)),
    events: ['customer.subscription.deleted'],
  },
  {
    operation: "stripe.subscriptions.update(sub, { trial_end: 'now' }) // trialing",
    source: `stripe-node Events.ts trial_will_end ("when the trial is ended immediately with trial_end=now"); ${ORDER}`,
    run: after((ctx) => subscription(ctx, { trialDays: 14 }), (ctx, sub) => ctx.stripe.subscriptions.update(sub.id, { trial_end: 'now' })),
    events: ['customer.subscription.updated', 'customer.subscription.trial_will_end', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID],
  },
  {
    operation: 'stripe.subscriptions.update(sub, { items: [{ id: si, price: dearer }] })',
    source: `stripe-node Subscriptions.ts (proration_behavior defaults to create_prorations: two pending items); ${ORDER}`,
    run: async (ctx) => {
      const sub = await subscription(ctx);
      const dearer = await ctx.stripe.prices.create({ currency: 'usd', unit_amount: 5000, recurring: { interval: 'month' }, product: String(sub.items.data[0]!.price.product) });
      await ctx.mark();
      await ctx.stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: dearer.id }] });
    },
    events: ['customer.subscription.updated', 'invoiceitem.created', 'invoiceitem.created'],
  },
  {
    operation: "stripe.subscriptions.update(sub, { items: [{ id: si, price: dearer }], proration_behavior: 'always_invoice' })",
    source: `stripe-node Subscriptions.ts (always_invoice bills the prorations at once); ${ORDER}`,
    run: async (ctx) => {
      const sub = await subscription(ctx);
      const dearer = await ctx.stripe.prices.create({ currency: 'usd', unit_amount: 5000, recurring: { interval: 'month' }, product: String(sub.items.data[0]!.price.product) });
      await ctx.mark();
      await ctx.stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: dearer.id }], proration_behavior: 'always_invoice' });
    },
    events: ['customer.subscription.updated', 'invoiceitem.created', 'invoiceitem.created', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID],
  },

  // Invoices
  {
    operation: "stripe.invoiceItems.create({ customer: cus, amount: 2500, currency: 'usd' })",
    source: `stripe-node Events.ts invoiceitem.created; the first call of ${fixture('invoice.finalized')}`,
    run: after(customer, (ctx, { id }) => ctx.stripe.invoiceItems.create({ customer: id, amount: 2500, currency: 'usd', description: 'Setup fee' })),
    events: ['invoiceitem.created'],
  },
  {
    operation: "stripe.invoices.create({ customer: cus, pending_invoice_items_behavior: 'include' })",
    source: `stripe-node Events.ts invoice.created; ${fixture('invoice.finalized')}`,
    run: async (ctx) => {
      const { id } = await customer(ctx);
      await ctx.stripe.invoiceItems.create({ customer: id, amount: 2500, currency: 'usd' });
      await ctx.mark();
      await ctx.stripe.invoices.create({ customer: id, pending_invoice_items_behavior: 'include' });
    },
    events: ['invoice.created'],
  },
  {
    operation: "stripe.invoices.update(in, { description: 'March' }) // draft",
    source: 'stripe-node Events.ts: invoice.updated "whenever an invoice changes"',
    run: after(draft, (ctx, id) => ctx.stripe.invoices.update(id, { description: 'March' })),
    events: ['invoice.updated'],
  },
  {
    operation: 'stripe.invoices.finalizeInvoice(in)',
    source: fixture('invoice.finalized'),
    run: after(draft, (ctx, id) => ctx.stripe.invoices.finalizeInvoice(id)),
    events: ['invoice.finalized'],
  },
  {
    operation: 'stripe.invoices.voidInvoice(in) // open',
    source: fixture('invoice.voided'),
    run: after(open, (ctx, id) => ctx.stripe.invoices.voidInvoice(id)),
    events: ['invoice.voided'],
  },
  {
    operation: 'stripe.invoices.markUncollectible(in) // open',
    source: fixture('invoice.marked_uncollectible'),
    run: after(open, (ctx, id) => ctx.stripe.invoices.markUncollectible(id)),
    events: ['invoice.marked_uncollectible'],
  },
  {
    operation: 'stripe.invoices.pay(in) // draft; the default card pm_card_visa',
    source: `${fixture('invoice.paid')}; invoice_payment.paid: stripe-node Events.ts; ${ORDER}`,
    run: after((ctx) => draft(ctx, 'pm_card_visa'), (ctx, id) => ctx.stripe.invoices.pay(id)),
    events: ['invoice.finalized', ...CHARGED, ...INVOICE_PAID],
  },
  {
    operation: 'stripe.invoices.pay(in, { paid_out_of_band: true }) // open',
    source: 'stripe-node Events.ts: invoice.paid "or marked paid out of band"',
    run: after(open, (ctx, id) => ctx.stripe.invoices.pay(id, { paid_out_of_band: true })),
    events: ['invoice.paid'],
  },
  {
    operation: 'stripe.invoices.pay(in) // open; the default card pm_card_chargeCustomerFail; 402',
    source: `${fixture('invoice.payment_failed')}; ${ORDER}`,
    run: after((ctx) => open(ctx, 'pm_card_chargeCustomerFail'), (ctx, id) => declined(ctx.stripe.invoices.pay(id))),
    events: FAILED,
  },
  {
    operation: 'stripe.invoices.pay(in) // open; the default card pm_card_authenticationRequired; 402',
    source: `${fixture('invoice.payment_action_required')}; ${ORDER}`,
    run: after((ctx) => open(ctx, 'pm_card_authenticationRequired'), (ctx, id) => declined(ctx.stripe.invoices.pay(id))),
    events: ['payment_intent.created', 'payment_intent.requires_action', 'invoice.payment_action_required'],
  },
  {
    operation: 'stripe.invoices.del(in) // draft',
    source: 'stripe-node Events.ts invoice.deleted',
    run: after(draft, (ctx, id) => ctx.stripe.invoices.del(id)),
    events: ['invoice.deleted'],
  },

  // Checkout
  {
    operation: "stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price, quantity: 2 }] })",
    source: 'stripe-node Events.ts (there is no checkout.session.created)',
    run: after((ctx) => ctx.stripe.prices.create({ currency: 'usd', unit_amount: 1500, product_data: { name: 'Course' } }), (ctx, price) => ctx.stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 2 }], success_url: 'https://example.com/ok' })),
    events: [],
  },
  {
    operation: 'stripe.checkout.sessions.expire(cs)',
    source: fixture('checkout.session.expired'),
    run: after((ctx) => session(ctx, 'payment'), (ctx, id) => ctx.stripe.checkout.sessions.expire(id)),
    events: ['checkout.session.expired'],
  },
  {
    operation: "emulator.stripe.completeCheckout(cs, { paymentMethod: 'pm_card_visa' }) // mode: payment",
    source: `${fixture('checkout.session.completed')} (the hosted page's confirm); ${ORDER}`,
    run: after((ctx) => session(ctx, 'payment'), (ctx, id) => ctx.emulator.stripe.completeCheckout(id, { paymentMethod: 'pm_card_visa', email: 'buyer@example.com' })),
    events: [...CHARGED, 'checkout.session.completed'],
  },
  {
    operation: "emulator.stripe.completeCheckout(cs, { paymentMethod: 'pm_card_visa' }) // mode: subscription",
    source: `${fixture('checkout.session.completed')}; the subscription as POST /v1/subscriptions makes it; the Checkout chains are unverified: ${ORDER}`,
    run: after((ctx) => session(ctx, 'subscription'), (ctx, id) => ctx.emulator.stripe.completeCheckout(id, { paymentMethod: 'pm_card_visa', email: 'buyer@example.com' })),
    events: ['customer.created', 'payment_method.attached', 'customer.subscription.created', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID, 'checkout.session.completed'],
  },

  // Test clocks
  {
    operation: 'stripe.testHelpers.testClocks.create({ frozen_time })',
    source: 'stripe-node Events.ts test_helpers.test_clock.created',
    run: async ({ stripe }) => void (await stripe.testHelpers.testClocks.create({ frozen_time: FROZEN })),
    events: ['test_helpers.test_clock.created'],
  },
  {
    operation: 'stripe.testHelpers.testClocks.advance(clock, { frozen_time: period_end + 2 h }) // a monthly subscription renews',
    source: `${fixture('test_helpers.test_clock.advancing', 'test_helpers.test_clock.ready')}; docs.stripe.com/billing/testing/test-clocks; invoice.upcoming 7 days before (relaykit's choice); finalized an hour after invoice.created (docs.stripe.com/billing/subscriptions/webhooks)`,
    run: after(onClock, (ctx, { clock, sub }) => ctx.stripe.testHelpers.testClocks.advance(clock, { frozen_time: sub.items.data[0]!.current_period_end + 2 * HOUR })),
    events: ['test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID, 'test_helpers.test_clock.ready'],
  },
  {
    operation: 'stripe.testHelpers.testClocks.advance(clock, { frozen_time: trial_end + 2 h }) // a 14-day trial ends',
    source: 'stripe-node Events.ts (trial_will_end 3 days before the trial ends); stripe-node Subscriptions.ts (trialing → active); docs.stripe.com/billing/testing/test-clocks',
    run: after((ctx) => onClock(ctx, { trialDays: 14 }), (ctx, { clock, sub }) => ctx.stripe.testHelpers.testClocks.advance(clock, { frozen_time: sub.trial_end! + 2 * HOUR })),
    events: ['test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.trial_will_end', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...CHARGED, ...INVOICE_PAID, 'test_helpers.test_clock.ready'],
  },
  {
    operation: 'stripe.testHelpers.testClocks.advance(clock, { frozen_time: period_end + 20 d }) // the card fails at renewal',
    source: "docs.stripe.com/billing/revenue-recovery/smart-retries (8 tries within 2 weeks); stripe-node Subscriptions.ts (past_due, then canceled); invoice.payment_failed on each retry: unverified, relaykit's choice",
    run: async (ctx) => {
      const { clock, sub } = await onClock(ctx);
      const failing = await ctx.stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: String(sub.customer) });
      await ctx.stripe.subscriptions.update(sub.id, { default_payment_method: failing.id });
      await ctx.mark();
      await ctx.stripe.testHelpers.testClocks.advance(clock, { frozen_time: sub.items.data[0]!.current_period_end + 20 * DAY });
    },
    events: [
      'test_helpers.test_clock.advancing', 'invoice.upcoming', 'customer.subscription.updated', 'invoice.created', 'invoice.finalized', ...FAILED, 'customer.subscription.updated',
      ...Array.from({ length: RETRIES }, () => RETRY_FAILED).flat(), 'customer.subscription.deleted', 'test_helpers.test_clock.ready',
    ],
  },
  {
    operation: 'stripe.testHelpers.testClocks.advance(clock, { frozen_time: period_end + 1 min }) // cancel_at_period_end: true',
    source: 'stripe-node Events.ts customer.subscription.deleted (the subscription ends); docs.stripe.com/billing/testing/test-clocks',
    run: async (ctx) => {
      const { clock, sub } = await onClock(ctx);
      await ctx.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      await ctx.mark();
      await ctx.stripe.testHelpers.testClocks.advance(clock, { frozen_time: sub.items.data[0]!.current_period_end + 60 });
    },
    events: ['test_helpers.test_clock.advancing', 'customer.subscription.deleted', 'test_helpers.test_clock.ready'],
  },
  {
    operation: 'stripe.testHelpers.testClocks.advance(clock, { frozen_time: created + 1 d }) // an incomplete subscription',
    source: `stripe-node Subscriptions.ts status (incomplete for 23 h: incomplete_expired, its invoice voided); ${ORDER}`,
    run: async (ctx) => {
      const clock = await ctx.stripe.testHelpers.testClocks.create({ frozen_time: FROZEN });
      const sub = await subscription(ctx, { card: 'pm_card_chargeCustomerFail', testClock: clock.id });
      await ctx.mark();
      await ctx.stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: sub.created + DAY });
    },
    events: ['test_helpers.test_clock.advancing', 'customer.subscription.updated', 'invoice.voided', 'test_helpers.test_clock.ready'],
  },
  {
    operation: 'stripe.testHelpers.testClocks.del(clock)',
    source: 'stripe-node Events.ts test_helpers.test_clock.deleted',
    run: after((ctx) => ctx.stripe.testHelpers.testClocks.create({ frozen_time: FROZEN }), (ctx, clock) => ctx.stripe.testHelpers.testClocks.del(clock.id)),
    events: ['test_helpers.test_clock.deleted'],
  },
];

/** `list` written with runs of a repeated group folded: `(a, b) × 7`. */
function folded(list: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < list.length; ) {
    let best = { size: 1, times: 1 };
    for (let size = 1; size <= 6 && i + 2 * size <= list.length; size++) {
      let times = 1;
      const group = list.slice(i, i + size).join();
      while (list.slice(i + times * size, i + (times + 1) * size).join() === group) times++;
      if (times > 1 && size * times > best.size * best.times) best = { size, times };
    }
    const group = list.slice(i, i + best.size).map((t) => `\`${t}\``).join(', ');
    out.push(best.times === 1 ? group : best.size === 1 ? `${group} × ${best.times}` : `(${group}) × ${best.times}`);
    i += best.size * best.times;
  }
  return out;
}

/** What the README's table shows of a row (any provider's chains). */
export type TableRow = Pick<ChainRow, 'operation' | 'source' | 'events'>;

/** Every event type the rows send, in the catalog's order. */
export function chainTypes(rows: readonly TableRow[]): string[] {
  return [...new Set(rows.flatMap((row) => row.events))].sort();
}

/** The heading of the line under the table that lists every type. */
export const TYPES_LINE = 'Event types these rows send';

/**
 * The README's table of `rows` (Markdown): one line per operation with its events in order (a
 * repeated group folded as `(…) × n`) and its source, then the line listing every type sent.
 */
export function chainsTable(rows: readonly TableRow[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const lines = ['| Operation | Events, in order | Source |', '|---|---|---|'];
  for (const row of rows) lines.push(`| \`${cell(row.operation)}\` | ${row.events.length ? folded(row.events).join(', ') : 'none'} | ${cell(row.source)} |`);
  const types = chainTypes(rows);
  lines.push('', `${TYPES_LINE} (${types.length}): ${types.map((t) => `\`${t}\``).join(', ')}.`);
  return lines.join('\n');
}

/**
 * README.md's text between the `<provider>-chains` markers (any provider's chains table).
 * @example
 * expect(readmeChains('clerk')).toBe(chainsTable(CLERK_CHAINS));
 */
export function readmeChains(provider: string): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const match = new RegExp(`<!-- ${provider}-chains:start -->\n([\\s\\S]*?)\n?<!-- ${provider}-chains:end -->`).exec(readme);
  if (!match) throw new Error(`README.md has no <!-- ${provider}-chains:start --> … <!-- ${provider}-chains:end --> markers`);
  return match[1]!.trim();
}

/** The types a README chains table lists on its "Event types these rows send (n): …" line; throws when the line is missing or its count is wrong. */
export function listedTypes(table: string): string[] {
  const listed = new RegExp(`^${TYPES_LINE} \\((\\d+)\\): (.*)\\.$`, 'm').exec(table);
  if (!listed) throw new Error(`The table has no "${TYPES_LINE} (n): …" line`);
  const types = [...listed[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  if (types.length !== Number(listed[1])) throw new Error(`"${TYPES_LINE} (${listed[1]})" lists ${types.length} types`);
  return types;
}
