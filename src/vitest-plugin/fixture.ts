/**
 * The `relay` test fixture on Vitest's `test`: the core's fixture (src/testing/client.ts) over the
 * context the plugin provides. `test` is created on first use, so importing `relaykit/vitest` from a
 * config file stays harmless.
 */
import { inject, test as base } from 'vitest';
import { prefixed } from '../core/index.js';
import { createRelayFixture, type RelayFixture } from '../testing/client.js';
import { CONTEXT_KEY, type RelayTestContext } from './context.js';
import { remoteEmulator, type RemoteEmulator } from '../testing/emulator.js';

export type { RelayFixture, StoredExecutionDetail, StoredExecutionJson } from '../testing/client.js';

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

const extend = () =>
  base.extend<{ relay: RelayFixture }>({
    // eslint-disable-next-line no-empty-pattern
    relay: async ({}, use) => use(createRelayFixture(relayContext())),
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

/**
 * The run's emulator, which the plugin started with `relay({ emulate: true })`; the `relay` fixture's
 * `emulator` is the same. Throws, saying how to turn it on, when the run has none.
 * @example
 * const stripe = new Stripe('sk_test_123', relayEmulator().clientOptions('stripe'));
 */
export function relayEmulator(): RemoteEmulator {
  return remoteEmulator(relayContext().emulator);
}
