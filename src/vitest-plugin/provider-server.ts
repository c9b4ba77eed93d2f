/**
 * The mock provider server the setup file runs in a test file when the plugin has `mockProviders`,
 * handed to the file's tests by `providerServer()` so that they can add handlers of their own
 * (`server.use(…)`, written with the project's msw) to the very server that answers their SDKs.
 * Loads no msw itself: the setup file does, only with `mockProviders`.
 */
import type { ProviderServer as SetupServer } from '../msw/index.js';
import { RelayError } from '../core/index.js';

let active: SetupServer | undefined;

/** Called by the setup file once it has made the file's server. Internal. */
export function setProviderServer(server: SetupServer): void {
  active = server;
}

/**
 * The mock provider server of this test file (the plugin's `mockProviders`), to add handlers to
 * for one test; the setup file calls `server.resetHandlers()` after each test.
 * @example
 * import { http, HttpResponse } from 'msw';
 * import { providerServer } from 'relaykit/vitest';
 * providerServer().use(http.get('https://api.stripe.com/v1/balance', () => HttpResponse.json({ object: 'balance', available: [] })));
 */
export function providerServer(): SetupServer {
  if (!active) {
    throw new RelayError(
      'INVALID_OPTION',
      'providerServer(): no mock provider server runs in this test file. Turn it on in vitest.config.ts with ' +
        'plugins: [relay({ mockProviders: true })], or make one with createProviderServer() from relaykit/msw.',
    );
  }
  return active;
}
