import { isPlainObject } from '../../core/index.js';
import { readHeader, type HeaderInput, type VerifyResult } from '../../signers/shared.js';
import type { NormalizeResult } from '../types.js';

/** The result for a request that reached `verify` with no secret configured. */
export function noSecret(env: string): VerifyResult {
  return { ok: false, reason: 'signature_mismatch', message: `No secret is configured: set ${env}.` };
}

/** A normalize failure. */
export function invalid(error: string): NormalizeResult {
  return { ok: false, error };
}

/** GitHub and Shopify send one signature: with several secrets, the first signs. */
export function firstSecret(secret: string | readonly string[]): string {
  return typeof secret === 'string' ? secret : (secret[0] ?? '');
}

export { isPlainObject, readHeader };
export type { HeaderInput };
