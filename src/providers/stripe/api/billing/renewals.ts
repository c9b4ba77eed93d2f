/**
 * The moves a test clock makes on one subscription (`advance.ts` picks when): the period end
 * (renewal or cancellation), the renewal's finalization and charge, Smart Retries and the end
 * state when they run out (canceled, `cancellation_details.reason=payment_failed`,
 * `customer.subscription.deleted`), the upcoming-invoice notice, and an `incomplete` subscription's
 * expiry. Hard declines and a missing payment method are not retried
 * (docs.stripe.com/billing/revenue-recovery/smart-retries); the end state then comes when the
 * retry window (the last of `RETRY_DAYS`) closes.
 */
import type { Obj } from '../../../shared/api/index.js';
import type { PaymentAttempt } from '../payments/attempt.js';
import type { Chain } from './chain.js';
import { collectInvoice, type Collection } from './collect.js';
import { draftPeriodInvoice, finalizeAndCollect, storeSubscription } from './cycle.js';
import { finalized, newInvoice } from './invoice-objects.js';
import { changedFields, ordered, save } from './params.js';
import { billingSettings } from './settings.js';
import { addInterval, intervalOf } from './periods.js';
import { cancellation, itemsOf, periodLines, periodOf, withPeriod } from './subscription-objects.js';

const DAY = 86_400;
/**
 * Smart Retries, Stripe's recommended default "8 tries within 2 weeks"
 * (docs.stripe.com/billing/revenue-recovery/smart-retries): the first attempt, then retries these
 * many days after it. Stripe picks the times by machine learning; this fixed schedule stands in.
 */
export const RETRY_DAYS: readonly number[] = [1, 3, 5, 7, 9, 11, 14];
/** Decline codes Stripe never retries (docs.stripe.com/billing/revenue-recovery/smart-retries#non-retryable-decline-codes). */
const HARD_DECLINES = new Set([
  'incorrect_number', 'lost_card', 'pickup_card', 'stolen_card', 'revocation_of_all_authorizations', 'revocation_of_authorization',
  'security_violation', 'service_not_allowed', 'stop_payment_order', 'transaction_not_allowed',
]);

/** What the clock remembers of a subscription between moments (kept beside it, never on it). */
export interface Schedule extends Obj {
  readonly id: unknown;
  trialWillEnd?: boolean;
  /** The period end whose `invoice.upcoming` was sent. */
  upcomingFor?: number;
  /** The renewal draft waiting to be finalized, and when. */
  draft?: string;
  finalizeAt?: number;
  /** The failed invoice being retried: its first failure, the next retry's index in `RETRY_DAYS`, when. */
  failedInvoice?: string;
  failedAt?: number;
  retryIndex?: number;
  retryAt?: number;
  /** When the end state applies to a failure that is not retried. */
  endAt?: number;
}

function withoutRetry(state: Schedule): Schedule {
  const { failedInvoice: _i, failedAt: _f, retryIndex: _r, retryAt: _a, endAt: _e, ...rest } = state;
  return rest;
}

/** Whether Stripe retries after this attempt. */
function retryable(attempt: PaymentAttempt | null): boolean {
  if (!attempt) return false;
  const code = (attempt.error as Obj | null)?.decline_code;
  return !(typeof code === 'string' && HARD_DECLINES.has(code));
}

/** Stores the subscription with `change` and sends `customer.subscription.updated` when it changed. */
function updateSubscription(chain: Chain, sub: Obj, change: Obj, at: number): Obj {
  const current = chain.world.get('stripe', 'subscription', String(sub.id)) ?? sub;
  const next = { ...current, ...change };
  const previous = changedFields(current, next);
  if (Object.keys(previous).length === 0) return current;
  const stored = storeSubscription(chain.world, next);
  chain.emit(['customer.subscription.updated'], stored, { previous, at: at * 1000 });
  return stored;
}

/**
 * `invoice.upcoming`: the next renewal's invoice as a preview, not stored. Stripe's docs say it has
 * no id; the payloads the project's oracle pins carry an `upcoming_in_…` one, which stripe-node's
 * types require.
 */
export function sendUpcoming(chain: Chain, sub: Obj, at: number): void {
  const world = chain.world;
  const { end } = periodOf(sub);
  const every = intervalOf(itemsOf(sub)[0]!.price as Obj)!;
  const period = { start: end, end: addInterval(end, every.interval, every.count) };
  const customer = world.get('stripe', 'customer', String(sub.customer)) ?? { id: sub.customer };
  const draft = newInvoice(world, { customer, currency: String(sub.currency), at, billingReason: 'upcoming', subscription: sub, period, lines: periodLines(world, sub, period, false) });
  const preview: Obj = { ...draft, id: `upcoming_${String(draft.id)}` };
  const lines = preview.lines as Obj;
  chain.emit(['invoice.upcoming'], ordered({ ...preview, lines: { ...lines, data: (lines.data as Obj[]).map((l) => ({ ...l, invoice: null })) } }), { at: at * 1000 });
}

/** The period end: canceled there, or renewed into the next period with its draft invoice. */
export function renewOrEnd(chain: Chain, sub: Obj, state: Schedule, at: number): Schedule {
  const { start, end } = periodOf(sub);
  if (sub.cancel_at_period_end === true || (typeof sub.cancel_at === 'number' && sub.cancel_at <= end)) {
    const ended = storeSubscription(chain.world, { ...sub, status: 'canceled', ended_at: at, canceled_at: sub.canceled_at ?? at });
    chain.emit(['customer.subscription.deleted'], ended, { at: at * 1000 });
    return { id: sub.id };
  }
  const every = intervalOf(itemsOf(sub)[0]!.price as Obj)!;
  const nextEnd = addInterval(end, every.interval, every.count);
  let next = withPeriod(sub, end, nextEnd);
  if (sub.status === 'trialing') next = { ...next, status: 'active' };
  const mark = chain.mark();
  const draft = draftPeriodInvoice(chain, next, { reason: 'subscription_cycle', period: { start: end, end: nextEnd }, invoicePeriod: { start, end }, at, autoAdvance: sub.status !== 'unpaid' });
  next = storeSubscription(chain.world, { ...next, latest_invoice: draft.id });
  chain.emitAt(mark, ['customer.subscription.updated'], next, { previous: changedFields(sub, next), at: at * 1000 });
  // An unpaid subscription's invoices are made but left as drafts, never attempted (stripe-node Subscriptions.ts `status`).
  if (sub.status === 'unpaid') return state;
  return { ...state, draft: String(draft.id), finalizeAt: at + 3600 };
}

/** After a charge of a renewal or retry: back to active, or past_due with the next retry or the end. */
function afterAttempt(chain: Chain, sub: Obj, state: Schedule, collected: Collection, at: number, retryIndex: number): Schedule {
  if (collected.outcome === 'paid') {
    const current = chain.world.get('stripe', 'subscription', String(sub.id)) ?? sub;
    if (current.status === 'past_due' || current.status === 'unpaid') updateSubscription(chain, sub, { status: 'active' }, at);
    return withoutRetry(state);
  }
  updateSubscription(chain, sub, { status: 'past_due' }, at);
  const failedAt = state.failedAt ?? at;
  const next = collected.invoice.next_payment_attempt;
  const base = { ...state, failedInvoice: String(collected.invoice.id), failedAt };
  if (typeof next === 'number') return { ...base, retryIndex, retryAt: next };
  if (retryIndex >= RETRY_DAYS.length) return endAfterRetries(chain, sub, base, at);
  return { ...base, retryAt: undefined, endAt: failedAt + RETRY_DAYS[RETRY_DAYS.length - 1]! * DAY };
}

/** The renewal draft, an hour after `invoice.created`: finalized and charged. */
export function finalizeRenewal(chain: Chain, sub: Obj, state: Schedule, at: number): Schedule {
  const { draft: draftId, finalizeAt: _f, ...rest } = state;
  const draft = draftId ? chain.world.get('stripe', 'invoice', draftId) : undefined;
  if (!draft || draft.status !== 'draft') return rest;
  if (sub.collection_method === 'send_invoice') {
    chain.emit(['invoice.finalized'], save(chain.world, 'invoice', finalized(chain.world, draft, at)), { at: at * 1000 });
    return rest;
  }
  // A new failure starts its own retry window; an older one still retrying is replaced.
  const fresh = withoutRetry(rest);
  const collected = finalizeAndCollect(chain, draft, at, { failWithoutPaymentMethod: true, nextAttempt: (attempt) => (retryable(attempt) ? at + RETRY_DAYS[0]! * DAY : null) });
  return afterAttempt(chain, sub, { ...fresh, failedAt: at }, collected, at, 0);
}

/** A Smart Retry of the failed invoice. */
export function retryInvoice(chain: Chain, sub: Obj, state: Schedule, at: number): Schedule {
  const invoice = state.failedInvoice ? chain.world.get('stripe', 'invoice', state.failedInvoice) : undefined;
  if (!invoice || invoice.status !== 'open' || sub.status === 'canceled') return withoutRetry(state);
  const index = state.retryIndex ?? 0;
  const failedAt = state.failedAt ?? at;
  const collected = collectInvoice(chain, String(invoice.id), {
    at,
    offSession: true,
    failWithoutPaymentMethod: true,
    nextAttempt: (attempt) => (index + 1 < RETRY_DAYS.length && retryable(attempt) ? failedAt + RETRY_DAYS[index + 1]! * DAY : null),
  });
  return afterAttempt(chain, sub, state, collected, at, index + 1);
}

/** Retries ran out: the subscription's end state as the settings say (default canceled, `payment_failed`). */
export function endAfterRetries(chain: Chain, sub: Obj, state: Schedule, at: number): Schedule {
  const current = chain.world.get('stripe', 'subscription', String(sub.id)) ?? sub;
  if (current.status === 'canceled') return withoutRetry(state);
  const end = billingSettings(chain.world).afterRetries;
  if (end === 'unpaid') updateSubscription(chain, current, { status: 'unpaid' }, at);
  if (end !== 'canceled') return withoutRetry(state);
  const ended = storeSubscription(chain.world, {
    ...current,
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    cancellation_details: cancellation('payment_failed'),
  });
  chain.emit(['customer.subscription.deleted'], ended, { at: at * 1000 });
  return { id: sub.id };
}

/** 23 hours without a first payment: `incomplete_expired`, the first invoice voided. */
export function expireIncomplete(chain: Chain, sub: Obj, state: Schedule, at: number): Schedule {
  updateSubscription(chain, sub, { status: 'incomplete_expired', ended_at: at }, at);
  const invoice = typeof sub.latest_invoice === 'string' ? chain.world.get('stripe', 'invoice', sub.latest_invoice) : undefined;
  if (invoice && invoice.status === 'open') {
    const voided = save(chain.world, 'invoice', {
      ...invoice,
      status: 'void',
      amount_remaining: 0,
      next_payment_attempt: null,
      auto_advance: false,
      status_transitions: { ...(invoice.status_transitions as Obj), voided_at: at },
    });
    chain.emit(['invoice.voided'], voided, { at: at * 1000 });
  }
  return { id: state.id };
}
