/**
 * Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]`, HMAC-SHA256 over `${t}.${body}`
 * keyed with the secret string as it is (the `whsec_` prefix included, nothing decoded).
 */
import { DEFAULT_TOLERANCE_SECONDS, OK, assertRawBody, fail, hmac, readHeader, safeEqual, secretList, toUnixSeconds } from './shared.js';
import type { HeaderInput, Instant, RawBody, SecretInput, VerifyResult } from './shared.js';

/** The header Stripe signs deliveries in. */
export const SIGNATURE_HEADER = 'Stripe-Signature';

/** Options of `stripe.sign`. */
export interface StripeSignOptions {
  /** The endpoint secret (`whsec_…`); several give one `v1` entry each, as during a rotation. */
  secret: SecretInput;
  body: RawBody;
  /** When the delivery is signed; default now. */
  timestamp?: Instant;
}

/** Options of `stripe.verify`. */
export interface StripeVerifyOptions {
  headers: HeaderInput;
  body: RawBody;
  secret: SecretInput;
  /** The verifier's clock; default now. */
  now?: Instant;
  /** How old `t` may be, in seconds (future timestamps pass, as in stripe-node); `false` disables. Default 300. */
  toleranceSeconds?: number | false;
}

/**
 * Signs a body the way Stripe does and returns the header to send.
 * @example
 * const headers = sign({ secret: 'whsec_test', body, timestamp: Date.now() });
 * // { 'Stripe-Signature': 't=1700000000,v1=5257a8…' }
 */
export function sign(options: StripeSignOptions): Record<string, string> {
  assertRawBody(options.body, 'Stripe');
  const t = toUnixSeconds(options.timestamp);
  let value = `t=${t}`;
  for (const secret of secretList(options.secret, 'Stripe')) {
    value += `,v1=${hmac('sha256', secret, options.body, 'hex', `${t}.`)}`;
  }
  return { [SIGNATURE_HEADER]: value };
}

/**
 * Verifies a `Stripe-Signature` header against the raw body. Never throws for any header or body.
 * @example
 * const result = verify({ headers: request.headers, body: rawBody, secret: process.env.STRIPE_WEBHOOK_SECRET! });
 * if (!result.ok) console.log(result.reason); // 'signature_mismatch'
 */
export function verify(options: StripeVerifyOptions): VerifyResult {
  assertRawBody(options.body, 'Stripe');
  const secrets = secretList(options.secret, 'Stripe');
  const header = readHeader(options.headers, SIGNATURE_HEADER);
  if (header === undefined || header.trim() === '') {
    return fail('missing_header', `No ${SIGNATURE_HEADER} header was provided.`);
  }
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') candidates.push(value);
  }
  if (timestamp === undefined || !/^\d{1,15}$/.test(timestamp)) {
    return fail('malformed_header', `Unable to extract a timestamp (t=) from the ${SIGNATURE_HEADER} header.`);
  }
  if (candidates.length === 0) {
    return fail('malformed_header', `No v1 signatures found in the ${SIGNATURE_HEADER} header.`);
  }
  const expected = secrets.map((secret) => hmac('sha256', secret, options.body, 'hex', `${timestamp}.`));
  const matched = candidates.some((candidate) => expected.some((sig) => safeEqual(candidate, sig)));
  if (!matched) {
    return fail(
      'signature_mismatch',
      'No v1 signature matches the body and secret. Is the secret the one the sender signs with, and is this the raw body?',
    );
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (tolerance !== false && toUnixSeconds(options.now) - Number(timestamp) > tolerance) {
    return fail('timestamp_out_of_range', `The timestamp t=${timestamp} is more than ${tolerance} s old.`);
  }
  return OK;
}
