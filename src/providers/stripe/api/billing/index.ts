/**
 * Stripe billing as test mode runs it: subscriptions.
 */
import { nowSeconds, type RouteHandler, type ApiRoute, type route } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';

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

/**
 * The routes of this folder, each made with the Stripe API's `r` (key check, related objects drawn).
 * @example
 * routes.push(...billingRoutes(r));
 */
export function billingRoutes(r: typeof route): ApiRoute[] {
  return [
    r('DELETE', '/v1/subscriptions/:id', cancelSubscription()),
  ];
}
