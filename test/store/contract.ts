/**
 * The behaviour every `Store` shares, registered once per implementation: `describeStoreContract('SqliteStore', open)`.
 * The checks are relaykit/store-contract's (src/service/store/contract), run with vitest's describe/it/expect, plus a
 * property test over any JSON value (fast-check, which the exported suite does not depend on).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStoreContract as registerStoreContract } from '../../src/service/store/contract/index.js';
import type { StepRecord, Store } from '../../src/service/store/types.js';
import { delivery } from './fixtures.js';

const step = (executionId: string, result: unknown): StepRecord => ({
  executionId,
  name: 's',
  status: 'completed',
  attempt: 1,
  result,
  error: null,
  startedAt: new Date(Date.UTC(2026, 1, 1)).toISOString(),
  endedAt: null,
});

/** Registers the contract of `Store` against stores made by `open`, one fresh store per test. */
export function describeStoreContract(name: string, open: () => Store | Promise<Store>): void {
  registerStoreContract({ describe, it, expect }, name, open);
  describe(`${name} (Store contract, JSON property)`, () => {
    it('returns any JSON value as JSON would (property)', async () => {
      const store = await open();
      try {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue(), async (value) => {
            const d = delivery({ data: value });
            expect((await store.insertDelivery(d.event, d.execution)).created).toBe(true);
            await store.saveStep(step(d.execution.id, value));
            const expected = JSON.parse(JSON.stringify(value)) as unknown;
            expect((await store.getEvent(d.event.id))!.data).toStrictEqual(expected);
            expect((await store.listSteps(d.execution.id))[0]!.result).toStrictEqual(expected);
          }),
          { numRuns: 60 },
        );
      } finally {
        await store.close();
      }
    });
  });
}
