/** The Stripe API mock (api.stripe.com/v1): every resource the catalog's payloads hold, lists, and common writes. */
import type { MockContext } from '../context.js';
import { guardedRoute, unsupportedMessage, type MockApi, type MockRoute } from '../shared/routes.js';
import { checkStripeKey } from './auth.js';
import { stripeError } from './errors.js';
import { balance, externalAccount, invoiceLines, list, retrieve } from './read.js';
import { STRIPE_COLLECTIONS, STRIPE_UPDATABLE } from './resources.js';
import { cancelPaymentIntent, cancelSubscription, createCustomer, createRefund, deleteCustomer, update } from './write.js';

export { stripeAdapter } from './record.js';

const BASE = 'https://api.stripe.com';

/**
 * The mocked Stripe API.
 * @example
 * const api = stripeApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function stripeApi(ctx: MockContext): MockApi {
  const unsupportedFor = (request: Request): Response => api.unsupported(unsupportedMessage(api, request.method, new URL(request.url)));
  const r = guardedRoute((request) => checkStripeKey(request, ctx.options.stripe.apiKeys));
  const routes: MockRoute[] = [
    r('POST', '/v1/refunds', createRefund(ctx)),
    r('POST', '/v1/customers', createCustomer(ctx)),
    r('DELETE', '/v1/customers/:id', deleteCustomer(ctx)),
    r('DELETE', '/v1/subscriptions/:id', cancelSubscription(ctx)),
    r('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent(ctx)),
    r('GET', '/v1/balance', balance(ctx)),
    r('GET', '/v1/invoices/:id/lines', invoiceLines(ctx)),
    r('GET', '/v1/accounts/:account/external_accounts/:id', externalAccount(ctx)),
  ];
  for (const [kind, collection] of Object.entries(STRIPE_COLLECTIONS)) {
    routes.push(r('GET', `/v1/${collection}`, list(ctx, kind)));
    routes.push(r('GET', `/v1/${collection}/:id`, retrieve(ctx, kind, (request) => unsupportedFor(request))));
    if (STRIPE_UPDATABLE.includes(kind)) routes.push(r('POST', `/v1/${collection}/:id`, update(ctx, kind)));
  }
  const api: MockApi = {
    provider: 'stripe',
    base: BASE,
    host: 'api.stripe.com',
    routes,
    unsupported: (message) => stripeError(501, { type: 'invalid_request_error', message }),
  };
  return api;
}
