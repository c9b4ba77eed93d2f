/**
 * Errors a user sees are RelayErrors with a code, not built-in errors in another voice: a handler's misuse of
 * step.run, and a failed assertRejectsForgeries / assertIdempotent report.
 */
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { assertIdempotent } from '../../src/harness/assert-idempotent.js';
import { assertRejectsForgeries } from '../../src/harness/fast-check.js';
import { createRelay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from '../service/official.js';

/** The error a handler's step.run(...) throws, as the handler catches it. */
async function stepError(use: (run: (name: unknown, fn: unknown) => Promise<unknown>) => Promise<unknown>): Promise<unknown> {
  let caught: unknown;
  const relay = createRelay({
    store: new MemoryStore(),
    secrets,
    handlers: {
      '*': async (_event, { step }) => {
        try {
          await use(step.run as never);
        } catch (error) {
          caught = error;
        }
      },
    },
  });
  const delivery = await officialDelivery('stripe');
  await relay.fetch(new Request('http://relay.test/api/webhook/stripe', { method: 'POST', headers: delivery.headers, body: delivery.body }));
  await relay.idle();
  await relay.close();
  return caught;
}

describe('errors a user sees carry a code', () => {
  it.each([
    ['a name that is not a string', (run: (n: unknown, f: unknown) => Promise<unknown>) => run('', () => 1), 'INVALID_OPTION', /the name must be a non-empty string/],
    ['fn that is not a function', (run: (n: unknown, f: unknown) => Promise<unknown>) => run('a', 1), 'INVALID_OPTION', /fn must be a function/],
    ['a result that is not JSON', (run: (n: unknown, f: unknown) => Promise<unknown>) => run('big', () => 10n), 'INVALID_DATA', /must be JSON-serializable/],
    [
      'a step name used twice at once',
      (run: (n: unknown, f: unknown) => Promise<unknown>) => Promise.all([run('same', () => new Promise((r) => setImmediate(r))), run('same', () => 1)]),
      'CONFLICT',
      /step names must be unique/,
    ],
  ] as const)('step.run refuses %s with a RelayError', async (_what, use, code, message) => {
    const error = await stepError(use);
    expect(RelayError.is(error)).toBe(true);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it('assertRejectsForgeries reports an accepted forgery as ASSERTION_FAILED', async () => {
    const error = await assertRejectsForgeries(() => new Response('ok'), 'stripe', { secret: secrets.stripe, numRuns: 3, seed: 1 }).catch((e: unknown) => e);
    expect(RelayError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ASSERTION_FAILED' });
  });

  it('assertIdempotent reports a state() that throws as ASSERTION_FAILED, its cause kept', async () => {
    const boom = new Error('state failed');
    // The first state() is the expected one, read before the property runs; the second is in a run.
    let calls = 0;
    const error = await assertIdempotent({
      target: () => new Response('ok'),
      flows: [['stripe', 'checkout-subscription']],
      secrets,
      state: () => {
        if (++calls > 1) throw boom;
        return {};
      },
      reset: () => {},
      numRuns: 1,
      seed: 1,
    }).catch((e: unknown) => e);
    expect(RelayError.is(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ASSERTION_FAILED', cause: boom });
  });
});
