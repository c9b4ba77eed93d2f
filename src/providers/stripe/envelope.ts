/**
 * What every Stripe delivery carries around its object, whoever makes it (the payload builder or the
 * emulator): the API version its `data` is rendered in, and the headers besides `Stripe-Signature`.
 */

/** The API version stripe@23.1.0 pins (`stripe/cjs/apiVersion.js`); events render `data` in it. */
export const API_VERSION = '2026-10-28.endive';

/** The headers of a real delivery besides `Stripe-Signature`, which the plugin's `sign` adds. */
export const DELIVERY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Type': 'application/json; charset=utf-8',
  'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  Accept: '*/*; q=0.5, application/xml',
  'Cache-Control': 'no-cache',
});
