/**
 * The contract billing and checkout charge through: `attemptPayment` creates and confirms a payment
 * intent in the world (events in Stripe's order, objects stripe-node reads back equal), at a test
 * clock's time when given one, and a seeded world repeats every id and event.
 */
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { createWorld } from '../../src/emulator/index.js';
import { stripeAdapter } from '../../src/providers/internal.js';
import { attemptPayment, resolvePaymentMethod } from '../../src/providers/stripe/api/payments/index.js';
import { operation, stripeEventTypeProblems, stripeObjectProblems, useEmulatedStripe } from './stripe-oracle.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const { world, stripe, seen, run } = useEmulatedStripe({ now: NOW, seed: 21 });
const input = { amount: 2500, currency: 'usd', customer: null, description: 'Invoice 42' } as const;

describe('attemptPayment', () => {
  it.each([
    ['pm_card_visa', {}, 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
    ['pm_card_visa', { captureMethod: 'manual' }, 'requires_capture', ['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated']],
    ['pm_card_chargeDeclinedInsufficientFunds', {}, 'failed', ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']],
    ['pm_card_chargeCustomerFail', { offSession: true }, 'failed', ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']],
    ['pm_card_threeDSecure2Required', {}, 'requires_action', ['payment_intent.created', 'payment_intent.requires_action']],
    ['pm_card_threeDSecure2Required', { offSession: true }, 'failed', ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']],
    ['tok_mastercard', {}, 'succeeded', ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']],
  ] as const)('%s %j: %s with %j', async (paymentMethod, extra, outcome, types) => {
    const op = await run(() => attemptPayment(world, { ...input, paymentMethod, ...extra }));
    const attempt = op.result!;
    expect(attempt.outcome).toBe(outcome);
    expect(op.types).toEqual(types);
    expect(attempt.paymentIntent).toEqual(await stripe.paymentIntents.retrieve(String(attempt.paymentIntent.id)).then((pi) => JSON.parse(JSON.stringify(pi))));
    expect(attempt.charge?.id ?? null).toBe(outcome === 'requires_action' ? null : attempt.paymentIntent.latest_charge);
    if (outcome === 'failed') expect(attempt.error).toMatchObject({ type: 'card_error', charge: attempt.charge?.id });
    else expect(attempt.error).toBeNull();
  });

  it('charges at a test clock time: created and every event stamped with `at`', async () => {
    const at = NOW + 30 * 86_400_000;
    const op = await run(() => attemptPayment(world, { ...input, paymentMethod: 'pm_card_visa', at }));
    expect(op.events.map((e) => e.at)).toEqual([at, at, at, at]);
    expect(op.result!.paymentIntent.created).toBe(at / 1000);
    expect(op.result!.charge!.created).toBe(at / 1000);
  });

  it('charges a payment method stored earlier (attached to the customer) by its id, and carries customer and metadata', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    const method = await stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
    const op = await run(() => attemptPayment(world, { ...input, customer: customer.id, paymentMethod: method.id, metadata: { invoice: 'in_1' } }));
    expect(op.result!.paymentIntent).toMatchObject({ customer: customer.id, payment_method: method.id, metadata: { invoice: 'in_1' }, description: 'Invoice 42' });
    expect(op.result!.charge).toMatchObject({ customer: customer.id, payment_method: method.id, payment_method_details: { card: { brand: 'amex', last4: '0005' } } });
  });

  it('an unknown payment method is a RelayError naming it, and nothing is written', () => {
    const before = world.outbox.pending().length;
    expect(() => attemptPayment(world, { ...input, paymentMethod: 'pm_nope' })).toThrow(RelayError);
    expect(() => attemptPayment(world, { ...input, paymentMethod: 'pm_nope' })).toThrow(/pm_nope/);
    expect(world.outbox.pending()).toHaveLength(before);
    expect(world.list('stripe', 'payment_intent')).toEqual([]);
  });

  it('resolvePaymentMethod: a stored one as it is, a test id minted anew, anything else undefined', () => {
    const minted = resolvePaymentMethod(world, 'pm_card_visa')!;
    expect(minted).toMatchObject({ object: 'payment_method', type: 'card', customer: null, card: { last4: '4242' } });
    expect(resolvePaymentMethod(world, String(minted.id))).toEqual(minted);
    expect(resolvePaymentMethod(world, 'pm_card_visa')!.id).not.toBe(minted.id);
    expect(resolvePaymentMethod(world, 'pm_card_nope')).toBeUndefined();
    expect(resolvePaymentMethod(world, 'tok_chargeDeclined')).toMatchObject({ card: { last4: '0002' } });
  });
});

describe('determinism', () => {
  it('two worlds with the same seed and clock give the same ids, objects and events; another seed other ids', () => {
    const replay = (seed: number) => {
      const w = createWorld({ adapters: [stripeAdapter], seed, now: () => NOW });
      for (const paymentMethod of ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_createDispute']) attemptPayment(w, { ...input, paymentMethod });
      return w.outbox.drain().map((e) => [e.type, e.at, e.data]);
    };
    const first = replay(4);
    expect(first).toHaveLength(13);
    expect(replay(4)).toEqual(first);
    expect(JSON.stringify(replay(5).map(([, , data]) => (data as { id: string }).id))).not.toBe(JSON.stringify(first.map(([, , data]) => (data as { id: string }).id)));
  });
});

describe('the oracle catches what it checks (negative controls)', () => {
  it('stripeObjectProblems: a bad id, keys out of order, a missing field, a wrong type, two customers', () => {
    const { paymentIntent } = attemptPayment(world, { ...input, paymentMethod: 'pm_card_visa' });
    expect(stripeObjectProblems(paymentIntent)).toEqual([]);
    const { amount_received: _dropped, ...missing } = paymentIntent;
    const broken = { ...missing, id: 'pi_short', amount: '2500', customer: 'cus_AAAAAAAAAAAAAA', description: 'cus_BBBBBBBBBBBBBB' };
    const problems = stripeObjectProblems(Object.assign({ status: 'x' }, broken, { status: 'x' }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('$.id: "pi_short" is not a payment_intent id'),
        expect.stringContaining('keys are not id, object, then alphabetical'),
        '$.amount_received: missing',
        '$.amount: expected integer, got "2500"',
        expect.stringContaining('names 2 customers'),
        expect.stringContaining('$.status: "x" is not one of'),
      ]),
    );
  });

  it('operation: an event whose object differs from what is stored afterwards is reported', async () => {
    const op = await operation(stripe, world, () => {
      const { paymentIntent } = attemptPayment(world, { ...input, paymentMethod: 'pm_card_visa' });
      world.put('stripe', 'payment_intent', { ...paymentIntent, description: 'changed behind the event' });
    });
    expect(op.problems).toEqual([expect.stringMatching(/^payment_intent\.succeeded pi_\w+: retrieve differs in description$/)]);
  });

  it('stripeEventTypeProblems: a field stripe-node does not know, or of the wrong type', () => {
    const { paymentIntent } = attemptPayment(world, { ...input, paymentMethod: 'pm_card_visa' });
    const problems = stripeEventTypeProblems([
      { type: 'payment_intent.succeeded', data: { ...paymentIntent, invoice: 'in_1' } },
      { type: 'payment_intent.succeeded', data: { ...paymentIntent, amount: '2500' } },
    ]);
    expect(problems).toEqual([expect.stringMatching(/^payment_intent\.succeeded pi_\w+: .*'"invoice"' does not exist/), expect.stringMatching(/^payment_intent\.succeeded pi_\w+: Type 'string' is not assignable to type 'number'/)]);
  }, 60_000);
});

describe('every object these operations wrote', () => {
  it("type-checks as stripe-node's Event data of its type", () => {
    expect(seen.length).toBeGreaterThan(20);
    expect(stripeEventTypeProblems(seen)).toEqual([]);
  }, 60_000);
});
