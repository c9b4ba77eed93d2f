import { randomBytes } from 'node:crypto';
import type { SecretFormat } from '../types.js';

/** A fresh secret in `format`: its prefix, then its number of random bytes in its encoding. */
export function randomSecret(format: SecretFormat): string {
  return format.prefix + randomBytes(format.bytes).toString(format.encoding);
}
