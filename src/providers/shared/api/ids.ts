/** Fresh identifiers for objects the API routes create (refunds, comments, check runs, emails); web crypto, so any runtime. */
import { randomBase62 } from '../../../core/index.js';

/** `length` random base62 characters (src/core/ids/base62.ts). */
export const base62 = randomBase62;

/** A prefixed id: `re_3Q…` (24 characters after the prefix, as Stripe's object ids). */
export function prefixedId(prefix: string, length = 24): string {
  return `${prefix}_${base62(length)}`;
}

/** A version 4 UUID, as Resend ids are. */
export function uuid(): string {
  return crypto.randomUUID();
}

/** A numeric id above every number in `taken` (GitHub and Shopify ids are integers). */
export function nextNumericId(taken: Iterable<unknown>, floor: number): number {
  let max = floor;
  for (const value of taken) if (typeof value === 'number' && value > max) max = value;
  return max + 1 + Math.floor(Math.random() * 1000);
}
