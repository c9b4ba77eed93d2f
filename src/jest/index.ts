/**
 * `relaykit/jest`: what Jest tests use with `relaykit/jest/global-setup` (which starts the reference
 * service for the run): `triggerWebhook`, `replay` and `triggerFlow` aimed at that service when no
 * target is given, the run's context and fixture, and the matchers' types (the matchers themselves are
 * registered by `relaykit/jest/setup` in `setupFilesAfterEnv`). Loads no Jest module, so it imports
 * anywhere (a global setup of your own, a helper).
 *
 * @example
 * import { triggerWebhook } from 'relaykit/jest';
 * test('accepts a signed delivery', async () => {
 *   const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: app });
 *   expect(result).toBeAccepted();
 * });
 */
import { createRelayFixture, type RelayFixture } from '../testing/client.js';
import { requireTestContext, type RelayTestContext } from '../testing/context.js';
import { remoteEmulator, type RemoteEmulator } from '../testing/emulator.js';
import { JEST_CONFIG_HINT } from './runs.js';

export type { IdempotentMatcherOptions, RelayMatchers } from './types.js';
export type { RelayFixture, RelayTestContext };
export type { StoredExecutionDetail, StoredExecutionJson } from '../testing/client.js';
export type { JestProjectConfig } from './global-setup.js';
export type { EmulatorInfo, RemoteEmulator, RemoteHelpers, TestEmulateOptions, TestWebhookEndpoint } from '../testing/emulator.js';
export { relayMatchers } from '../testing/matchers.js';

// Aimed at the run's service when no target is given (the global setup sets RELAYKIT_SERVICE_URL).
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

/**
 * The run's service as the global setup started it: `url`, `secrets`, `apiToken`. Throws a
 * `RelayError` saying what to add to the Jest config when no service runs.
 * @example
 * const { url, secrets } = relayContext();
 * await fetch(`${url}/api/executions`);
 */
export function relayContext(): RelayTestContext {
  return requireTestContext(JEST_CONFIG_HINT);
}

/**
 * The `relay` fixture of the run's service: its context, and the executions it stored
 * (`executions(filter?)`, `execution(id)`, `settled(id)`, which waits for the handler).
 * @example
 * const relay = relayFixture();
 * const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
 * expect((await relay.settled(result.execution!.id)).status).toBe('completed');
 */
export function relayFixture(): RelayFixture {
  return createRelayFixture(relayContext());
}

/**
 * The run's emulator, which the global setup started when `globals.relaykit.emulate` is set: the
 * providers' APIs for your app's SDK clients (`clientOptions(provider)`), and what it sent. Shared by
 * every test file of the run, as one provider account is; throws a `RelayError` saying how to turn it on
 * when the run has none.
 * @example
 * const emulator = relayEmulator();
 * const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
 * await emulator.addWebhook('stripe', { url: `${await app.getUrl()}/webhooks/stripe`, secret: process.env.STRIPE_WEBHOOK_SECRET });
 * await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
 * await emulator.settled();
 */
export function relayEmulator(): RemoteEmulator {
  return remoteEmulator(relayContext().emulator);
}
