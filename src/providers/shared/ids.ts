/**
 * Provider-shaped identifiers, drawn from the delivery's seeded generator. Payloads hold many ids,
 * so each is built from 32-bit draws and lookup tables rather than per-character faker calls.
 */
import { BASE62_ALPHABET, base62 as base62Digits } from '../../core/index.js';
import type { Faker } from './random.js';

const BASE62_CODES = Array.from(BASE62_ALPHABET, (c) => c.charCodeAt(0));
const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function draw32(faker: Faker): number {
  return faker.number.int(0xffff_ffff);
}

function hex32(value: number): string {
  return HEX_BYTES[value >>> 24]! + HEX_BYTES[(value >>> 16) & 0xff]! + HEX_BYTES[(value >>> 8) & 0xff]! + HEX_BYTES[value & 0xff]!;
}

/** `length` base62 characters. */
export function base62(faker: Faker, length: number): string {
  return base62Digits(length, () => faker.number.int(61));
}

/** Lowercase hex of `length` characters (a Git SHA is `hex(faker, 40)`). */
export function hex(faker: Faker, length: number): string {
  let out = '';
  while (out.length < length) out += hex32(draw32(faker));
  return out.slice(0, length);
}

/** A UUID of version 4 form, as Shopify's webhook ids and Resend's resource ids are. */
export function uuidV4(faker: Faker): string {
  const a = hex32(draw32(faker));
  const b = draw32(faker);
  const c = draw32(faker);
  const d = hex32(draw32(faker));
  return (
    `${a}-${hex32(b).slice(0, 4)}-${hex32(0x4000 | (b & 0x0fff)).slice(4)}-` +
    `${hex32(0x8000 | ((c >>> 16) & 0x3fff)).slice(4)}-${hex32(c).slice(4)}${d}`
  );
}

/**
 * A time-based UUID of version 1 form at `ms`, as GitHub's `X-GitHub-Delivery` GUIDs are
 * (e.g. `72d3162e-cc78-11e3-81ab-4c9367dc0958`).
 */
export function uuidV1(faker: Faker, ms: number): string {
  // 100 ns intervals since 1582-10-15, the UUID epoch.
  const ticks = BigInt(ms) * 10_000n + 0x01b21dd213814000n + BigInt(faker.number.int(9_999));
  const timeLow = (ticks & 0xffffffffn).toString(16).padStart(8, '0');
  const timeMid = ((ticks >> 32n) & 0xffffn).toString(16).padStart(4, '0');
  const timeHigh = (((ticks >> 48n) & 0x0fffn) | 0x1000n).toString(16).padStart(4, '0');
  const clockSeq = ((faker.number.int(0x3fff) | 0x8000) >>> 0).toString(16).padStart(4, '0');
  return `${timeLow}-${timeMid}-${timeHigh}-${clockSeq}-${hex(faker, 12)}`;
}

const KSUID_EPOCH_SECONDS = 1_400_000_000;

/**
 * A KSUID: 27 base62 characters encoding 4 bytes of seconds since the KSUID epoch and then 16 random
 * bytes, so ids sort by time, as Svix message ids (`msg_…`) and Clerk ids (`user_2vX…`) do. Computed on
 * ten 16-bit words rather than a BigInt.
 */
export function ksuid(faker: Faker, ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000) - KSUID_EPOCH_SECONDS) >>> 0;
  const words = new Array<number>(10);
  words[0] = seconds >>> 16;
  words[1] = seconds & 0xffff;
  for (let i = 2; i < 10; i += 2) {
    const random = draw32(faker);
    words[i] = random >>> 16;
    words[i + 1] = random & 0xffff;
  }
  const codes = new Array<number>(27);
  for (let i = 26; i >= 0; i--) {
    let rem = 0;
    for (let w = 0; w < 10; w++) {
      const current = (rem << 16) | words[w]!;
      const quotient = (current / 62) | 0;
      words[w] = quotient;
      rem = current - quotient * 62;
    }
    codes[i] = BASE62_CODES[rem]!;
  }
  return String.fromCharCode(...codes);
}

/** A numeric id with `digits` digits, below 2^53 so that `JSON.parse` keeps it exact. */
export function numericId(faker: Faker, digits = 13): number {
  const min = 10 ** (digits - 1);
  return faker.number.int({ min, max: Math.min(Number.MAX_SAFE_INTEGER, 10 ** digits - 1) });
}
