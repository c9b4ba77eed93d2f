/**
 * Subscription objects as the pinned API version shows them: the billing period lives on each
 * item (`current_period_start`/`_end`), the subscription keeps the anchor, the trial and the
 * cancellation; the invoice lines a period bills.
 */
import type { Obj, World } from '../../../shared/api/index.js';
import type { LineInput } from './invoice-objects.js';

/** The legacy `plan` view of a recurring price, which subscription items still carry. */
export function planOf(price: Obj): Obj {
  const recurring = (price.recurring as Obj | null) ?? {};
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: recurring.trial_period_days ?? null,
    usage_type: 'licensed',
  };
}

/** A subscription's `cancellation_details`. */
export function cancellation(reason: string | null, comment: string | null = null, feedback: string | null = null): Obj {
  return { comment, feedback, feedback_option: null, reason };
}

/** A subscription item for `price` × `quantity` over a period. */
export function newItem(world: World, input: { subscription: string; price: Obj; quantity: number; created: number; start: number; end: number; metadata?: Obj }): Obj {
  return {
    id: world.id('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.end,
    current_period_start: input.start,
    current_trial: null,
    discounts: [],
    metadata: input.metadata ?? {},
    plan: planOf(input.price),
    price: input.price,
    quantity: input.quantity,
    subscription: input.subscription,
    tax_rates: [],
  };
}

/** The items of a subscription. */
export function itemsOf(subscription: Obj): Obj[] {
  const items = subscription.items as Obj | undefined;
  return Array.isArray(items?.data) ? (items.data as Obj[]) : [];
}

/** The subscription with `items` as its item list. */
export function withItems(subscription: Obj, items: Obj[]): Obj {
  return { ...subscription, items: { ...(subscription.items as Obj), data: items } };
}

/** The current period of a subscription (its first item's). */
export function periodOf(subscription: Obj): { start: number; end: number } {
  const item = itemsOf(subscription)[0] ?? {};
  return { start: Number(item.current_period_start), end: Number(item.current_period_end) };
}

/** Every item moved to the period `start`–`end`. */
export function withPeriod(subscription: Obj, start: number, end: number): Obj {
  return withItems(subscription, itemsOf(subscription).map((item) => ({ ...item, current_period_start: start, current_period_end: end })));
}

/** `$12.50`, as Stripe writes amounts in line descriptions. */
function money(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

/** The invoice lines one period of the subscription bills (zero during a trial). */
export function periodLines(world: World, subscription: Obj, period: { start: number; end: number }, trial: boolean): LineInput[] {
  return itemsOf(subscription).map((item) => {
    const price = item.price as Obj;
    const product = world.get('stripe', 'product', String(price.product));
    const name = String(product?.name ?? price.product);
    const quantity = Number(item.quantity);
    const interval = String((price.recurring as Obj).interval);
    return {
      amount: trial ? 0 : Number(price.unit_amount) * quantity,
      currency: String(price.currency),
      description: trial ? `Trial period for ${name}` : `${quantity} × ${name} (at ${money(Number(price.unit_amount), String(price.currency))} / ${interval})`,
      quantity,
      period,
      price,
      subscriptionItem: String(item.id),
      subscription: String(subscription.id),
    };
  });
}

/** A new subscription (not stored); `items` are made by the caller with its id. */
export function newSubscription(id: string, input: { customer: Obj; currency: string; at: number; items: Obj[]; trialEnd: number | null; body: Obj; defaultPaymentMethod: string | null; metadata: Obj }): Obj {
  const collection = typeof input.body.collection_method === 'string' ? input.body.collection_method : 'charge_automatically';
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.trialEnd ?? input.at,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: input.at },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: cancellation(null),
    collection_method: collection,
    created: input.at,
    currency: input.currency,
    customer: input.customer.id,
    customer_account: null,
    days_until_due: collection === 'send_invoice' ? Number(input.body.days_until_due ?? 30) : null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: typeof input.body.description === 'string' ? input.body.description : null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: { object: 'list', data: input.items, has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.at,
    status: input.trialEnd ? 'trialing' : 'incomplete',
    test_clock: input.customer.test_clock ?? null,
    transfer_data: null,
    trial_end: input.trialEnd,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: input.trialEnd ? input.at : null,
  };
}
