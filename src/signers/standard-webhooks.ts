/**
 * Standard Webhooks v1, as Svix sends it for Clerk and Resend: `svix-id`, `svix-timestamp` (Unix
 * seconds) and `svix-signature: v1,<base64>[ v1,<base64>…]`, HMAC-SHA256 over `${id}.${timestamp}.${body}`
 * keyed with the base64-decoded part of the secret after `whsec_`. The `webhook-` header prefix is
 * the unbranded form of the same scheme.
 */
import { DEFAULT_TOLERANCE_SECONDS, OK, assertRawBody, fail, hmac, readHeader, safeEqual, secretList, toUnixSeconds } from './shared.js';
import type { HeaderInput, Instant, RawBody, SecretInput, VerifyResult } from './shared.js';

/** The header name prefix: `svix-` as Svix sends for Clerk and Resend, or the unbranded `webhook-`. */
export type HeaderPrefix = 'svix' | 'webhook';

/** Options of `standardWebhooks.sign`. */
export interface StandardWebhooksSignOptions {
  /** `whsec_<base64 of 24 to 64 random bytes>`; several give a space-separated list of signatures. */
  secret: SecretInput;
  /** The message id, `msg_…`; the receiver's deduplication key. */
  id: string;
  body: RawBody;
  /** When the attempt is signed; default now. */
  timestamp?: Instant;
  /** `svix` (default, what Clerk and Resend send) or `webhook`. */
  headerPrefix?: HeaderPrefix;
}

/** Options of `standardWebhooks.verify`. */
export interface StandardWebhooksVerifyOptions {
  /** Read with the `svix-` prefix, else the `webhook-` prefix. */
  headers: HeaderInput;
  body: RawBody;
  secret: SecretInput;
  now?: Instant;
  /** Allowed clock skew in seconds, past and future; `false` disables. Default 300. */
  toleranceSeconds?: number | false;
}

const keyCache = new Map<string, Buffer>();
let lastSecret: string | undefined;
let lastKey: Buffer | undefined;

/** Decodes `whsec_<base64>` (the prefix is optional) into the HMAC key; throws for a secret that is not base64. */
export function decodeSecret(secret: string): Buffer {
  // Signing and verifying reuse a handful of secrets: decode and validate each once.
  if (secret === lastSecret) return lastKey!;
  const cached = keyCache.get(secret);
  if (cached) {
    lastSecret = secret;
    lastKey = cached;
    return cached;
  }
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1) {
    // A TypeError, not a RelayError: the signers import nothing of the project, and this guards a caller's programming mistake.
    throw new TypeError(
      'Standard Webhooks: the secret must be "whsec_" followed by base64 (as Svix, Clerk and Resend issue it); ' +
        `got ${JSON.stringify(secret.length > 12 ? `${secret.slice(0, 10)}…` : secret)}.`,
    );
  }
  const key = Buffer.from(encoded, 'base64');
  if (keyCache.size >= 256) keyCache.clear();
  keyCache.set(secret, key);
  return key;
}

/**
 * Signs a message the way Svix does and returns the three headers to send.
 * @example
 * sign({ secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
 *        timestamp: 1614265330_000, body: '{"test": 2432232314}' })['svix-signature'];
 * // 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE='
 */
export function sign(options: StandardWebhooksSignOptions): Record<string, string> {
  assertRawBody(options.body, 'Standard Webhooks');
  // A TypeError, not a RelayError: the signers import nothing of the project, and this guards a caller's programming mistake.
  if (typeof options.id !== 'string' || options.id === '') throw new TypeError('Standard Webhooks: a message id is required.');
  const timestamp = String(toUnixSeconds(options.timestamp));
  const signed = `${options.id}.${timestamp}.`;
  let signature = '';
  for (const secret of secretList(options.secret, 'Standard Webhooks')) {
    signature += `${signature === '' ? '' : ' '}v1,${hmac('sha256', decodeSecret(secret), options.body, 'base64', signed)}`;
  }
  // Literal keys: objects built with computed keys take a slower path in V8.
  return options.headerPrefix === 'webhook'
    ? { 'webhook-id': options.id, 'webhook-timestamp': timestamp, 'webhook-signature': signature }
    : { 'svix-id': options.id, 'svix-timestamp': timestamp, 'svix-signature': signature };
}

/**
 * Verifies a Standard Webhooks / Svix delivery. Never throws for any header or body.
 * @example
 * verify({ headers: request.headers, body: rawBody, secret: process.env.CLERK_WEBHOOK_SECRET! });
 */
export function verify(options: StandardWebhooksVerifyOptions): VerifyResult {
  assertRawBody(options.body, 'Standard Webhooks');
  const keys = secretList(options.secret, 'Standard Webhooks').map(decodeSecret);
  const prefix: HeaderPrefix = readHeader(options.headers, 'svix-id') !== undefined ? 'svix' : 'webhook';
  const id = readHeader(options.headers, `${prefix}-id`);
  const timestamp = readHeader(options.headers, `${prefix}-timestamp`);
  const signature = readHeader(options.headers, `${prefix}-signature`);
  if (!id || !timestamp || !signature) {
    return fail('missing_header', 'Missing one of the svix-id, svix-timestamp and svix-signature headers (or their webhook- forms).');
  }
  if (!/^\d{1,15}$/.test(timestamp.trim())) {
    return fail('malformed_header', `The ${prefix}-timestamp header must be Unix seconds, got ${JSON.stringify(timestamp.slice(0, 32))}.`);
  }
  const candidates = signature
    .split(' ')
    .filter((entry) => entry.startsWith('v1,'))
    .map((entry) => entry.slice(3));
  if (candidates.length === 0) {
    return fail('malformed_header', `The ${prefix}-signature header holds no "v1,<base64>" entry.`);
  }
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const skew = toUnixSeconds(options.now) - Number(timestamp);
  if (tolerance !== false && Math.abs(skew) > tolerance) {
    return fail(
      'timestamp_out_of_range',
      `The ${prefix}-timestamp is ${Math.abs(skew)} s ${skew > 0 ? 'old' : 'in the future'}; at most ${tolerance} s is allowed.`,
    );
  }
  const signed = `${id}.${timestamp.trim()}.`;
  const expected = keys.map((key) => hmac('sha256', key, options.body, 'base64', signed));
  const matched = candidates.some((candidate) => expected.some((sig) => safeEqual(candidate, sig)));
  return matched
    ? OK
    : fail('signature_mismatch', 'No v1 signature matches the message and secret. Is this the raw body, and the whsec_ secret of this endpoint?');
}
