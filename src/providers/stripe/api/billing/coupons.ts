/**
 * Coupons as Stripe test mode keeps them: create (`percent_off`, or `amount_off` with `currency`;
 * `duration` once, repeating with `duration_in_months`, or forever), update of `name` and
 * `metadata`, delete. Each sends `coupon.created`/`.updated`/`.deleted`.
 */
import type { Obj, RouteHandler } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { formBody } from '../write.js';
import { badParam, badState, changedFields, integer, metadata, missingParam, refuseUnknown, save, seconds, text } from './params.js';

const DURATIONS = ['once', 'repeating', 'forever'];

/** `POST /v1/coupons`. */
export function createCoupon(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['id', 'name', 'percent_off', 'amount_off', 'currency', 'duration', 'duration_in_months', 'max_redemptions', 'redeem_by', 'metadata']);
    if (refused) return refused;
    const percent = body.percent_off === undefined ? undefined : Number(body.percent_off);
    const amount = integer(body, 'amount_off', { min: 1 });
    if (amount instanceof Response) return amount;
    if (percent === undefined && amount === undefined) return missingParam('percent_off');
    if (percent !== undefined && amount !== undefined) return badState('You may only specify one of these parameters: amount_off, percent_off.');
    if (percent !== undefined && !(percent > 0 && percent <= 100)) return badParam('percent_off', 'percent_off must be greater than 0 and at most 100.', 'parameter_invalid_float');
    const currency = text(body, 'currency');
    if (amount !== undefined && !currency) return missingParam('currency');
    const duration = text(body, 'duration') ?? 'once';
    if (!DURATIONS.includes(duration)) return badParam('duration', 'Invalid duration: must be one of forever, once, or repeating');
    const months = integer(body, 'duration_in_months', { min: 1 });
    if (months instanceof Response) return months;
    if (duration === 'repeating' && months === undefined) return missingParam('duration_in_months');
    const max = integer(body, 'max_redemptions', { min: 1 });
    if (max instanceof Response) return max;
    const redeemBy = integer(body, 'redeem_by', { min: 1 });
    if (redeemBy instanceof Response) return redeemBy;
    const id = text(body, 'id') ?? world.id('', 8).toUpperCase();
    if (world.get('stripe', 'coupon', id)) return badState('Coupon already exists.', 'resource_already_exists');
    const coupon: Obj = {
      id,
      object: 'coupon',
      amount_off: amount ?? null,
      created: seconds(world.now()),
      currency: currency?.toLowerCase() ?? null,
      duration,
      duration_in_months: duration === 'repeating' ? (months ?? null) : null,
      livemode: false,
      max_redemptions: max ?? null,
      metadata: metadata({}, body.metadata),
      name: text(body, 'name') ?? null,
      percent_off: percent ?? null,
      redeem_by: redeemBy ?? null,
      times_redeemed: 0,
      valid: true,
    };
    const stored = save(world, 'coupon', coupon);
    emit(world, ['coupon.created'], stored);
    return stripeJson(stored);
  };
}

/** `POST /v1/coupons/:id`: `name` and `metadata` only, as Stripe allows. */
export function updateCoupon(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'coupon', id);
    if (!current) return resourceMissing('coupon', id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['name', 'metadata']);
    if (refused) return refused;
    const next: Obj = { ...current };
    if (body.name !== undefined) next.name = body.name === '' ? null : String(body.name);
    if (body.metadata !== undefined) next.metadata = metadata(current.metadata, body.metadata);
    const previous = changedFields(current, next);
    if (Object.keys(previous).length === 0) return stripeJson(current);
    const stored = save(world, 'coupon', next);
    emit(world, ['coupon.updated'], stored, { previous });
    return stripeJson(stored);
  };
}

/** `DELETE /v1/coupons/:id`: `coupon.deleted`; later retrievals answer 404. */
export function deleteCoupon(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'coupon', id);
    if (!current) return resourceMissing('coupon', id);
    world.delete('stripe', 'coupon', id);
    emit(world, ['coupon.deleted'], { ...current, valid: false });
    return stripeJson({ id, object: 'coupon', deleted: true });
  };
}
