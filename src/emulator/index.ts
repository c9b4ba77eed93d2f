/**
 * relaykit/emulator: the providers' APIs over one world, whose writes are delivered back as the
 * provider's signed webhooks (`createEmulator`), and the seam beneath it (seam.ts: the world and its
 * outbox, which relaykit/msw shares).
 * @example
 * const emulator = createEmulator({ webhooks: { stripe: { url: 'http://127.0.0.1:4000/webhooks/stripe', secret: 'whsec_test' } } });
 * const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe')); // after await emulator.listen(0)
 */
export { createEmulator, emulatedProviders, Emulator } from './emulator.js';
export type { EmulatorOptions, WebhookEndpointOption } from './emulator.js';
export type { DeliveryAttempt, EmulatorDelivery } from './dispatcher.js';
export type { ResendClickOptions, ResendHelpers } from '../providers/internal.js';
export type { ClerkHelpers } from '../providers/internal.js';
export type { PlaceOrderOptions, ShopifyHelpers } from '../providers/internal.js';
export type { GithubHelpers, InstallAppOptions, InstalledApp, PushCommit, PushOptions, PushResult } from '../providers/internal.js';
export * from './seam.js';
export { connectEmulator, RemoteEmulator } from './remote.js';
export type { RemoteHelpers } from './remote.js';
export type { DeliveriesFilter, EmulatedProviderInfo, EmulatorInfo, EndpointInfo } from './control.js';
