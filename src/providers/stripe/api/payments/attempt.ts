/**
 * Charging a payment method, as every Stripe surface that takes money does it (a confirmed payment
 * intent, an invoice paid, a Checkout Session completed, a subscription renewed): the payment intent
 * and its charge written to the world and their events appended, in Stripe's order.
 *
 * CONTRACT (billing and checkout call these; payments/ implements them).
 */
import { RelayError } from '../../../../core/index.js';
import type { Obj, World } from '../../../shared/api/index.js';
import { putAndEmit } from '../emit.js';
import { AUTHENTICATION_REQUIRED, testCardOf, testCardOfLast4, type Decline } from './cards.js';
import { openDispute } from './disputes.js';
import { cardErrorFields, paymentIntentObject, threeDSecureAction } from './intent.js';
import { chargeObject, paymentMethodObject, recordBalanceTransaction } from './objects.js';

/** What to charge. */
export interface PaymentAttemptInput {
  /** In the currency's smallest unit. */
  readonly amount: number;
  readonly currency: string;
  /** `cus_…`, or null for a guest payment. */
  readonly customer: string | null;
  /** `pm_…` (a test payment method such as `pm_card_visa`, or one created or attached earlier). */
  readonly paymentMethod: string;
  /** The invoice being paid, when it is one (`in_…`). Stripe's payment intent no longer names it (the invoice's `payments` do): kept for the caller. */
  readonly invoice?: string;
  readonly description?: string | null;
  readonly metadata?: Readonly<Record<string, string>>;
  /** `automatic` (default) or `manual` (the charge is authorized and waits for capture). */
  readonly captureMethod?: 'automatic' | 'manual';
  /** Charged without the customer present (a renewal): authentication cannot be asked for then. */
  readonly offSession?: boolean;
  /** When, in milliseconds since the epoch (a test clock's time). Default: the world's clock. */
  readonly at?: number;
}

/** What happened. */
export interface PaymentAttempt {
  /** The payment intent as stored after the attempt. */
  readonly paymentIntent: Obj;
  /** The charge made, when one was (a decline makes a failed charge; a required authentication makes none). */
  readonly charge: Obj | null;
  /** `succeeded`, `requires_capture`, `requires_action`, or `failed` (declined: see `error`). */
  readonly outcome: 'succeeded' | 'requires_capture' | 'requires_action' | 'failed';
  /** Stripe's card error for a decline: `{ type: 'card_error', code: 'card_declined', decline_code, message, … }`. */
  readonly error: Obj | null;
}

/**
 * Creates a payment intent for `input` and confirms it: writes the intent and its charge, appends
 * `payment_intent.created`, then the charge's and the intent's outcome events. Throws a
 * `RelayError` (`INVALID_OPTION`) when `input.paymentMethod` names no payment method.
 * @example
 * const { outcome, paymentIntent } = attemptPayment(world, { amount: 2000, currency: 'usd', customer: 'cus_…', paymentMethod: 'pm_card_visa' });
 */
export function attemptPayment(world: World, input: PaymentAttemptInput): PaymentAttempt {
  const method = resolvePaymentMethod(world, input.paymentMethod, input.at);
  if (!method) throw new RelayError('INVALID_OPTION', `No such PaymentMethod: '${input.paymentMethod}'. Use a test one (pm_card_visa, pm_card_chargeDeclined, …) or one created earlier.`);
  const created = paymentIntentObject(world, {
    amount: input.amount,
    currency: input.currency,
    customer: input.customer,
    description: input.description ?? null,
    metadata: { ...input.metadata },
    captureMethod: input.captureMethod === 'manual' ? 'manual' : 'automatic_async',
    at: input.at,
  });
  putAndEmit(world, 'payment_intent', created, [['payment_intent.created']], { at: input.at });
  return confirmPaymentIntent(world, created, method, { offSession: input.offSession, at: input.at });
}

/**
 * The payment method `id` names: a test payment method (`pm_card_visa`, `tok_visa`, …) made into a
 * new stored object each time it is used, as Stripe does, or one stored earlier. `undefined` when
 * there is no such payment method.
 * @example
 * resolvePaymentMethod(world, 'pm_card_visa')?.id; // 'pm_1Qv…' (a new one)
 */
export function resolvePaymentMethod(world: World, id: string, at?: number): Obj | undefined {
  const stored = world.get('stripe', 'payment_method', id);
  if (stored) return stored;
  const card = testCardOf(id);
  return card ? world.put('stripe', 'payment_method', paymentMethodObject(world, card, { at })) : undefined;
}

/** Options of a confirmation. */
export interface ConfirmOptions {
  readonly offSession?: boolean;
  readonly at?: number;
}

/**
 * Confirms the stored payment intent `intent` with `method` (a stored payment method): writes the
 * charge and the intent's new state and appends their events, as `attemptPayment` describes.
 * @example
 * confirmPaymentIntent(world, intent, method, { offSession: true }).outcome; // 'succeeded'
 */
export function confirmPaymentIntent(world: World, intent: Obj, method: Obj, options: ConfirmOptions = {}): PaymentAttempt {
  const behavior = testCardOfLast4((method.card as Obj | undefined)?.last4).behavior;
  if (behavior.kind === 'declined') return decline(world, intent, method, behavior.decline, options.at);
  if (behavior.kind === 'authentication') {
    if (options.offSession) return decline(world, intent, method, AUTHENTICATION_REQUIRED, options.at);
    const waiting = putAndEmit(world, 'payment_intent', { ...intent, last_payment_error: null, next_action: threeDSecureAction(world, method.card as Obj), payment_method: method.id, status: 'requires_action' }, [['payment_intent.requires_action']], { at: options.at });
    return { paymentIntent: waiting, charge: null, outcome: 'requires_action', error: null };
  }
  return charge(world, { ...intent, payment_method: method.id }, method, options.at);
}

/**
 * Makes the charge of an intent whose payment method is good (after 3D Secure, or at once): a
 * manual-capture intent waits in `requires_capture`, any other succeeds and its charge settles.
 * @example
 * charge(world, intent, method); // after 3D Secure passed
 */
export function charge(world: World, intent: Obj, method: Obj, at?: number): PaymentAttempt {
  const manual = intent.capture_method === 'manual';
  // Only an asynchronous capture (Stripe's default) settles after charge.succeeded, with charge.updated.
  const later = intent.capture_method === 'automatic_async';
  const drawn = chargeObject(world, { paymentIntent: intent, paymentMethod: method, state: manual ? 'uncaptured' : 'succeeded', at });
  const made = putAndEmit(world, 'charge', manual || later ? drawn : withBalance(world, drawn, at), [['charge.succeeded']], { at });
  const amount = Number(intent.amount);
  const common = { last_payment_error: null, latest_charge: made.id, next_action: null, payment_method: method.id };
  if (manual) {
    const held = putAndEmit(world, 'payment_intent', { ...intent, ...common, amount_capturable: amount, status: 'requires_capture' }, [['payment_intent.amount_capturable_updated']], { at });
    saveForLater(world, held, method, at);
    return { paymentIntent: held, charge: made, outcome: 'requires_capture', error: null };
  }
  const paid = putAndEmit(world, 'payment_intent', { ...intent, ...common, amount_received: amount, status: 'succeeded' }, [['payment_intent.succeeded']], { at });
  saveForLater(world, paid, method, at);
  const settled = later ? settle(world, made, at) : made;
  if (testCardOfLast4((method.card as Obj | undefined)?.last4).behavior.kind === 'disputed') openDispute(world, settled, at);
  return { paymentIntent: paid, charge: settled, outcome: 'succeeded', error: null };
}

/**
 * With `setup_future_usage`, Stripe attaches the payment method to the intent's customer once the
 * intent is confirmed and its actions are done (`payment_method.attached`).
 */
function saveForLater(world: World, intent: Obj, method: Obj, at?: number): void {
  if (!intent.setup_future_usage || typeof intent.customer !== 'string' || method.customer === intent.customer) return;
  putAndEmit(world, 'payment_method', { ...method, customer: intent.customer }, [['payment_method.attached']], { at });
}

/**
 * `charge` with the balance transaction of what it captured (stored), not stored itself.
 * @example
 * world.put('stripe', 'charge', withBalance(world, charge));
 */
export function withBalance(world: World, charge: Obj, at?: number): Obj {
  const txn = recordBalanceTransaction(world, { amount: Number(charge.amount_captured), currency: String(charge.currency), source: String(charge.id), type: 'charge', at });
  return { ...charge, balance_transaction: txn.id };
}

/**
 * An asynchronous capture's balance transaction arrives a moment after the charge: `charge.updated`
 * with `previous_attributes.balance_transaction: null` (stripe-node's Events: charge.updated occurs
 * "upon an asynchronous capture").
 * @example
 * settle(world, charge); // appends charge.updated
 */
export function settle(world: World, made: Obj, at?: number): Obj {
  const updated = putAndEmit(world, 'charge', withBalance(world, made, at), [['charge.updated']], { previous: { balance_transaction: null }, at });
  return updated;
}

/** A refused payment: a failed charge, the intent back in `requires_payment_method` with the error. */
function decline(world: World, intent: Obj, method: Obj, reason: Decline, at?: number): PaymentAttempt {
  const failed = putAndEmit(world, 'charge', chargeObject(world, { paymentIntent: intent, paymentMethod: method, state: 'failed', decline: reason, at }), [['charge.failed']], { at });
  const error = cardErrorFields(reason, String(failed.id), method);
  const back = putAndEmit(world, 'payment_intent', { ...intent, last_payment_error: error, latest_charge: failed.id, next_action: null, payment_method: null, status: 'requires_payment_method' }, [['payment_intent.payment_failed']], { at });
  return { paymentIntent: back, charge: failed, outcome: 'failed', error };
}
