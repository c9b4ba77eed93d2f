/**
 * What each event type carries: the resource in `data.object` in the state the event reports,
 * `previous_attributes` for updates, and whether a request caused it (API calls) or Stripe did
 * on its own (renewals, payouts, disputes: `request.id` is null). Resources with hand-built
 * payloads accept any verb; others fall back to a generic object.
 */
import {
  coupon,
  customer,
  invoice,
  newPlan,
  newSubscription,
  price,
  product,
  subscription,
  subscriptionSchedule,
  addInterval,
  type InvoiceOptions,
  type SubscriptionInfo,
  type SubscriptionOptions,
} from './billing.js';
import { checkoutSession } from './checkout.js';
import { account, balance, onboardingPrevious, payout, type PayoutState } from './connect.js';
import { genericObject } from './generic.js';
import { isWalked, walkedObject, walkedPrevious } from './walked.js';
import {
  charge,
  dispute,
  evidence,
  newPayment,
  paymentIntent,
  paymentMethod,
  refund,
  setupIntent,
  type PaymentIntentState,
  type SetupIntentState,
} from './payments.js';
import { DAY, type Obj, type Scene } from './scene.js';

export interface EventParts {
  readonly object: Obj;
  /** Only for `*.updated`: the changed top-level attributes' former values. */
  readonly previous?: Obj;
  /** Caused by Stripe itself rather than an API request: `request: { id: null, idempotency_key: null }`. */
  readonly automatic?: boolean;
  /** The connected account a Connect event comes from. */
  readonly account?: string;
  /** The version character of the event id: `3` for events of a PaymentIntent's flow, as Stripe mints them. */
  readonly idVersion?: string;
}

type Recipe = (s: Scene, verb: string) => EventParts;

const HOUR = 3600;

// --- payments ----------------------------------------------------------------------------------

const PAYMENT_INTENT_STATES: Readonly<Record<string, PaymentIntentState>> = {
  created: 'requires_payment_method',
  succeeded: 'succeeded',
  payment_failed: 'payment_failed',
  canceled: 'canceled',
  processing: 'processing',
  requires_action: 'requires_action',
  amount_capturable_updated: 'requires_capture',
};

const paymentIntentRecipe: Recipe = (s, verb) => {
  const state = PAYMENT_INTENT_STATES[verb] ?? 'requires_payment_method';
  const created = state === 'canceled' ? s.now - s.int(HOUR, 2 * DAY) : s.now;
  const p = newPayment(s, { created, method: state === 'processing' ? 'us_bank_account' : 'card' });
  return { object: paymentIntent(s, p, state), idVersion: '3', automatic: state === 'canceled' && s.chance(50) };
};

const chargeRecipe: Recipe = (s, verb) => {
  switch (verb) {
    case 'failed': {
      const p = newPayment(s);
      return { object: charge(s, p, 'failed'), idVersion: '3' };
    }
    case 'pending': {
      const p = newPayment(s, { method: 'us_bank_account' });
      return { object: charge(s, p, 'pending'), idVersion: '3' };
    }
    case 'captured': {
      const p = newPayment(s, { created: s.now - s.int(HOUR, 6 * DAY) });
      return { object: charge(s, p, 'succeeded') };
    }
    case 'refunded': {
      const p = newPayment(s, { created: s.now - s.int(HOUR, 20 * DAY) });
      return { object: charge(s, p, 'refunded') };
    }
    case 'updated': {
      // The balance transaction lands shortly after an asynchronously captured charge succeeds.
      const p = newPayment(s, { created: s.now - s.int(2, 40) });
      return { object: charge(s, p, 'succeeded'), previous: { balance_transaction: null }, automatic: true };
    }
    case 'expired': {
      const p = newPayment(s, { created: s.now - 7 * DAY });
      return { object: charge(s, p, 'uncaptured'), automatic: true };
    }
    default: {
      // `charge.succeeded`: with automatic_async capture the balance transaction is not there yet.
      const p = newPayment(s);
      return { object: charge(s, p, 'succeeded', { balanceTransaction: false }), idVersion: '3' };
    }
  }
};

const disputeRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(5, 60) * DAY });
  if (verb === 'updated') {
    const created = s.now - s.int(1, 10) * DAY;
    const object = dispute(s, p, 'under_review', created);
    const details = object.evidence_details as Obj;
    return {
      object,
      previous: {
        evidence: evidence(p, false),
        evidence_details: { ...details, has_evidence: false, submission_count: 0, submission_method: 'not_submitted' },
        status: 'needs_response',
      },
    };
  }
  if (verb === 'closed') {
    const object = dispute(s, p, s.pick(['won', 'lost'] as const), s.now - s.int(30, 70) * DAY);
    return { object, automatic: true };
  }
  return { object: dispute(s, p, 'needs_response', s.now), automatic: true };
};

const refundRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(HOUR, 20 * DAY) });
  if (verb === 'updated') {
    const object = refund(s, p, { created: s.now - s.int(1, 5) * DAY, referenceAvailable: true });
    const { reference: _reference, ...card } = (object.destination_details as { card: Obj }).card;
    return {
      object,
      previous: { destination_details: { card: { ...card, reference_status: 'pending' }, type: 'card' } },
      automatic: true,
    };
  }
  if (verb === 'failed') return { object: refund(s, p, { status: 'failed' }), automatic: true };
  return { object: refund(s, p) };
};

const paymentMethodRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(10, 120), customer: s.customerId });
  if (verb === 'detached') return { object: paymentMethod(s, p, { customer: null }) };
  if (verb === 'updated' || verb === 'automatically_updated') {
    const object = paymentMethod(s, p, { created: s.now - s.int(5, 300) * DAY });
    const details = object.billing_details as Obj;
    return { object, previous: verb === 'updated' ? { billing_details: { ...details, name: null } } : undefined, automatic: verb !== 'updated' };
  }
  return { object: paymentMethod(s, p) };
};

const SETUP_STATES: Readonly<Record<string, SetupIntentState>> = {
  created: 'requires_payment_method',
  succeeded: 'succeeded',
  setup_failed: 'setup_failed',
  canceled: 'canceled',
  requires_action: 'requires_action',
};

const setupIntentRecipe: Recipe = (s, verb) => {
  const state = SETUP_STATES[verb] ?? 'requires_payment_method';
  const p = newPayment(s, { created: state === 'requires_payment_method' ? s.now : s.now - s.int(5, 300), customer: s.customerId });
  return { object: setupIntent(s, p, state) };
};

// --- checkout ----------------------------------------------------------------------------------

const checkoutRecipe: Recipe = (s, verb) => {
  if (verb === 'expired') {
    const created = s.now - DAY;
    const p = newPayment(s, { created, customer: null });
    const object = checkoutSession(s, p, { status: 'expired', paymentStatus: 'unpaid', withPaymentIntent: false, created });
    return { object, automatic: true };
  }
  if (verb === 'async_payment_succeeded' || verb === 'async_payment_failed') {
    const created = s.now - s.int(3, 5) * DAY;
    const p = newPayment(s, { created: created + s.int(60, 600), method: 'us_bank_account', customer: s.customerId });
    const paid = verb === 'async_payment_succeeded';
    const object = checkoutSession(s, p, { status: 'complete', paymentStatus: paid ? 'paid' : 'unpaid', withPaymentIntent: true, created });
    return { object, automatic: true };
  }
  // `checkout.session.completed`: a payment, or a subscription's first invoice.
  const created = s.now - s.int(60, 1200);
  if (s.chance(25)) {
    const plan = newPlan(s);
    const sub = newSubscription(s, plan);
    const p = newPayment(s, { amount: plan.unitAmount * sub.quantity, customer: s.customerId });
    const object = checkoutSession(s, p, {
      status: 'complete',
      paymentStatus: 'paid',
      withPaymentIntent: false,
      created,
      subscription: sub.id,
      invoice: sub.latestInvoice,
    });
    return { object };
  }
  const p = newPayment(s);
  return { object: checkoutSession(s, p, { status: 'complete', paymentStatus: 'paid', withPaymentIntent: true, created }) };
};

// --- billing -----------------------------------------------------------------------------------

const customerRecipe: Recipe = (s, verb) => {
  if (verb === 'created') return { object: customer(s) };
  const created = s.now - s.int(1, 400) * DAY;
  if (verb === 'updated') {
    const object = customer(s, { created });
    const previous = s.chance(50) ? { email: s.newPerson().email } : { name: null };
    return { object, previous };
  }
  return { object: customer(s, { created }) };
};

/**
 * A subscription some periods old whose latest renewal (and invoice) was at `renewal`, or whose
 * next renewal is at `nextRenewal`.
 */
function runningSubscription(s: Scene, at: { renewal?: number; nextRenewal?: number } = {}): SubscriptionInfo {
  const plan = newPlan(s);
  const renewal =
    at.nextRenewal !== undefined ? addInterval(at.nextRenewal, plan.interval, -1) : (at.renewal ?? s.now - s.int(HOUR, 20 * DAY));
  const periods = s.int(1, plan.interval === 'year' ? 2 : 11);
  const created = addInterval(renewal, plan.interval, -periods);
  const priced = Math.min(plan.created, created - DAY);
  return newSubscription(s, { ...plan, created: priced, price: s.id('price', priced) }, { created, periodStart: renewal });
}

const subscriptionRecipe: Recipe = (s, verb) => {
  switch (verb) {
    case 'created': {
      const sub = newSubscription(s, newPlan(s));
      const trial = s.chance(25);
      const options: SubscriptionOptions = trial
        ? { status: 'trialing', trialStart: s.now, trialEnd: s.now + 14 * DAY }
        : { status: 'active' };
      return { object: subscription(s, trial ? { ...sub, periodEnd: s.now + 14 * DAY } : sub, options) };
    }
    case 'updated': {
      const sub = runningSubscription(s);
      if (s.chance(50)) {
        const object = subscription(s, sub, { status: 'active', cancelAtPeriodEnd: true, canceledAt: s.now });
        return {
          object,
          previous: {
            cancel_at: null,
            cancel_at_period_end: false,
            canceled_at: null,
            cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
          },
        };
      }
      return { object: subscription(s, sub, { status: 'past_due' }), previous: { status: 'active' }, automatic: true };
    }
    case 'deleted': {
      const sub = runningSubscription(s);
      return { object: subscription(s, sub, { status: 'canceled', canceledAt: s.now, endedAt: s.now }) };
    }
    case 'paused': {
      // A trial that ended without a payment method pauses the subscription.
      const trialStart = s.now - 14 * DAY;
      const sub = newSubscription(s, newPlan(s), { created: trialStart });
      const object = subscription(s, { ...sub, paymentMethod: null, periodStart: s.now, periodEnd: s.now }, {
        status: 'paused',
        trialStart,
        trialEnd: s.now,
      });
      return { object, automatic: true };
    }
    case 'resumed': {
      const sub = newSubscription(s, newPlan(s), { created: s.now - s.int(15, 60) * DAY, periodStart: s.now });
      return { object: subscription(s, sub, { status: 'active' }) };
    }
    case 'trial_will_end': {
      const trialEnd = s.now + 3 * DAY;
      const sub = newSubscription(s, newPlan(s), { created: trialEnd - 14 * DAY });
      const object = subscription(s, { ...sub, periodEnd: trialEnd }, { status: 'trialing', trialStart: sub.created, trialEnd });
      return { object, automatic: true };
    }
    default:
      return { object: subscription(s, runningSubscription(s), { status: 'active' }) };
  }
};

/** Invoice events of a subscription: renewals create a draft, finalize it an hour later, then charge it. */
const invoiceRecipe: Recipe = (s, verb) => {
  const cycle = (renewal: number, status: InvoiceOptions['status'], extra: Partial<InvoiceOptions> = {}): Obj =>
    invoice(s, runningSubscription(s, { renewal }), {
      status,
      created: renewal,
      billingReason: 'subscription_cycle',
      finalizedAt: renewal + HOUR,
      ...extra,
    });
  const finalizedNow = s.now - HOUR;
  switch (verb) {
    case 'created':
      return { object: cycle(s.now, 'draft', { finalizedAt: null, webhooksDelivered: false }), automatic: true };
    case 'upcoming': {
      const sub = runningSubscription(s, { nextRenewal: s.now + s.pick([3, 7, 14]) * DAY });
      const next = {
        ...sub,
        periodStart: sub.periodEnd,
        periodEnd: addInterval(sub.periodEnd, sub.plan.interval),
        latestInvoice: `upcoming_in_${s.base62(24)}`,
      };
      const object = invoice(s, next, { status: 'draft', created: s.now, billingReason: 'upcoming', webhooksDelivered: false });
      return { object, automatic: true };
    }
    case 'finalized':
      return { object: cycle(finalizedNow, 'open'), automatic: true };
    case 'paid':
    case 'payment_succeeded':
      return { object: cycle(finalizedNow, 'paid', { paidAt: s.now }), automatic: true };
    case 'payment_failed':
      return {
        object: cycle(finalizedNow, 'open', { attemptCount: 1, nextPaymentAttempt: s.now + 3 * DAY }),
        automatic: true,
      };
    case 'marked_uncollectible':
      return {
        object: cycle(s.now - 21 * DAY, 'uncollectible', { attemptCount: 4, uncollectibleAt: s.now }),
        automatic: true,
      };
    case 'voided':
      return { object: cycle(s.now - s.int(1, 10) * DAY, 'void', { attemptCount: 1, voidedAt: s.now }) };
    case 'updated': {
      const object = cycle(s.now - s.int(1, 5) * DAY, 'open', { attemptCount: 1, nextPaymentAttempt: s.now + 2 * DAY });
      object.description = 'Thanks for your business!';
      return { object, previous: { description: null } };
    }
    case 'sent':
      return { object: cycle(finalizedNow, 'open') };
    case 'deleted':
      return { object: cycle(s.now - s.int(1, 5) * HOUR, 'draft', { finalizedAt: null }) };
    case 'finalization_failed':
      return { object: cycle(s.now - HOUR, 'draft', { finalizedAt: null }), automatic: true };
    case 'overpaid':
      return { object: cycle(finalizedNow, 'paid', { paidAt: s.now }), automatic: true };
    default:
      return { object: cycle(s.now - s.int(1, 10) * DAY, 'open'), automatic: true };
  }
};

const productRecipe: Recipe = (s, verb) => {
  if (verb === 'created') return { object: product(s, newPlan(s, { created: s.now })) };
  const plan = newPlan(s);
  if (verb === 'updated') {
    const object = product(s, plan, { updated: s.now, description: `${plan.productName}, billed every ${plan.interval}.` });
    return { object, previous: { description: null, updated: plan.created } };
  }
  if (verb === 'deleted') return { object: product(s, plan, { active: false, updated: s.now }) };
  return { object: product(s, plan) };
};

const priceRecipe: Recipe = (s, verb) => {
  if (verb === 'created') return { object: price(s, newPlan(s, { created: s.now, recurring: s.chance(70) })) };
  const plan = newPlan(s, { recurring: s.chance(70) });
  if (verb === 'updated') {
    const nickname = plan.recurring ? `${plan.interval === 'year' ? 'Annual' : 'Monthly'} plan` : 'Standard';
    return { object: price(s, plan, { nickname }), previous: { nickname: null } };
  }
  if (verb === 'deleted') return { object: price(s, plan, { active: false }) };
  return { object: price(s, plan) };
};

const couponRecipe: Recipe = (s, verb) => {
  if (verb === 'created') return { object: coupon(s) };
  const object = coupon(s, s.now - s.int(1, 90) * DAY);
  object.times_redeemed = s.int(0, 40);
  if (verb === 'updated') {
    const previous = { name: object.name };
    object.name = `${String(object.name)} (launch)`;
    return { object, previous };
  }
  return { object };
};

const scheduleRecipe: Recipe = (s, verb) => {
  if (verb === 'completed' || verb === 'released' || verb === 'expiring' || verb === 'updated') {
    // A schedule that has been running its subscription for a while.
    const created = s.now - s.int(30, 300) * DAY;
    const sub = newSubscription(s, newPlan(s), { created: created + s.int(1, 10) * DAY });
    const status = verb === 'completed' ? 'completed' : verb === 'released' ? 'released' : 'active';
    return { object: subscriptionSchedule(s, sub, { status, created }), automatic: verb !== 'released' && verb !== 'updated' };
  }
  if (verb === 'canceled' || verb === 'aborted') {
    const created = s.now - s.int(2, 20) * DAY;
    const sub = newSubscription(s, newPlan(s), { created: s.now + s.int(3, 20) * DAY });
    return { object: subscriptionSchedule(s, sub, { status: 'canceled', created, canceledAt: s.now }), automatic: verb === 'aborted' };
  }
  const start = s.now + s.int(1, 30) * DAY;
  const sub = newSubscription(s, newPlan(s), { created: start });
  return { object: subscriptionSchedule(s, sub, { status: 'not_started', created: s.now }) };
};

// --- account-level -----------------------------------------------------------------------------

const accountRecipe: Recipe = (s) => {
  const object = account(s, s.base62(10), s.now - s.int(1, 30) * DAY, { complete: true });
  return { object, previous: onboardingPrevious(object), automatic: true, account: object.id as string };
};

const PAYOUT_STATES: Readonly<Record<string, PayoutState>> = {
  created: 'pending',
  paid: 'paid',
  failed: 'failed',
  updated: 'in_transit',
  canceled: 'canceled',
  reconciliation_completed: 'paid',
};

const payoutRecipe: Recipe = (s, verb) => {
  const state = PAYOUT_STATES[verb] ?? 'pending';
  const created = state === 'pending' ? s.now : s.now - s.int(1, 3) * DAY;
  return { object: payout(s, state, created), automatic: true };
};

const balanceRecipe: Recipe = (s) => ({ object: balance(s), automatic: true });

/** Resources (the type minus its verb) with hand-built payloads. */
const RECIPES: Readonly<Record<string, Recipe>> = {
  account: accountRecipe,
  balance: balanceRecipe,
  charge: chargeRecipe,
  'charge.dispute': disputeRecipe,
  'checkout.session': checkoutRecipe,
  coupon: couponRecipe,
  customer: customerRecipe,
  'customer.subscription': subscriptionRecipe,
  invoice: invoiceRecipe,
  payment_intent: paymentIntentRecipe,
  payment_method: paymentMethodRecipe,
  payout: payoutRecipe,
  price: priceRecipe,
  product: productRecipe,
  refund: refundRecipe,
  setup_intent: setupIntentRecipe,
  subscription_schedule: scheduleRecipe,
};

/** Resources (an event type minus its verb) whose events have hand-built payloads. */
export const HAND_BUILT_RESOURCES: readonly string[] = Object.keys(RECIPES);

/**
 * The parts of the event `type` reports: a hand-built recipe for the resources above, the walked
 * generated shape for every other catalogued type, and a minimal generic object for a type outside
 * the catalog (sent only when the caller allows unknown types).
 */
export function eventParts(s: Scene, type: string): EventParts {
  const dot = type.lastIndexOf('.');
  const resource = type.slice(0, dot);
  const verb = type.slice(dot + 1);
  const recipe = RECIPES[resource];
  if (recipe && isWalked(type)) {
    const parts = recipe(s, verb);
    // Every `*.updated` carries what changed; recipes without a story of their own get the generic one.
    return verb === 'updated' && parts.previous === undefined ? { ...parts, previous: walkedPrevious(s, type, parts.object) } : parts;
  }
  const automatic = verb !== 'created' && verb !== 'updated' && verb !== 'deleted';
  if (isWalked(type)) {
    const object = walkedObject(s, type);
    return { object, automatic, ...(verb === 'updated' ? { previous: walkedPrevious(s, type, object) } : {}) };
  }
  return { object: genericObject(s, resource, verb), automatic };
}
