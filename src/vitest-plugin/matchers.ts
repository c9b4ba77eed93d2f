/**
 * The relaykit matchers on Vitest's `expect`: the core's predicates (src/testing/matchers.ts), with
 * their types. Registered by the plugin's setup file and by importing `relaykit/vitest`.
 */
import { expect } from 'vitest';
import { relayMatchers, type RelayMatchers } from '../testing/matchers.js';

export type { IdempotentMatcherOptions, RelayMatchers } from '../testing/matchers.js';

/** Registers the matchers on Vitest's `expect` (inside a test worker only). */
export function registerMatchers(): void {
  if ((globalThis as { __vitest_worker__?: unknown }).__vitest_worker__) expect.extend(relayMatchers);
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> extends RelayMatchers<T> {}
}
