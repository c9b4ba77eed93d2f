/**
 * `relaykit/node-test`: relaykit for Node's own test runner. `useRelay()` registers `before`/`after`
 * hooks that start the reference service for the file (or the `describe` it is called in), unless the
 * run already has one (`RELAYKIT_CONTEXT_FILE`, set by `startRelay()` in the process that runs
 * `node --test`, which the test files inherit); `triggerWebhook`, `replay` and `triggerFlow` aim at it
 * when no target is given. The assertions are named after the matchers (`assertAccepted` for
 * `toBeAccepted`, …) and throw an `AssertionError` with the very message the matcher prints.
 *
 * @example
 * import { test } from 'node:test';
 * import { assertAccepted, triggerWebhook, useRelay } from 'relaykit/node-test';
 * useRelay();
 * test('accepts a signed delivery', async () => {
 *   assertAccepted(await triggerWebhook('stripe', 'payment_intent.succeeded', { target: app }));
 * });
 */
import { AssertionError } from 'node:assert';
import { after, before } from 'node:test';
import { RelayError } from '../core/index.js';
import { createRelayFixture, type RelayFixture } from '../testing/client.js';
import { readTestContext, requireTestContext, type RelayTestContext } from '../testing/context.js';
import { remoteEmulator, type RemoteEmulator } from '../testing/emulator.js';
import { toBeAccepted, toBeIdempotent, toBeRejected, toBeRejectedAsForgery, toBeReplayOf, type MatcherResult } from '../testing/matchers.js';
import type { AssertIdempotentOptions } from '../testing/index.js';
import { refuseMockProviders, startTestService, type StartedService, type TestServiceOptions } from '../testing/service.js';

export type { RelayFixture, RelayTestContext, TestServiceOptions };
export type { StoredExecutionDetail, StoredExecutionJson } from '../testing/client.js';
export type { EmulatorInfo, RemoteEmulator, RemoteHelpers, TestEmulateOptions, TestWebhookEndpoint } from '../testing/emulator.js';

// Aimed at the run's service when no target is given (the service sets RELAYKIT_SERVICE_URL).
export { buildDelivery, buildFlow, deliver, listFlows, replay, triggerFlow, triggerWebhook } from '../testing/index.js';
export type {
  AssertIdempotentOptions,
  BuildFlowOptions,
  ReplayOptions,
  ReplayPreview,
  ReplayResult,
  TriggerFlowOptions,
  TriggerFlowResult,
  TriggerOptions,
  TriggerResult,
} from '../testing/index.js';

/** Throws the matcher's failure as an `AssertionError` whose stack starts at the caller's line. */
function check(verdict: MatcherResult, actual: unknown, operator: string, caller: (...args: never[]) => unknown): void {
  if (!verdict.pass) throw new AssertionError({ message: verdict.message(), actual, operator, stackStartFn: caller });
}

/**
 * The target answered 2xx (`toBeAccepted`). `result` is a `triggerWebhook()`, `deliver()` or `replay()` result.
 * @example
 * assertAccepted(await triggerWebhook('stripe', 'payment_intent.succeeded', { target: app }));
 * // AssertionError: expected the delivery to be accepted (2xx), but the target answered 400: {"error":"…"}
 */
export function assertAccepted(result: unknown): void {
  check(toBeAccepted(result), result, 'assertAccepted', assertAccepted);
}

/**
 * The target answered 4xx (`toBeRejected`): it refused the delivery; a 5xx fails this.
 * @example
 * assertRejected(await triggerWebhook('stripe', 'charge.succeeded', { target: app, headers: { 'stripe-signature': '' } }));
 */
export function assertRejected(result: unknown): void {
  check(toBeRejected(result), result, 'assertRejected', assertRejected);
}

/**
 * The target answered 400, 401 or 403, as a verifier answers a forgery (`toBeRejectedAsForgery`).
 * @example
 * assertRejectedAsForgery(await triggerWebhook('github', 'push', { target: app, secret: 'not-ours' }));
 */
export function assertRejectedAsForgery(result: unknown): void {
  check(toBeRejectedAsForgery(result), result, 'assertRejectedAsForgery', assertRejectedAsForgery);
}

/**
 * `received` is a new execution replayed from `source` (`toBeReplayOf`).
 * @example
 * const source = await triggerWebhook('stripe', 'invoice.paid');
 * assertReplayOf(await replay(source.execution!.id), source);
 */
export function assertReplayOf(received: unknown, source: unknown): void {
  check(toBeReplayOf(received, source), received, 'assertReplayOf', assertReplayOf);
}

/**
 * The handler at `target` ends in the same `state()` however the flows are delivered (`toBeIdempotent`;
 * the options of `assertIdempotent` from `relaykit/fast-check`, whose report becomes the message). Needs
 * `fast-check`.
 * @example
 * await assertIdempotent({ target: app, path: '/webhooks/stripe', flows: [['stripe', 'checkout-subscription']], state, reset });
 */
export async function assertIdempotent<State>(options: AssertIdempotentOptions<State>): Promise<void> {
  const { target, ...rest } = options;
  check(await toBeIdempotent(target, rest as never), target, 'assertIdempotent', assertIdempotent);
}

/**
 * Starts the reference service for a run (the project's `relay.ts` from `root`, else the built-ins; an
 * ephemeral port; a temporary store; a secret per provider) and sets the env the test files inherit,
 * so call it before the tests start: in a script that then runs them with `run()` from `node:test`,
 * or in a `--test-global-setup` module (Node 24). `close()` stops it.
 * @example
 * import { run } from 'node:test';
 * import { spec } from 'node:test/reporters';
 * const service = await startRelay();
 * run({ files: ['test/webhooks.test.js'] }).on('end', () => service.close()).compose(spec).pipe(process.stdout);
 */
export async function startRelay(options: TestServiceOptions & { root?: string } = {}): Promise<StartedService> {
  const { root = process.cwd(), ...rest } = options;
  refuseMockProviders(rest, 'startRelay', 'node:test');
  return startTestService(rest, { root, caller: 'startRelay' });
}

/**
 * Registers `before` and `after` hooks (of the file, or of the `describe` it is called in) that start the
 * reference service for those tests and stop it after them; when the run already has one (started by
 * `startRelay()` in the parent process), they use it. Returns the `relay` fixture, usable once the
 * `before` hook has run (inside tests and later hooks).
 * @example
 * const relay = useRelay();
 * test('handles a payment', async () => {
 *   const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
 *   assert.equal((await relay.settled(result.execution!.id)).status, 'completed');
 * });
 */
export function useRelay(options: TestServiceOptions & { root?: string } = {}): RelayFixture {
  let fixture: RelayFixture | undefined;
  let started: StartedService | undefined;
  before(async () => {
    const context = readTestContext();
    if (context) {
      fixture = createRelayFixture(context);
      return;
    }
    started = await startRelay(options);
    fixture = createRelayFixture(started.context);
  });
  after(async () => {
    await started?.close();
    started = undefined;
  });
  const current = (): RelayFixture => {
    if (!fixture) {
      throw new RelayError('USAGE', "useRelay(): the relay service starts in the before hook useRelay() registered; use the fixture inside a test or a later hook.");
    }
    return fixture;
  };
  return {
    get url() {
      return current().url;
    },
    get secrets() {
      return current().secrets;
    },
    get apiToken() {
      return current().apiToken;
    },
    get mockProviders() {
      return current().mockProviders;
    },
    get emulator() {
      return current().emulator;
    },
    executions: (filter) => current().executions(filter),
    execution: (id) => current().execution(id),
    settled: (id, settledOptions) => current().settled(id, settledOptions),
  };
}

/**
 * The run's emulator, started with the service when `emulate` is on (`useRelay({ emulate: true })`, or
 * `startRelay({ emulate: true })` in the parent process): use it inside tests and later hooks. Throws a
 * `RelayError` saying how to turn it on when the run has none.
 * @example
 * useRelay({ emulate: { providers: ['stripe'] } });
 * test('a payment calls back', async () => {
 *   const emulator = relayEmulator();
 *   const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
 *   await stripe.customers.create({ email: 'ada@example.com' });
 *   await emulator.settled();
 * });
 */
export function relayEmulator(): RemoteEmulator {
  return remoteEmulator(requireTestContext('Call useRelay({ emulate: true }) in the test file, or startRelay({ emulate: true }) before the tests start.').emulator);
}
