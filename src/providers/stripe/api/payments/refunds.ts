/**
 * Refunds: `POST /v1/refunds` (all that is left of the charge, or `amount`) appends `refund.created`
 * and `charge.refunded` (sent for partial refunds too); `POST /v1/refunds/:id` (metadata) appends
 * `refund.updated` and `charge.refund.updated`, the call stripe-cli's fixture makes for that event.
 */
import { isPlainObject } from '../../../../core/index.js';
import type { Obj, RouteHandler } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeError, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { mergeMetadata, recordBalanceTransaction, seconds, stripeOrder } from './objects.js';
import { integerParam, invalidRequest, stringParam, unknownOf } from './respond.js';

const REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

function idOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return isPlainObject(value) && typeof value.id === 'string' ? value.id : undefined;
}

/** An amount as Stripe's refund messages write it: `$30.01` (other currencies: `30.01 EUR`). */
function money(amount: number, currency: string): string {
  const value = (amount / 100).toFixed(2);
  return currency === 'usd' ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}

/**
 * `POST /v1/refunds` with `payment_intent` or `charge`: refunds the rest of the charge or `amount`,
 * and raises the charge's `amount_refunded` (which also counts what a partial capture released).
 * @example
 * r('POST', '/v1/refunds', createRefund())
 */
export function createRefund(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const unknown = unknownOf(body, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'instructions_email']);
    if (unknown) return unknown;
    const piId = stringParam(body, 'payment_intent');
    let chargeId = stringParam(body, 'charge');
    if (!piId && !chargeId) {
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'One of the following params should be provided for this request: payment_intent or charge.' });
    }
    const intent = piId ? world.get('stripe', 'payment_intent', piId) : undefined;
    if (piId && !intent) return resourceMissing('payment_intent', piId, 'payment_intent');
    chargeId ??= idOf(intent?.latest_charge);
    const charge = chargeId ? world.get('stripe', 'charge', chargeId) : undefined;
    if (chargeId && !charge && !intent) return resourceMissing('charge', chargeId, 'charge');
    if (!chargeId || (charge && (charge.status === 'failed' || charge.status === 'pending' || charge.captured === false))) {
      return invalidRequest(`This PaymentIntent (${piId ?? idOf(charge?.payment_intent)}) does not have a successful charge to refund.`, { code: 'charge_not_refundable' });
    }
    if (charge?.disputed === true) return invalidRequest(`Charge ${chargeId} has been charged back; cannot issue a refund.`, { code: 'charge_disputed' });
    const reason = stringParam(body, 'reason') ?? null;
    if (reason !== null && !REASONS.includes(reason)) return invalidRequest(`Invalid reason: must be one of ${REASONS.join(', ')}`, { code: 'parameter_invalid_string', param: 'reason' });
    const currency = String(charge?.currency ?? intent?.currency ?? 'usd');
    const amount = Number(charge?.amount ?? intent?.amount ?? 0);
    const captured = Number(charge?.amount_captured ?? intent?.amount_received ?? amount);
    const released = amount - captured;
    const already = world.list('stripe', 'refund').filter((r) => idOf(r.charge) === chargeId && r.status !== 'failed' && r.status !== 'canceled');
    const refunded = Math.max(Number(charge?.amount_refunded ?? 0) - released, already.reduce((sum, r) => sum + Number(r.amount ?? 0), 0));
    const remaining = captured - refunded;
    if (remaining <= 0) return invalidRequest(`Charge ${chargeId} has already been refunded.`, { code: 'charge_already_refunded' });
    const asked = integerParam(body, 'amount');
    if (asked instanceof Response) return asked;
    if (asked !== undefined && (asked < 1 || asked > remaining)) {
      return invalidRequest(`Refund amount (${money(asked, currency)}) is greater than unrefunded amount on charge (${money(remaining, currency)})`, { code: 'amount_too_large', param: 'amount' });
    }
    const refundAmount = asked ?? remaining;
    const id = world.id('re', 24);
    const txn = recordBalanceTransaction(world, { amount: -refundAmount, currency, source: id, type: 'refund', description: 'REFUND FOR CHARGE' });
    const refund = world.put('stripe', 'refund', stripeOrder({
      id,
      object: 'refund',
      amount: refundAmount,
      balance_transaction: txn.id,
      charge: chargeId,
      created: seconds(world),
      currency,
      customer: charge?.customer ?? intent?.customer ?? null,
      customer_account: null,
      destination_details: { card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' }, type: 'card' },
      metadata: mergeMetadata({}, body.metadata),
      payment_intent: piId ?? idOf(charge?.payment_intent) ?? null,
      payment_method: charge?.payment_method ?? intent?.payment_method ?? null,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    }));
    emit(world, ['refund.created'], refund);
    if (charge) {
      const total = released + refunded + refundAmount;
      emit(world, ['charge.refunded'], world.put('stripe', 'charge', { ...charge, amount_refunded: total, refunded: total >= amount }));
    }
    return stripeJson(expand(world, refund, expandParam(body)));
  };
}

/**
 * `POST /v1/refunds/:id`: only `metadata` can change.
 * @example
 * r('POST', '/v1/refunds/:id', updateRefund())
 */
export function updateRefund(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'refund', id);
    if (!current) return resourceMissing('refund', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['metadata']);
    if (unknown) return unknown;
    const metadata = mergeMetadata(current.metadata, body.metadata);
    if (JSON.stringify(metadata) === JSON.stringify(current.metadata ?? {})) return stripeJson(expand(world, current, expandParam(body)));
    const updated: Obj = world.put('stripe', 'refund', { ...current, metadata });
    const options = { previous: { metadata: current.metadata } };
    emit(world, ['refund.updated'], updated, options);
    emit(world, ['charge.refund.updated'], updated, options);
    return stripeJson(expand(world, updated, expandParam(body)));
  };
}
