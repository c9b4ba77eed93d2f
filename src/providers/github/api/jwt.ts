/**
 * A GitHub App's JSON Web Token, checked as GitHub checks it: RS256 over `header.payload`, verified with
 * the App's public key; `iss` the App's id (or client id); `iat` a whole number of seconds not in the
 * future; `exp` after now and at most ten minutes ahead. GitHub answers each refusal with a 401.
 */
import { createPublicKey, verify } from 'node:crypto';

/** Seconds GitHub lets `exp` run ahead of its clock (the docs: "no more than 10 minutes into the future"). */
const MAX_LIFETIME = 600;
/** Seconds of clock drift tolerated on `iat` (the docs advise setting it 60 seconds in the past). */
const DRIFT = 60;

/** What the check found: the App the JWT names, or GitHub's message for the refusal. */
export type JwtCheck = { readonly ok: true; readonly iss: string } | { readonly ok: false; readonly message: string };

const UNDECODABLE = 'A JSON web token could not be decoded';

function part(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The issuer a JWT names, before its signature is checked (to find the App whose key checks it).
 * @example
 * jwtIssuer(token); // '123456'
 */
export function jwtIssuer(token: string): string | undefined {
  const iss = part(token.split('.')[1])?.iss;
  return typeof iss === 'number' || typeof iss === 'string' ? String(iss) : undefined;
}

/**
 * Checks `token` against the App's PEM public key at `nowMs`.
 * @example
 * checkAppJwt(token, app.public_key, Date.now()); // { ok: true, iss: '123456' }
 */
export function checkAppJwt(token: string, publicKeyPem: string, nowMs: number): JwtCheck {
  const [head, body, signature, extra] = token.split('.');
  const header = part(head);
  const claims = part(body);
  if (extra !== undefined || signature === undefined || !header || !claims || header.alg !== 'RS256') return { ok: false, message: UNDECODABLE };
  let valid = false;
  try {
    valid = verify('RSA-SHA256', Buffer.from(`${head}.${body}`), createPublicKey(publicKeyPem), Buffer.from(signature, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, message: UNDECODABLE };
  const now = Math.floor(nowMs / 1000);
  const { iat, exp, iss } = claims;
  if (!Number.isInteger(iat) || (iat as number) > now + DRIFT) {
    return { ok: false, message: "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued" };
  }
  if (typeof exp !== 'number' || exp <= now) {
    return { ok: false, message: "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires" };
  }
  if (exp > now + MAX_LIFETIME) return { ok: false, message: "'Expiration time' claim ('exp') is too far in the future" };
  if (typeof iss !== 'number' && typeof iss !== 'string') return { ok: false, message: UNDECODABLE };
  return { ok: true, iss: String(iss) };
}
