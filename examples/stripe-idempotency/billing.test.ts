/**
 * The billing handler under relaykit's idempotency property: Stripe's checkout flow delivered out of
 * order, with duplicates and retried attempts, must leave the same state as one delivery in order.
 */
import { assertIdempotent } from 'relaykit/fast-check';
import { expect, test } from 'relaykit/vitest';
import { createBilling } from './billing.js';

const flows = [['stripe', 'checkout-subscription']] as const;

test('a handler that counts every delivery is caught', async () => {
  const billing = createBilling({ dedupe: false, ordered: true });
  await expect(assertIdempotent({ target: billing.POST, flows, state: billing.state, reset: billing.reset, numRuns: 40 })).rejects.toThrow(/different state/);
});

test('a handler that keeps the last-arrived subscription state is caught', async () => {
  const billing = createBilling({ dedupe: true, ordered: false });
  await expect(assertIdempotent({ target: billing.POST, flows, state: billing.state, reset: billing.reset, numRuns: 40 })).rejects.toThrow(/different state/);
});

test('the fixed handler is idempotent and order-proof', async () => {
  const billing = createBilling({ dedupe: true, ordered: true });
  await expect(billing.POST).toBeIdempotent({ flows, state: billing.state, reset: billing.reset, numRuns: 40 });
});
