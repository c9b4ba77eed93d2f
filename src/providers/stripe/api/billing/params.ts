/**
 * What billing's routes share: reading form parameters the way Stripe checks them (unknown, missing
 * and malformed ones answered with Stripe's 400, never a throw), the time an object is stamped with
 * (its customer's test clock, else the world's clock), and the changed fields an update reports.
 */
import { copySorted } from '../../../../core/index.js';
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { emitStored, type EmitOptions } from '../emit.js';
import { stripeError } from '../errors.js';
import { compareKeys, stripeOrder } from '../payments/objects.js';

/** Stripe's metadata rules, key order, missing and unknown parameter answers, as payments has them. */
export { mergeMetadata as metadata, stripeOrder as ordered } from '../payments/objects.js';
export { parameterMissing as missingParam, unknownOf as refuseUnknown } from '../payments/respond.js';
export { changedFields } from '../emit.js';

/** 400 `parameter_invalid_*` or any other invalid-request answer naming `param`. */
export function badParam(param: string, message: string, code = 'parameter_invalid_string'): Response {
  return stripeError(400, { type: 'invalid_request_error', code, message, param });
}

/** 400 for a request the object's state refuses (`invoice_not_editable`, …). */
export function badState(message: string, code?: string): Response {
  return stripeError(400, { type: 'invalid_request_error', message, ...(code ? { code } : {}) });
}

/** A string parameter, `undefined` when absent. */
export function text(body: Obj, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A whole-number parameter: the number, `undefined` when absent, or Stripe's 400 when malformed. */
export function integer(body: Obj, key: string, options: { min?: number } = {}): number | undefined | Response {
  const value = body[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return badParam(key, `Invalid integer: ${String(value)}`, 'parameter_invalid_integer');
  const number = Number(value);
  if (options.min !== undefined && number < options.min) {
    return badParam(key, `This value must be greater than or equal to ${options.min}.`, 'parameter_invalid_integer');
  }
  return number;
}

/** A boolean parameter (`true`/`false`), `undefined` when absent, or Stripe's 400. */
export function flag(body: Obj, key: string): boolean | undefined | Response {
  const value = body[key];
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  return badParam(key, `Invalid boolean: ${String(value)}`, 'parameter_invalid_boolean');
}

/** Unix seconds of a millisecond time. */
export function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** The test clock a customer is attached to, as stored (`undefined` for a customer on real time). */
export function clockOf(world: World, customer: string | null | undefined): Obj | undefined {
  if (!customer) return undefined;
  const clock = world.get('stripe', 'customer', customer)?.test_clock;
  return typeof clock === 'string' ? world.get('stripe', 'test_helpers.test_clock', clock) : undefined;
}

/** Now for a customer's objects, in unix seconds: its test clock's frozen time, else the world's clock. */
export function nowFor(world: World, customer: string | null | undefined): number {
  const clock = clockOf(world, customer);
  return typeof clock?.frozen_time === 'number' ? clock.frozen_time : seconds(world.now());
}

/**
 * A handler that never throws out: a fault inside (a bug, a collaborator not written yet) answers
 * Stripe's `api_error` 500 instead of crashing the caller's request.
 * @example
 * r('POST', '/v1/products', guarded(createProduct()));
 */
export function guarded(handler: RouteHandler): RouteHandler {
  return async (request, params, world) => {
    try {
      return await handler(request, params, world);
    } catch (error) {
      return stripeError(500, { type: 'api_error', message: `The emulated Stripe failed: ${error instanceof Error ? error.message : String(error)}` });
    }
  };
}

/**
 * Stores a Stripe object with its keys in Stripe's order and returns the stored copy.
 * @example
 * const stored = save(world, 'invoice', invoice);
 */
export function save(world: World, kind: string, object: Obj): Obj {
  return stored(world, kind, object).saved;
}

/**
 * `save`, and an event reporting the stored object for each list of `events`, as `putAndEmit` (emit.ts)
 * appends them: the stored copy is their data. `object` must not change before they are appended.
 * @example
 * const paid = saveAndEmit(chain.world, 'invoice', invoice, [['invoice.paid'], ['invoice.payment_succeeded']], { at: at * 1000 });
 */
export function saveAndEmit(world: World, kind: string, object: Obj, events: readonly (readonly string[])[], options: EmitOptions = {}): Obj {
  const { copy, saved } = stored(world, kind, object);
  for (const types of events) emitStored(world, types, copy, options);
  return saved;
}

/** Stores a copy of `object` in Stripe's key order; `saved` is `object` in that order (itself, unless some of it was not). */
function stored(world: World, kind: string, object: Obj): { copy: Obj; saved: Obj } {
  // One walk, not two (ordering the object, then the world's copy of it): the ordered copy is stored as it is.
  const { copy, reordered } = copySorted(object, compareKeys);
  world.put('stripe', kind, copy, { adopt: true });
  return { copy, saved: reordered ? stripeOrder(object) : object };
}
