/**
 * Stripe payments as test mode runs them: payment methods, payment and setup intents and the charges
 * they make, refunds and disputes, each write appending the events Stripe sends for it.
 */
import type { ApiRoute, route } from '../../../shared/api/index.js';
import { closeDispute, updateDispute } from './disputes.js';
import { cancelPaymentIntent, capturePaymentIntent, confirmPaymentIntentRoute, createPaymentIntent, updatePaymentIntent } from './intents.js';
import { attachPaymentMethod, createPaymentMethod, customerPaymentMethods, detachPaymentMethod, retrievePaymentMethod } from './methods.js';
import { createRefund, updateRefund } from './refunds.js';
import { cancelSetupIntent, confirmSetupIntent, createSetupIntent } from './setup.js';

export { attemptPayment, resolvePaymentMethod, type PaymentAttempt, type PaymentAttemptInput } from './attempt.js';
export { completeAuthentication, expireAuthorizations, type AuthenticationOptions } from './authentication.js';
export { openDispute } from './disputes.js';
export { cancelPaymentIntent, createRefund };

/**
 * The routes of this folder, each made with the Stripe API's `r` (key check, related objects drawn).
 * They come before the generic `POST /v1/<collection>/:id` update, so refunds and disputes answer here.
 * @example
 * routes.push(...paymentRoutes(r));
 */
export function paymentRoutes(r: typeof route): ApiRoute[] {
  return [
    r('POST', '/v1/payment_methods', createPaymentMethod()),
    r('GET', '/v1/payment_methods/:id', retrievePaymentMethod()),
    r('POST', '/v1/payment_methods/:id/attach', attachPaymentMethod()),
    r('POST', '/v1/payment_methods/:id/detach', detachPaymentMethod()),
    r('GET', '/v1/customers/:id/payment_methods', customerPaymentMethods()),
    r('POST', '/v1/payment_intents', createPaymentIntent()),
    r('POST', '/v1/payment_intents/:id', updatePaymentIntent()),
    r('POST', '/v1/payment_intents/:id/confirm', confirmPaymentIntentRoute()),
    r('POST', '/v1/payment_intents/:id/capture', capturePaymentIntent()),
    r('POST', '/v1/payment_intents/:id/cancel', cancelPaymentIntent()),
    r('POST', '/v1/setup_intents', createSetupIntent()),
    r('POST', '/v1/setup_intents/:id/confirm', confirmSetupIntent()),
    r('POST', '/v1/setup_intents/:id/cancel', cancelSetupIntent()),
    r('POST', '/v1/refunds', createRefund()),
    r('POST', '/v1/refunds/:id', updateRefund()),
    r('POST', '/v1/disputes/:id', updateDispute()),
    r('POST', '/v1/disputes/:id/close', closeDispute()),
  ];
}
