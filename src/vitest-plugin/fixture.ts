/**
 * The `relay` test fixture: the run's service URL and secrets, and what the service stored, read with
 * the harness's service client. `test` is created on first use, so importing `relaykit/vitest` from a
 * config file stays harmless.
 */
import { inject, test as base } from 'vitest';
import { prefixed } from '../core/index.js';
import { serviceClient, type ExecutionsFilter, type ServiceExecution } from '../harness/service-client.js';
import type { ExecutionDetail } from '../service/views.js';
import { CONTEXT_KEY, type RelayTestContext } from './context.js';

/** An execution as the service's list (`GET /api/executions`) returns it. */
export type StoredExecutionJson = ServiceExecution;

/**
 * An execution in full, as `GET /api/executions/<id>` returns it: `steps`, `logs`, `error` and `event`
 * typed as the service writes them.
 * @example
 * const done: StoredExecutionDetail = await relay.settled(result.execution!.id);
 * done.steps.map((step) => `${step.name} ${step.status}`);
 */
export type StoredExecutionDetail = ExecutionDetail;

/** The `relay` fixture. */
export interface RelayFixture extends RelayTestContext {
  /** The stored executions, newest first (`type` and `status` filter, as `GET /api/executions`). */
  executions(filter?: ExecutionsFilter): Promise<StoredExecutionJson[]>;
  /** One execution with its steps, logs and event; `undefined` when there is none with that id. */
  execution(idOrEventId: string): Promise<StoredExecutionDetail | undefined>;
  /** Waits until the execution's handler has finished (completed or failed) and returns it with its steps, logs and event. */
  settled(idOrEventId: string, options?: { timeoutMs?: number }): Promise<StoredExecutionDetail>;
}

/** The plugin's context, with a clear error when the plugin is not configured. */
export function relayContext(): RelayTestContext {
  const context = inject(CONTEXT_KEY);
  if (!context) {
    throw new Error(
      prefixed(
        "no relay service in this run. Add the plugin to vitest.config.ts: plugins: [relay()] from 'relaykit/vitest' " +
          "(or globalSetup: ['relaykit/vitest/global-setup']).",
      ),
    );
  }
  return context;
}

/** Builds the fixture over a context. */
export function createFixture(context: RelayTestContext): RelayFixture {
  const client = serviceClient(context.url, { token: context.apiToken });
  return {
    ...context,
    executions: (filter) => client.executions(filter),
    // The run's own relaykit service answers, so its detail view is what comes back.
    execution: async (id) => (await client.execution(id)) as unknown as StoredExecutionDetail | undefined,
    settled: async (id, options) => (await client.waitUntilSettled(id, options)) as unknown as StoredExecutionDetail,
  };
}

const extend = () =>
  base.extend<{ relay: RelayFixture }>({
    // eslint-disable-next-line no-empty-pattern
    relay: async ({}, use) => use(createFixture(relayContext())),
  });

type RelayTest = ReturnType<typeof extend>;

let extended: RelayTest | undefined;
const make = (): RelayTest => (extended ??= extend());

/**
 * Vitest's `test` with a `relay` fixture.
 * @example
 * test('stores the delivery', async ({ relay }) => {
 *   const result = await triggerWebhook('github', 'push');
 *   expect(await relay.executions({ type: 'github.push' })).toHaveLength(1);
 * });
 */
export const test: RelayTest = new Proxy(function relayTest() {} as unknown as RelayTest, {
  apply: (_target, self, args) => Reflect.apply(make() as unknown as (...a: unknown[]) => unknown, self, args),
  get: (_target, key) => {
    const value = (make() as unknown as Record<PropertyKey, unknown>)[key];
    return typeof value === 'function' ? value.bind(make()) : value;
  },
});
