/**
 * Billing event recipes: customers, subscriptions and their renewal invoices, products, prices,
 * coupons and subscription schedules, each in the state its event reports.
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
import type { Recipe } from './recipe.js';
import { DAY, type Obj, type Scene } from './scene.js';

const HOUR = 3600;

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

/** Billing resources (the type minus its verb) with hand-built payloads. */
export const BILLING_RECIPES: Readonly<Record<string, Recipe>> = {
  coupon: couponRecipe,
  customer: customerRecipe,
  'customer.subscription': subscriptionRecipe,
  invoice: invoiceRecipe,
  price: priceRecipe,
  product: productRecipe,
  subscription_schedule: scheduleRecipe,
};
