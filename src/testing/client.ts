/**
 * The `relay` test fixture of every runner: the run's service URL and secrets, and what the service
 * stored, read with the harness's service client.
 */
import { serviceClient, type ExecutionsFilter, type ServiceExecution } from '../harness/index.js';
import type { ExecutionDetail } from '../service/views.js';
import type { RelayTestContext } from './context.js';
import { remoteEmulator, type RemoteEmulator } from './emulator.js';

/**
 * An execution as the service's list (`GET /api/executions`) returns it.
 * @example
 * const failed: StoredExecutionJson[] = await relay.executions({ status: 'failed' });
 */
export type StoredExecutionJson = ServiceExecution;

/**
 * An execution in full, as `GET /api/executions/<id>` returns it: `steps`, `logs`, `error` and `event`
 * typed as the service writes them.
 * @example
 * const done: StoredExecutionDetail = await relay.settled(result.execution!.id);
 * done.steps.map((step) => `${step.name} ${step.status}`);
 */
export type StoredExecutionDetail = ExecutionDetail;

/**
 * The `relay` fixture: the run's context, and what its service stored.
 * @example
 * test('stores the delivery', async ({ relay }) => {
 *   const result = await triggerWebhook('github', 'push');
 *   expect((await relay.settled(result.execution!.id)).status).toBe('completed');
 * });
 */
export interface RelayFixture extends Omit<RelayTestContext, 'emulator'> {
  /**
   * The run's emulator (when `emulate` is on), reached over its `/_relaykit/` API: `clientOptions(provider)`
   * for the providers' SDKs, `settled()`, `deliveries()`, `addWebhook()`, the providers' helpers. Reading
   * it in a run without one throws, saying how to turn it on.
   */
  readonly emulator: RemoteEmulator;
  /** The stored executions, newest first (`type` and `status` filter, as `GET /api/executions`). */
  executions(filter?: ExecutionsFilter): Promise<StoredExecutionJson[]>;
  /** One execution with its steps, logs and event; `undefined` when there is none with that id. */
  execution(idOrEventId: string): Promise<StoredExecutionDetail | undefined>;
  /** Waits until the execution's handler has finished (completed or failed) and returns it with its steps, logs and event. */
  settled(idOrEventId: string, options?: { timeoutMs?: number }): Promise<StoredExecutionDetail>;
}

/**
 * The `relay` fixture over the run's context: the context's fields, and the executions the run's
 * service stored (sent with the context's API token).
 * @example
 * const relay = createRelayFixture(readTestContext()!);
 * const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
 * const done = await relay.settled(result.execution!.id);
 * done.status; // 'completed' | 'failed'
 */
export function createRelayFixture(context: RelayTestContext): RelayFixture {
  const client = serviceClient(context.url, { token: context.apiToken });
  const { emulator: info, ...rest } = context;
  let emulator: RemoteEmulator | undefined;
  return {
    ...rest,
    get emulator() {
      return (emulator ??= remoteEmulator(info));
    },
    executions: (filter) => client.executions(filter),
    // The run's own relaykit service answers, so its detail view is what comes back.
    execution: async (id) => (await client.execution(id)) as unknown as StoredExecutionDetail | undefined,
    settled: async (id, options) => (await client.waitUntilSettled(id, options)) as unknown as StoredExecutionDetail,
  };
}
