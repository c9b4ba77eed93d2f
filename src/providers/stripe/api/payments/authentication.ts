/**
 * The buyer's side of 3D Secure, which test mode runs on Stripe's test page through Stripe.js and
 * no API call can do: a test helper that completes (or fails) the challenge of an intent in
 * `requires_action`, as the buyer's browser would.
 */
import { RelayError } from '../../../../core/index.js';
import type { Obj, World } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { charge, type PaymentAttempt } from './attempt.js';
import { stripeOrder } from './objects.js';
import { completeSetupAuthentication } from './setup.js';

/** Options of `completeAuthentication`. */
export interface AuthenticationOptions {
  /** Whether the buyer passes the challenge. Default true. */
  readonly succeed?: boolean;
  /** When, in milliseconds since the epoch. Default: the world's clock. */
  readonly at?: number;
}

/**
 * Completes the 3D Secure challenge of a payment intent (`pi_…`) or setup intent (`seti_…`) in
 * `requires_action`. Passed: the payment goes on (`charge.succeeded`, `payment_intent.succeeded`,
 * `charge.updated`, or `payment_intent.amount_capturable_updated` for manual capture; a setup intent
 * attaches its method and succeeds). Failed: the intent returns to `requires_payment_method` with
 * `payment_intent_authentication_failure` (`payment_intent.payment_failed`, no charge). Throws a
 * `RelayError` (`INVALID_OPTION`) for an unknown intent or one not waiting for authentication.
 * @example
 * await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', payment_method: 'pm_card_authenticationRequired', confirm: true });
 * completeAuthentication(world, intent.id, { succeed: true });
 */
export function completeAuthentication(world: World, intentId: string, options: AuthenticationOptions = {}): Obj {
  if (typeof intentId !== 'string') throw new RelayError('INVALID_OPTION', `completeAuthentication takes the id of a PaymentIntent (pi_…) or SetupIntent (seti_…) in requires_action, got ${JSON.stringify(intentId)}.`);
  if (typeof options !== 'object' || options === null) throw new RelayError('INVALID_OPTION', `completeAuthentication's options are { succeed? }, got ${JSON.stringify(options)}.`);
  if (intentId.startsWith('seti_')) return completeSetupAuthentication(world, intentId, options.succeed ?? true, options.at);
  const intent = world.get('stripe', 'payment_intent', intentId);
  if (!intent) throw new RelayError('INVALID_OPTION', `No such PaymentIntent: '${intentId}'.`);
  if (intent.status !== 'requires_action') throw new RelayError('INVALID_OPTION', `PaymentIntent ${intentId} has status ${String(intent.status)}; only one in requires_action waits for authentication.`);
  const method = world.get('stripe', 'payment_method', String(intent.payment_method));
  if (!method) throw new RelayError('INVALID_OPTION', `PaymentIntent ${intentId} names no stored payment method.`);
  if (options.succeed ?? true) return (charge(world, intent, method, options.at) satisfies PaymentAttempt).paymentIntent;
  const failed = world.put('stripe', 'payment_intent', {
    ...intent,
    last_payment_error: stripeOrder({
      code: 'payment_intent_authentication_failure',
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
      message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: method,
      type: 'invalid_request_error',
    }),
    next_action: null,
    payment_method: null,
    status: 'requires_payment_method',
  });
  emit(world, ['payment_intent.payment_failed'], failed, { at: options.at });
  return failed;
}

/**
 * Lets time run out on authorizations: every uncaptured charge whose `capture_before` (7 days after
 * the authorization) is at or before `at` is released (`charge.expired`, refunded in full) and its
 * intent canceled with `cancellation_reason: automatic` (`payment_intent.canceled`). What a test
 * clock's advance calls; returns the intents canceled.
 * @example
 * expireAuthorizations(world, Date.UTC(2026, 11, 10));
 */
export function expireAuthorizations(world: World, at: number = world.now()): Obj[] {
  const canceled: Obj[] = [];
  for (const intent of world.list('stripe', 'payment_intent')) {
    if (intent.status !== 'requires_capture') continue;
    const charge = world.get('stripe', 'charge', String(intent.latest_charge));
    const card = (charge?.payment_method_details as { card?: Obj } | undefined)?.card;
    if (!charge || typeof card?.capture_before !== 'number' || card.capture_before > Math.floor(at / 1000)) continue;
    emit(world, ['charge.expired'], world.put('stripe', 'charge', { ...charge, amount_refunded: charge.amount, refunded: true }), { at });
    const done = world.put('stripe', 'payment_intent', { ...intent, amount_capturable: 0, canceled_at: Math.floor(at / 1000), cancellation_reason: 'automatic', status: 'canceled' });
    emit(world, ['payment_intent.canceled'], done, { at });
    canceled.push(done);
  }
  return canceled;
}
