/**
 * The `relay` test fixture: the run's service URL and secrets, and what the service stored. `test`
 * is created on first use, so importing `relaykit/vitest` from a config file stays harmless.
 */
import { inject, test as base } from 'vitest';
import { prefixed } from '../core/index.js';
import { send } from '../harness/targets.js';
import { CONTEXT_KEY, type RelayTestContext } from './context.js';

/** An execution as the service's API returns it. */
export interface StoredExecutionJson {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: 'pending' | 'running' | 'completed' | 'failed';
  readonly attempt: number;
  readonly createdAt: string;
  readonly replayedFrom?: string;
  readonly [field: string]: unknown;
}

/** The `relay` fixture. */
export interface RelayFixture extends RelayTestContext {
  /** The stored executions, newest first (`type` and `status` filter, as `GET /api/executions`). */
  executions(filter?: { type?: string; status?: string; limit?: number }): Promise<StoredExecutionJson[]>;
  /** One execution with its steps, logs and event; `undefined` when there is none with that id. */
  execution(idOrEventId: string): Promise<StoredExecutionJson | undefined>;
  /** Waits until the execution's handler has finished (completed or failed) and returns it. */
  settled(idOrEventId: string, options?: { timeoutMs?: number }): Promise<StoredExecutionJson>;
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

async function api(context: RelayTestContext, path: string): Promise<{ status: number; json: any }> {
  const headers: Record<string, string> = context.apiToken ? { authorization: `Bearer ${context.apiToken}` } : {};
  const response = await send(context.url, { method: 'GET', path, headers });
  if (response.status !== 200 && response.status !== 404) {
    throw new Error(prefixed(`GET ${path} answered ${response.status}: ${response.body}`));
  }
  return response;
}

/** Builds the fixture over a context. */
export function createFixture(context: RelayTestContext): RelayFixture {
  const execution = async (id: string) => {
    const answer = await api(context, `/api/executions/${encodeURIComponent(id)}`);
    return answer.status === 404 ? undefined : (answer.json as StoredExecutionJson);
  };
  return {
    ...context,
    async executions(filter = {}) {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
      const answer = await api(context, `/api/executions${query.size > 0 ? `?${query}` : ''}`);
      return (answer.json as { items: StoredExecutionJson[] }).items;
    },
    execution,
    async settled(id, { timeoutMs = 5_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
        const found = await execution(id);
        if (found && (found.status === 'completed' || found.status === 'failed')) return found;
        if (Date.now() > deadline) {
          throw new Error(prefixed(`execution ${id} did not finish within ${timeoutMs} ms (status: ${found?.status ?? 'not found'}).`));
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
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
