/**
 * Stripe, emulated: its API routes, its webhook endpoints, and the Event each outbox entry is delivered
 * as (`evt_…`, the API version, `data.object` as the API shows it, `previous_attributes` for updates,
 * the request that caused it), kept in the world so that `stripe.events.retrieve(id)` finds it.
 */
import type { ClientOptions, EmulatedDelivery, OutboxEvent, ProviderEmulation, World } from '../../shared/api/index.js';
import { API_VERSION, DELIVERY_HEADERS } from '../envelope.js';
import { stripeAdapter, stripeRoutes } from './index.js';
import { completeCheckout, type CheckoutResult, type CompleteCheckoutOptions } from './billing/index.js';
import { completeAuthentication, type AuthenticationOptions } from './payments/index.js';
import { createEndpoint, enabledEndpoints } from './webhook-endpoints.js';

/** What a Stripe test does besides API calls: `emulator.stripe`. */
export interface StripeHelpers {
  /**
   * Pays an open Checkout Session as a buyer on the hosted page would.
   * @example
   * await emulator.stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
   */
  completeCheckout(sessionId: string, options: CompleteCheckoutOptions): Promise<CheckoutResult>;
  /**
   * Passes (or fails) the 3D Secure challenge of a payment or setup intent waiting in `requires_action`.
   * @example
   * emulator.stripe.completeAuthentication(intent.id, { succeed: true });
   */
  completeAuthentication(intentId: string, options?: AuthenticationOptions): Record<string, unknown>;
}

/** The Event for `event`, stored in `world`, serialized as Stripe sends it (two-space indentation). */
function envelope(event: OutboxEvent, world: World, pending: number): EmulatedDelivery {
  const stored = {
    id: world.id('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: Math.floor(event.at / 1000),
    data: event.previous ? { object: event.data, previous_attributes: event.previous } : { object: event.data },
    livemode: false,
    pending_webhooks: pending,
    request: event.request ? { id: event.request.id, idempotency_key: event.request.idempotencyKey } : { id: null, idempotency_key: null },
    type: event.type,
  };
  // Kept as built (never changed again): the event retrieve answers, with no copy of the object it carries.
  world.put('stripe', 'event', stored, { adopt: true });
  return { body: JSON.stringify(stored, null, 2), deliveryId: stored.id, headers: { ...DELIVERY_HEADERS } };
}

/**
 * Stripe's emulation.
 * @example
 * new Stripe('sk_test_123', stripeEmulation.clientOptions(new URL(emulatorUrl)));
 */
export const stripeEmulation: ProviderEmulation = {
  provider: 'stripe',
  mount: '',
  routes: () => stripeRoutes(),
  adapter: stripeAdapter,
  clientOptions: (url: URL): ClientOptions => ({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol.slice(0, -1),
  }),
  endpoints: enabledEndpoints,
  addEndpoint: (world, endpoint) => {
    const created = createEndpoint(world, { url: endpoint.url, events: endpoint.events ?? ['*'], ...(endpoint.secret ? { secret: endpoint.secret } : {}) });
    return enabledEndpoints(world).find((e) => e.id === created.id)!;
  },
  envelope,
  helpers: (world): StripeHelpers => ({
    completeCheckout: (sessionId, options) => completeCheckout(world, sessionId, options),
    completeAuthentication: (intentId, options) => completeAuthentication(world, intentId, options),
  }),
};
