/**
 * `relaykit/vitest/setup`: the setup file the plugin adds to every test file. Registers the
 * matchers and, with `mockProviders`, runs the msw mock provider APIs for the file (`providerServer()`
 * hands that server to the file's tests) and resets their handlers and world after each test.
 */
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { CONTEXT_KEY } from './context.js';
import { registerMatchers } from './matchers.js';
import { setProviderServer } from './provider-server.js';

registerMatchers();

const context = inject(CONTEXT_KEY);
if (context?.mockProviders.enabled) {
  const { createProviderServer, resetProviderWorld } = await import('../msw/index.js');
  const server = createProviderServer();
  setProviderServer(server);
  beforeAll(() => server.listen());
  afterEach(() => {
    server.resetHandlers();
    if (context.mockProviders.reset) resetProviderWorld();
  });
  afterAll(() => server.close());
}
