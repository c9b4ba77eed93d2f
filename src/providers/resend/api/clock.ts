/**
 * Resend's clock, ids and events in a world. The clock is the world's (the emulator's `now`) plus the
 * time `advanceTime` added, kept in the world so that `reset()` forgets it; ids are version 4 UUIDs
 * drawn from the world, so that a seeded world gives the same ids in every run; events are stamped
 * with Resend's clock.
 */
import { isoMicros } from '../../shared/time.js';
import type { Obj, World } from '../../shared/api/index.js';

const CLOCK_KIND = 'clock';
const CLOCK_ID = 'offset';

/** Milliseconds since the epoch on Resend's clock: the world's, plus what `advanceClock` added. */
export function resendNow(world: World): number {
  const offset = world.get('resend', CLOCK_KIND, CLOCK_ID)?.ms;
  return world.now() + (typeof offset === 'number' ? offset : 0);
}

/**
 * Moves Resend's clock `ms` forward.
 * @example
 * advanceClock(world, 60 * 60 * 1000); // an hour later
 */
export function advanceClock(world: World, ms: number): void {
  const offset = resendNow(world) - world.now() + ms;
  world.put('resend', CLOCK_KIND, { id: CLOCK_ID, ms: offset });
}

const HEX = '0123456789abcdef';

/**
 * A version 4 UUID, drawn from the world (from its seed when it has one).
 * @example
 * worldUuid(world); // '3f1c…-…-4…-…'
 */
export function worldUuid(world: World): string {
  const chars = world.id('', 32);
  let hex = '';
  for (let i = 0; i < 32; i++) hex += HEX[chars.charCodeAt(i) % 16];
  const variant = HEX[8 + (chars.charCodeAt(16) % 4)];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A resource time as Resend writes it (`2024-11-22T23:41:11.894719+00:00`), at `ms` (default: Resend's clock now). */
export function resendTime(world: World, ms = resendNow(world)): string {
  const micros = world.id('', 3);
  return isoMicros(ms, (micros.charCodeAt(0) * 31 + micros.charCodeAt(1) * 7 + micros.charCodeAt(2)) % 1000);
}

/**
 * Appends a Resend event reporting `data` (the webhook's `data`), stamped with Resend's clock unless `at` is given.
 * @example
 * emit(world, 'contact.created', contactData);
 */
export function emit(world: World, type: string, data: Obj, at = resendNow(world)): void {
  world.outbox.append({ provider: 'resend', type, data, at });
}

/** An API object as a webhook's `data` reports it: without its `object`. */
export function withoutObject({ object: _object, ...data }: Obj): Obj {
  return data;
}
