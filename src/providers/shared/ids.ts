/** Provider-shaped identifiers, drawn from the delivery's seeded generator. */
import type { Faker } from './random.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` base62 characters. */
export function base62(faker: Faker, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[faker.number.int(61)];
  return out;
}

/** Lowercase hex of `length` characters. */
export function hex(faker: Faker, length: number): string {
  return faker.string.hexadecimal({ length, casing: 'lower', prefix: '' });
}

/** A UUID of version 4 form, as Shopify's webhook ids and Resend's resource ids are. */
export function uuidV4(faker: Faker): string {
  return faker.string.uuid();
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

/**
 * A KSUID-style id: 27 base62 characters whose leading part encodes `ms`, so ids sort by time, as
 * Svix message ids (`msg_…`) and Clerk ids (`user_…`) do.
 */
export function ksuid(faker: Faker, ms: number): string {
  const KSUID_EPOCH = 1_400_000_000;
  let value = BigInt(Math.max(0, Math.floor(ms / 1000) - KSUID_EPOCH));
  for (let i = 0; i < 16; i++) value = (value << 8n) | BigInt(faker.number.int(255));
  let out = '';
  while (value > 0n) {
    out = BASE62[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(27, '0');
}

/** A numeric id with `digits` digits, below 2^53 so that `JSON.parse` keeps it exact. */
export function numericId(faker: Faker, digits = 13): number {
  const min = 10 ** (digits - 1);
  return faker.number.int({ min, max: Math.min(Number.MAX_SAFE_INTEGER, 10 ** digits - 1) });
}
