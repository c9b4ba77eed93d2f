/**
 * The Express app under node:test: useRelay() starts relaykit's reference service for this file (and
 * sets STRIPE_WEBHOOK_SECRET, which the app verifies with), or uses the run's when run-tests.js started
 * one; the assertions are relaykit/node-test's. Run with `node --test` (or `node run-tests.js`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccepted, assertRejectedAsForgery, triggerWebhook, useRelay } from 'relaykit/node-test';
import { createApp } from './app.js';

const relay = useRelay();
const app = createApp();

test('a signed payment_intent.succeeded is accepted with its amount', async () => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: app, path: '/webhooks/stripe', data: { amount: 4200 } });
  assertAccepted(result);
  assert.equal(result.json.amount, 4200);
});

test('a delivery signed with another secret is rejected', async () => {
  assertRejectedAsForgery(await triggerWebhook('stripe', 'payment_intent.succeeded', { target: app, path: '/webhooks/stripe', secret: 'whsec_not_ours' }));
});

test("with no target, the delivery goes to the run's reference service", async () => {
  const result = await triggerWebhook('stripe', 'charge.succeeded');
  assertAccepted(result);
  assert.equal((await relay.settled(result.execution.id)).eventType, 'stripe.charge.succeeded');
});
