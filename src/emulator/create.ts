/** `createWorld`: a new, empty world that knows the providers whose adapters it is given. */
import { RelayError } from '../core/index.js';
import type { WorldAdapter } from './types.js';
import { ProviderWorld, type WorldOptions } from './world.js';

/** Options of `createWorld`. */
export interface CreateWorldOptions extends WorldOptions {
  /** The providers' world adapters: how each keys its objects and records its deliveries. */
  readonly adapters?: readonly WorldAdapter[];
}

/**
 * A new, empty world: pass it to the routes (and to msw's `providerHandlers({ world })`), and
 * reset it with `world.reset()`; nothing in the process shares it unless handed it.
 * @example
 * const world = createWorld({ adapters, now: () => Date.parse('2026-01-01T00:00:00Z') });
 */
export function createWorld(options: CreateWorldOptions = {}): ProviderWorld {
  if (typeof options !== 'object' || options === null) {
    throw new RelayError('INVALID_OPTION', `createWorld takes { adapters?, now?, seed? }, got ${JSON.stringify(options)}.`);
  }
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new RelayError('INVALID_OPTION', `now must be a function returning milliseconds since the epoch, got ${JSON.stringify(options.now)}.`);
  }
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) {
    throw new RelayError('INVALID_OPTION', `seed must be a whole number, got ${JSON.stringify(options.seed)}.`);
  }
  const world = new ProviderWorld({ now: options.now, seed: options.seed });
  for (const adapter of options.adapters ?? []) world.addAdapter(adapter);
  return world;
}
