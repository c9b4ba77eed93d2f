/**
 * The Stripe API mock (api.stripe.com): every resource the catalog's payloads hold, lists, common
 * writes, and the event and related object an event notification fetches (v1 and v2).
 */
import type { MockContext } from '../context.js';
import { guardedRoute, unsupportedMessage, type MockApi, type MockRoute } from '../shared/routes.js';
import { checkStripeKey } from './auth.js';
import { stripeError } from './errors.js';
import { pathRoutes, routeKey } from './paths.js';
import { balance, invoiceLines, list, retrieve, sessionLineItems } from './read.js';
import { STRIPE_COLLECTIONS, STRIPE_UPDATABLE } from './resources.js';
import { drawRelatedObjects, thinRoutes } from './thin.js';
import { cancelPaymentIntent, cancelSubscription, createCustomer, createRefund, deleteCustomer, update } from './write.js';

import { drawImpliedObjects } from './record.js';

export { stripeAdapter } from './record.js';

const BASE = 'https://api.stripe.com';

/**
 * The mocked Stripe API.
 * @example
 * const api = stripeApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function stripeApi(ctx: MockContext): MockApi {
  const unsupportedFor = (request: Request): Response => api.unsupported(unsupportedMessage(api, request.method, new URL(request.url)));
  const guarded = guardedRoute((request) => checkStripeKey(request, ctx.options.stripe.apiKeys));
  // Every answer sees the objects delivered notifications point at and those events imply (drawn on first need).
  const r: typeof guarded = (method, path, resolver) =>
    guarded(method, path, async (info) => {
      await drawRelatedObjects(ctx);
      await drawImpliedObjects(ctx);
      return resolver(info);
    });
  const routes: MockRoute[] = [
    r('POST', '/v1/refunds', createRefund(ctx)),
    r('POST', '/v1/customers', createCustomer(ctx)),
    r('DELETE', '/v1/customers/:id', deleteCustomer(ctx)),
    r('DELETE', '/v1/subscriptions/:id', cancelSubscription(ctx)),
    r('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent(ctx)),
    r('GET', '/v1/balance', balance(ctx)),
    r('GET', '/v1/invoices/:id/lines', invoiceLines(ctx)),
    r('GET', '/v1/checkout/sessions/:id/line_items', sessionLineItems(ctx)),
  ];
  for (const [kind, collection] of Object.entries(STRIPE_COLLECTIONS)) {
    routes.push(r('GET', `/v1/${collection}`, list(ctx, kind)));
    routes.push(r('GET', `/v1/${collection}/:id`, retrieve(ctx, kind, (request) => unsupportedFor(request))));
    if (STRIPE_UPDATABLE.includes(kind)) routes.push(r('POST', `/v1/${collection}/:id`, update(ctx, kind)));
  }
  // Every other resource a snapshot event carries, where stripe-node reads it (generated/paths.ts).
  const taken = (): Set<string> => new Set(routes.map((route) => routeKey(route.method, route.path)));
  for (const { path, resolver } of pathRoutes(ctx, taken())) routes.push(r('GET', path, resolver));
  routes.push(...thinRoutes(ctx, taken(), r));
  const api: MockApi = {
    provider: 'stripe',
    base: BASE,
    host: 'api.stripe.com',
    routes,
    unsupported: (message) => stripeError(501, { type: 'invalid_request_error', message }),
  };
  return api;
}
