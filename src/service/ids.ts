/**
 * Time-sortable ids: a prefix and a 26-character ULID (Crockford base32 of 48 bits of milliseconds,
 * then 80 random bits). Ids made in the same millisecond by one process increase monotonically, so
 * sorting by id is sorting by creation.
 */
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

let lastTime = -1;
const lastRandom = new Uint8Array(10);

function encodeTime(ms: number): string {
  let out = '';
  let value = ms;
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function encodeRandom(bytes: Uint8Array): string {
  // 80 bits → 16 characters of 5 bits.
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += CROCKFORD[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

/** A ULID at `ms`; later than every earlier one from this process. */
export function ulid(ms: number): string {
  if (ms <= lastTime) {
    // Same (or an earlier, if the clock stepped back) millisecond: keep the time, increment the random part.
    for (let i = lastRandom.length - 1; i >= 0; i--) {
      if (lastRandom[i]! < 255) {
        lastRandom[i]! += 1;
        break;
      }
      lastRandom[i] = 0;
    }
  } else {
    lastTime = ms;
    lastRandom.set(randomBytes(10));
    lastRandom[0]! &= 0x7f; // headroom for increments within one millisecond
  }
  return encodeTime(lastTime) + encodeRandom(lastRandom);
}

/** `exec_<ulid>`. */
export function executionId(ms: number): string {
  return `exec_${ulid(ms)}`;
}

/** `evt_<ulid>`. */
export function eventId(ms: number): string {
  return `evt_${ulid(ms)}`;
}
