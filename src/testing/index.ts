/**
 * The runner-neutral test core under `relaykit/vitest` (and the Jest and node:test adapters to come).
 * It imports no test runner: a runner adapter starts the service in its global setup
 * (`startTestService`), reads the context in its workers (`readTestContext`, or the runner's own
 * channel), builds the `relay` fixture over it (`createRelayFixture`) and registers `relayMatchers`.
 * The harness functions a test file uses are gathered here too, so that an adapter re-exports them
 * from one place.
 *
 * @example
 * // a runner adapter, in a few lines
 * const service = await startTestService(userOptions, { root, caller: 'relay' }); // global setup
 * const relay = createRelayFixture(readTestContext()!);                            // a worker
 * expect.extend(relayMatchers);
 */
export { CONTEXT_FILE_ENV, readTestContext, requireTestContext } from './context.js';
export type { RelayTestContext } from './context.js';
export { refuseMockProviders, startTestService } from './service.js';
export type { StartedService, TestRun, TestServiceOptions } from './service.js';
export { createRelayFixture } from './client.js';
export type { RelayFixture, StoredExecutionDetail, StoredExecutionJson } from './client.js';
export { remoteEmulator } from './emulator.js';
export type { EmulatorInfo, RemoteEmulator, RemoteHelpers, TestEmulateOptions, TestWebhookEndpoint } from './emulator.js';
export { relayMatchers, toBeAccepted, toBeIdempotent, toBeRejected, toBeRejectedAsForgery, toBeReplayOf } from './matchers.js';
export type { IdempotentMatcherOptions, MatcherResult, RelayMatchers } from './matchers.js';

// What test files use, aimed at the run's service when no target is given (startTestService sets
// RELAYKIT_SERVICE_URL, the harness's default target).
export { buildDelivery, buildFlow, deliver, listFlows, replay, triggerFlow, triggerWebhook } from '../harness/index.js';
export type { AssertIdempotentOptions, BuildFlowOptions, ReplayOptions, ReplayPreview, ReplayResult, TriggerFlowOptions, TriggerFlowResult, TriggerOptions, TriggerResult } from '../harness/index.js';
