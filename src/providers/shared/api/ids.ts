/** Fresh identifiers for objects the API routes create (refunds, comments, check runs, emails); web crypto, so any runtime. */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random base62 characters. */
export function base62(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // 248 = 4 * 62: drop the top bytes so every character is equally likely.
    if (bytes[i]! < 248) out += BASE62[bytes[i]! % 62];
  }
  return out.length === length ? out : out + base62(length - out.length);
}

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
