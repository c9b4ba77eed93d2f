/**
 * The emulator in process: msw handlers that answer each emulated provider's real API host
 * (`https://api.stripe.com/*`) from the emulator. msw is an optional peer of relaykit, so it is loaded
 * only when `emulator.handlers()` is called (the one place outside src/msw/ that reaches it).
 */
import { createRequire } from 'node:module';
import type { HttpHandler } from 'msw';
import { RelayError } from '../core/index.js';

const load = createRequire(import.meta.url);

/**
 * One catch-all handler per API host, answered by `fetch`.
 * @example
 * setupServer(...emulatorHandlers(['api.stripe.com'], (request) => emulator.fetch(request)));
 */
export function emulatorHandlers(hosts: readonly string[], fetch: (request: Request) => Promise<Response>): HttpHandler[] {
  let msw: typeof import('msw');
  try {
    msw = load('msw') as typeof import('msw');
  } catch {
    throw new RelayError('INVALID_OPTION', 'emulator.handlers() needs msw: npm install --save-dev msw (or serve the emulator over HTTP with emulator.listen()).');
  }
  return hosts.map((host) => msw.http.all(`https://${host}/*`, ({ request }) => fetch(request)));
}
