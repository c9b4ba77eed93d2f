/**
 * The objects a delivered Stripe event names only by id (an invoice's `customer` and
 * `parent.subscription_details.subscription`, a session's `subscription` and `invoice`, a charge's
 * `payment_intent`), built whole and agreeing with what the payload says of them: the same customer,
 * currency, amounts, price and product, a status that fits the event, and the back-reference to the
 * payload's own object (the subscription's `latest_invoice` is the paid invoice, the intent's
 * `latest_charge` the charge). `relaykit/msw` serves them, so a handler's call-backs never read a
 * bare stub that contradicts its webhook. Every draw is seeded by the event id: the same event
 * implies the same objects.
 */
import { seededFaker } from '../shared/random.js';
import { resolve } from '../shared/shape.js';
import {
  addInterval,
  customer,
  invoice,
  legacyPlan,
  price,
  product,
  subscription,
  type InvoiceOptions,
  type PlanInfo,
  type SubscriptionInfo,
  type SubscriptionStatus,
} from './billing.js';
import { account } from './connect.js';
import { defs, events } from './generated/shapes.js';
import { charge, newPayment, paymentIntent, paymentMethod, setupIntent, type ChargeState, type Payment, type PaymentIntentState } from './payments.js';
import { references } from './references.js';
import { DAY, Scene, type Obj } from './scene.js';
import { walkedObject } from './walked.js';

const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The first value at `key` anywhere in `node`, shallowest first, that `accept` takes. */
function find<T>(node: unknown, key: string, accept: (value: unknown) => value is T): T | undefined {
  let level: unknown[] = [node];
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const item of level) {
      if (Array.isArray(item)) next.push(...item);
      else if (isObj(item)) {
        if (accept(item[key])) return item[key];
        next.push(...Object.values(item).filter((v) => typeof v === 'object' && v !== null));
      }
    }
    level = next;
  }
  return undefined;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isPeriod = (v: unknown): v is { start: number; end: number } => isObj(v) && isNumber(v.start) && isNumber(v.end);

/** What a payload states about the objects it names. */
class Implication {
  readonly s: Scene;
  readonly source: Obj;
  readonly created: number;
  /** Resource → the id the payload names for it (its own id under its own kind). */
  readonly ids = new Map<string, string>();
  #plan: PlanInfo | undefined;
  #sub: SubscriptionInfo | undefined;
  #payment: Payment | undefined;

  constructor(event: Obj, source: Obj) {
    this.source = source;
    this.created = isNumber(source.created) ? source.created : isNumber(event.created) ? event.created : 0;
    const currency = isString(source.currency) ? source.currency : find(source, 'currency', isString);
    this.s = new Scene(seededFaker(hash(String(event.id))), this.created * 1000, currency);
    for (const ref of references(source)) if (!this.ids.has(ref.kind)) this.ids.set(ref.kind, ref.id);
    if (isString(source.object) && isString(source.id)) this.ids.set(source.object, source.id);
    // A plan is its price.
    const priced = this.ids.get('price') ?? this.ids.get('plan');
    if (priced !== undefined) this.ids.set('price', priced).set('plan', priced);
  }

  get email(): string | undefined {
    return find(this.source, 'email', isString) ?? find(this.source, 'customer_email', isString) ?? find(this.source, 'receipt_email', isString);
  }

  get name(): string | undefined {
    const details = find(this.source, 'customer_details', isObj) ?? find(this.source, 'billing_details', isObj);
    return (details && isString(details.name) ? details.name : undefined) ?? find(this.source, 'customer_name', isString);
  }

  get quantity(): number {
    const q = find(this.source, 'quantity', isNumber);
    return q !== undefined && q > 0 ? q : 1;
  }

  /** The whole amount the payload is about. */
  get amount(): number | undefined {
    const o = this.source;
    for (const key of ['amount_total', 'amount', 'total', 'amount_due', 'amount_paid']) if (isNumber(o[key]) && (o[key] as number) > 0) return o[key] as number;
    return undefined;
  }

  get plan(): PlanInfo {
    if (this.#plan) return this.#plan;
    const s = this.s;
    const decimal = find(this.source, 'unit_amount_decimal', isString);
    const unit = find(this.source, 'unit_amount', isNumber) ?? (decimal !== undefined ? Math.round(Number(decimal)) : undefined);
    const interval = find(this.source, 'interval', (v): v is 'month' | 'year' => v === 'month' || v === 'year') ?? 'month';
    const created = this.created - s.int(30, 400) * DAY;
    this.#plan = {
      product: this.ids.get('product') ?? s.shortId('prod'),
      productName: s.productName(),
      price: this.ids.get('price') ?? s.id('price', created),
      unitAmount: unit ?? (this.amount !== undefined ? Math.round(this.amount / this.quantity) : s.pick([900, 1900, 2900, 4900])),
      interval,
      created,
      // A payment-mode session sells one-time prices.
      recurring: this.source.object !== 'checkout.session' || this.source.mode === 'subscription',
    };
    return this.#plan;
  }

  get subscriptionInfo(): SubscriptionInfo {
    if (this.#sub) return this.#sub;
    const s = this.s;
    const plan = this.plan;
    const period = find(this.source, 'period', isPeriod);
    const periodStart = find(this.source, 'current_period_start', isNumber) ?? period?.start ?? this.created;
    const renewal = this.source.billing_reason === 'subscription_cycle';
    const created = renewal ? addInterval(periodStart, plan.interval, -s.int(1, 6)) : periodStart;
    this.#sub = {
      id: this.ids.get('subscription') ?? s.id('sub', created),
      item: find(this.source, 'subscription_item', isString) ?? s.shortId('si'),
      created,
      periodStart,
      periodEnd: find(this.source, 'current_period_end', isNumber) ?? period?.end ?? addInterval(periodStart, plan.interval),
      plan: { ...plan, created: Math.min(plan.created, created) },
      customer: this.ids.get('customer') ?? s.customerId,
      paymentMethod: this.ids.get('payment_method') ?? s.id('pm', created),
      latestInvoice: this.ids.get('invoice') ?? s.id('in', periodStart),
      quantity: this.quantity,
    };
    return this.#sub;
  }

  get payment(): Payment {
    if (this.#payment) return this.#payment;
    const s = this.s;
    const p = newPayment(s, { amount: this.amount ?? s.amount(), created: this.created, customer: this.ids.get('customer') ?? null });
    const bank = JSON.stringify(this.source.payment_method_types ?? this.source.payment_method_details ?? null).includes('us_bank_account');
    this.#payment = {
      ...p,
      person: { ...p.person, email: this.email ?? p.person.email, name: this.name ?? p.person.name },
      paymentIntent: this.ids.get('payment_intent') ?? p.paymentIntent,
      charge: this.ids.get('charge') ?? p.charge,
      paymentMethod: this.ids.get('payment_method') ?? p.paymentMethod,
      balanceTransaction: this.ids.get('balance_transaction') ?? p.balanceTransaction,
      method: bank ? 'us_bank_account' : 'card',
    };
    return this.#payment;
  }

  /** The subscription's status the payload implies: a failed renewal leaves it past due, a canceled one canceled. */
  get subscriptionStatus(): SubscriptionStatus {
    const o = this.source;
    if (o.object === 'invoice' && o.status === 'open' && isNumber(o.attempt_count) && o.attempt_count > 0) return 'past_due';
    if (o.object === 'invoice' && o.status === 'uncollectible') return 'past_due';
    if (o.object === 'checkout.session' && o.payment_status === 'unpaid') return 'incomplete';
    if (o.object === 'subscription_schedule' && o.status === 'canceled') return 'canceled';
    return 'active';
  }

  /** The invoice's state: paid when the payload reports a paid session or a running subscription. */
  get invoiceOptions(): InvoiceOptions {
    const o = this.source;
    const sub = this.subscriptionInfo;
    const first = o.object === 'checkout.session' || sub.created === sub.periodStart;
    const unpaid = o.payment_status === 'unpaid' || o.status === 'past_due' || o.status === 'incomplete' || o.status === 'unpaid';
    const at = Math.min(this.created, sub.periodStart + 5);
    return {
      status: unpaid ? 'open' : 'paid',
      created: sub.periodStart,
      billingReason: first ? 'subscription_create' : 'subscription_cycle',
      finalizedAt: sub.periodStart,
      paidAt: unpaid ? null : at,
      attemptCount: 1,
    };
  }

  get intentState(): PaymentIntentState {
    const o = this.source;
    if (o.object === 'charge') {
      if (o.status === 'failed') return 'payment_failed';
      if (o.status === 'pending') return 'processing';
      return o.captured === false ? 'requires_capture' : 'succeeded';
    }
    if (o.object === 'checkout.session' && o.payment_status !== 'paid') return 'processing';
    return 'succeeded';
  }

  get chargeState(): ChargeState {
    const o = this.source;
    if (o.object === 'refund') return 'refunded';
    if (o.object !== 'payment_intent') return 'succeeded';
    if (o.status === 'requires_capture') return 'uncaptured';
    if (o.status === 'processing') return 'pending';
    return o.status === 'succeeded' ? 'succeeded' : 'failed';
  }
}

type Build = (x: Implication, id: string, kind: string) => Obj;

/** Hand-built resources; every other kind is walked from its generated shape. */
const BUILDERS: Readonly<Record<string, Build>> = {
  customer: (x) => {
    const built = customer(x.s, { created: x.created - x.s.int(1, 300) * DAY });
    return { ...built, email: x.email ?? built.email, name: x.name ?? built.name };
  },
  subscription: (x) => subscription(x.s, x.subscriptionInfo, { status: x.subscriptionStatus }),
  invoice: (x, id) => {
    const sub = x.subscriptionInfo;
    // A trial's first invoice is for nothing.
    const trial = x.source.object === 'subscription' && x.source.status === 'trialing';
    const built = invoice(x.s, { ...sub, latestInvoice: id, plan: trial ? { ...sub.plan, unitAmount: 0 } : sub.plan }, x.invoiceOptions);
    return { ...built, customer_email: x.email ?? built.customer_email, customer_name: x.name ?? built.customer_name };
  },
  price: (x) => price(x.s, x.plan),
  plan: (x) => legacyPlan(x.s, x.plan),
  product: (x) => product(x.s, x.plan),
  payment_intent: (x) => paymentIntent(x.s, x.payment, x.intentState),
  charge: (x) => charge(x.s, x.payment, x.chargeState),
  payment_method: (x) => paymentMethod(x.s, x.payment),
  setup_intent: (x) => setupIntent(x.s, x.payment, 'succeeded'),
  balance_transaction: (x, id) => balanceTransaction(x, id),
  account: (x, id) => account(x.s, id.slice(-10), x.created - 200 * DAY, { complete: true }),
};

function balanceTransaction(x: Implication, id: string): Obj {
  const amount = x.amount ?? 0;
  const fee = Math.round(amount * 0.029) + 30;
  const source = x.source;
  return {
    id,
    object: 'balance_transaction',
    amount,
    available_on: x.created + 2 * DAY,
    balance_type: 'payments',
    created: x.created,
    currency: x.s.currency,
    description: null,
    exchange_rate: null,
    fee,
    fee_details: [{ amount: fee, application: null, currency: x.s.currency, description: 'Stripe processing fees', type: 'stripe_fee' }],
    net: amount - fee,
    reporting_category: 'charge',
    source: isString(source.id) ? source.id : null,
    status: 'pending',
    type: source.object === 'refund' ? 'refund' : source.object === 'payout' ? 'payout' : 'charge',
  };
}

/** Resources that are parties to what a payload reports: an object it names agrees with it on these. */
export const RELATIONS: ReadonlySet<string> = new Set([
  'customer',
  'subscription',
  'invoice',
  'payment_intent',
  'charge',
  'payment_method',
  'price',
  'plan',
  'product',
  'setup_intent',
  'issuing.card',
  'issuing.cardholder',
]);

/**
 * Every object `event` (a snapshot Event as delivered) names by id, whole and agreeing with it. The
 * caller decides which to keep (`relaykit/msw` keeps those it holds nothing for).
 * @example
 * impliedObjects(invoicePaid).find((o) => o.object === 'subscription'); // { id: 'sub_…', customer: invoice.customer, status: 'active', items: … }
 */
export function impliedObjects(event: Obj): Obj[] {
  const data = event.data;
  if (!isObj(data) || !isObj(data.object)) return [];
  const source = data.object;
  const x = new Implication(event, source);
  const out: Obj[] = [];
  const seen = new Set<string>([String(source.id)]);
  for (const ref of references(source)) {
    if (seen.has(ref.id)) continue;
    seen.add(ref.id);
    const built = (BUILDERS[ref.kind] ?? walked)(x, ref.id, ref.kind);
    built.id = ref.id;
    // The parties it names are the payload's (what the object holding the id names first, then the
    // payload's first), the payload's own object is itself, and it names itself as itself.
    const names = new Map([...x.ids].filter(([kind]) => RELATIONS.has(kind)));
    for (const sibling of references(ref.holder)) if (sibling.holder === ref.holder && RELATIONS.has(sibling.kind)) names.set(sibling.kind, sibling.id);
    if (isString(source.object) && isString(source.id)) names.set(source.object, source.id);
    names.set(ref.kind, ref.id);
    for (const inner of references(built)) {
      const named = names.get(inner.kind);
      if (named === undefined) continue;
      if (inner.expanded) (inner.holder[inner.key] as Obj).id = named;
      else inner.holder[inner.key] = named;
    }
    if ('customer' in built && built.customer === null && names.has('customer')) built.customer = names.get('customer');
    if ('livemode' in built) built.livemode = event.livemode === true;
    out.push(built);
  }
  if (source.object === 'checkout.session' && isNumber(source.amount_total)) out.push(...sessionLineItems(x, seen));
  return out;
}

/** The world kind of a Checkout Session's line items (`{ id: session id, data: [item] }`). */
export const LINE_ITEMS_KIND = 'checkout.session.line_items';

/**
 * What a Checkout Session sold, which its webhook leaves out (`line_items` is expandable only): one
 * item of the price the session's subscription bills (a one-time price in payment mode), with that
 * price and its product, adding up to the session's totals.
 */
function sessionLineItems(x: Implication, seen: Set<string>): Obj[] {
  const s = x.s;
  const plan = x.plan;
  const quantity = x.plan.recurring ? x.subscriptionInfo.quantity : 1;
  const total = x.source.amount_total as number;
  const subtotal = isNumber(x.source.amount_subtotal) ? x.source.amount_subtotal : total;
  const sold = price(s, plan);
  const out = [sold, product(s, plan)].filter((o) => !seen.has(String(o.id)));
  const item = {
    id: s.id('li', x.created),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: subtotal - total,
    amount_subtotal: subtotal,
    amount_tax: 0,
    amount_total: total,
    currency: x.source.currency,
    description: plan.productName,
    metadata: {},
    price: sold,
    quantity,
  };
  return [...out, { id: x.source.id, object: LINE_ITEMS_KIND, data: [item] }];
}

/** A kind without a hand-built recipe: the shape of an event that carries it, walked. */
function walked(x: Implication, id: string, kind: string): Obj {
  const type = typeCarrying(kind);
  if (type === undefined) return { id, object: kind, created: x.created, livemode: false, metadata: {} };
  return walkedObject(x.s, type);
}

let carriers: Map<string, string> | undefined;

/** An event type whose `data.object` is `kind` (a `.created` one when there is). */
function typeCarrying(kind: string): string | undefined {
  if (!carriers) {
    carriers = new Map();
    for (const type of Object.keys(events).sort((a, b) => Number(b.endsWith('.created')) - Number(a.endsWith('.created')))) {
      const node = resolve(events[type]!, defs);
      const tag = typeof node === 'object' && 'props' in node ? node.props.object : undefined;
      const name = typeof tag === 'object' && tag !== null && 'const' in tag ? String(tag.const) : undefined;
      if (name !== undefined && !carriers.has(name)) carriers.set(name, type);
    }
  }
  return carriers.get(kind);
}

/** A 32-bit FNV-1a hash: the seed of an event's implied objects. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
