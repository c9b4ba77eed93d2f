/**
 * What every scheme shares: the types of its options and results, HMAC over exact bytes,
 * constant-time comparison and case-insensitive header lookup. Internal to `src/signers`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The raw body exactly as it travels: a string (UTF-8) or its bytes. Never a parsed object. */
export type RawBody = string | Uint8Array;

/** Request headers as a WHATWG `Headers`, node's `IncomingHttpHeaders` or a plain record. */
export type HeaderInput = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** One secret, or several during a rotation (any of them may match). */
export type SecretInput = string | readonly string[];

/** A point in time: a `Date` or epoch milliseconds (as `Date.now()` returns). */
export type Instant = Date | number;

/** Why a delivery failed verification. */
export type VerifyFailureReason =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_out_of_range'
  | 'signature_mismatch';

/** The outcome of `verify`: never thrown, always returned. */
export type VerifyResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: VerifyFailureReason; readonly message: string };

/** The one success result, frozen: shared by every verify. */
export const OK: VerifyResult = Object.freeze({ ok: true });

/** A failure result: why, and a message that names the fix. */
export function fail(reason: VerifyFailureReason, message: string): VerifyResult {
  return { ok: false, reason, message };
}

/** Default replay window of the schemes that sign a timestamp, as the official libraries use. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** HMAC of `prefix + body` (the prefix is what a scheme signs before the body: `${t}.` for Stripe). */
export function hmac(
  algorithm: 'sha256' | 'sha1',
  key: string | Uint8Array,
  body: RawBody,
  encoding: 'hex' | 'base64',
  prefix = '',
): string {
  const mac = createHmac(algorithm, key);
  // One update per call into the native binding where possible: a string concat is a rope, not a copy.
  if (typeof body === 'string') mac.update(prefix + body);
  else {
    if (prefix !== '') mac.update(prefix);
    mac.update(body);
  }
  return mac.digest(encoding);
}

/** Constant-time string equality; lengths are compared first (they are not secret). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** An `Instant` as epoch milliseconds (now when absent); a `TypeError` for an invalid date. */
export function toMillis(at: Instant | undefined): number {
  if (at === undefined) return Date.now();
  const ms = typeof at === 'number' ? at : at.getTime();
  // A TypeError, not a RelayError: the signers import nothing of the project, and this guards a caller's programming mistake.
  if (!Number.isFinite(ms)) throw new TypeError(`Expected a valid Date or epoch milliseconds, got ${String(at)}.`);
  return ms;
}

/** An `Instant` as whole Unix seconds, as the schemes sign time. */
export function toUnixSeconds(at: Instant | undefined): number {
  return Math.floor(toMillis(at) / 1000);
}

/** Looks a header up by name, ignoring case. Repeated values are joined with `,`. */
export function readHeader(headers: HeaderInput, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function' && typeof (headers as Headers).has === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const wanted = name.toLowerCase();
  // node's IncomingHttpHeaders are lower case: look the name up directly before scanning.
  const direct = Object.hasOwn(record, wanted) ? record[wanted] : undefined;
  if (direct !== undefined) return typeof direct === 'string' ? direct : direct.join(',');
  for (const [key, value] of Object.entries(record)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return typeof value === 'string' ? value : value.join(',');
  }
  return undefined;
}

/** The secrets as a list: one or several non-empty strings, else a `TypeError` naming the scheme. */
export function secretList(secret: SecretInput, scheme: string): readonly string[] {
  if (typeof secret === 'string' && secret.length > 0) return [secret];
  const list = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string' || s.length === 0)) {
    // A TypeError, not a RelayError: the signers import nothing of the project, and this guards a caller's programming mistake.
    throw new TypeError(`${scheme}: a non-empty secret (or a non-empty list of them) is required.`);
  }
  return list;
}

/** Throws a `TypeError` with the usual cause (parsed JSON) unless the body is a string or bytes. */
export function assertRawBody(body: unknown, scheme: string): asserts body is RawBody {
  if (typeof body === 'string' || body instanceof Uint8Array) return;
  // A TypeError, not a RelayError: the signers import nothing of the project, and this guards a caller's programming mistake.
  throw new TypeError(
    `${scheme}: the body must be the raw request body as a string or bytes, got ${body === null ? 'null' : typeof body}. ` +
      'Are you passing the parsed JSON? Signatures cover the exact bytes that were sent.',
  );
}

/** How a scheme that signs the body alone sends its one MAC header (GitHub, Shopify): what `verifyBodyMac` checks. */
export interface BodyMacScheme {
  /** The scheme's name in errors: `GitHub`. */
  readonly name: string;
  /** The header names the MAC is read from, the first present wins; the first names it in errors. */
  readonly headers: readonly [string, ...string[]];
  /** What a well-formed (trimmed) header value looks like. */
  readonly format: RegExp;
  /** The failure message for a value of another format. */
  readonly malformed: string;
  /** The failure message when no secret gives the value, with a hint at the usual cause. */
  readonly mismatch: string;
  /** The header value `secret` gives for `body`. */
  expected(secret: string, body: RawBody): string;
}

/**
 * Verifies a body-only MAC header: present, well-formed, and equal (in constant time) to what one of
 * the secrets gives. Never throws for any header or body; throws for a body or secret of the wrong type.
 * @example
 * verifyBodyMac(GITHUB, { headers, body, secret }); // { ok: true }
 */
export function verifyBodyMac(scheme: BodyMacScheme, options: { headers: HeaderInput; body: RawBody; secret: SecretInput }): VerifyResult {
  assertRawBody(options.body, scheme.name);
  const secrets = secretList(options.secret, scheme.name);
  let header: string | undefined;
  for (const name of scheme.headers) if ((header = readHeader(options.headers, name)) !== undefined) break;
  if (header === undefined || header.trim() === '') {
    return fail('missing_header', `No ${scheme.headers[0]} header was provided.`);
  }
  const candidate = header.trim();
  if (!scheme.format.test(candidate)) return fail('malformed_header', scheme.malformed);
  const matched = secrets.some((secret) => safeEqual(candidate, scheme.expected(secret, options.body)));
  return matched ? OK : fail('signature_mismatch', scheme.mismatch);
}
