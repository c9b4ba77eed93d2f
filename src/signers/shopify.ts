/**
 * Shopify: `X-Shopify-Hmac-Sha256: <base64>`, HMAC-SHA256 over the raw body keyed with the app's client
 * secret as UTF-8. No timestamp is signed. Newer "events" deliveries name the header `shopify-hmac-sha256`.
 */
import {
  OK,
  assertRawBody,
  fail,
  hmac,
  readHeader,
  safeEqual,
  secretList,
  type HeaderInput,
  type RawBody,
  type SecretInput,
  type VerifyResult,
} from './shared.js';

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

/**
 * Verifies `X-Shopify-Hmac-Sha256` (or `shopify-hmac-sha256`) against the raw body. Never throws for any header or body.
 * @example
 * verify({ headers: request.headers, body: rawBody, secret: process.env.SHOPIFY_WEBHOOK_SECRET! }).ok;
 */
export function verify(options: ShopifyVerifyOptions): VerifyResult {
  assertRawBody(options.body, 'Shopify');
  const secrets = secretList(options.secret, 'Shopify');
  const header = readHeader(options.headers, SIGNATURE_HEADER) ?? readHeader(options.headers, EVENTS_SIGNATURE_HEADER);
  if (header === undefined || header.trim() === '') {
    return fail('missing_header', `No ${SIGNATURE_HEADER} header was provided.`);
  }
  const candidate = header.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(candidate)) {
    return fail('malformed_header', `The ${SIGNATURE_HEADER} header must be the base64 of a SHA-256 HMAC (44 characters).`);
  }
  const matched = secrets.some((secret) => safeEqual(candidate, hmac('sha256', secret, options.body, 'base64')));
  return matched
    ? OK
    : fail('signature_mismatch', 'The HMAC does not match the body and secret. Is this the raw body, signed with the app client secret?');
}
