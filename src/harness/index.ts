/**
 * The harness's one door for the layers above it: the CLI, the test core (src/testing/) and the runner
 * adapters and the emulator import the harness from here, never its inner files (`harness-through-barrel` in
 * .dependency-cruiser.mjs). The public entries (src/index.ts,
 * relaykit/fast-check) choose their own exports. fast-check is an optional peer, so what needs it is
 * reached through `loadAssertIdempotent`, which loads it on first use.
 * @example
 * import { buildDelivery, deliver } from '../harness/index.js';
 * const delivery = await buildDelivery('stripe', 'charge.succeeded', { secret: 'whsec_test' });
 * await deliver(delivery, { target: 'http://localhost:3000' });
 */
export { buildDelivery, listEventTypes } from './build-delivery.js';
export type { BuildDeliveryOptions, Delivery, FixtureDeliveryOptions } from './build-delivery.js';
export { deliver, triggerWebhook } from './trigger.js';
export type { ExecutionSummary, FixtureTriggerOptions, TriggerOptions, TriggerResult } from './trigger.js';
export { triggerMany } from './trigger-many.js';
export type { TriggerManyOptions, TriggerManyResult } from './trigger-many.js';
export { checkExecutionId, previewReplay, replay, resignStored } from './replay.js';
export type { ExecutionLookup, ReplayOptions, ReplayPreview, ReplayResult, ReplaySource, StoredExecution } from './replay.js';
export { createFixture, formatFixture } from './fixture.js';
export type { CapturedDelivery, CreateFixtureOptions, Fixture } from './fixture.js';
export { serviceClient } from './service-client.js';
export type { ExecutionsFilter, ServiceAnswer, ServiceClient, ServiceClientOptions, ServiceExecution } from './service-client.js';
export { checkRoutePath, errorDetail, exactUrl, IN_PROCESS_ORIGIN, joinUrl } from './targets.js';
export type { RouteOptions, Target, TargetResponse } from './targets.js';
export { buildFlow, listFlows, retryRules, triggerFlow } from './flows/index.js';
export type { BuildFlowOptions, FlowAttempt, FlowOrder, FlowSend, TriggerFlowOptions, TriggerFlowResult } from './flows/index.js';
export { checkDuplicates, checkOrder, FLOW_ORDERS, planSequence } from './flows/sequence.js';
export type { PlannedSend } from './flows/sequence.js';
// The emulator's dispatcher sends through the flow engine's attempts and retries.
export { runSequence } from './flows/send.js';
export type { SendContext } from './flows/send.js';
export type { AssertIdempotentOptions } from './assert-idempotent.js';

/**
 * `assertIdempotent`, loaded when first asked for: it imports fast-check, a peer dependency that a user
 * of the CLI or of the other matchers need not have installed.
 * @example
 * const assertIdempotent = await loadAssertIdempotent();
 * await assertIdempotent({ target: POST, flows: [['stripe', 'checkout-subscription']], state, reset });
 */
export async function loadAssertIdempotent(): Promise<typeof import('./assert-idempotent.js').assertIdempotent> {
  return (await import('./assert-idempotent.js')).assertIdempotent;
}
