/**
 * base62 text (`0-9A-Za-z`), the alphabet of most provider ids (Stripe's, Svix's and Clerk's KSUIDs)
 * and of relaykit's own random ids. One alphabet; each caller brings its randomness, so a seeded
 * payload draws exactly what it drew before and a fresh id uses the platform's CSPRNG.
 */

/** The 62 characters, digits first, then upper case, then lower case (the order KSUIDs encode in). */
export const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * `length` base62 characters, each `BASE62_ALPHABET[digit()]`; `digit` returns a whole number from 0 to 61.
 * @example
 * base62(14, () => faker.number.int(61)); // 'a1B2c3D4e5F6g7'
 */
export function base62(length: number, digit: () => number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62_ALPHABET[digit()];
  return out;
}

/**
 * CSPRNG bytes drawn ahead, 512 at a time: `getRandomValues` costs microseconds a call whatever its
 * size, and an emulated API mints a random id in every answer.
 */
const pool = new Uint8Array(512);
let drawn = pool.length;

function randomByte(): number {
  if (drawn === pool.length) {
    globalThis.crypto.getRandomValues(pool);
    drawn = 0;
  }
  return pool[drawn++]!;
}

/**
 * `length` base62 characters from the platform's CSPRNG (`crypto.getRandomValues`), each equally
 * likely: for ids that must not repeat, never for seeded payloads.
 * @example
 * `re_${randomBase62(24)}`; // 're_3QvT…'
 */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    // 248 = 4 * 62: drop the top bytes so every character is equally likely.
    if (byte < 248) out += BASE62_ALPHABET[byte % 62];
  }
  return out;
}
