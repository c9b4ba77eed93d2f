/** Unit tests of the Stripe route: real signed deliveries in, and forgeries rejected. */
import { assertRejectsForgeries } from 'relaykit/fast-check';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { POST } from './route.js';

test('a signed payment_intent.succeeded is accepted with its amount', async () => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: POST, data: { amount: 4200 } });
  expect(result).toBeAccepted();
  expect(result.json).toMatchObject({ amount: 4200 });
});

test('a delivery signed with another secret is rejected', async () => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: POST, secret: 'whsec_not_ours' });
  expect(result).toBeRejectedAsForgery();
});

test('every kind of forgery is rejected, every valid delivery accepted', async () => {
  await assertRejectsForgeries(POST, 'stripe', { numRuns: 40 });
});
