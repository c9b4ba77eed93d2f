/**
 * Stripe's generic writes: customer create and delete, and updates of any updatable object
 * (`POST /v1/<collection>/:id`). Payments and billing have folders of their own.
 */
import { isPlainObject } from '../../../core/index.js';
import { decodeForm, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { changedFields, emit } from './emit.js';
import { resourceMissing, stripeJson, unknownParameter } from './errors.js';
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
    emit(world, [`${kind}.updated`, `customer.${kind}.updated`], stored, { previous: changedFields(current, stored) });
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

function newCustomer(world: World): Obj {
  return {
    id: world.id('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: Math.floor(world.now() / 1000),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: null,
    invoice_prefix: world.id('', 8).toUpperCase(),
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
    const customer = applyParams(newCustomer(world), body);
    if (customer instanceof Response) return customer;
    // A customer made on a test clock lives at the clock's time (docs.stripe.com/billing/testing/test-clocks).
    if (body.test_clock !== undefined) {
      const clock = world.get('stripe', 'test_helpers.test_clock', String(body.test_clock));
      if (!clock) return resourceMissing('test_helpers.test_clock', String(body.test_clock), 'test_clock');
      customer.created = clock.frozen_time;
    }
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

