/**
 * Stripe writes that change later reads: refunds, customer create/update/delete, updates of any
 * updatable object (`POST /v1/<collection>/:id`), subscription cancel and payment intent cancel.
 */
import { isPlainObject } from '../../../core/index.js';
import { base62, decodeForm, nowSeconds, prefixedId, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { STRIPE_EVENT_TYPES } from '../generated/event-types.js';
import { invalidParameter, resourceMissing, stripeError, stripeJson, unknownParameter } from './errors.js';
import { expand, expandParam } from './read.js';

/** The form parameters of a request body. */
export async function formBody(request: Request): Promise<Obj> {
  return decodeForm(new URLSearchParams(await request.text()));
}

/** A form value turned into the type the field already has. */
function coerce(value: unknown, current: unknown): unknown {
  if (value === '') return null;
  if (typeof value === 'string') {
    if (typeof current === 'number' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
    if (typeof current === 'boolean' || value === 'true' || value === 'false') return value === 'true';
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => coerce(v, undefined));
  if (isPlainObject(value)) {
    const base = isPlainObject(current) ? current : {};
    const out: Obj = { ...base };
    for (const [k, v] of Object.entries(value)) out[k] = coerce(v, base[k]);
    return out;
  }
  return value;
}

/** Stripe's metadata rules: keys merge, an empty value removes a key, `metadata=''` clears all. */
function mergeMetadata(current: unknown, update: unknown): Obj {
  if (update === '') return {};
  const out: Obj = isPlainObject(current) ? { ...current } : {};
  if (isPlainObject(update)) {
    for (const [k, v] of Object.entries(update)) {
      if (v === '') delete out[k];
      else out[k] = String(v);
    }
  }
  return out;
}

/** `current` with the form parameters applied, or the 400 Stripe gives for an unknown one. */
export function applyParams(current: Obj, params: Obj): Obj | Response {
  const next: Obj = { ...current };
  for (const [key, value] of Object.entries(params)) {
    if (key === 'expand') continue;
    if (key === 'metadata') next.metadata = mergeMetadata(current.metadata, value);
    else if (key in current && key !== 'id' && key !== 'object') next[key] = coerce(value, current[key]);
    else return unknownParameter(key);
  }
  return next;
}

/** `POST /v1/<collection>/:id`: updates the fields the object has. */
/** Appends the first of `types` that Stripe sends (a snapshot event type of the catalog), with the object it reports. */
function emit(world: World, types: readonly string[], data: Obj): void {
  const type = types.find((t) => EVENT_TYPES.has(t));
  if (type) world.outbox.append({ provider: 'stripe', type, data });
}

const EVENT_TYPES: ReadonlySet<string> = new Set(STRIPE_EVENT_TYPES);

export function update(kind: string): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', kind, id);
    if (!current || current.deleted === true) return resourceMissing(kind, id);
    const body = await formBody(request);
    const next = applyParams(current, body);
    if (next instanceof Response) return next;
    const stored = world.put('stripe', kind, next);
    // A subscription's events are customer.subscription.*, a tax id's customer.tax_id.*.
    emit(world, [`${kind}.updated`, `customer.${kind}.updated`], stored);
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

function newCustomer(): Obj {
  return {
    id: `cus_${base62(14)}`,
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: base62(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

/** `POST /v1/customers`. */
export function createCustomer(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const customer = applyParams(newCustomer(), body);
    if (customer instanceof Response) return customer;
    const stored = world.put('stripe', 'customer', customer);
    emit(world, ['customer.created'], stored);
    return stripeJson(stored);
  };
}

/** `DELETE /v1/customers/:id`: later retrievals get the deleted stub. */
export function deleteCustomer(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'customer', id);
    if (!current || current.deleted === true) return resourceMissing('customer', id);
    const deleted = world.put('stripe', 'customer', { id, object: 'customer', deleted: true });
    emit(world, ['customer.deleted'], current);
    return stripeJson(deleted);
  };
}

/** `DELETE /v1/subscriptions/:id`: cancels now. */
export function cancelSubscription(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const now = nowSeconds();
    const next = world.update('stripe', 'subscription', id, (s) => ({ ...s, status: 'canceled', canceled_at: now, ended_at: now }));
    if (!next) return resourceMissing('subscription', id);
    emit(world, ['customer.subscription.deleted'], next);
    return stripeJson(next);
  };
}

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
