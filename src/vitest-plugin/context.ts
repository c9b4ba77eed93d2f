/** What the Vitest plugin's service hands to test workers through `provide` / `inject`: the core's context. */
import type { RelayTestContext } from '../testing/context.js';

export type { RelayTestContext };

/** The `inject` key. */
export const CONTEXT_KEY = 'relaykit';

declare module 'vitest' {
  export interface ProvidedContext {
    relaykit: RelayTestContext;
  }
}
