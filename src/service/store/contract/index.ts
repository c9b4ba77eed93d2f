/**
 * `relaykit/store-contract`: the behaviour every `Store` shares (deduplication, compare-and-set, filters and cursors,
 * JSON round-trips, copies, errors: the rules written in `Store`'s documentation), as checks registered with the
 * caller's test runner, so that a store of one's own (PostgreSQL, …) is held to the same contract as relaykit's.
 */
import type { Store } from '../types.js';
import type { ContractContext, ContractRunner } from './context.js';
import { deliveryChecks } from './deliveries.js';
import { delivery, type Delivery } from './fixtures.js';
import { listingChecks } from './listing.js';
import { updateChecks } from './updates.js';
import { valueChecks } from './values.js';

export type { ContractAssertion, ContractExpect, ContractRunner } from './context.js';
export { delivery } from './fixtures.js';
export type { Delivery, DeliveryOptions } from './fixtures.js';

/**
 * Registers the Store contract as a `describe` block named `<name> (Store contract)`: one check per rule, each on a
 * fresh store from `open`, closed after it (so `open` must give an empty store every time). Pass your runner's
 * `describe`, `it` and `expect`; nothing is imported from a test runner.
 *
 * @example
 * import { describe, expect, it } from 'vitest';
 * import { describeStoreContract } from 'relaykit/store-contract';
 * describeStoreContract({ describe, it, expect }, 'PgStore', () => PgStore.open(`postgres://localhost/test_${n++}`));
 */
export function describeStoreContract(runner: ContractRunner, name: string, open: () => Store | Promise<Store>): void {
  let current: Store | undefined;
  const it = (title: string, body: () => Promise<void>): void =>
    runner.it(title, async () => {
      current = await open();
      try {
        await body();
      } finally {
        await current.close();
        current = undefined;
      }
    });
  const context: ContractContext = {
    describe: runner.describe,
    it,
    expect: runner.expect,
    store: storeOfTheCheck(() => current),
    async insert(d: Delivery = delivery()) {
      const result = await context.store.insertDelivery(d.event, d.execution);
      runner.expect(result.created).toBe(true);
      return d;
    },
  };
  runner.describe(`${name} (Store contract)`, () => {
    deliveryChecks(context);
    listingChecks(context);
    updateChecks(context);
    valueChecks(context);
  });
}

/** A `Store` that forwards every call to the store of the check running now, so the checks read as if it were one. */
function storeOfTheCheck(current: () => Store | undefined): Store {
  return new Proxy({} as Store, {
    get(_, key) {
      const store = current();
      if (!store) throw new Error('The Store contract used its store outside a check.');
      const value = (store as unknown as Record<PropertyKey, unknown>)[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(store) : value;
    },
  });
}
