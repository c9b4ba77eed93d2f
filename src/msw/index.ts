/**
 * `relaykit/msw`: msw 2 handlers that mock the APIs of Stripe, GitHub, Clerk, Shopify and Resend
 * over one in-memory provider world. Every delivery `buildDelivery`/`triggerWebhook` builds
 * registers the objects its payload contains, so a webhook handler that calls the provider back
 * gets the objects of the webhook it just received.
 *
 * @example
 * import { createProviderServer, resetProviderWorld } from 'relaykit/msw';
 * const server = createProviderServer({ stripe: { apiKey: 'sk_test_123' } });
 * beforeAll(() => server.listen());
 * afterEach(() => { server.resetHandlers(); resetProviderWorld(); });
 * afterAll(() => server.close());
 */

// Handlers and server
export { providerHandlers, supportedEndpoints } from './handlers.js';
export { createProviderServer, providerUnhandledRequest, providerOfHost } from './server.js';
export type { ProviderServer, ProviderServerOptions, UnhandledRequestStrategy } from './server.js';
export type { ProviderMockOptions } from './options.js';

// The provider world
export { createProviderWorld, providerWorld, resetProviderWorld } from './world.js';
export { ProviderWorld } from '../emulator/seam.js';
export type { UnsupportedRequest, WorldPutOptions, WorldScope } from '../emulator/seam.js';

// Shared types
export { mockProviderIds } from '../emulator/seam.js';
export type { MockProviderId } from '../emulator/seam.js';
export type { CredentialOption } from '../providers/internal.js';
