/**
 * GitHub: `X-Hub-Signature-256: sha256=<hex>` (and the legacy `X-Hub-Signature: sha1=<hex>`),
 * HMAC over the raw body keyed with the secret as UTF-8. Nothing time-based is signed.
 */
import { assertRawBody, hmac, secretList, verifyBodyMac } from './shared.js';
import type { BodyMacScheme, HeaderInput, RawBody, SecretInput, VerifyResult } from './shared.js';

/** The SHA-256 signature header. */
export const SIGNATURE_HEADER = 'X-Hub-Signature-256';
/** The legacy SHA-1 signature header GitHub still sends. */
export const LEGACY_SIGNATURE_HEADER = 'X-Hub-Signature';

/** Options of `github.sign`. */
export interface GitHubSignOptions {
  secret: string;
  body: RawBody;
  /** Also send the legacy SHA-1 header, as GitHub does; default true. */
  legacy?: boolean;
}

/** Options of `github.verify`. */
export interface GitHubVerifyOptions {
  headers: HeaderInput;
  body: RawBody;
  /** The secret, or several while rotating (GitHub sends one signature; any listed secret may match). */
  secret: SecretInput;
}

/**
 * Signs a body the way GitHub does and returns the headers to send.
 * @example
 * sign({ secret: "It's a Secret to Everybody", body: 'Hello, World!' })['X-Hub-Signature-256'];
 * // 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17'
 */
export function sign(options: GitHubSignOptions): Record<string, string> {
  assertRawBody(options.body, 'GitHub');
  const [secret] = secretList(options.secret, 'GitHub') as [string];
  const headers: Record<string, string> = {
    [SIGNATURE_HEADER]: `sha256=${hmac('sha256', secret, options.body, 'hex')}`,
  };
  if (options.legacy ?? true) headers[LEGACY_SIGNATURE_HEADER] = `sha1=${hmac('sha1', secret, options.body, 'hex')}`;
  return headers;
}

/** The SHA-256 header as `verify` checks it. */
const SHA256: BodyMacScheme = {
  name: 'GitHub',
  headers: [SIGNATURE_HEADER],
  format: /^sha256=[0-9a-fA-F]{64}$/,
  malformed: `The ${SIGNATURE_HEADER} header must be "sha256=" followed by 64 hex digits.`,
  mismatch: 'The sha256 signature does not match the body and secret. Is this the raw body?',
  expected: (secret, body) => `sha256=${hmac('sha256', secret, body, 'hex')}`,
};

/**
 * Verifies `X-Hub-Signature-256` against the raw body. Never throws for any header or body.
 * @example
 * verify({ headers: req.headers, body: rawBody, secret: process.env.GITHUB_WEBHOOK_SECRET! }).ok;
 */
export function verify(options: GitHubVerifyOptions): VerifyResult {
  return verifyBodyMac(SHA256, options);
}
