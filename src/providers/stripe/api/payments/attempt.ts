/**
 * Charging a payment method, as every Stripe surface that takes money does it (a confirmed payment
 * intent, an invoice paid, a Checkout Session completed, a subscription renewed): the payment intent
 * and its charge written to the world and their events appended, in Stripe's order.
 *
 * CONTRACT (billing and checkout call these; payments/ implements them).
 */
import { RelayError } from '../../../../core/index.js';
import type { Obj, World } from '../../../shared/api/index.js';

/** What to charge. */
export interface PaymentAttemptInput {
  /** In the currency's smallest unit. */
  readonly amount: number;
  readonly currency: string;
  /** `cus_…`, or null for a guest payment. */
  readonly customer: string | null;
  /** `pm_…` (a test payment method such as `pm_card_visa`, or one created or attached earlier). */
  readonly paymentMethod: string;
  /** The invoice being paid, when it is one (`in_…`): the payment intent's `invoice`/payment record. */
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
 * `payment_intent.created`, then the charge's and the intent's outcome events.
 */
export function attemptPayment(world: World, input: PaymentAttemptInput): PaymentAttempt {
  void world;
  void input;
  throw new RelayError('NOT_IMPLEMENTED' as never, 'attemptPayment is being written (payments/).');
}

/**
 * The payment method `id` names: a test payment method (`pm_card_visa`, …) made into an object the
 * first time it is used, or one stored earlier. `undefined` when there is no such payment method.
 */
export function resolvePaymentMethod(world: World, id: string): Obj | undefined {
  void world;
  void id;
  throw new RelayError('NOT_IMPLEMENTED' as never, 'resolvePaymentMethod is being written (payments/).');
}
