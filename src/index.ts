/**
 * relaykit: realistic, correctly signed webhooks from Stripe, GitHub, Clerk, Shopify and Resend, offline.
 *
 * @example
 * import { buildDelivery } from 'relaykit';
 * const delivery = await buildDelivery('github', 'pull_request.opened', { secret: 'dev-secret' });
 */

import { buildDelivery, listEventTypes } from './harness/build-delivery.js';
import { createRelay as createService, type DeliveryBuilder, type Relay, type RelayOptions } from './service/index.js';

// Deliveries
export { buildDelivery, listEventTypes };
export type { BuildDeliveryOptions, Delivery, FixtureDeliveryOptions } from './harness/build-delivery.js';

// Fixtures: captured deliveries saved for tests (relay capture, relay fixture save), scrubbed and signed again
export { createFixture, FIXTURE_FORMAT, formatFixture, parseFixture, readFixture } from './harness/fixture.js';
export type { CapturedDelivery, CreateFixtureOptions, Fixture } from './harness/fixture.js';
export { scrubBody } from './harness/scrub.js';
export type { ScrubResult } from './harness/scrub.js';

// The harness: deliver to a target, load it, replay, read what a service stored
export { deliver, triggerWebhook } from './harness/trigger.js';
export type { ExecutionSummary, FixtureTriggerOptions, TriggerOptions, TriggerResult } from './harness/trigger.js';
export { triggerMany } from './harness/trigger-many.js';
export type { TriggerManyOptions, TriggerManyResult } from './harness/trigger-many.js';
export { buildFlow, listFlows, retryRules, triggerFlow } from './harness/flows/index.js';
export type {
  BuildFlowOptions,
  FlowAttempt,
  FlowData,
  FlowInfo,
  FlowOrder,
  FlowSend,
  FlowSendResult,
  RetryRule,
  TriggerFlowOptions,
  TriggerFlowResult,
} from './harness/flows/index.js';
export { replay } from './harness/replay.js';
export type { ExecutionLookup, ReplayOptions, ReplayPreview, ReplayResult, StoredExecution } from './harness/replay.js';
export { serviceClient } from './harness/service-client.js';
export type { ExecutionsFilter, ServiceAnswer, ServiceClient, ServiceClientOptions, ServiceExecution } from './harness/service-client.js';
export type { FetchHandler, FetchObject, NodeListener, RouteOptions, Target, TargetResponse } from './harness/targets.js';

// The reference service
export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BODY_BYTES_IN_FLIGHT,
  DEFAULT_STORE_PATH,
  INTERRUPTED,
  MAX_JSON_DEPTH,
} from './service/index.js';
export type {
  DashboardOptions,
  DeliveryBuilder,
  ExecutionDetail,
  ExecutionJson,
  Handler,
  HandlerContext,
  Handlers,
  ListenOptions,
  Listening,
  LogJson,
  Mount,
  Recovery,
  Relay,
  RelayEvent,
  RelayOptions,
  RequestLogEntry,
  Settled,
  StepJson,
} from './service/index.js';

/** The dashboard's Trigger form builds deliveries as `relay trigger` does: with `buildDelivery`. */
const deliveryBuilder: DeliveryBuilder = { build: buildDelivery, eventTypes: listEventTypes };

/**
 * Creates the reference service; `dashboard: true` serves the dashboard at `/`, whose Trigger form
 * builds deliveries with `buildDelivery` (unless `deliveryBuilder` is given).
 * @example
 * export default createRelay({
 *   dashboard: true,
 *   handlers: {
 *     'stripe.payment_intent.succeeded': async (event, { step, log }) => {
 *       const order = await step.run('mark-paid', () => markPaid(event.data));
 *       log('order paid', { order });
 *     },
 *   },
 * });
 */
export function createRelay(options: RelayOptions = {}): Relay {
  return createService({ ...options, deliveryBuilder: options.deliveryBuilder ?? deliveryBuilder });
}

// Stores: the three built in, `openStore`, and every type of the store module (the Store contract and its records)
export { describeStore, MemoryStore, openStore, PostgresStore, SqliteStore } from './service/store/index.js';
export type * from './service/store/index.js';

// Providers and plugins
export {
  builtInProviderIds,
  builtInProviders,
  definePlugin,
  getProvider,
  observeDeliveries,
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
