/**
 * Payment intent routes as test mode answers them: create (with or without `confirm`), confirm,
 * capture (all or part) and cancel, each appending the events Stripe sends, and a declined
 * confirmation answered 402 with the intent left in `requires_payment_method`.
 */
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { invalidParameter, resourceMissing, stripeError, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { confirmPaymentIntent, withBalance, type PaymentAttempt } from './attempt.js';
import { paymentIntentObject } from './intent.js';
import { mergeMetadata, seconds } from './objects.js';
import { booleanParam, cardError, customerParam, integerParam, listParam, parameterMissing, paymentMethodParam, stringParam, unexpectedState, unknownOf } from './respond.js';

const CREATE_PARAMS = [
  'amount', 'currency', 'customer', 'payment_method', 'confirm', 'capture_method', 'description', 'metadata', 'payment_method_types',
  'receipt_email', 'setup_future_usage', 'off_session', 'return_url', 'automatic_payment_methods', 'statement_descriptor_suffix',
];
const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'];
const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** The answer to a confirmation: the intent (expanded as asked), or 402 with the decline. */
function confirmed(world: World, attempt: PaymentAttempt, body: Obj): Response {
  if (attempt.outcome === 'failed' && attempt.error) return cardError(attempt.error, { payment_intent: attempt.paymentIntent });
  return stripeJson(expand(world, attempt.paymentIntent, expandParam(body)));
}

/**
 * `POST /v1/payment_intents`: `amount` and `currency` required; `confirm=true` confirms at once.
 * @example
 * r('POST', '/v1/payment_intents', createPaymentIntent())
 */
export function createPaymentIntent(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const unknown = unknownOf(body, CREATE_PARAMS);
    if (unknown) return unknown;
    const amount = integerParam(body, 'amount');
    if (amount instanceof Response) return amount;
    if (amount === undefined) return parameterMissing('amount');
    const currency = stringParam(body, 'currency');
    if (currency === undefined) return parameterMissing('currency');
    if (currency.toLowerCase() === 'usd' && amount < 50) {
      return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    }
    const captureMethod = stringParam(body, 'capture_method');
    if (captureMethod !== undefined && !CAPTURE_METHODS.includes(captureMethod)) {
      return invalidParameter('capture_method', `Invalid capture_method: must be one of ${CAPTURE_METHODS.join(', ')}`, 'parameter_invalid_string');
    }
    const customer = customerParam(world, body);
    if (customer instanceof Response) return customer;
    const method = paymentMethodParam(world, body);
    if (method instanceof Response) return method;
    const confirm = booleanParam(body, 'confirm');
    if (confirm && !method) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: "You cannot confirm this PaymentIntent because it's missing a payment method. Specify a payment_method (pm_card_visa in test mode).",
      });
    }
    const created = paymentIntentObject(world, {
      amount,
      currency,
      customer,
      description: stringParam(body, 'description') ?? null,
      metadata: mergeMetadata({}, body.metadata),
      captureMethod,
      paymentMethodTypes: listParam(body, 'payment_method_types'),
      receiptEmail: stringParam(body, 'receipt_email') ?? null,
      setupFutureUsage: stringParam(body, 'setup_future_usage') ?? null,
    });
    const intent = world.put('stripe', 'payment_intent', method ? { ...created, payment_method: method.id, status: 'requires_confirmation' } : created);
    emit(world, ['payment_intent.created'], intent);
    if (!confirm || !method) return stripeJson(expand(world, intent, expandParam(body)));
    return confirmed(world, confirmPaymentIntent(world, intent, method, { offSession: booleanParam(body, 'off_session') }), body);
  };
}

/**
 * `POST /v1/payment_intents/:id/confirm`, with the intent's payment method or a new `payment_method`.
 * @example
 * r('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntentRoute())
 */
export function confirmPaymentIntentRoute(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const intent = world.get('stripe', 'payment_intent', id);
    if (!intent) return resourceMissing('payment_intent', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['payment_method', 'off_session', 'return_url', 'receipt_email', 'setup_future_usage', 'capture_method']);
    if (unknown) return unknown;
    const status = String(intent.status);
    if (!CONFIRMABLE.has(status)) {
      const message =
        status === 'succeeded'
          ? 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.'
          : `You cannot confirm this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`;
      return unexpectedState('payment_intent', intent, message);
    }
    const given = paymentMethodParam(world, body);
    if (given instanceof Response) return given;
    const method = given ?? (typeof intent.payment_method === 'string' ? world.get('stripe', 'payment_method', intent.payment_method) : undefined);
    if (!method) {
      return unexpectedState('payment_intent', intent, "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment_method.");
    }
    return confirmed(world, confirmPaymentIntent(world, intent, method, { offSession: booleanParam(body, 'off_session') }), body);
  };
}

/**
 * `POST /v1/payment_intents/:id/capture`: captures `amount_to_capture` (default all) of a
 * `requires_capture` intent; the rest is released (the charge's `amount_refunded`).
 * @example
 * r('POST', '/v1/payment_intents/:id/capture', capturePaymentIntent())
 */
export function capturePaymentIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const intent = world.get('stripe', 'payment_intent', id);
    if (!intent) return resourceMissing('payment_intent', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['amount_to_capture', 'metadata', 'statement_descriptor', 'statement_descriptor_suffix']);
    if (unknown) return unknown;
    if (intent.status !== 'requires_capture') {
      return unexpectedState('payment_intent', intent, `This PaymentIntent could not be captured because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`);
    }
    const capturable = Number(intent.amount_capturable);
    const requested = integerParam(body, 'amount_to_capture');
    if (requested instanceof Response) return requested;
    const amount = requested ?? capturable;
    if (amount > capturable || amount < 1) {
      return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_large', param: 'amount_to_capture', message: `The amount to capture (${amount}) must be a positive integer no greater than the amount capturable (${capturable}).` });
    }
    const charge = world.get('stripe', 'charge', String(intent.latest_charge));
    if (!charge) return resourceMissing('charge', String(intent.latest_charge));
    // A manual capture is synchronous: the charge has its balance transaction when charge.captured is sent.
    const captured = world.put('stripe', 'charge', withBalance(world, { ...charge, amount_captured: amount, amount_refunded: Number(charge.amount) - amount, captured: true }));
    emit(world, ['charge.captured'], captured);
    const metadata = body.metadata === undefined ? intent.metadata : mergeMetadata(intent.metadata, body.metadata);
    const paid = world.put('stripe', 'payment_intent', { ...intent, amount_capturable: 0, amount_received: amount, metadata, status: 'succeeded' });
    emit(world, ['payment_intent.succeeded'], paid);
    return stripeJson(expand(world, paid, expandParam(body)));
  };
}

const UPDATABLE = ['amount', 'currency', 'customer', 'description', 'metadata', 'payment_method', 'receipt_email', 'setup_future_usage', 'capture_method'];

/**
 * `POST /v1/payment_intents/:id`: what an unconfirmed intent is (a test `payment_method` is minted as
 * at create); once succeeded or canceled, only `description`, `metadata` and `receipt_email`. Stripe
 * has no payment_intent.updated event, so nothing is appended.
 * @example
 * r('POST', '/v1/payment_intents/:id', updatePaymentIntent())
 */
export function updatePaymentIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const intent = world.get('stripe', 'payment_intent', id);
    if (!intent) return resourceMissing('payment_intent', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, UPDATABLE);
    if (unknown) return unknown;
    const locked = !CONFIRMABLE.has(String(intent.status));
    const blocked = Object.keys(body).find((key) => locked && !['description', 'metadata', 'receipt_email', 'expand'].includes(key));
    if (blocked) return unexpectedState('payment_intent', intent, `You cannot update ${blocked} on a PaymentIntent with a status of ${String(intent.status)}.`);
    const amount = integerParam(body, 'amount');
    if (amount instanceof Response) return amount;
    const customer = body.customer === undefined ? intent.customer : customerParam(world, body);
    if (customer instanceof Response) return customer;
    const method = paymentMethodParam(world, body);
    if (method instanceof Response) return method;
    const next: Obj = { ...intent, amount: amount ?? intent.amount, customer, metadata: mergeMetadata(intent.metadata, body.metadata) };
    for (const key of ['currency', 'description', 'receipt_email', 'setup_future_usage', 'capture_method']) if (typeof body[key] === 'string') next[key] = body[key] === '' ? null : body[key];
    if (method) Object.assign(next, { payment_method: method.id, status: 'requires_confirmation' });
    return stripeJson(expand(world, world.put('stripe', 'payment_intent', next), expandParam(body)));
  };
}

/**
 * `POST /v1/payment_intents/:id/cancel`: an uncaptured authorization is released in full.
 * @example
 * r('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent())
 */
export function cancelPaymentIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const body = await formBody(request);
    const current = world.get('stripe', 'payment_intent', id);
    if (!current) return resourceMissing('payment_intent', id);
    if (current.status === 'succeeded' || current.status === 'canceled') {
      return unexpectedState('payment_intent', current, `You cannot cancel this PaymentIntent because it has a status of ${String(current.status)}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`);
    }
    const charge = current.status === 'requires_capture' ? world.get('stripe', 'charge', String(current.latest_charge)) : undefined;
    // The authorization is released: the uncaptured charge reads as refunded in full.
    if (charge) emit(world, ['charge.refunded'], world.put('stripe', 'charge', { ...charge, amount_refunded: charge.amount, refunded: true }));
    const reason = stringParam(body, 'cancellation_reason') ?? null;
    const canceled = world.put('stripe', 'payment_intent', { ...current, amount_capturable: 0, canceled_at: seconds(world), cancellation_reason: reason, next_action: null, status: 'canceled' });
    emit(world, ['payment_intent.canceled'], canceled);
    return stripeJson(expand(world, canceled, expandParam(body)));
  };
}
