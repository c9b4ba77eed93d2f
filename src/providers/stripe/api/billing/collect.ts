/**
 * Collecting an open invoice: the payment method Stripe would charge, the charge made through
 * payments' `attemptPayment` (its payment intent and charge events land in the chain), then the
 * invoice's outcome events: `invoice.paid`, `invoice.payment_succeeded`, `invoice_payment.paid`;
 * `invoice.payment_failed` for a decline; `invoice.payment_action_required` when the card asks for
 * authentication. A zero invoice is paid without a charge (`invoice.paid`, `invoice.payment_succeeded`).
 */
import type { Obj, World } from '../../../shared/api/index.js';
import { attemptPayment, confirmPaymentIntent, resolvePaymentMethod, type PaymentAttempt } from '../payments/attempt.js';
import type { Chain } from './chain.js';
import { withTotals } from './invoice-objects.js';
import { save, saveAndEmit } from './params.js';

/** How an invoice collection ended. */
export interface Collection {
  /** The invoice as stored after the attempt. */
  readonly invoice: Obj;
  /** `paid`; `failed` (declined, see `attempt.error`); `action_required`; `no_payment_method`. */
  readonly outcome: 'paid' | 'failed' | 'action_required' | 'no_payment_method';
  readonly attempt: PaymentAttempt | null;
}

/** What to collect with. */
export interface CollectOptions {
  /** Unix seconds (a test clock's time). */
  readonly at: number;
  /** A payment method given to the call (`POST /v1/invoices/:id/pay {payment_method}`). */
  readonly paymentMethod?: string;
  /** A renewal or retry: nobody is there to authenticate. */
  readonly offSession?: boolean;
  /** When the next retry will be (unix seconds), or null when none is scheduled; may depend on the decline. */
  readonly nextAttempt?: number | null | ((attempt: PaymentAttempt | null) => number | null);
  /** With no payment method to charge, record a failed attempt (`invoice.payment_failed`) instead of refusing: a renewal. */
  readonly failWithoutPaymentMethod?: boolean;
}

/**
 * The payment method Stripe charges for an invoice, in its order: the invoice's default, the
 * subscription's, then the customer's `invoice_settings.default_payment_method`
 * (docs.stripe.com/billing/revenue-recovery/smart-retries#payment-method-ordering).
 */
export function invoicePaymentMethod(world: World, invoice: Obj): string | undefined {
  if (typeof invoice.default_payment_method === 'string') return invoice.default_payment_method;
  const parent = invoice.parent as Obj | null;
  const subscriptionId = (parent?.subscription_details as Obj | undefined)?.subscription;
  const subscription = typeof subscriptionId === 'string' ? world.get('stripe', 'subscription', subscriptionId) : undefined;
  if (typeof subscription?.default_payment_method === 'string') return subscription.default_payment_method;
  const customer = world.get('stripe', 'customer', String(invoice.customer));
  const settings = customer?.invoice_settings as Obj | undefined;
  return typeof settings?.default_payment_method === 'string' ? settings.default_payment_method : undefined;
}

/** The invoice marked paid at `at` by `amount` (the invoice payment recorded beside it). */
function markPaid(chain: Chain, invoice: Obj, at: number, paymentIntent: string | null): Obj {
  const amount = Number(invoice.amount_remaining);
  const paid = withTotals({
    ...invoice,
    status: 'paid',
    amount_paid: Number(invoice.amount_paid) + amount,
    attempted: true,
    attempt_count: Number(invoice.attempt_count) + (paymentIntent ? 1 : 0),
    next_payment_attempt: null,
    auto_advance: false,
    status_transitions: { ...(invoice.status_transitions as Obj), paid_at: at },
  });
  const stored = saveAndEmit(chain.world, 'invoice', paid, [['invoice.paid'], ['invoice.payment_succeeded']], { at: at * 1000 });
  if (paymentIntent) {
    saveAndEmit(chain.world, 'invoice_payment', {
      id: chain.world.id('inpay', 24),
      object: 'invoice_payment',
      amount_paid: amount,
      amount_requested: amount,
      created: at,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { payment_intent: paymentIntent, type: 'payment_intent' },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: at },
    }, [['invoice_payment.paid']], { at: at * 1000 });
  }
  return stored;
}

/**
 * Charges an open invoice's remainder and records the outcome (events into `chain`).
 * @example
 * const { outcome, invoice } = collectInvoice(chain, 'in_123', { at: nowFor(world, customer) });
 */
export function collectInvoice(chain: Chain, invoiceId: string, options: CollectOptions): Collection {
  const world = chain.world;
  const invoice = world.get('stripe', 'invoice', invoiceId)!;
  if (Number(invoice.amount_remaining) === 0) return { invoice: markPaid(chain, invoice, options.at, null), outcome: 'paid', attempt: null };
  const paymentMethod = options.paymentMethod ?? invoicePaymentMethod(world, invoice);
  if (!paymentMethod) {
    if (!options.failWithoutPaymentMethod) return { invoice, outcome: 'no_payment_method', attempt: null };
    return { invoice: recordFailure(chain, invoice, options, null, 'invoice.payment_failed'), outcome: 'no_payment_method', attempt: null };
  }
  const attempt = charge(world, invoice, paymentMethod, options);
  if (attempt.outcome === 'succeeded') return { invoice: markPaid(chain, invoice, options.at, String(attempt.paymentIntent.id)), outcome: 'paid', attempt };
  const actionRequired = attempt.outcome === 'requires_action';
  const failed = recordFailure(chain, invoice, options, attempt, actionRequired ? 'invoice.payment_action_required' : 'invoice.payment_failed');
  return { invoice: failed, outcome: actionRequired ? 'action_required' : 'failed', attempt };
}

/** The invoice after a failed attempt (one more `attempt_count`, the next retry's time), and its event. */
function recordFailure(chain: Chain, invoice: Obj, options: CollectOptions, attempt: PaymentAttempt | null, type: string): Obj {
  const next = typeof options.nextAttempt === 'function' ? options.nextAttempt(attempt) : (options.nextAttempt ?? null);
  const failed = save(chain.world, 'invoice', { ...invoice, attempted: true, attempt_count: Number(invoice.attempt_count) + 1, next_payment_attempt: next });
  chain.emit([type], failed, { at: options.at * 1000 });
  return failed;
}

/** Where the payment intent of an invoice's attempts is kept (one per invoice: retries confirm it again). */
const INTENT_KIND = 'relaykit.billing.invoice_intent';

/**
 * One payment attempt for the invoice's remainder: its payment intent confirmed again when an earlier
 * attempt left it waiting for a payment method (a retry), else a new one through `attemptPayment`.
 * The payment intent and its charge run on real time even for a test clock's invoice: Stripe's
 * test clocks move subscriptions and invoices only (a Stripe maintainer, stripe/stripe-python#1183).
 */
function charge(world: World, invoice: Obj, paymentMethod: string, options: CollectOptions): PaymentAttempt {
  const previous = world.get('stripe', INTENT_KIND, String(invoice.id))?.payment_intent;
  const intent = typeof previous === 'string' ? world.get('stripe', 'payment_intent', previous) : undefined;
  const method = intent?.status === 'requires_payment_method' ? resolvePaymentMethod(world, paymentMethod) : undefined;
  if (intent && method) return confirmPaymentIntent(world, intent, method, { offSession: options.offSession ?? false });
  const attempt = attemptPayment(world, {
    amount: Number(invoice.amount_remaining),
    currency: String(invoice.currency),
    customer: String(invoice.customer),
    paymentMethod,
    invoice: String(invoice.id),
    description: billingDescription(invoice),
    offSession: options.offSession ?? false,
  });
  world.put('stripe', INTENT_KIND, { id: invoice.id, payment_intent: attempt.paymentIntent.id });
  return attempt;
}

/** What the payment intent says it is for, as Stripe words it. */
function billingDescription(invoice: Obj): string {
  switch (invoice.billing_reason) {
    case 'subscription_create':
      return 'Subscription creation';
    case 'subscription_cycle':
      return 'Subscription update';
    case 'subscription_update':
      return 'Subscription update';
    default:
      return 'Payment for Invoice';
  }
}
