/**
 * The Express app under node:test: useRelay() starts relaykit's reference service for this file (and
 * sets STRIPE_WEBHOOK_SECRET, which the app verifies with) with the emulator beside it, or uses the
 * run's when run-tests.js started them; the assertions are relaykit/node-test's. Run with `node --test`
 * (or `node run-tests.js`).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { assertAccepted, assertRejectedAsForgery, triggerWebhook, useRelay } from 'relaykit/node-test';
import Stripe from 'stripe';
import { createApp } from './app.js';

const relay = useRelay({ emulate: { providers: ['stripe'] } });
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

test('a payment through the emulator is called back, verified and fulfilled', async () => {
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const url = `http://127.0.0.1:${server.address().port}/webhooks/stripe`;
    await relay.emulator.addWebhook('stripe', { url, secret: process.env.STRIPE_WEBHOOK_SECRET, events: ['payment_intent.succeeded'] });
    const stripe = new Stripe('sk_test_123', relay.emulator.clientOptions('stripe'));
    const intent = await stripe.paymentIntents.create({ amount: 3100, currency: 'eur', confirm: true, payment_method: 'pm_card_visa' });
    await relay.emulator.settled();
    assert.equal(app.locals.paid.get(intent.id), 3100);
  } finally {
    server.close();
  }
});
