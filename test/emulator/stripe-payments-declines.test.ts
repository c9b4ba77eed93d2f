/**
 * Declines and refused requests, as Stripe answers them: a declined card is a 402 `card_error`
 * (stripe-node's StripeCardError) with the decline code, the intent left in `requires_payment_method`
 * with `last_payment_error`, and `charge.failed` then `payment_intent.payment_failed`; a bad request
 * is a 4xx naming the parameter, and appends nothing.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';
import { stripeEventTypeProblems, useEmulatedStripe } from './stripe-oracle.js';

const { world, stripe, seen, run } = useEmulatedStripe({ now: Date.UTC(2026, 10, 26, 12, 0, 0), seed: 3 });

const DECLINE_CHAIN = ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed'];

describe('a declined confirmation', () => {
  it.each([
    ['pm_card_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_visa_chargeDeclined', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['pm_card_visa_chargeDeclinedLostCard', 'card_declined', 'lost_card', 'Your card was declined.'],
    ['pm_card_chargeDeclinedStolenCard', 'card_declined', 'stolen_card', 'Your card was declined.'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card', 'Your card has expired.'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'],
    ['pm_card_visa_chargeDeclinedVelocityLimitExceeded', 'card_declined', 'card_velocity_exceeded', 'Your card was declined.'],
    ['pm_card_chargeCustomerFail', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['pm_card_riskLevelHighest', 'card_declined', 'fraudulent', 'Your card was declined.', 'highest_risk_level'],
  ])('%s: 402 %s / %s', async (pm, code, declineCode, message, reason = declineCode) => {
    const op = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: pm, confirm: true }));
    const error = op.error as Stripe.errors.StripeCardError;
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ statusCode: 402, type: 'StripeCardError', code, decline_code: declineCode, message });
    expect(op.types).toEqual(DECLINE_CHAIN);
    const intent = await stripe.paymentIntents.retrieve(String(error.payment_intent?.id));
    expect(intent).toEqual(JSON.parse(JSON.stringify(error.payment_intent)));
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null, amount_received: 0, last_payment_error: { type: 'card_error', code, decline_code: declineCode, charge: intent.latest_charge } });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ status: 'failed', paid: false, failure_code: code, outcome: { reason } });
  });

  it('Radar blocks pm_card_riskLevelHighest before the network (outcome blocked, risk highest)', async () => {
    const op = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_riskLevelHighest', confirm: true }));
    const charge = await stripe.charges.retrieve(String((op.error as Stripe.errors.StripeCardError).charge));
    expect(charge.outcome).toMatchObject({ type: 'blocked', network_status: 'not_sent_to_network', risk_level: 'highest' });
  });

  it('a declined intent can be confirmed again with another card, and then succeeds', async () => {
    const declined = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }));
    const id = String((declined.error as Stripe.errors.StripeCardError).payment_intent?.id);
    const retried = await run(() => stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' }));
    expect(retried.types).toEqual(['charge.succeeded', 'payment_intent.succeeded', 'charge.updated']);
    expect(retried.result).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });
});

describe('refused requests append nothing and name what is wrong', () => {
  const create = (params: Record<string, unknown>) => stripe.paymentIntents.create(params as never);
  it.each([
    ['no amount', { currency: 'usd' }, 400, 'parameter_missing', 'amount', 'Missing required param: amount.'],
    ['no currency', { amount: 2000 }, 400, 'parameter_missing', 'currency', 'Missing required param: currency.'],
    ['an amount that is not an integer', { amount: '12.5', currency: 'usd' }, 400, 'parameter_invalid_integer', 'amount', 'Invalid integer: 12.5'],
    ['an amount under 50 cents', { amount: 10, currency: 'usd' }, 400, 'amount_too_small', 'amount', 'Amount must be at least $0.50 usd'],
    ['an unknown payment method', { amount: 2000, currency: 'usd', payment_method: 'pm_nope' }, 404, 'resource_missing', 'payment_method', "No such PaymentMethod: 'pm_nope'"],
    ['an unknown customer', { amount: 2000, currency: 'usd', customer: 'cus_Nope0000000000' }, 404, 'resource_missing', 'customer', "No such customer: 'cus_Nope0000000000'"],
    ['an unknown parameter', { amount: 2000, currency: 'usd', colour: 'red' }, 400, 'parameter_unknown', 'colour', 'Received unknown parameter: colour'],
    ['a bad capture_method', { amount: 2000, currency: 'usd', capture_method: 'later' }, 400, 'parameter_invalid_string', 'capture_method', /capture_method/],
  ])('create with %s', async (_name, params, status, code, param, message) => {
    const op = await run(() => create(params));
    expect(op.error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(op.error).toMatchObject({ statusCode: status, code, param, message });
    expect(op.types).toEqual([]);
    expect(await stripe.paymentIntents.list()).toMatchObject({ data: [] });
  });

  it('confirm=true without a payment method, confirming twice, or an unknown intent', async () => {
    const missing = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', confirm: true }));
    expect(missing.error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    const paid = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true }));
    const twice = await run(() => stripe.paymentIntents.confirm(paid.result!.id));
    expect(twice.error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state', message: expect.stringContaining('already succeeded') });
    expect((twice.error as Stripe.errors.StripeError).raw).toMatchObject({ payment_intent: { id: paid.result!.id, status: 'succeeded' } });
    const unknown = await run(() => stripe.paymentIntents.confirm('pi_000000000000000000000000'));
    expect(unknown.error).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_000000000000000000000000'" });
    const unconfirmed = await run(() => stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }));
    const noMethod = await run(() => stripe.paymentIntents.confirm(unconfirmed.result!.id));
    expect(noMethod.error).toMatchObject({ code: 'payment_intent_unexpected_state', message: expect.stringContaining('missing a payment method') });
    expect([missing, twice, unknown, noMethod].map((op) => op.types)).toEqual([[], [], [], []]);
  });

  it.each([
    ['amount[a]=1&currency=usd'],
    ['amount=2000&currency[]=usd'],
    ['amount=2000&currency=usd&customer[id]=x'],
    ['amount=2000&currency=usd&payment_method[]=pm_card_visa&confirm=true'],
    ['amount=2000&currency=usd&metadata=oops'],
    ['amount=2000&currency=usd&payment_method_types=card&capture_method[x]=1'],
  ])('malformed form %s gets a Stripe 4xx answer or a created intent, never a 5xx', async (form) => {
    const request = () =>
      callRoute(stripeRoutes(), world, 'POST', '/v1/payment_intents', { form: Object.fromEntries(new URLSearchParams(form)), headers: { authorization: 'Bearer sk_test_x' } });
    const answer = await request();
    expect(answer.status, await answer.clone().text()).toBeLessThan(500);
    if (answer.status >= 400) expect(await answer.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.any(String) } });
  });
});

describe('every object these operations wrote', () => {
  it("type-checks as stripe-node's Event data of its type", () => {
    expect(seen.length).toBeGreaterThan(30);
    expect(stripeEventTypeProblems(seen)).toEqual([]);
  }, 60_000);
});
