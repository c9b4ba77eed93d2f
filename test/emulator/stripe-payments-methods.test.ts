/**
 * Payment methods and setup intents through stripe-node: a card payment method from a test card
 * number or token, attach (`payment_method.attached`) and detach (`payment_method.detached`), a
 * declining card refused when saved, and setup intents that save a card for later.
 */
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { completeAuthentication } from '../../src/providers/stripe/api/payments/index.js';
import { stripeEventTypeProblems, useEmulatedStripe } from './stripe-oracle.js';

const { world, stripe, seen, run } = useEmulatedStripe({ now: Date.UTC(2026, 10, 26, 12, 0, 0), seed: 5 });
let customer: Stripe.Customer;
beforeEach(async () => {
  customer = await stripe.customers.create({ email: 'ada@example.com' });
});

describe('payment methods', () => {
  it.each([
    [{ number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' }, 'visa', '4242', 'credit'],
    [{ number: '5555555555554444', exp_month: 1, exp_year: 2031 }, 'mastercard', '4444', 'credit'],
    [{ number: '4000056655665556', exp_month: 1, exp_year: 2031 }, 'visa', '5556', 'debit'],
    [{ token: 'tok_amex' }, 'amex', '0005', 'credit'],
    [{ token: 'tok_visa' }, 'visa', '4242', 'credit'],
  ])('create with card %j: a stored %s card ending %s (%s), no event', async (card, brand, last4, funding) => {
    const op = await run(() => stripe.paymentMethods.create({ type: 'card', card: card as never, billing_details: { name: 'Ada Lovelace' } }));
    expect(op.types).toEqual([]);
    expect(op.result).toMatchObject({ type: 'card', customer: null, card: { brand, last4, funding }, billing_details: { name: 'Ada Lovelace' } });
    expect(await stripe.paymentMethods.retrieve(op.result!.id)).toEqual(JSON.parse(JSON.stringify(op.result)));
  });

  it('retrieving a test id mints a payment method as Stripe does; an unknown id is 404 No such PaymentMethod', async () => {
    const minted = await stripe.paymentMethods.retrieve('pm_card_mastercard');
    expect(minted).toMatchObject({ id: expect.stringMatching(/^pm_[0-9A-Za-z]{24}$/), card: { brand: 'mastercard' }, customer: null });
    expect(await stripe.paymentMethods.retrieve(minted.id)).toEqual(minted);
    await expect(stripe.paymentMethods.retrieve('pm_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such PaymentMethod: 'pm_nope'" });
  });

  it('the same card number gives the same fingerprint, another card another', async () => {
    const a = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    const b = await stripe.paymentMethods.create({ type: 'card', card: { number: '4242424242424242', exp_month: 1, exp_year: 2030 } as never });
    const c = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_mastercard' } });
    expect(a.card?.fingerprint).toBe(b.card?.fingerprint);
    expect(c.card?.fingerprint).not.toBe(a.card?.fingerprint);
  });

  it.each([
    [{ type: 'card', card: { number: '4111111111111112', exp_month: 1, exp_year: 2030 } }, 'StripeCardError', 'incorrect_number', 'card[number]'],
    [{ type: 'card', card: { token: 'tok_nope' } }, 'StripeInvalidRequestError', 'resource_missing', 'card[token]'],
    [{ type: 'card' }, 'StripeInvalidRequestError', 'parameter_missing', 'card[number]'],
    [{ card: { token: 'tok_visa' } }, 'StripeInvalidRequestError', 'parameter_missing', 'type'],
  ])('create with %j is refused: %s %s on %s', async (params, type, code, param) => {
    const op = await run(() => stripe.paymentMethods.create(params as never));
    expect(op.error).toMatchObject({ type, code, param });
  });

  it('attach a test payment method: a new payment method of the customer, payment_method.attached; detach: payment_method.detached', async () => {
    const attached = await run(() => stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }));
    expect(attached.types).toEqual(['payment_method.attached']);
    expect(attached.result).toMatchObject({ id: expect.stringMatching(/^pm_[0-9A-Za-z]{24}$/), customer: customer.id });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((pm) => pm.id)).toEqual([attached.result!.id]);
    const detached = await run(() => stripe.paymentMethods.detach(attached.result!.id));
    expect(detached.types).toEqual(['payment_method.detached']);
    expect(detached.result?.customer).toBeNull();
    const again = await run(() => stripe.paymentMethods.detach(attached.result!.id));
    expect(again.error).toMatchObject({ statusCode: 400, message: expect.stringContaining('not attached to a customer') });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toEqual([]);
  });

  it('an update of metadata or billing details (the generic update route): payment_method.updated', async () => {
    const { result: method } = await run(() => stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id }));
    const op = await run(() => stripe.paymentMethods.update(method!.id, { metadata: { label: 'work' }, billing_details: { name: 'Ada L.' } }));
    expect(op.types).toEqual(['payment_method.updated']);
    expect(op.result).toMatchObject({ metadata: { label: 'work' }, billing_details: { name: 'Ada L.', email: null } });
  });

  it('the customer default payment method is set through customer update, and names the attached method', async () => {
    const { result: method } = await run(() => stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id }));
    const op = await run(() => stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method!.id } }));
    expect(op.types).toEqual(['customer.updated']);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ invoice_settings: { default_payment_method: method!.id } });
  });

  it.each([
    ['pm_card_chargeDeclined', 402, 'card_declined'],
    ['pm_card_chargeDeclinedExpiredCard', 402, 'expired_card'],
    ['pm_card_chargeCustomerFail', 200, undefined],
    ['pm_card_authenticationRequired', 200, undefined],
  ])('attach %s: %i %s (a card that declines is refused when saved, chargeCustomerFail is saved)', async (pm, status, code) => {
    const op = await run(() => stripe.paymentMethods.attach(pm, { customer: customer.id }));
    if (status === 200) expect(op.types).toEqual(['payment_method.attached']);
    else {
      expect(op.error).toMatchObject({ statusCode: status, type: 'StripeCardError', code });
      expect(op.types).toEqual([]);
    }
  });

  it.each([
    ['off_session', 'automatic_async', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'payment_method.attached', 'charge.updated']],
    ['on_session', 'manual', ['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated', 'payment_method.attached']],
  ] as const)('setup_future_usage=%s (capture %s) saves the card to the customer after the payment: %j', async (setup_future_usage, capture_method, types) => {
    const op = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', setup_future_usage, capture_method, confirm: true }));
    expect(op.types).toEqual(types);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((pm) => pm.id)).toEqual([op.result!.payment_method]);
  });

  it('a saved chargeCustomerFail card fails when charged off session', async () => {
    const { result: method } = await run(() => stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id }));
    const op = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id, payment_method: method!.id, off_session: true, confirm: true }));
    expect(op.error).toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect(op.types).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);
  });

  it('attach without a customer, to an unknown customer, or an unknown method is refused', async () => {
    const ops = [
      await run(() => stripe.paymentMethods.attach('pm_card_visa', {} as never)),
      await run(() => stripe.paymentMethods.attach('pm_card_visa', { customer: 'cus_Nope0000000000' })),
      await run(() => stripe.paymentMethods.attach('pm_nope', { customer: customer.id })),
    ];
    expect(ops.map((op) => [(op.error as Stripe.errors.StripeError).code, (op.error as Stripe.errors.StripeError).param])).toEqual([
      ['parameter_missing', 'customer'],
      ['resource_missing', 'customer'],
      ['resource_missing', 'id'],
    ]);
    expect(ops.flatMap((op) => op.types)).toEqual([]);
  });
});

describe('setup intents', () => {
  it('create, then confirm: setup_intent.created; payment_method.attached and setup_intent.succeeded', async () => {
    const created = await run(() => stripe.setupIntents.create({ customer: customer.id }));
    expect(created.types).toEqual(['setup_intent.created']);
    expect(created.result).toMatchObject({ status: 'requires_payment_method', usage: 'off_session', customer: customer.id });
    const confirmed = await run(() => stripe.setupIntents.confirm(created.result!.id, { payment_method: 'pm_card_visa' }));
    expect(confirmed.types).toEqual(['payment_method.attached', 'setup_intent.succeeded']);
    expect(confirmed.result).toMatchObject({ status: 'succeeded', latest_attempt: expect.stringMatching(/^setatt_/) });
    expect(await stripe.paymentMethods.retrieve(String(confirmed.result!.payment_method))).toMatchObject({ customer: customer.id });
  });

  it.each([
    ['pm_card_visa', 'succeeded', ['setup_intent.created', 'payment_method.attached', 'setup_intent.succeeded']],
    ['pm_card_chargeCustomerFail', 'succeeded', ['setup_intent.created', 'payment_method.attached', 'setup_intent.succeeded']],
    ['pm_card_chargeDeclined', 'requires_payment_method', ['setup_intent.created', 'setup_intent.setup_failed']],
    ['pm_card_authenticationRequired', 'requires_action', ['setup_intent.created', 'setup_intent.requires_action']],
  ])('create with confirm=true and %s: %s with %j', async (pm, status, types) => {
    const op = await run(() => stripe.setupIntents.create({ customer: customer.id, payment_method: pm, confirm: true }));
    expect(op.types).toEqual(types);
    const id = op.result?.id ?? (op.error as Stripe.errors.StripeError).setup_intent?.id;
    expect((await stripe.setupIntents.retrieve(String(id))).status).toBe(status);
    if (status === 'requires_payment_method') expect(op.error).toMatchObject({ type: 'StripeCardError', decline_code: 'generic_decline' });
  });

  it('3D Secure on a setup intent, completed by the buyer: the card is attached and the intent succeeds', async () => {
    const waiting = await run(() => stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_threeDSecure2Required', confirm: true }));
    const done = await run(() => completeAuthentication(world, waiting.result!.id));
    expect(done.types).toEqual(['payment_method.attached', 'setup_intent.succeeded']);
    const failing = await run(() => stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_authenticationRequired', confirm: true }));
    const failed = await run(() => completeAuthentication(world, failing.result!.id, { succeed: false }));
    expect(failed.types).toEqual(['setup_intent.setup_failed']);
    expect(failed.result).toMatchObject({ status: 'requires_payment_method', last_setup_error: { code: 'setup_intent_authentication_failure' } });
  });

  it('confirming or canceling a succeeded setup intent is refused (setup_intent_unexpected_state)', async () => {
    const { result } = await run(() => stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_visa', confirm: true }));
    const ops = [await run(() => stripe.setupIntents.confirm(result!.id)), await run(() => stripe.setupIntents.cancel(result!.id))];
    for (const op of ops) expect(op.error).toMatchObject({ statusCode: 400, code: 'setup_intent_unexpected_state' });
    expect(ops.flatMap((op) => op.types)).toEqual([]);
  });

  it('cancel: setup_intent.canceled with the reason', async () => {
    const { result } = await run(() => stripe.setupIntents.create({ customer: customer.id }));
    const op = await run(() => stripe.setupIntents.cancel(result!.id, { cancellation_reason: 'abandoned' }));
    expect(op.types).toEqual(['setup_intent.canceled']);
    expect(op.result).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
  });
});

describe('every object these operations wrote', () => {
  it("type-checks as stripe-node's Event data of its type", () => {
    expect(seen.length).toBeGreaterThan(15);
    expect(stripeEventTypeProblems(seen)).toEqual([]);
  }, 60_000);
});
