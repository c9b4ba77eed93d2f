/**
 * Billing objects as API version 2026-10-28 renders them: Customer, Product, Price (and its Plan
 * twin), Coupon, Subscription with its items, Invoice with its lines, SubscriptionSchedule. A
 * `Plan` holds what a subscription's objects share: customer, product, price, period.
 */
import { address } from './payments.js';
import { invoiceResource, type InvoiceTransitions } from './resources/invoice.js';
import { productResource } from './resources/product.js';
import { DAY, type Obj, type Scene } from './scene.js';

// --- Customer ----------------------------------------------------------------------------------

export interface CustomerOptions {
  created?: number;
}

export function customer(s: Scene, options: CustomerOptions = {}): Obj {
  const person = s.person;
  return {
    id: s.customerId,
    object: 'customer',
    address: s.chance(50) ? address(person.address) : null,
    balance: 0,
    created: options.created ?? s.now,
    currency: s.chance(60) ? s.currency : null,
    customer_account: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: person.email,
    invoice_prefix: invoicePrefix(s),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: {},
    name: person.name,
    next_invoice_sequence: 1,
    phone: person.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function invoicePrefix(s: Scene): string {
  return s.hex(8).toUpperCase();
}

// --- Product, Price, Plan ----------------------------------------------------------------------

/** What a subscription's objects share. */
export interface PlanInfo {
  readonly product: string;
  readonly productName: string;
  readonly price: string;
  readonly unitAmount: number;
  readonly interval: 'month' | 'year';
  readonly created: number;
  readonly recurring: boolean;
}

export function newPlan(s: Scene, options: { recurring?: boolean; created?: number } = {}): PlanInfo {
  const created = options.created ?? s.now - s.int(30, 400) * DAY;
  const recurring = options.recurring ?? true;
  const interval = s.chance(80) ? 'month' : 'year';
  const monthly = s.pick([900, 1000, 1200, 1500, 1900, 2000, 2900, 4900, 9900]);
  return {
    product: s.shortId('prod'),
    productName: s.productName(),
    price: s.id('price', created),
    unitAmount: recurring && interval === 'year' ? monthly * 10 : recurring ? monthly : s.amount(),
    interval,
    created,
    recurring,
  };
}

export function product(s: Scene, plan: PlanInfo, options: { active?: boolean; updated?: number; description?: string | null } = {}): Obj {
  return productResource({ id: plan.product, name: plan.productName, created: plan.created, defaultPrice: plan.price, ...options });
}

export function price(s: Scene, plan: PlanInfo, options: { active?: boolean; nickname?: string | null } = {}): Obj {
  return {
    id: plan.price,
    object: 'price',
    active: options.active ?? true,
    billing_scheme: 'per_unit',
    created: plan.created,
    currency: s.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: options.nickname === undefined ? null : options.nickname,
    product: plan.product,
    recurring: plan.recurring
      ? { interval: plan.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: plan.recurring ? 'recurring' : 'one_time',
    unit_amount: plan.unitAmount,
    unit_amount_decimal: String(plan.unitAmount),
  };
}

/** The legacy Plan object Stripe still renders beside every recurring price. */
export function legacyPlan(s: Scene, plan: PlanInfo): Obj {
  return {
    id: plan.price,
    object: 'plan',
    active: true,
    amount: plan.unitAmount,
    amount_decimal: String(plan.unitAmount),
    billing_scheme: 'per_unit',
    created: plan.created,
    currency: s.currency,
    interval: plan.interval,
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: plan.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

// --- Coupon ------------------------------------------------------------------------------------

export function coupon(s: Scene, created = s.now): Obj {
  const percent = s.chance(70);
  const off = percent ? s.pick([10, 15, 20, 25, 50]) : null;
  const amountOff = percent ? null : s.pick([500, 1000, 2000, 2500]);
  const duration = s.pick(['once', 'repeating', 'forever'] as const);
  const months = duration === 'repeating' ? s.pick([3, 6, 12]) : null;
  const label = percent ? `${off}% off` : `${(amountOff! / 100).toFixed(0)} ${s.currency.toUpperCase()} off`;
  return {
    id: s.upper(8),
    object: 'coupon',
    amount_off: amountOff,
    created,
    currency: percent ? null : s.currency,
    duration,
    duration_in_months: months,
    livemode: false,
    max_redemptions: s.chance(30) ? s.pick([50, 100, 500]) : null,
    metadata: {},
    name: months ? `${label} for ${months} months` : label,
    percent_off: off,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
}

// --- Subscription ------------------------------------------------------------------------------

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'paused';

/** Ids and periods a subscription, its items and its invoices share. */
export interface SubscriptionInfo {
  readonly id: string;
  readonly item: string;
  readonly created: number;
  readonly periodStart: number;
  readonly periodEnd: number;
  readonly plan: PlanInfo;
  readonly customer: string;
  readonly paymentMethod: string | null;
  readonly latestInvoice: string;
  readonly quantity: number;
}

export function newSubscription(s: Scene, plan: PlanInfo, options: { created?: number; periodStart?: number } = {}): SubscriptionInfo {
  const created = options.created ?? s.now;
  const periodStart = options.periodStart ?? created;
  return {
    id: s.id('sub', created),
    item: s.shortId('si'),
    created,
    periodStart,
    periodEnd: addInterval(periodStart, plan.interval),
    plan,
    customer: s.customerId,
    paymentMethod: s.id('pm', created),
    latestInvoice: s.id('in', periodStart),
    quantity: s.chance(80) ? 1 : s.int(2, 10),
  };
}

/** `seconds` plus `count` calendar months or years, as Stripe bills. */
export function addInterval(seconds: number, interval: 'month' | 'year', count = 1): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + count);
  else d.setUTCMonth(d.getUTCMonth() + count);
  return Math.floor(d.getTime() / 1000);
}

export interface SubscriptionOptions {
  status: SubscriptionStatus;
  trialStart?: number | null;
  trialEnd?: number | null;
  canceledAt?: number | null;
  endedAt?: number | null;
  cancelAtPeriodEnd?: boolean;
}

export function subscription(s: Scene, sub: SubscriptionInfo, options: SubscriptionOptions): Obj {
  const canceled = options.canceledAt ?? null;
  return {
    id: sub.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: options.trialEnd ?? sub.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: options.cancelAtPeriodEnd ? sub.periodEnd : null,
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    canceled_at: canceled,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: canceled !== null ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: sub.created,
    currency: s.currency,
    customer: sub.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: sub.paymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: options.endedAt ?? null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [subscriptionItem(s, sub)],
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
    },
    latest_invoice: sub.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: {
        acss_debit: null,
        bancontact: null,
        card: { network: null, request_three_d_secure: 'automatic' },
        customer_balance: null,
        konbini: null,
        payto: null,
        pix: null,
        sepa_debit: null,
        upi: null,
        us_bank_account: null,
      },
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: sub.created,
    status: options.status,
    test_clock: null,
    transfer_data: null,
    trial_end: options.trialEnd ?? null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: options.status === 'paused' ? 'pause' : 'create_invoice' } },
    trial_start: options.trialStart ?? null,
  };
}

function subscriptionItem(s: Scene, sub: SubscriptionInfo): Obj {
  return {
    id: sub.item,
    object: 'subscription_item',
    billing_thresholds: null,
    created: sub.created,
    current_period_end: sub.periodEnd,
    current_period_start: sub.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: legacyPlan(s, sub.plan),
    price: price(s, sub.plan),
    quantity: sub.quantity,
    subscription: sub.id,
    tax_rates: [],
  };
}

// --- Invoice -----------------------------------------------------------------------------------

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

/** An invoice payload's status, reason and attempts, and when it was finalized, paid, voided or marked uncollectible. */
export interface InvoiceOptions extends InvoiceTransitions {
  status: InvoiceStatus;
  created?: number;
  billingReason?: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual' | 'upcoming';
  attemptCount?: number;
  nextPaymentAttempt?: number | null;
  /** Whether Stripe has sent the `invoice.*` webhooks for it yet. */
  webhooksDelivered?: boolean;
}

export function invoice(s: Scene, sub: SubscriptionInfo, options: InvoiceOptions): Obj {
  const id = sub.latestInvoice;
  const created = options.created ?? sub.periodStart;
  const status = options.status;
  const amount = sub.plan.unitAmount * sub.quantity;
  const paid = status === 'paid';
  const finalized = status !== 'draft';
  const scheduled = status === 'draft' && options.billingReason !== 'upcoming' ? created + 3600 : null;
  // The draws in the order the invoice has always made them: prefix, hosted token, person, business, line, number.
  const prefix = invoicePrefix(s);
  const hosted = finalized ? `test_${s.base62(96)}` : null;
  const person = s.person;
  const accountName = s.business;
  const line = invoiceLine(s, sub, id, amount);
  return invoiceResource({
    id,
    customer: { id: sub.customer, email: person.email, name: person.name, phone: person.phone },
    currency: s.currency,
    created,
    billingReason: options.billingReason === 'upcoming' ? 'upcoming' : (options.billingReason ?? 'subscription_cycle'),
    autoAdvance: status === 'draft' || status === 'open',
    automaticallyFinalizesAt: scheduled,
    period: {
      start: options.billingReason === 'subscription_create' ? sub.periodStart : addInterval(sub.periodStart, sub.plan.interval, -1),
      end: sub.periodStart,
    },
    lines: [line],
    subscription: { id: sub.id },
    status,
    accountName,
    amountPaid: paid ? amount : 0,
    attemptCount: options.attemptCount ?? (paid ? 1 : 0),
    hostedInvoiceUrl: hosted ? `https://invoice.stripe.com/i/${s.accountId}/${hosted}?s=ap` : null,
    invoicePdf: hosted ? `https://pay.stripe.com/invoice/${s.accountId}/${hosted}/pdf?s=ap` : null,
    nextPaymentAttempt: options.nextPaymentAttempt ?? scheduled,
    number: finalized ? `${prefix}-${String(s.int(1, 40)).padStart(4, '0')}` : null,
    transitions: options,
    webhooksDeliveredAt: options.webhooksDelivered === false ? null : created,
  });
}

function invoiceLine(s: Scene, sub: SubscriptionInfo, invoiceId: string, amount: number): Obj {
  const unit = (sub.plan.unitAmount / 100).toFixed(2);
  const symbol = s.currency === 'usd' || s.currency === 'cad' ? '$' : s.currency === 'eur' ? '€' : '£';
  return {
    // Preview invoices have temporary line ids.
    id: invoiceId.startsWith('upcoming_') ? s.id('il_tmp', s.now) : s.id('il', sub.periodStart),
    object: 'line_item',
    amount,
    currency: s.currency,
    description: `${sub.quantity} × ${sub.plan.productName} (at ${symbol}${unit} / ${sub.plan.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: sub.id,
        subscription_item: sub.item,
      },
      type: 'subscription_item_details',
    },
    period: { end: sub.periodEnd, start: sub.periodStart },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: sub.plan.price, product: sub.plan.product },
      type: 'price_details',
      unit_amount_decimal: String(sub.plan.unitAmount),
    },
    quantity: sub.quantity,
    quantity_decimal: String(sub.quantity),
    subscription: sub.id,
    subtotal: amount,
    taxes: [],
  };
}

// --- SubscriptionSchedule ----------------------------------------------------------------------

export function subscriptionSchedule(
  s: Scene,
  sub: SubscriptionInfo,
  options: { status: 'not_started' | 'active' | 'canceled' | 'completed' | 'released'; created: number; canceledAt?: number | null },
): Obj {
  const start = sub.periodStart;
  const end = sub.periodEnd;
  const started = options.status !== 'not_started';
  const ended = options.status === 'completed' || options.status === 'released' ? s.now : null;
  return {
    id: s.id('sub_sched', options.created),
    object: 'subscription_schedule',
    application: null,
    billing_mode: { flexible: null, type: 'classic' },
    canceled_at: options.canceledAt ?? null,
    completed_at: options.status === 'completed' ? ended : null,
    created: options.created,
    current_phase: options.status === 'active' ? { end_date: end, start_date: start } : null,
    customer: sub.customer,
    customer_account: null,
    default_settings: {
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: 'automatic',
      billing_thresholds: null,
      collection_method: 'charge_automatically',
      default_payment_method: null,
      description: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, days_until_due: null, description: null, footer: null, issuer: { type: 'self' } },
      on_behalf_of: null,
      transfer_data: null,
    },
    end_behavior: 'release',
    livemode: false,
    metadata: {},
    pause_schedules: [],
    phases: [
      {
        add_invoice_items: [],
        application_fee_percent: null,
        billing_cycle_anchor: null,
        billing_thresholds: null,
        collection_method: null,
        currency: s.currency,
        default_payment_method: null,
        default_tax_rates: [],
        description: null,
        discounts: [],
        end_date: end,
        invoice_settings: null,
        items: [
          {
            billing_thresholds: null,
            discounts: [],
            metadata: {},
            plan: sub.plan.price,
            price: sub.plan.price,
            quantity: sub.quantity,
            tax_rates: [],
          },
        ],
        metadata: {},
        on_behalf_of: null,
        proration_behavior: 'create_prorations',
        start_date: start,
        transfer_data: null,
        trial_end: null,
      },
    ],
    released_at: options.status === 'released' ? ended : null,
    released_subscription: options.status === 'released' ? sub.id : null,
    status: options.status,
    subscription: started ? sub.id : null,
    test_clock: null,
  };
}
