/**
 * `assertIdempotent` over the stripe-idempotency example's handler: the counting and the last-arrived-wins
 * versions are caught with a shrunk sequence and a replay seed; the fixed version passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBilling } from '../../examples/stripe-idempotency/billing.js';
import { assertIdempotent } from '../../src/harness/assert-idempotent.js';
// Registers relaykit's matchers on this worker's expect, as `relaykit/vitest` does for users.
import '../../src/vitest-plugin/index.js';
import { secrets } from '../service/official.js';

const flows = [['stripe', 'checkout-subscription']] as const;
const saved = process.env.STRIPE_WEBHOOK_SECRET;
beforeAll(() => {
  process.env.STRIPE_WEBHOOK_SECRET = secrets.stripe;
});
afterAll(() => {
  if (saved === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
  else process.env.STRIPE_WEBHOOK_SECRET = saved;
});

async function failure(dedupe: boolean, ordered: boolean, seed?: number): Promise<string> {
  const billing = createBilling({ dedupe, ordered });
  const error = await assertIdempotent({ target: billing.POST, flows, state: billing.state, reset: billing.reset, numRuns: 60, ...(seed !== undefined ? { seed } : {}) }).then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error, `dedupe ${dedupe}, ordered ${ordered}`).toBeInstanceOf(Error);
  return error!.message;
}

describe('assertIdempotent', () => {
  it('catches a handler that counts every delivery, with the shrunk sequence: one duplicate of invoice.paid', async () => {
    const message = await failure(false, true);
    expect(message).toMatch(/different state after stripe checkout-subscription/);
    const sends = message.split('\n').filter((line) => /^\s+\d+\. #/.test(line));
    // Shrunk to the provider's order plus one extra copy of invoice.paid.
    expect(sends).toHaveLength(13);
    expect(sends.filter((line) => line.includes('invoice.paid'))).toHaveLength(2);
    expect(message).toMatch(/"paidInvoices":1}/);
    expect(message).toMatch(/"paidInvoices":2}/);
    expect(message).toMatch(/Reproduce: assertIdempotent\(\{ …your options, seed: -?\d+, replayPath: "[\d:]+" \}\)/);
  });

  it('catches the counting handler in few runs, whatever the seed: every run sends some deliveries twice', async () => {
    const missed: number[] = [];
    for (let seed = 1; seed <= 8; seed++) {
      const billing = createBilling({ dedupe: false, ordered: true });
      const caught = await assertIdempotent({ target: billing.POST, flows, state: billing.state, reset: billing.reset, numRuns: 8, seed }).then(
        () => false,
        () => true,
      );
      if (!caught) missed.push(seed);
    }
    expect(missed, 'seeds whose 8 runs never sent invoice.paid twice').toEqual([]);
  });

  it('catches a handler that keeps the last-arrived subscription state, and the reported seed replays it', async () => {
    const message = await failure(true, false);
    expect(message).toMatch(/"subscriptions":\{"sub_\w+":"active"\}/);
    expect(message).toMatch(/"subscriptions":\{"sub_\w+":"incomplete"\}/);
    const sends = message.split('\n').filter((line) => /^\s+\d+\. #/.test(line));
    const created = sends.findIndex((line) => line.includes('customer.subscription.created'));
    const updated = sends.findIndex((line) => line.includes('customer.subscription.updated'));
    expect(updated).toBeLessThan(created);
    const seed = Number(/seed (-?\d+), path/.exec(message)![1]);
    expect(await failure(true, false, seed)).toContain(`seed ${seed}, path`);
  });

  it('is one line in Vitest: toBeIdempotent passes the fixed handler and fails the counting one with the report', async () => {
    const fixed = createBilling({ dedupe: true, ordered: true });
    await expect(fixed.POST).toBeIdempotent({ flows, state: fixed.state, reset: fixed.reset, numRuns: 20 });
    const counting = createBilling({ dedupe: false, ordered: true });
    // A fixed seed keeps the report the same from run to run.
    await expect(expect(counting.POST).toBeIdempotent({ flows, state: counting.state, reset: counting.reset, numRuns: 40, seed: 1 })).rejects.toThrow(/different state[\s\S]*Reproduce/);
  });

  it('passes the fixed handler, and refuses options it cannot use', async () => {
    const billing = createBilling({ dedupe: true, ordered: true });
    await expect(assertIdempotent({ target: billing.POST, flows, state: billing.state, reset: billing.reset, numRuns: 60 })).resolves.toBeUndefined();
    await expect(assertIdempotent({ target: billing.POST, flows: [], state: billing.state, reset: billing.reset })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(assertIdempotent({ target: billing.POST, flows: [['stripe', 'nope']], state: billing.state, reset: billing.reset })).rejects.toMatchObject({ code: 'UNKNOWN_FLOW' });
  });
});
