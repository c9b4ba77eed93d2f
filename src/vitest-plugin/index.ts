/**
 * `relaykit/vitest`: the Vitest plugin, and what tests use with it: `triggerWebhook` and `replay`
 * aimed at the plugin's service by default, `test` with a `relay` fixture, and the matchers.
 *
 * @example
 * import { expect, test, triggerWebhook } from 'relaykit/vitest';
 * test('accepts a signed delivery', async ({ relay }) => {
 *   const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
 *   expect(result).toBeAccepted();
 * });
 */
import { registerMatchers } from './matchers.js';

export { relay } from './plugin.js';
export type { RelayPluginOptions } from './plugin.js';
export type { RelayTestContext } from './context.js';
export { test, relayContext, relayEmulator } from './fixture.js';
export type { EmulatorInfo, RemoteEmulator, RemoteHelpers, TestEmulateOptions, TestWebhookEndpoint } from '../testing/emulator.js';
export { providerServer } from './provider-server.js';
export type { RelayFixture, StoredExecutionDetail, StoredExecutionJson } from './fixture.js';
export type { IdempotentMatcherOptions, RelayMatchers } from './matchers.js';
export { expect } from 'vitest';

// Aimed at the plugin's service when no target is given (the plugin sets RELAYKIT_SERVICE_URL).
export { buildDelivery, buildFlow, deliver, listFlows, replay, triggerFlow, triggerWebhook } from '../testing/index.js';
export type {
  BuildFlowOptions,
  ReplayOptions,
  ReplayPreview,
  ReplayResult,
  TriggerFlowOptions,
  TriggerFlowResult,
  TriggerOptions,
  TriggerResult,
} from '../testing/index.js';

registerMatchers();
