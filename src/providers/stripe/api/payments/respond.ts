/**
 * The answers payment routes give besides the object: Stripe's errors for a missing or bad
 * parameter, an intent in the wrong state, and a declined card (402, which stripe-node raises as
 * `StripeCardError`), and the parameter readers they share.
 */
import { jsonResponse, type Obj, type World } from '../../../shared/api/index.js';
import { invalidParameter, resourceMissing, stripeError, stripeHeaders, unknownParameter } from '../errors.js';
import { resolvePaymentMethod } from './attempt.js';

export { parameterMissing } from '../errors.js';

/** A Stripe error whose body carries more than `StripeErrorBody` names (the object it concerns, a decline code). */
function errorWith(status: number, error: Obj): Response {
  return jsonResponse({ error }, status, { ...stripeHeaders(), 'Stripe-Should-Retry': 'false' });
}

/**
 * 400 `<kind>_unexpected_state`, with the object as it is (Stripe puts it in the error).
 * @example
 * unexpectedState('payment_intent', intent, 'You cannot confirm this PaymentIntent because …');
 */
export function unexpectedState(kind: 'payment_intent' | 'setup_intent', object: Obj, message: string): Response {
  return errorWith(400, {
    code: `${kind}_unexpected_state`,
    doc_url: `https://stripe.com/docs/error-codes/${kind.replace(/_/g, '-')}-unexpected-state`,
    message,
    [kind]: object,
    type: 'invalid_request_error',
  });
}

/**
 * 402 `card_error`: the decline's fields and the intent it left behind.
 * @example
 * cardError(attempt.error, { payment_intent: attempt.paymentIntent }); // 402, StripeCardError in stripe-node
 */
export function cardError(error: Obj, related: Obj = {}): Response {
  return errorWith(402, { ...error, ...related, request_log_url: null });
}

/**
 * 400 for a request Stripe refuses with a plain message (`invalid_request_error`, optionally a code and param).
 * @example
 * invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
 */
export function invalidRequest(message: string, extra: { code?: string; param?: string } = {}): Response {
  return stripeError(400, { type: 'invalid_request_error', message, ...extra });
}

/**
 * The first parameter of `body` not in `known` (Stripe refuses it), or undefined.
 * @example
 * const unknown = unknownOf(body, ['customer']); if (unknown) return unknown;
 */
export function unknownOf(body: Obj, known: readonly string[]): Response | undefined {
  const extra = Object.keys(body).find((key) => key !== 'expand' && !known.includes(key));
  return extra === undefined ? undefined : unknownParameter(extra);
}

/**
 * A positive integer parameter: its value, `undefined` when absent, or Stripe's 400.
 * @example
 * const amount = integerParam(body, 'amount'); if (amount instanceof Response) return amount;
 */
export function integerParam(body: Obj, param: string): number | undefined | Response {
  const raw = body[param];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) return invalidParameter(param, `Invalid integer: ${typeof raw === 'string' ? raw : JSON.stringify(raw)}`);
  return Number(raw);
}

/**
 * A string parameter, or `undefined`.
 * @example
 * stringParam(body, 'currency'); // 'usd' or undefined
 */
export function stringParam(body: Obj, param: string): string | undefined {
  const raw = body[param];
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/**
 * A boolean parameter (`true`/`false`), false when absent.
 * @example
 * booleanParam(body, 'confirm'); // true for confirm=true
 */
export function booleanParam(body: Obj, param: string): boolean {
  return body[param] === 'true';
}

/**
 * The customer a `customer` parameter names, `null` when absent, or Stripe's 404.
 * @example
 * const customer = customerParam(world, body); if (customer instanceof Response) return customer;
 */
export function customerParam(world: World, body: Obj): string | null | Response {
  const id = stringParam(body, 'customer');
  if (id === undefined) return null;
  const customer = world.get('stripe', 'customer', id);
  return customer && customer.deleted !== true ? id : resourceMissing('customer', id, 'customer');
}

/**
 * The payment method a `payment_method` parameter names (test ones are minted), `undefined` when absent, or Stripe's 404.
 * @example
 * const method = paymentMethodParam(world, body); if (method instanceof Response) return method;
 */
export function paymentMethodParam(world: World, body: Obj): Obj | undefined | Response {
  const id = stringParam(body, 'payment_method');
  if (id === undefined) return undefined;
  return resolvePaymentMethod(world, id) ?? resourceMissing('PaymentMethod', id, 'payment_method');
}

/**
 * A list parameter (`payment_method_types[]=card`), or `undefined`.
 * @example
 * listParam(body, 'payment_method_types'); // ['card']
 */
export function listParam(body: Obj, param: string): string[] | undefined {
  const raw = body[param];
  if (typeof raw === 'string') return [raw];
  return Array.isArray(raw) ? raw.map(String) : undefined;
}
