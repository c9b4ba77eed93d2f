/**
 * The Stripe API (api.stripe.com), as the mocks and the emulator serve it: every resource the catalog's payloads hold, lists, common
 * writes, and the event and related object an event notification fetches (v1 and v2).
 */
import { guardedRoute, unsupportedMessage, type ApiRoute, type ApiRoutes } from '../../shared/api/index.js';
import { checkStripeKey } from './auth.js';
import { stripeError } from './errors.js';
import { pathRoutes, routeKey } from './paths.js';
import { balance, invoiceLines, list, retrieve, sessionLineItems } from './read.js';
import { STRIPE_COLLECTIONS, STRIPE_UPDATABLE } from './resources.js';
import { stripeRequest } from './requests.js';
import { drawRelatedObjects, thinRoutes } from './thin.js';
import { webhookEndpointRoutes } from './webhook-endpoints.js';
import { billingRoutes } from './billing/index.js';
import { paymentRoutes } from './payments/index.js';
import { createCustomer, deleteCustomer, update } from './write.js';

import { drawImpliedObjects } from './record.js';

export { stripeAdapter } from './record.js';

const BASE = 'https://api.stripe.com';

/** What the Stripe routes check requests against. */
export interface StripeRouteOptions {
  /** The secret keys accepted. Default: any `sk_…`/`rk_…` key. */
  readonly apiKeys?: readonly string[];
}

/**
 * The Stripe API's routes, over web `Request`/`Response` and the world each call is handed.
 * @example
 * const api = stripeRoutes({ apiKeys: ['sk_test_123'] });
 */
export function stripeRoutes(options: StripeRouteOptions = {}): ApiRoutes {
  const unsupportedFor = (request: Request): Response => api.unsupported(unsupportedMessage(api, request.method, new URL(request.url)));
  const guarded = guardedRoute((request) => checkStripeKey(request, options.apiKeys));
  // Every answer sees the objects delivered notifications point at and those events imply (drawn on first need).
  const r: typeof guarded = (method, path, handler) =>
    guarded(
      method,
      path,
      stripeRequest(async (request, params, world) => {
        await drawRelatedObjects(world);
        await drawImpliedObjects(world);
        return handler(request, params, world);
      }),
    );
  const routes: ApiRoute[] = [
    ...webhookEndpointRoutes.map(([method, path, handler]) => r(method, path, handler)),
    ...paymentRoutes(r),
    ...billingRoutes(r),
    r('POST', '/v1/customers', createCustomer()),
    r('DELETE', '/v1/customers/:id', deleteCustomer()),
    r('GET', '/v1/balance', balance()),
    r('GET', '/v1/invoices/:id/lines', invoiceLines()),
    r('GET', '/v1/checkout/sessions/:id/line_items', sessionLineItems()),
  ];
  for (const [kind, collection] of Object.entries(STRIPE_COLLECTIONS)) {
    routes.push(r('GET', `/v1/${collection}`, list(kind)));
    routes.push(r('GET', `/v1/${collection}/:id`, retrieve(kind, (request) => unsupportedFor(request))));
    if (STRIPE_UPDATABLE.includes(kind)) routes.push(r('POST', `/v1/${collection}/:id`, update(kind)));
  }
  // Every other resource a snapshot event carries, where stripe-node reads it (generated/paths.ts).
  const taken = (): Set<string> => new Set(routes.map((route) => routeKey(route.method, route.path)));
  for (const { path, resolver } of pathRoutes(taken())) routes.push(r('GET', path, resolver));
  routes.push(...thinRoutes(taken(), r));
  const api: ApiRoutes = {
    provider: 'stripe',
    base: BASE,
    host: 'api.stripe.com',
    routes,
    unsupported: (message) => stripeError(501, { type: 'invalid_request_error', message }),
  };
  return api;
}
