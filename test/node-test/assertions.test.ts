/**
 * relaykit/node-test's assertions: each passes where its matcher passes and otherwise throws node's
 * AssertionError with the very message the matcher prints (one source: src/testing/matchers.ts).
 * useRelay() runs under `node --test` in test/package/runners.test.ts.
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { assertAccepted, assertIdempotent, assertRejected, assertRejectedAsForgery, assertReplayOf, startRelay } from '../../src/node-test/index.js';
import { toBeAccepted, toBeIdempotent, toBeRejected, toBeRejectedAsForgery, toBeReplayOf } from '../../src/testing/index.js';

const answered = (status: number) => ({ status, body: `{"status":${status}}` });
const source = { id: 'exec_a', eventId: 'evt_a', eventType: 'stripe.invoice.paid', attempt: 1 };
const replayed = { id: 'exec_b', eventId: 'evt_b', eventType: 'stripe.invoice.paid', attempt: 1, replayedFrom: 'exec_a' };

/** What an assertion threw: undefined when it passed, else [is an AssertionError, operator, message]. */
async function thrown(assertion: () => unknown): Promise<[boolean, string, string] | undefined> {
  try {
    await assertion();
    return undefined;
  } catch (error) {
    return [error instanceof AssertionError, (error as AssertionError).operator, (error as Error).message];
  }
}

describe('the node:test assertions', () => {
  it('pass and fail as their matchers do, throwing an AssertionError with the matcher\'s message', async () => {
    const cases: [() => unknown, { pass: boolean; message: () => string }, string][] = [
      [() => assertAccepted(answered(200)), toBeAccepted(answered(200)), 'assertAccepted'],
      [() => assertAccepted(answered(400)), toBeAccepted(answered(400)), 'assertAccepted'],
      [() => assertAccepted('200'), toBeAccepted('200'), 'assertAccepted'],
      [() => assertRejected(answered(404)), toBeRejected(answered(404)), 'assertRejected'],
      [() => assertRejected(answered(500)), toBeRejected(answered(500)), 'assertRejected'],
      [() => assertRejectedAsForgery(answered(401)), toBeRejectedAsForgery(answered(401)), 'assertRejectedAsForgery'],
      [() => assertRejectedAsForgery(answered(200)), toBeRejectedAsForgery(answered(200)), 'assertRejectedAsForgery'],
      [() => assertReplayOf(replayed, source), toBeReplayOf(replayed, source), 'assertReplayOf'],
      [() => assertReplayOf(source, source), toBeReplayOf(source, source), 'assertReplayOf'],
    ];
    for (const [assertion, verdict, operator] of cases) {
      expect(await thrown(assertion)).toEqual(verdict.pass ? undefined : [true, operator, verdict.message()]);
    }
    expect(cases.filter(([, verdict]) => !verdict.pass)).toHaveLength(5);
  });

  it('assertIdempotent reports what toBeIdempotent reports for a handler that counts duplicates', async () => {
    let count = 0;
    const options = {
      flows: [['stripe', 'checkout-subscription']] as [string, string][],
      state: () => count,
      reset: () => {
        count = 0;
      },
      numRuns: 3,
      seed: 7,
      secrets: { stripe: 'whsec_node_test' },
    };
    const target = async () => {
      count++;
      return new Response('{}');
    };
    // Event ids carry the time they were made at, so the two runs' ids differ; the rest is the same report.
    const withoutIds = (text: string) => text.replace(/evt_\w+/g, 'evt_…');
    const verdict = await toBeIdempotent(target, options);
    expect(verdict.pass).toBe(false);
    const [isAssertionError, operator, message] = (await thrown(() => assertIdempotent({ target, ...options })))!;
    expect([isAssertionError, operator, withoutIds(message)]).toEqual([true, 'assertIdempotent', withoutIds(verdict.message())]);
  });

  it('startRelay refuses mockProviders, which only the Vitest plugin runs', async () => {
    await expect(startRelay({ mockProviders: true })).rejects.toThrow(/^startRelay: mockProviders is supported under Vitest only, not under node:test\./);
  });
});
