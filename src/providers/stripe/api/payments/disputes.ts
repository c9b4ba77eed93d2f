/**
 * Disputes as test mode makes them: a charge on `pm_card_createDispute` (4000 0000 0000 0259) is
 * disputed as fraudulent right after it succeeds, and the disputed amount plus the fee is withdrawn.
 * `POST /v1/disputes/:id` adds evidence (and submits it), `POST /v1/disputes/:id/close` accepts the loss.
 */
import { isPlainObject } from '../../../../core/index.js';
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { changedFields, emit } from '../emit.js';
import { resourceMissing, stripeError, stripeJson, unknownParameter } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { mergeMetadata, recordBalanceTransaction, seconds, stripeOrder } from './objects.js';

const EVIDENCE_FIELDS = [
  'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal',
  'customer_communication', 'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature',
  'duplicate_charge_documentation', 'duplicate_charge_explanation', 'duplicate_charge_id', 'product_description', 'receipt',
  'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date', 'service_documentation',
  'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
  'uncategorized_file', 'uncategorized_text',
] as const;

const DAY = 86_400;

/**
 * Opens a fraudulent dispute on `charge` (a settled charge): stores the dispute and the withdrawal,
 * marks the charge `disputed`, and appends `charge.dispute.created` then `charge.dispute.funds_withdrawn`.
 * @example
 * openDispute(world, world.get('stripe', 'charge', 'ch_…')!);
 */
export function openDispute(world: World, charge: Obj, at?: number): Obj {
  const created = seconds(world, at);
  const id = world.id('dp', 24);
  const amount = Number(charge.amount_captured ?? charge.amount);
  const currency = String(charge.currency);
  const withdrawal = recordBalanceTransaction(world, { amount: -amount, currency, source: id, type: 'adjustment', fee: 1500, description: `Chargeback withdrawal for ${String(charge.id)}`, at });
  const card = isPlainObject(charge.payment_method_details) && isPlainObject(charge.payment_method_details.card) ? charge.payment_method_details.card : {};
  const dispute = world.put('stripe', 'dispute', stripeOrder({
    id,
    object: 'dispute',
    amount,
    balance_transactions: [withdrawal],
    charge: charge.id,
    created,
    currency,
    enhanced_eligibility_types: [],
    evidence: { ...Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, null])), enhanced_evidence: {} },
    evidence_details: { due_by: created + 21 * DAY - (created % DAY) - 1, enhanced_eligibility: {}, has_evidence: false, past_due: false, submission_count: 0, submission_method: 'not_submitted' },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: '10.4',
    payment_intent: charge.payment_intent ?? null,
    payment_method_details: { card: { brand: card.brand ?? 'visa', case_type: 'chargeback', network: card.brand ?? 'visa', network_reason_code: '10.4' }, type: 'card' },
    reason: 'fraudulent',
    status: 'needs_response',
  }));
  // The charge says it is disputed; Stripe sends no charge event for that (the dispute events tell it).
  world.put('stripe', 'charge', { ...charge, disputed: true });
  emit(world, ['charge.dispute.created'], dispute, { at });
  emit(world, ['charge.dispute.funds_withdrawn'], dispute, { at });
  return dispute;
}

const OPEN = new Set(['needs_response', 'warning_needs_response']);

function closedError(dispute: Obj, verb: string): Response {
  return stripeError(400, {
    type: 'invalid_request_error',
    message: `This dispute is already closed (status ${String(dispute.status)}); it cannot be ${verb}.`,
  });
}

/**
 * `POST /v1/disputes/:id`: `evidence[…]`, `metadata`, `submit=true` (evidence goes to the bank: `under_review`).
 * @example
 * r('POST', '/v1/disputes/:id', updateDispute())
 */
export function updateDispute(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'dispute', id);
    if (!current) return resourceMissing('dispute', id);
    const body = await formBody(request);
    for (const key of Object.keys(body)) if (!['evidence', 'metadata', 'submit', 'expand'].includes(key)) return unknownParameter(key);
    const evidence: Obj = { ...(current.evidence as Obj) };
    for (const [key, value] of Object.entries(isPlainObject(body.evidence) ? body.evidence : {})) {
      if (!(EVIDENCE_FIELDS as readonly string[]).includes(key)) return unknownParameter(`evidence[${key}]`);
      evidence[key] = value === '' ? null : String(value);
    }
    // `submit` defaults to true (stripe-node's DisputeUpdateParams): evidence is sent unless `submit=false` stages it.
    const submit = body.submit === 'true' || (body.submit === undefined && isPlainObject(body.evidence));
    if (submit && !OPEN.has(String(current.status))) return closedError(current, 'submitted');
    const details = current.evidence_details as Obj;
    const hasEvidence = EVIDENCE_FIELDS.some((f) => evidence[f] !== null);
    const next: Obj = stripeOrder({
      ...current,
      evidence,
      evidence_details: submit ? { ...details, has_evidence: hasEvidence, submission_count: Number(details.submission_count) + 1, submission_method: 'manual' } : { ...details, has_evidence: hasEvidence },
      metadata: mergeMetadata(current.metadata, body.metadata),
      status: submit ? 'under_review' : current.status,
    });
    const previous = changedFields(current, next);
    const stored = world.put('stripe', 'dispute', next);
    if (Object.keys(previous).length > 0) emit(world, ['charge.dispute.updated'], stored, { previous });
    const outcome = submit ? TEST_OUTCOMES[String(evidence.uncategorized_text)] : undefined;
    return stripeJson(expand(world, outcome ? decide(world, stored, outcome) : stored, expandParam(body)));
  };
}

/** Test mode's decided disputes: evidence whose `uncategorized_text` is `winning_evidence` wins, `losing_evidence` loses (docs.stripe.com/testing, disputes). */
const TEST_OUTCOMES: Readonly<Record<string, 'won' | 'lost'>> = { winning_evidence: 'won', losing_evidence: 'lost' };

/** The bank's decision: `charge.dispute.closed`; a won dispute gets its funds back (`charge.dispute.funds_reinstated`). */
function decide(world: World, dispute: Obj, status: 'won' | 'lost'): Obj {
  const withdrawn = (dispute.balance_transactions as Obj[])[0];
  const reinstated =
    status === 'won' && withdrawn
      ? [recordBalanceTransaction(world, { amount: -Number(withdrawn.amount), currency: String(dispute.currency), source: String(dispute.id), type: 'adjustment', fee: -Number(withdrawn.fee), description: `Chargeback reversal for ${String(dispute.charge)}` })]
      : [];
  const closed = world.put('stripe', 'dispute', { ...dispute, balance_transactions: [...(dispute.balance_transactions as Obj[]), ...reinstated], status });
  emit(world, ['charge.dispute.closed'], closed);
  if (status === 'won') emit(world, ['charge.dispute.funds_reinstated'], closed);
  return closed;
}

/**
 * `POST /v1/disputes/:id/close`: the dispute is accepted as lost.
 * @example
 * r('POST', '/v1/disputes/:id/close', closeDispute())
 */
export function closeDispute(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'dispute', id);
    if (!current) return resourceMissing('dispute', id);
    const body = await formBody(request);
    if (!OPEN.has(String(current.status))) return closedError(current, 'closed');
    const lost = world.put('stripe', 'dispute', { ...current, status: current.status === 'warning_needs_response' ? 'warning_closed' : 'lost' });
    emit(world, ['charge.dispute.closed'], lost);
    return stripeJson(expand(world, lost, expandParam(body)));
  };
}
