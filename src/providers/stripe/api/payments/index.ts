/**
 * Stripe payments as test mode runs them: payment intents and the charges they make, refunds.
 */
import { isPlainObject } from '../../../../core/index.js';
import { nowSeconds, prefixedId, type Obj, type RouteHandler, type ApiRoute, type route } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { invalidParameter, resourceMissing, stripeError, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';

/** `POST /v1/payment_intents/:id/cancel`. */
export function cancelPaymentIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const body = await formBody(request);
    const current = world.get('stripe', 'payment_intent', id);
    if (!current) return resourceMissing('payment_intent', id);
    if (current.status === 'succeeded' || current.status === 'canceled') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${String(current.status)}.`,
      });
    }
    const reason = typeof body.cancellation_reason === 'string' ? body.cancellation_reason : null;
    const canceled = world.put('stripe', 'payment_intent', { ...current, status: 'canceled', canceled_at: nowSeconds(), cancellation_reason: reason });
    emit(world, ['payment_intent.canceled'], canceled);
    return stripeJson(canceled);
  };
}

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isPlainObject(value) && typeof value.id === 'string' ? value.id : undefined;
}

function money(amount: number, currency: string): string {
  return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/**
 * `POST /v1/refunds` with `payment_intent` or `charge`: refunds the rest of the charge or `amount`,
 * and raises the charge's `amount_refunded`.
 */
export function createRefund(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const piId = typeof body.payment_intent === 'string' ? body.payment_intent : undefined;
    let chargeId = typeof body.charge === 'string' ? body.charge : undefined;
    if (!piId && !chargeId) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    const intent = piId ? world.get('stripe', 'payment_intent', piId) : undefined;
    if (piId && !intent) return resourceMissing('payment_intent', piId, 'payment_intent');
    chargeId ??= idOf(intent?.latest_charge);
    if (!chargeId) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
      });
    }
    const charge = world.get('stripe', 'charge', chargeId);
    if (!charge && !intent) return resourceMissing('charge', chargeId, 'charge');
    const currency = String(charge?.currency ?? intent?.currency ?? 'usd');
    const captured = Number(charge?.amount_captured ?? charge?.amount ?? intent?.amount_received ?? intent?.amount ?? 0);
    const already = world.list('stripe', 'refund').filter((r) => idOf(r.charge) === chargeId && r.status !== 'failed' && r.status !== 'canceled');
    const refunded = Math.max(Number(charge?.amount_refunded ?? 0), already.reduce((sum, r) => sum + Number(r.amount ?? 0), 0));
    const remaining = captured - refunded;
    if (remaining <= 0) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${chargeId} has already been refunded.`,
      });
    }
    let amount = remaining;
    if (body.amount !== undefined) {
      if (typeof body.amount !== 'string' || !/^\d+$/.test(body.amount) || Number(body.amount) < 1) {
        return invalidParameter('amount', 'Invalid positive integer');
      }
      amount = Number(body.amount);
      if (amount > remaining) {
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${money(amount, currency)}) is greater than unrefunded amount on charge (${money(remaining, currency)})`,
        });
      }
    }
    const created = nowSeconds();
    const metadata = isPlainObject(body.metadata) ? Object.fromEntries(Object.entries(body.metadata).map(([k, v]) => [k, String(v)])) : {};
    const refund: Obj = {
      id: prefixedId('re'),
      object: 'refund',
      amount,
      balance_transaction: prefixedId('txn'),
      charge: chargeId,
      created,
      currency,
      destination_details: null,
      metadata,
      payment_intent: piId ?? idOf(charge?.payment_intent) ?? null,
      reason: typeof body.reason === 'string' ? body.reason : null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    emit(world, ['refund.created'], world.put('stripe', 'refund', refund));
    if (charge) {
      const total = refunded + amount;
      emit(world, ['charge.refunded'], world.put('stripe', 'charge', { ...charge, amount_refunded: total, refunded: total >= captured }));
    }
    return stripeJson(expand(world, refund, expandParam(body)));
  };
}

/**
 * The routes of this folder, each made with the Stripe API's `r` (key check, related objects drawn).
 * @example
 * routes.push(...paymentRoutes(r));
 */
export function paymentRoutes(r: typeof route): ApiRoute[] {
  return [
    r('POST', '/v1/refunds', createRefund()),
    r('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent()),
  ];
}
