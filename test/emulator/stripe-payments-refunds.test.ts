/**
 * Refunds and disputes through stripe-node: a full or partial refund appends `refund.created` and
 * `charge.refunded`; a refund's update `refund.updated` and `charge.refund.updated`; a charge on
 * `pm_card_createDispute` is disputed (`charge.dispute.created`, `charge.dispute.funds_withdrawn`),
 * and the dispute takes evidence (`charge.dispute.updated`) or is closed (`charge.dispute.closed`).
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { operation, stripeEventTypeProblems, useEmulatedStripe } from './stripe-oracle.js';

const { stripe, world, seen, run } = useEmulatedStripe({ now: Date.UTC(2026, 10, 26, 12, 0, 0), seed: 9 });

async function paid(amount = 5000): Promise<Stripe.PaymentIntent> {
  return (await run(() => stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_visa', confirm: true }))).result!;
}

/**
 * A payment on pm_card_createDispute. The charge turns `disputed` with no charge event (Stripe's
 * charge.updated is for description, metadata and asynchronous capture; the dispute events tell
 * it), so that one field, and only it, differs from the charge's last event.
 */
async function disputed(amount = 5000) {
  const op = await operation(stripe, world, () => stripe.paymentIntents.create({ amount, currency: 'usd', payment_method: 'pm_card_createDispute', confirm: true }));
  seen.push(...op.events);
  expect(op.problems).toEqual([`charge.updated ${String(op.result?.latest_charge)}: retrieve differs in disputed`]);
  return op;
}

describe('refunds', () => {
  it.each([
    ['in full, by payment intent', undefined, 5000, true],
    ['in part', 1200, 1200, false],
  ])('%s: refund.created then charge.refunded', async (_name, amount, refunded, whole) => {
    const intent = await paid();
    const op = await run(() => stripe.refunds.create({ payment_intent: intent.id, ...(amount ? { amount } : {}) }));
    expect(op.types).toEqual(['refund.created', 'charge.refunded']);
    expect(op.result).toMatchObject({ amount: refunded, status: 'succeeded', charge: intent.latest_charge, payment_intent: intent.id, payment_method: intent.payment_method });
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: refunded, refunded: whole });
    expect(await stripe.balanceTransactions.retrieve(String(op.result!.balance_transaction))).toMatchObject({ amount: -refunded, type: 'refund', source: op.result!.id });
  });

  it('two partial refunds by charge add up; a third beyond the rest is refused', async () => {
    const intent = await paid();
    const charge = String(intent.latest_charge);
    await run(() => stripe.refunds.create({ charge, amount: 3000 }));
    const second = await run(() => stripe.refunds.create({ charge, amount: 2000 }));
    expect(second.types).toEqual(['refund.created', 'charge.refunded']);
    expect(await stripe.charges.retrieve(charge)).toMatchObject({ amount_refunded: 5000, refunded: true });
    const third = await run(() => stripe.refunds.create({ charge, amount: 1 }));
    expect(third.error).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    expect(third.types).toEqual([]);
  });

  it('a refund after a partial capture refunds what was captured, not what was released', async () => {
    const held = (await run(() => stripe.paymentIntents.create({ amount: 5000, currency: 'usd', payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true }))).result!;
    await run(() => stripe.paymentIntents.capture(held.id, { amount_to_capture: 3000 }));
    const over = await run(() => stripe.refunds.create({ payment_intent: held.id, amount: 3001 }));
    expect(over.error).toMatchObject({ code: 'amount_too_large', param: 'amount', message: 'Refund amount ($30.01) is greater than unrefunded amount on charge ($30.00)' });
    const whole = await run(() => stripe.refunds.create({ payment_intent: held.id }));
    expect(whole.result?.amount).toBe(3000);
    expect(await stripe.charges.retrieve(String(held.latest_charge))).toMatchObject({ amount_captured: 3000, amount_refunded: 5000, refunded: true });
  });

  it('a refund update appends refund.updated and charge.refund.updated with previous_attributes', async () => {
    const intent = await paid();
    const { result: refund } = await run(() => stripe.refunds.create({ payment_intent: intent.id, reason: 'requested_by_customer' }));
    const op = await run(() => stripe.refunds.update(refund!.id, { metadata: { ticket: 'T-9' } }));
    expect(op.types).toEqual(['refund.updated', 'charge.refund.updated']);
    expect(op.events.map((e) => e.previous)).toEqual([{ metadata: {} }, { metadata: {} }]);
    expect(op.result).toMatchObject({ metadata: { ticket: 'T-9' }, reason: 'requested_by_customer' });
  });

  it.each([
    ['neither charge nor payment_intent', {}, 'parameter_missing'],
    ['an unknown payment intent', { payment_intent: 'pi_000000000000000000000000' }, 'resource_missing'],
    ['a bad reason', { payment_intent: 'PAID', reason: 'changed_mind' }, 'parameter_invalid_string'],
    ['an unconfirmed payment intent', { payment_intent: 'OPEN' }, 'charge_not_refundable'],
    ['a declined payment', { payment_intent: 'DECLINED' }, 'charge_not_refundable'],
  ])('refused: %s (%j) → %s, nothing appended', async (_name, params, code) => {
    const ids: Record<string, string> = {
      PAID: (await paid()).id,
      OPEN: (await stripe.paymentIntents.create({ amount: 900, currency: 'usd' })).id,
      DECLINED: String(((await run(() => stripe.paymentIntents.create({ amount: 900, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true }))).error as Stripe.errors.StripeError).payment_intent?.id),
    };
    const resolved = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, ids[v] ?? v]));
    const op = await run(() => stripe.refunds.create(resolved));
    expect(op.error).toMatchObject({ type: 'StripeInvalidRequestError', code });
    expect(op.types).toEqual([]);
  });
});

describe('disputes', () => {
  it('pm_card_createDispute: the payment succeeds, then charge.dispute.created and charge.dispute.funds_withdrawn', async () => {
    const op = await disputed(4200);
    expect(op.types).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated', 'charge.dispute.created', 'charge.dispute.funds_withdrawn']);
    const dispute = op.events.at(-1)!.data as unknown as Stripe.Dispute;
    expect(dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: 4200, charge: op.result!.latest_charge, payment_intent: op.result!.id });
    expect(dispute.balance_transactions[0]).toMatchObject({ amount: -4200, fee: 1500, net: -5700, source: dispute.id, reporting_category: 'dispute' });
    expect(await stripe.charges.retrieve(String(op.result!.latest_charge))).toMatchObject({ disputed: true });
    expect((await stripe.disputes.list({ payment_intent: op.result!.id })).data.map((d) => d.id)).toEqual([dispute.id]);
  });

  it('evidence, then submit: charge.dispute.updated each time, with what changed; then closing is refused', async () => {
    const intent = (await disputed()).result!;
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    const evidence = await run(() => stripe.disputes.update(dispute!.id, { evidence: { customer_name: 'Ada Lovelace', uncategorized_text: 'Used the service.' }, submit: false }));
    expect(evidence.types).toEqual(['charge.dispute.updated']);
    expect(Object.keys(evidence.events[0]!.previous ?? {})).toEqual(['evidence', 'evidence_details']);
    expect(evidence.result).toMatchObject({ status: 'needs_response', evidence: { customer_name: 'Ada Lovelace' }, evidence_details: { has_evidence: true, submission_count: 0 } });
    const submitted = await run(() => stripe.disputes.update(dispute!.id, { submit: true }));
    expect(submitted.types).toEqual(['charge.dispute.updated']);
    expect(submitted.result).toMatchObject({ status: 'under_review', evidence_details: { submission_count: 1, submission_method: 'manual' } });
    const close = await run(() => stripe.disputes.close(dispute!.id));
    expect(close.error).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    expect(close.types).toEqual([]);
  });

  it.each([
    ['winning_evidence', 'won', ['charge.dispute.updated', 'charge.dispute.closed', 'charge.dispute.funds_reinstated'], 2],
    ['losing_evidence', 'lost', ['charge.dispute.updated', 'charge.dispute.closed'], 1],
    ['A long letter.', 'under_review', ['charge.dispute.updated'], 1],
  ])('evidence "%s" submitted (submit defaults to true): %s, %j', async (text, status, types, transactions) => {
    const intent = (await disputed()).result!;
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    const op = await run(() => stripe.disputes.update(dispute!.id, { evidence: { uncategorized_text: text } }));
    expect(op.types).toEqual(types);
    expect(op.result).toMatchObject({ status, evidence_details: { submission_count: 1 } });
    expect(op.result!.balance_transactions).toHaveLength(transactions);
    if (status === 'won') expect(op.result!.balance_transactions[1]).toMatchObject({ amount: 5000, fee: -1500, net: 6500, source: dispute!.id });
  });

  it('a disputed charge cannot be refunded (charge_disputed)', async () => {
    const intent = (await disputed()).result!;
    const op = await run(() => stripe.refunds.create({ payment_intent: intent.id }));
    expect(op.error).toMatchObject({ statusCode: 400, code: 'charge_disputed' });
    expect(op.types).toEqual([]);
  });

  it('close accepts the loss: charge.dispute.closed, status lost', async () => {
    const intent = (await disputed()).result!;
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    const op = await run(() => stripe.disputes.close(dispute!.id));
    expect(op.types).toEqual(['charge.dispute.closed']);
    expect(op.result?.status).toBe('lost');
  });

  it('an unknown dispute, or unknown evidence, is refused', async () => {
    const intent = (await disputed()).result!;
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    const ops = [await run(() => stripe.disputes.update('dp_000000000000000000000000', { metadata: { a: '1' } })), await run(() => stripe.disputes.update(dispute!.id, { evidence: { mood: 'sad' } as never }))];
    expect(ops.map((op) => (op.error as Stripe.errors.StripeError).code)).toEqual(['resource_missing', 'parameter_unknown']);
    expect(ops.flatMap((op) => op.types)).toEqual([]);
  });
});

describe('every object these operations wrote', () => {
  it("type-checks as stripe-node's Event data of its type", () => {
    expect(seen.length).toBeGreaterThan(30);
    expect(stripeEventTypeProblems(seen)).toEqual([]);
  }, 60_000);
});
