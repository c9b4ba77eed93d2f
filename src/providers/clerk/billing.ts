/**
 * Clerk Billing webhook data: `BillingPaymentAttemptWebhookEventJSON`,
 * `BillingSubscriptionWebhookEventJSON` and `BillingSubscriptionItemWebhookEventJSON`. One payer
 * (a user) on one paid monthly plan, processed through Stripe; the ids of the payer, plan,
 * subscription and payment agree across the nested objects. Internal to the Clerk builder.
 */
import type { JsonObject } from '../../core/index.js';
import { person } from './resources.js';
import { DAY, HOUR, MINUTE, addMonths, alnum, before, between, clerkId, defaultImageUrl, isoDate, pick, type Scene } from './scene.js';

const PLANS = [
  { name: 'Pro', slug: 'pro', amount: 2000, seats: 5, description: 'For growing teams that need more projects and seats' },
  { name: 'Starter', slug: 'starter', amount: 900, seats: 1, description: 'Everything you need to get going' },
  { name: 'Business', slug: 'business', amount: 4900, seats: 20, description: 'Advanced controls, SSO and priority support' },
  { name: 'Plus', slug: 'plus', amount: 1500, seats: 3, description: 'More room for small teams' },
] as const;

/**
 * A money amount in US dollars: `{ amount: 2000, amount_formatted: '$20.00', currency: 'USD', currency_symbol: '$' }`.
 * @example
 * usd(123456).amount_formatted; // '$1,234.56'
 */
export function usd(cents: number): JsonObject {
  const formatted = (Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return { amount: cents, amount_formatted: `${cents < 0 ? '-' : ''}$${formatted}`, currency: 'USD', currency_symbol: '$' };
}

/** The payer, plan and subscription a billing event is about. */
interface Account {
  readonly payer: JsonObject;
  readonly plan: JsonObject;
  readonly amount: number;
  readonly seats: number;
  readonly subscriptionId: string;
  readonly subscriptionCreatedAt: number;
  readonly paymentSourceId: string;
  readonly itemId: string;
}

function account(scene: Scene, subscriptionCreatedAt: number): Account {
  const { faker, instanceId } = scene;
  const p = person(scene);
  const userCreatedAt = before(faker, subscriptionCreatedAt, 10 * MINUTE, 300 * DAY);
  const userId = clerkId(faker, 'user_', userCreatedAt);
  const def = pick(faker, PLANS);
  const planCreatedAt = before(faker, userCreatedAt, DAY, 200 * DAY);
  const planId = clerkId(faker, 'cplan_', planCreatedAt);
  // A user pays for themselves: Clerk sends the organization fields empty.
  const payer: JsonObject = {
    created_at: userCreatedAt,
    email: p.email,
    first_name: p.firstName,
    id: clerkId(faker, 'cpayer_', userCreatedAt),
    image_url: defaultImageUrl(instanceId, userId),
    instance_id: instanceId,
    last_name: p.lastName,
    object: 'commerce_payer',
    organization_id: '',
    organization_name: '',
    updated_at: userCreatedAt,
    user_id: userId,
  };
  const plan: JsonObject = {
    amount: def.amount,
    annual_monthly_amount: Math.round((def.amount * 0.8) / 100) * 100,
    currency: 'USD',
    description: def.description,
    has_base_fee: true,
    id: planId,
    instance_id: instanceId,
    interval: 1,
    is_default: false,
    is_recurring: true,
    name: def.name,
    period: 'month',
    product_id: clerkId(faker, 'cprd_', planCreatedAt),
    publicly_visible: true,
    slug: def.slug,
    // The plan's seats: the first ones come with the base fee.
    unit_prices: [{ block_size: 1, name: 'seats', tiers: [{ amount_per_block: 0, currency: 'USD', ends_after_block: def.seats, starts_at_block: 1 }] }],
  };
  return {
    payer,
    plan,
    amount: def.amount,
    seats: between(faker, 1, def.seats),
    subscriptionId: clerkId(faker, 'csub_', subscriptionCreatedAt),
    subscriptionCreatedAt,
    paymentSourceId: clerkId(faker, 'cps_', subscriptionCreatedAt),
    itemId: clerkId(faker, 'csubi_', subscriptionCreatedAt),
  };
}

interface ItemOptions {
  readonly status: string;
  readonly periodStart: number;
  readonly periodEnd: number | null;
  readonly paidCycles: number;
  readonly canceledAt?: number;
  readonly pastDueAt?: number;
  readonly freeTrial?: boolean;
  /** Standalone item events carry the payer; items inside a subscription or payment do not. */
  readonly withPayer: boolean;
}

/**
 * An item as a payment attempt lists it: with the `credits` applied to the charge and the plan's
 * `is_prorated`, without the subscription-side `seats`, `is_free_trial` and `unit_prices`.
 */
function paymentItem(scene: Scene, acct: Account, options: ItemOptions): JsonObject {
  const { seats: _seats, is_free_trial: _trial, ...rest } = item(scene, acct, options);
  const { unit_prices: _prices, ...plan } = acct.plan;
  const proration = rest.credit as JsonObject;
  return {
    ...rest,
    credits: { payer: { applied_amount: usd(0), remaining_balance: usd(0) }, proration, total: usd((proration.amount as JsonObject).amount as number) },
    plan: { ...plan, is_prorated: true },
  };
}

/**
 * A subscription item: the fields of Clerk's spec (`interval`, `is_free_trial`, `seats`,
 * `subscription_id`, …) and those @clerk/backend's `BillingSubscriptionItemWebhookEventJSON` declares
 * (`amount`, `credit`, `lifetime_paid`, `next_payment_*`, `plan_period`, `proration_date`).
 */
function item(scene: Scene, acct: Account, options: ItemOptions): JsonObject {
  const end = options.periodEnd ?? addMonths(options.periodStart, 1);
  const total = Math.max(1, Math.round((end - options.periodStart) / DAY));
  const remaining = Math.min(total, Math.max(0, Math.ceil((end - scene.at) / DAY)));
  const share = Math.round((remaining / total) * 100) / 100;
  const createdAt = Math.min(acct.subscriptionCreatedAt, options.periodStart);
  return {
    amount: usd(acct.amount),
    canceled_at: options.canceledAt ?? null,
    created_at: createdAt,
    credit: {
      // The unused share of what the period cost: nothing for a free trial.
      amount: usd(options.freeTrial ? 0 : Math.round(acct.amount * share)),
      cycle_days_remaining: remaining,
      cycle_days_total: total,
      cycle_remaining_percent: share,
    },
    id: acct.itemId,
    interval: 'month',
    is_free_trial: options.freeTrial ?? false,
    lifetime_paid: acct.amount * options.paidCycles,
    next_payment_amount: acct.amount,
    next_payment_date: end,
    object: 'commerce_subscription_item',
    past_due_at: options.pastDueAt ?? null,
    ...(options.withPayer ? { payer: acct.payer } : {}),
    period_end: options.periodEnd,
    period_start: options.periodStart,
    plan: acct.plan,
    plan_id: acct.plan.id as string,
    plan_period: 'month',
    proration_date: isoDate(options.periodStart),
    seats: { quantity: acct.seats },
    status: options.status,
    subscription_id: acct.subscriptionId,
    updated_at: Math.max(createdAt, before(scene.faker, scene.at, 5, 300)),
  };
}

/** A `BillingSubscriptionItemWebhookEventJSON` for `subscriptionItem.<event>`. */
export function subscriptionItem(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const event = eventType.slice('subscriptionItem.'.length);
  const fresh = event === 'active' || event === 'incomplete';
  const periodStart = fresh ? before(faker, at, 20, 900) : before(faker, at, 2 * DAY, 27 * DAY);
  const acct = account(scene, fresh ? periodStart : before(faker, periodStart, 0, 120 * DAY));
  const cycles = fresh ? 1 : between(faker, 1, 6);
  const periodEnd = addMonths(periodStart, 1);
  switch (event) {
    case 'upcoming': {
      // The next period, scheduled to start when the current one ends.
      return item(scene, acct, { status: 'upcoming', periodStart: periodEnd, periodEnd: addMonths(periodEnd, 1), paidCycles: cycles, withPayer: true });
    }
    case 'canceled':
      return item(scene, acct, { status: 'canceled', periodStart, periodEnd, paidCycles: cycles, canceledAt: before(faker, at, 5, 300), withPayer: true });
    case 'ended':
      return item(scene, acct, { status: 'ended', periodStart: addMonths(at, -1), periodEnd: before(faker, at, 5, 300), paidCycles: cycles, canceledAt: before(faker, at, 3 * DAY, 20 * DAY), withPayer: true });
    case 'abandoned':
      return item(scene, acct, { status: 'abandoned', periodStart: periodEnd, periodEnd: addMonths(periodEnd, 1), paidCycles: cycles, withPayer: true });
    case 'incomplete':
      return item(scene, acct, { status: 'incomplete', periodStart, periodEnd, paidCycles: 0, withPayer: true });
    case 'pastDue':
      return item(scene, acct, { status: 'past_due', periodStart, periodEnd, paidCycles: cycles, pastDueAt: before(faker, at, 5, 300), withPayer: true });
    case 'freeTrialEnding': {
      // A 14-day trial that ends in three days.
      const trialEnd = at + 3 * DAY - between(faker, 0, HOUR);
      return item(scene, acct, { status: 'active', periodStart: trialEnd - 14 * DAY, periodEnd: trialEnd, paidCycles: 0, freeTrial: true, withPayer: true });
    }
    default:
      return item(scene, acct, { status: 'active', periodStart, periodEnd, paidCycles: cycles, withPayer: true });
  }
}

/** A `BillingSubscriptionWebhookEventJSON` for `subscription.<event>`, holding one paid item. */
export function subscription(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const created = eventType === 'subscription.created';
  const pastDue = eventType === 'subscription.pastDue';
  const periodStart = created ? before(faker, at, 20, 900) : before(faker, at, 2 * DAY, 27 * DAY);
  const acct = account(scene, created ? periodStart : before(faker, periodStart, 0, 120 * DAY));
  const pastDueAt = pastDue ? before(faker, at, 5, 300) : undefined;
  const itemData = item(scene, acct, {
    status: pastDue ? 'past_due' : 'active',
    periodStart,
    periodEnd: addMonths(periodStart, 1),
    paidCycles: created ? 1 : between(faker, 1, 6),
    ...(pastDueAt === undefined ? {} : { pastDueAt }),
    withPayer: false,
  });
  return {
    active_at: acct.subscriptionCreatedAt,
    canceled_at: null,
    created_at: acct.subscriptionCreatedAt,
    ended_at: null,
    id: acct.subscriptionId,
    items: [itemData],
    latest_payment_id: clerkId(faker, 'cpa_', periodStart),
    object: 'commerce_subscription',
    past_due_at: pastDueAt ?? null,
    payer: acct.payer,
    payer_id: acct.payer.id as string,
    payment_source_id: acct.paymentSourceId,
    status: pastDue ? 'past_due' : 'active',
    updated_at: created ? acct.subscriptionCreatedAt : before(faker, at, 5, 300),
  };
}

/**
 * A payment attempt: a card checkout, pending when created, paid once updated. The totals add up
 * (`grand_total = subtotal + tax_total`, the subtotal is the item's `amount`), and the card belongs to
 * the payee's Stripe account (`payment_source.gateway_external_account_id = payee.gateway_external_id`).
 */
export function paymentAttempt(scene: Scene, eventType: string): JsonObject {
  const { faker, at, instanceId } = scene;
  const updated = eventType === 'paymentAttempt.updated';
  const createdAt = updated ? before(faker, at, 2_000, 20_000) : before(faker, at, 20, 400);
  const acct = account(scene, createdAt);
  const itemData = paymentItem(scene, acct, { status: updated ? 'active' : 'incomplete', periodStart: createdAt, periodEnd: addMonths(createdAt, 1), paidCycles: updated ? 1 : 0, withPayer: false });
  const paidAt = updated ? before(faker, at, 5, 300) : null;
  const tax = Math.round(acct.amount * pick(faker, [0, 0, 0.0825, 0.2]));
  const connectedAccount = `acct_${alnum(faker, 16)}`;
  return {
    billing_date: createdAt,
    charge_type: 'checkout',
    created_at: createdAt,
    failed_at: null,
    failed_reason: null,
    gateway_external_id: `pi_${alnum(faker, 24)}`,
    id: clerkId(faker, 'cpayatt_', createdAt),
    instance_id: instanceId,
    invoice_id: clerkId(faker, 'cinv_', createdAt),
    object: 'commerce_payment_attempt',
    paid_at: paidAt,
    payee: {
      gateway_external_id: connectedAccount,
      gateway_status: 'active',
      gateway_type: 'stripe',
      id: clerkId(faker, 'cpayee_', before(faker, createdAt, 30 * DAY, 300 * DAY)),
    },
    payer: acct.payer,
    payment_id: clerkId(faker, 'cpa_', createdAt),
    payment_source: {
      card_type: pick(faker, ['visa', 'visa', 'mastercard', 'amex']),
      gateway: 'stripe',
      gateway_external_account_id: connectedAccount,
      gateway_external_id: `pm_${alnum(faker, 24)}`,
      id: acct.paymentSourceId,
      last4: String(between(faker, 0, 9999)).padStart(4, '0'),
      payment_method: 'card',
      status: 'active',
    },
    statement_id: clerkId(faker, 'cstmt_', createdAt),
    status: updated ? 'paid' : 'pending',
    subscription_items: [itemData],
    totals: { grand_total: usd(acct.amount + tax), subtotal: usd(acct.amount), tax_total: usd(tax) },
    updated_at: paidAt ?? createdAt,
  };
}
