/** Reading API credentials from requests and checking them against what a test configured. */

/** A credential a test expects: one value, or several (any matches). */
export type CredentialOption = string | readonly string[];

/** The scheme and value of an `Authorization` header, or `undefined` without one. */
export function authorization(request: Request): { scheme: string; value: string } | undefined {
  const header = request.headers.get('authorization');
  if (header === null || header.trim() === '') return undefined;
  const match = /^\s*(\S+)\s+(.*?)\s*$/.exec(header);
  if (!match) return { scheme: '', value: header.trim() };
  return { scheme: match[1]!.toLowerCase(), value: match[2]! };
}

/** The token of `Authorization: Bearer <token>` (or `token <token>`, as GitHub also takes), else `undefined`. */
export function bearerToken(request: Request): string | undefined {
  const auth = authorization(request);
  if (!auth || (auth.scheme !== 'bearer' && auth.scheme !== 'token') || auth.value === '') return undefined;
  return auth.value;
}

/**
 * Whether `token` is acceptable: one of `expected` when the test configured some, else any value
 * shaped like the provider's keys (`pattern`).
 */
export function credentialAccepted(token: string, expected: readonly string[] | undefined, pattern: RegExp): boolean {
  return expected !== undefined ? expected.includes(token) : pattern.test(token);
}

/** A key as error messages show it: the prefix and the last four characters. */
export function redactKey(key: string): string {
  const prefixEnd = key.lastIndexOf('_') + 1;
  const prefix = prefixEnd > 0 && prefixEnd < key.length - 4 ? key.slice(0, prefixEnd) : '';
  const tail = key.length > 8 ? key.slice(-4) : '';
  return `${prefix}${'*'.repeat(Math.max(4, key.length - prefix.length - tail.length))}${tail}`;
}
