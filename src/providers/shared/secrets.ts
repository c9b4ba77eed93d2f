import { randomBytes } from 'node:crypto';

/** `prefix` + `bytes` random bytes in `encoding`: fresh secrets in each provider's format. */
export function randomSecret(prefix: string, bytes: number, encoding: 'hex' | 'base64'): string {
  return prefix + randomBytes(bytes).toString(encoding);
}
