/**
 * relaykit: realistic, correctly signed webhooks from Stripe, GitHub, Clerk, Shopify and Resend, offline.
 *
 * @example
 * import { buildDelivery } from 'relaykit';
 * const delivery = await buildDelivery('github', 'pull_request.opened', { secret: 'dev-secret' });
 */

// Deliveries
export { buildDelivery, listEventTypes } from './harness/build-delivery.js';
export type { BuildDeliveryOptions, Delivery } from './harness/build-delivery.js';

// Providers and plugins
export {
  builtInProviderIds,
  builtInProviders,
  definePlugin,
  getProvider,
  permissiveVerify,
  RelayError,
} from './providers/index.js';
export type {
  BuiltInProvider,
  CustomPluginOptions,
  NormalizedEvent,
  ProviderPlugin,
  RelayErrorCode,
  VerifyRequest,
} from './providers/index.js';
