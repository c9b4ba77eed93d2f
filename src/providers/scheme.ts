/**
 * A built-in's signing scheme as data: the headers its signature travels in, the time it signs, the
 * format of its secret, and the ways its signature headers can be malformed. The forgery arbitraries
 * forge deliveries of any built-in from it alone; `ProviderPlugin.signatureHeaders` derives from it.
 */
import type { SignRequest } from './types.js';

/** The headers a scheme's signature travels in and covers, in canonical casing. */
export interface SignatureHeaders {
  /** The header the MAC is sent in: `Stripe-Signature`, `X-Hub-Signature-256`, `svix-signature`. */
  readonly signature: string;
  /** Other names verifiers read the MAC from, never sent by the signer (Standard Webhooks' `webhook-signature`). */
  readonly aliases?: readonly string[];
  /** Headers the MAC covers besides the body, in the order they are sent (Svix: `svix-id`, `svix-timestamp`). */
  readonly signed?: readonly string[];
  /** Further signature headers sent beside the MAC header, which a verifier may fall back on (GitHub's SHA-1 `X-Hub-Signature`). */
  readonly fallbacks?: readonly string[];
}

/** The window a signed timestamp must fall in. */
export interface TimestampWindow {
  /** How far from the verifier's clock the signed time may be, in seconds. */
  readonly toleranceSeconds: number;
  /** Which side verifiers enforce: only `past` (Stripe: stripe-node lets future timestamps pass), or `both` (Svix). */
  readonly enforced: 'past' | 'both';
}

/** The format of a scheme's secret, and how the HMAC key is read from it. */
export interface SecretFormat {
  /** What an issued secret starts with: `whsec_` (Stripe, Svix), `shpss_` (Shopify), or `''` (GitHub). */
  readonly prefix: string;
  /** How many random bytes an issued secret holds after its prefix. */
  readonly bytes: number;
  /** How those bytes are written. */
  readonly encoding: 'hex' | 'base64';
  /**
   * How the HMAC key is read from a secret: `utf8`, the whole string as is, prefix included (Stripe,
   * GitHub, Shopify); `base64`, the part after the prefix decoded (Svix).
   */
  readonly key: 'utf8' | 'base64';
}

/** One way to malform a scheme's signature headers so that a verifier cannot match them. */
export interface Malformation {
  /** What was done, as the forgery's `detail` says it: `a v1 signature cut to half its length`. */
  readonly name: string;
  /**
   * The signature headers to send instead of the valid ones. `headers` holds every header of the
   * scheme's `SignatureHeaders` as sent (the MAC, the signed and the fallback headers); the result
   * replaces all of them.
   */
  apply(headers: Readonly<Record<string, string>>): Record<string, string>;
}

/**
 * How a built-in signs its deliveries, described for tools that forge them.
 * @example
 * const { scheme } = getProvider('stripe');
 * scheme.headers.signature;          // 'Stripe-Signature'
 * scheme.timestamp?.toleranceSeconds; // 300
 */
export interface SigningScheme {
  /** The scheme's display name, as forgery details say it: `Stripe`, `Svix (Standard Webhooks)`. */
  readonly name: string;
  /** The headers the signature travels in and covers. */
  readonly headers: SignatureHeaders;
  /** The window of the signed timestamp, or `null` when the signature covers no time (GitHub, Shopify). */
  readonly timestamp: TimestampWindow | null;
  /** The format of the secrets the provider issues. */
  readonly secret: SecretFormat;
  /**
   * Malformed signature headers, none of which carries the right MAC in another spelling (upper-case
   * hex, a missing prefix): a verifier that tolerates those is lenient, not insecure. Each is either
   * unparseable or carries no MAC a verifier could match.
   */
  readonly malformations: readonly Malformation[];
  /**
   * The bare signature headers of this scheme for any secret string, even one of another provider's
   * format: a foreign-scheme forgery signs with the configured secret of another provider. Nothing
   * the provider adds beside the signature (Stripe's test-mode `v0`) is included.
   */
  sign(request: SignRequest): Record<string, string>;
}

/** The names a verifier reads a scheme's MAC from: what `ProviderPlugin.signatureHeaders` lists. */
export function signatureHeaderNames(scheme: SigningScheme): readonly string[] {
  return [scheme.headers.signature, ...(scheme.headers.aliases ?? [])];
}

/** The first half of a signature (at least one character): too short to be one, for a malformation. */
export function half(value: string): string {
  return value.slice(0, Math.max(1, Math.floor(value.length / 2)));
}
