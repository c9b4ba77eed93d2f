/**
 * The relaykit matchers in Jest's types: `expect(result).toBeAccepted()` type-checks with the `expect`
 * of `@jest/globals` (whose `Matchers` are those of the `expect` package, which `@jest/expect`
 * re-exports) and with the global `expect` of `@types/jest` (`jest.Matchers`), as ts-jest checks them.
 */
import type { RelayMatchers } from '../testing/matchers.js';

export type { IdempotentMatcherOptions, RelayMatchers } from '../testing/matchers.js';

declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void>, T = unknown> extends RelayMatchers<R> {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type
    interface Matchers<R, T = {}> extends RelayMatchers<R> {}
  }
}
