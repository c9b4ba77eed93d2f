/**
 * The flows' own seeded randomness: the ids a flow shares across its events, the seeds of its
 * deliveries and the order they are sent in. Small and separate from the payload builders' faker, so
 * that a flow's plan is drawn without loading any builder.
 */
import { base62 as base62Digits } from '../../core/index.js';

/** A seeded source of numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a tiny, fast, well-distributed 32-bit generator; the same seed gives the same stream. */
export function seededRng(seed: number): Rng {
  let state = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 31-bit seed derived from `seed` and `salt`, so that each of a flow's deliveries has its own. */
export function deriveSeed(seed: number, salt: number): number {
  let h = Math.imul((seed % 2 ** 31) ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(salt + 1, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 1;
}

/** A 32-bit hash of a text (FNV-1a): salts a flow's seeds with its name, so that two flows run with one seed share no ids. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** An integer from `min` to `max`, both included. */
export function int(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** `length` base62 characters. */
export function base62(rng: Rng, length: number): string {
  return base62Digits(length, () => Math.floor(rng() * 62));
}

/** A lower-case hex string of `length` characters (a git sha at 40). */
export function hex(rng: Rng, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += Math.floor(rng() * 16).toString(16);
  return text;
}

/** A random (version 4) UUID. */
export function uuid(rng: Rng): string {
  const h = hex(rng, 32).split('');
  h[12] = '4';
  h[16] = '89ab'[Math.floor(rng() * 4)]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A numeric id of `digits` digits that stays a safe integer (Shopify, GitHub). */
export function numericId(rng: Rng, digits: number): number {
  return int(rng, 10 ** (digits - 1), 10 ** digits - 1);
}

/** The indexes `0…n-1` in a seeded random order (Fisher–Yates). */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
