/**
 * Shopify: `X-Shopify-Hmac-Sha256: <base64>`, HMAC-SHA256 over the raw body keyed with the app's client
 * secret as UTF-8. No timestamp is signed. Newer "events" deliveries name the header `shopify-hmac-sha256`.
 */
import { assertRawBody, hmac, secretList, verifyBodyMac } from './shared.js';
import type { BodyMacScheme, HeaderInput, RawBody, SecretInput, VerifyResult } from './shared.js';

/** The header Shopify signs webhooks in. */
export const SIGNATURE_HEADER = 'X-Shopify-Hmac-Sha256';
/** The signature header of Shopify's newer event deliveries. */
export const EVENTS_SIGNATURE_HEADER = 'shopify-hmac-sha256';

/** Options of `shopify.sign`. */
export interface ShopifySignOptions {
  /** The app's client secret (API secret key). */
  secret: string;
  body: RawBody;
}

/** Options of `shopify.verify`. */
export interface ShopifyVerifyOptions {
  headers: HeaderInput;
  body: RawBody;
  secret: SecretInput;
}

/**
 * Signs a body the way Shopify does and returns the header to send.
 * @example
 * sign({ secret: 'shpss_test', body: '{"id":1}' }); // { 'X-Shopify-Hmac-Sha256': 'q1…=' }
 */
export function sign(options: ShopifySignOptions): Record<string, string> {
  assertRawBody(options.body, 'Shopify');
  const [secret] = secretList(options.secret, 'Shopify') as [string];
  return { [SIGNATURE_HEADER]: hmac('sha256', secret, options.body, 'base64') };
}

/** The HMAC header, under either name, as `verify` checks it. */
const HMAC: BodyMacScheme = {
  name: 'Shopify',
  headers: [SIGNATURE_HEADER, EVENTS_SIGNATURE_HEADER],
  format: /^[A-Za-z0-9+/]{43}=$/,
  malformed: `The ${SIGNATURE_HEADER} header must be the base64 of a SHA-256 HMAC (44 characters).`,
  mismatch: 'The HMAC does not match the body and secret. Is this the raw body, signed with the app client secret?',
  expected: (secret, body) => hmac('sha256', secret, body, 'base64'),
};

/**
 * Verifies `X-Shopify-Hmac-Sha256` (or `shopify-hmac-sha256`) against the raw body. Never throws for any header or body.
 * @example
 * verify({ headers: request.headers, body: rawBody, secret: process.env.SHOPIFY_WEBHOOK_SECRET! }).ok;
 */
export function verify(options: ShopifyVerifyOptions): VerifyResult {
  return verifyBodyMac(HMAC, options);
}
