/**
 * Stripe billing as test mode runs it: products, prices and coupons; subscriptions and their
 * invoices; one-off invoices and invoice items; test clocks that move subscriptions through
 * renewals, trials and dunning; Checkout Sessions. Every write stores what a later retrieve
 * answers and appends the events Stripe sends for it, in Stripe's order.
 */
import type { ApiRoute, route } from '../../../shared/api/index.js';
import { createSession, expireSession } from './checkout-session.js';
import { createPrice, createProduct, deleteProduct, updatePrice, updateProduct } from './catalog.js';
import { advanceClock, createClock, deleteClock } from './clocks.js';
import { createCoupon, deleteCoupon, updateCoupon } from './coupons.js';
import { createInvoice, createInvoiceItem, deleteInvoice, finalizeInvoice, markUncollectible, payInvoice, voidInvoice } from './invoices.js';
import { guarded } from './params.js';
import { cancelSubscription, createSubscription } from './subscriptions.js';
import { updateSubscription } from './subscription-update.js';

export { cancelSubscription } from './subscriptions.js';
export { completeCheckout } from './checkout-complete.js';
export type { CheckoutResult, CompleteCheckoutOptions } from './checkout-complete.js';
export { RETRY_DAYS } from './renewals.js';
export { UPCOMING_DAYS } from './advance.js';
export { billingSettings, configureBilling } from './settings.js';
export type { BillingSettings, RetryEndState } from './settings.js';

/**
 * The routes of this folder, each made with the Stripe API's `r` (key check, related objects drawn)
 * and guarded, so that a fault answers Stripe's `api_error` rather than throwing.
 * @example
 * routes.push(...billingRoutes(r));
 */
export function billingRoutes(r: typeof route): ApiRoute[] {
  const g: typeof route = (method, path, handler) => r(method, path, guarded(handler));
  return [
    g('POST', '/v1/products', createProduct()),
    g('POST', '/v1/products/:id', updateProduct()),
    g('DELETE', '/v1/products/:id', deleteProduct()),
    g('POST', '/v1/prices', createPrice()),
    g('POST', '/v1/prices/:id', updatePrice()),
    g('POST', '/v1/coupons', createCoupon()),
    g('POST', '/v1/coupons/:id', updateCoupon()),
    g('DELETE', '/v1/coupons/:id', deleteCoupon()),
    g('POST', '/v1/subscriptions', createSubscription()),
    g('POST', '/v1/subscriptions/:id', updateSubscription()),
    g('DELETE', '/v1/subscriptions/:id', cancelSubscription()),
    g('POST', '/v1/invoiceitems', createInvoiceItem()),
    g('POST', '/v1/invoices', createInvoice()),
    g('POST', '/v1/invoices/:id/finalize', finalizeInvoice()),
    g('POST', '/v1/invoices/:id/pay', payInvoice()),
    g('POST', '/v1/invoices/:id/void', voidInvoice()),
    g('POST', '/v1/invoices/:id/mark_uncollectible', markUncollectible()),
    g('DELETE', '/v1/invoices/:id', deleteInvoice()),
    g('POST', '/v1/test_helpers/test_clocks', createClock()),
    g('POST', '/v1/test_helpers/test_clocks/:id/advance', advanceClock()),
    g('DELETE', '/v1/test_helpers/test_clocks/:id', deleteClock()),
    g('POST', '/v1/checkout/sessions', createSession()),
    g('POST', '/v1/checkout/sessions/:id/expire', expireSession()),
  ];
}
