/**
 * Payment intents through the real stripe-node and msw against an emulated, seeded Stripe: each
 * operation appends exactly the events Stripe sends, in order, every event's object is what
 * `retrieve` answers right after, and every object passes the checks built deliveries get.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { completeAuthentication, expireAuthorizations } from '../../src/providers/stripe/api/payments/index.js';
import { stripeEventTypeProblems, useEmulatedStripe } from './stripe-oracle.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const { world, stripe, seen, run } = useEmulatedStripe({ now: NOW });

const create = (payment_method: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
  stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method, confirm: true, ...extra });

describe('payment intent create with confirm=true', () => {
  it.each([
    ['pm_card_visa', 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['pm_card_mastercard', 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['pm_card_amex', 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['pm_card_visa_debit', 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['pm_card_authenticationRequired', 'requires_action', ['payment_intent.created', 'payment_intent.requires_action']],
    ['pm_card_threeDSecure2Required', 'requires_action', ['payment_intent.created', 'payment_intent.requires_action']],
  ])('%s ends %s with %j', async (pm, status, types) => {
    const op = await run(() => create(pm));
    expect(op.result?.status).toBe(status);
    expect(op.types).toEqual(types);
  });

  it('capture_method=automatic (synchronous) settles at once: no charge.updated, the balance transaction already on charge.succeeded', async () => {
    const op = await run(() => create('pm_card_visa', { capture_method: 'automatic' }));
    expect(op.types).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
    expect(op.events[1]!.data.balance_transaction).toMatch(/^txn_/);
    expect(op.result?.capture_method).toBe('automatic');
  });

  it('a succeeded intent names its settled charge, and the charge its balance transaction', async () => {
    const op = await run(() => create('pm_card_mastercard', { metadata: { order: 'A-1' } }));
    const intent = op.result!;
    expect(intent).toMatchObject({ amount_received: 2000, amount_capturable: 0, metadata: { order: 'A-1' }, capture_method: 'automatic_async' });
    const charge = await stripe.charges.retrieve(String(intent.latest_charge), { expand: ['balance_transaction'] });
    expect(charge).toMatchObject({ payment_intent: intent.id, payment_method: intent.payment_method, paid: true, captured: true, amount_captured: 2000, metadata: { order: 'A-1' } });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(charge.balance_transaction).toMatchObject({ amount: 2000, fee: 88, net: 1912, source: charge.id });
    // Ids of one payment share all but their last 8 characters, as Stripe mints them (stripe-payloads.test.ts checks deliveries so).
    const segment = (id: string) => id.slice(id.indexOf('_') + 1, -8);
    expect([segment(charge.id), segment((charge.balance_transaction as Stripe.BalanceTransaction).id)]).toEqual([segment(intent.id), segment(intent.id)]);
    const updated = op.events.find((e) => e.type === 'charge.updated')!;
    expect(updated.previous).toEqual({ balance_transaction: null });
  });

  it('a test payment method becomes a new stored payment method each time, as Stripe mints one', async () => {
    const first = (await run(() => create('pm_card_visa'))).result!;
    const second = (await run(() => create('pm_card_visa'))).result!;
    expect(first.payment_method).toMatch(/^pm_[0-9A-Za-z]{24}$/);
    expect(second.payment_method).not.toBe(first.payment_method);
    expect((await stripe.paymentMethods.retrieve(String(first.payment_method))).card).toMatchObject({ brand: 'visa', last4: '4242' });
  });
});

describe('create, then confirm', () => {
  it('create without confirm appends only payment_intent.created; confirm then charges', async () => {
    const created = await run(() => stripe.paymentIntents.create({ amount: 1500, currency: 'eur', customer: undefined }));
    expect(created.types).toEqual(['payment_intent.created']);
    expect(created.result).toMatchObject({ status: 'requires_payment_method', latest_charge: null, automatic_payment_methods: { enabled: true } });
    const confirmed = await run(() => stripe.paymentIntents.confirm(created.result!.id, { payment_method: 'pm_card_visa' }));
    expect(confirmed.types).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'charge.updated']);
    expect(confirmed.result).toMatchObject({ status: 'succeeded', amount_received: 1500, currency: 'eur' });
  });

  it('a payment method given at create leaves the intent in requires_confirmation until confirmed', async () => {
    const created = await run(() => stripe.paymentIntents.create({ amount: 1500, currency: 'usd', payment_method: 'pm_card_visa' }));
    expect(created.result?.status).toBe('requires_confirmation');
    const confirmed = await run(() => stripe.paymentIntents.confirm(created.result!.id));
    expect(confirmed.result?.status).toBe('succeeded');
  });

  it('update before confirming (a test payment method minted, amount changed) appends nothing; after success only metadata may change', async () => {
    const { result: created } = await run(() => stripe.paymentIntents.create({ amount: 1500, currency: 'usd' }));
    const updated = await run(() => stripe.paymentIntents.update(created!.id, { amount: 1800, payment_method: 'pm_card_visa', metadata: { cart: 'c1' } }));
    expect(updated.types).toEqual([]);
    expect(updated.result).toMatchObject({ amount: 1800, status: 'requires_confirmation', payment_method: expect.stringMatching(/^pm_[0-9A-Za-z]{24}$/), metadata: { cart: 'c1' } });
    const confirmed = await run(() => stripe.paymentIntents.confirm(created!.id));
    expect(confirmed.result).toMatchObject({ status: 'succeeded', amount_received: 1800 });
    const late = await run(() => stripe.paymentIntents.update(created!.id, { amount: 10 }));
    expect(late.error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    const labeled = await run(() => stripe.paymentIntents.update(created!.id, { metadata: { shipped: 'yes' } }));
    expect(labeled.result?.metadata).toEqual({ cart: 'c1', shipped: 'yes' });
    expect([late.types, labeled.types]).toEqual([[], []]);
  });

  it('a customer is carried to the charge', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const op = await run(() => create('pm_card_visa', { customer: customer.id }));
    expect(await stripe.charges.retrieve(String(op.result!.latest_charge))).toMatchObject({ customer: customer.id });
  });
});

describe('manual capture', () => {
  it('confirm authorizes (amount_capturable_updated); capture takes it all (charge.captured, already settled, then succeeded)', async () => {
    const held = await run(() => create('pm_card_visa', { capture_method: 'manual' }));
    expect(held.types).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated']);
    expect(held.result).toMatchObject({ status: 'requires_capture', amount_capturable: 2000, amount_received: 0 });
    expect(await stripe.charges.retrieve(String(held.result!.latest_charge))).toMatchObject({ captured: false, amount_captured: 0, balance_transaction: null });
    const captured = await run(() => stripe.paymentIntents.capture(held.result!.id));
    expect(captured.types).toEqual(['charge.captured', 'payment_intent.succeeded']);
    expect(captured.events[0]!.data).toMatchObject({ captured: true, balance_transaction: expect.stringMatching(/^txn_/) });
    expect(captured.result).toMatchObject({ status: 'succeeded', amount_received: 2000, amount_capturable: 0 });
  });

  it('a partial capture takes amount_to_capture and releases the rest (amount_refunded)', async () => {
    const held = await run(() => create('pm_card_visa', { capture_method: 'manual' }));
    const captured = await run(() => stripe.paymentIntents.capture(held.result!.id, { amount_to_capture: 1200 }));
    expect(captured.result).toMatchObject({ status: 'succeeded', amount_received: 1200 });
    expect(await stripe.charges.retrieve(String(held.result!.latest_charge))).toMatchObject({ captured: true, amount_captured: 1200, amount_refunded: 800, refunded: false });
  });

  it('capturing more than authorized, or twice, is refused and appends nothing', async () => {
    const held = await run(() => create('pm_card_visa', { capture_method: 'manual' }));
    const tooMuch = await run(() => stripe.paymentIntents.capture(held.result!.id, { amount_to_capture: 2001 }));
    expect(tooMuch.error).toMatchObject({ type: 'StripeInvalidRequestError', code: 'amount_too_large', param: 'amount_to_capture' });
    await run(() => stripe.paymentIntents.capture(held.result!.id));
    const again = await run(() => stripe.paymentIntents.capture(held.result!.id));
    expect(again.error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect((again.error as Stripe.errors.StripeError).message).toContain('status of succeeded');
    expect([tooMuch.types, again.types]).toEqual([[], []]);
  });
});

describe('an authorization left uncaptured (expireAuthorizations)', () => {
  it('expires 7 days on: charge.expired and payment_intent.canceled (automatic); a day earlier nothing', async () => {
    const held = await run(() => create('pm_card_visa', { capture_method: 'manual' }));
    const early = await run(() => expireAuthorizations(world, NOW + 6 * 86_400_000));
    expect([early.types, early.result]).toEqual([[], []]);
    const op = await run(() => expireAuthorizations(world, NOW + 7 * 86_400_000));
    expect(op.types).toEqual(['charge.expired', 'payment_intent.canceled']);
    expect(op.result!.map((pi) => pi.id)).toEqual([held.result!.id]);
    expect(await stripe.paymentIntents.retrieve(held.result!.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'automatic', amount_capturable: 0 });
    expect(await stripe.charges.retrieve(String(held.result!.latest_charge))).toMatchObject({ captured: false, refunded: true, amount_refunded: 2000 });
  });
});

describe('cancel', () => {
  it('an unconfirmed intent: payment_intent.canceled with the reason', async () => {
    const { result } = await run(() => stripe.paymentIntents.create({ amount: 900, currency: 'usd' }));
    const op = await run(() => stripe.paymentIntents.cancel(result!.id, { cancellation_reason: 'abandoned' }));
    expect(op.types).toEqual(['payment_intent.canceled']);
    expect(op.result).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', canceled_at: NOW / 1000 });
  });

  it('an authorized intent: the hold is released (charge.refunded) and the intent canceled', async () => {
    const held = await run(() => create('pm_card_visa', { capture_method: 'manual' }));
    const op = await run(() => stripe.paymentIntents.cancel(held.result!.id));
    expect(op.types).toEqual(['charge.refunded', 'payment_intent.canceled']);
    expect(await stripe.charges.retrieve(String(held.result!.latest_charge))).toMatchObject({ refunded: true, amount_refunded: 2000 });
  });

  it('a succeeded intent cannot be canceled (payment_intent_unexpected_state)', async () => {
    const paid = await run(() => create('pm_card_visa'));
    const op = await run(() => stripe.paymentIntents.cancel(paid.result!.id));
    expect(op.error).toMatchObject({ type: 'StripeInvalidRequestError', code: 'payment_intent_unexpected_state' });
    expect(op.types).toEqual([]);
  });
});

describe('3D Secure, completed by the buyer (completeAuthentication)', () => {
  it.each([
    ['automatic_async', true, 'succeeded', ['charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['manual', true, 'requires_capture', ['charge.succeeded', 'payment_intent.amount_capturable_updated']],
    ['automatic_async', false, 'requires_payment_method', ['payment_intent.payment_failed']],
  ] as const)('capture %s, passed %s: %s with %j', async (capture_method, succeed, status, types) => {
    const waiting = await run(() => create('pm_card_authenticationRequired', { capture_method }));
    expect(waiting.result?.next_action?.type).toBe('use_stripe_sdk');
    const op = await run(async () => completeAuthentication(world, waiting.result!.id, { succeed }));
    expect(op.types).toEqual(types);
    const intent = await stripe.paymentIntents.retrieve(waiting.result!.id);
    expect(intent.status).toBe(status);
    if (!succeed) expect(intent.last_payment_error).toMatchObject({ code: 'payment_intent_authentication_failure', type: 'invalid_request_error' });
  });

  it('an intent not waiting for authentication is refused', async () => {
    const paid = await run(() => create('pm_card_visa'));
    expect(() => completeAuthentication(world, paid.result!.id)).toThrow(/requires_action/);
    expect(() => completeAuthentication(world, 'pi_missing')).toThrow(/No such PaymentIntent/);
  });

  it('off session, a card that always asks for authentication is declined (authentication_required)', async () => {
    const op = await run(() => create('pm_card_authenticationRequired', { off_session: true }));
    expect(op.error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(op.error).toMatchObject({ code: 'authentication_required', decline_code: 'authentication_required' });
    expect(op.types).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);
  });
});

describe('every object these operations wrote', () => {
  it("type-checks as stripe-node's Event data of its type, strict, with excess-property checks", () => {
    expect(seen.length).toBeGreaterThan(40);
    expect(stripeEventTypeProblems(seen)).toEqual([]);
  }, 60_000);
});
