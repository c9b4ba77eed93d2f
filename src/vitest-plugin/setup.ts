/**
 * `relaykit/vitest/setup`: the setup file the plugin adds to every test file. Registers the
 * matchers and, with `mockProviders`, runs the msw mock provider APIs for the file and resets their
 * world after each test.
 */
import { inject } from 'vitest';
import { CONTEXT_KEY } from './context.js';
import { registerMatchers } from './matchers.js';

registerMatchers();

const context = inject(CONTEXT_KEY);
if (context?.mockProviders.enabled) {
  throw new Error("relaykit: mockProviders needs relaykit/msw, which is not built yet.");
}
