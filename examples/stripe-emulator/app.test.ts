/**
 * The whole subscription life, offline, with relaykit's emulator as Stripe: the app creates a Checkout
 * Session through stripe-node, the buyer pays, Stripe's webhooks reach the app's route, a test clock
 * renews the subscription, a declined renewal is retried until Stripe gives up and deletes it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator } from 'relaykit/emulator';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from './app.js';

const secret = 'whsec_example_emulator';
const DAY = 86_400;
const START = 1_767_225_600; // 2026-01-01

let emulator: ReturnType<typeof createEmulator>;
let stripe: Stripe;
let app: ReturnType<typeof createApp>;
let server: Server;
let base: string;

beforeAll(async () => {
  // The app's server first, so that its webhook URL is known when Stripe (the emulator) is set up.
  server = createServer((req, res) => app.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { url: `${base}/webhooks/stripe`, secret } }, seed: 1 });
  await emulator.listen(0);
  stripe = new Stripe('sk_test_example', { ...emulator.clientOptions('stripe'), maxNetworkRetries: 0 });
  app = createApp(stripe, secret);
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
});

test('checkout, renewal, a declined renewal retried, then access revoked', async () => {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const product = await stripe.products.create({ name: 'Pro' });
  const price = await stripe.prices.create({ product: product.id, unit_amount: 2000, currency: 'usd', recurring: { interval: 'month' } });
  const customer = await stripe.customers.create({ email: 'ada@example.com', test_clock: clock.id });

  const checkout = (await (await fetch(`${base}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customer: customer.id, price: price.id }) })).json()) as { id: string };
  await emulator.stripe.completeCheckout(checkout.id, { paymentMethod: 'pm_card_visa' });
  await emulator.settled();
  const granted = app.access.get(customer.id)!;
  expect(granted).toMatchObject({ status: 'active', subscription: expect.stringMatching(/^sub_/) });
  expect(granted.until).toBeGreaterThan(START + 27 * DAY);

  // A month on: the renewal is paid, access extended.
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: granted.until + DAY });
  await emulator.settled();
  const renewed = app.access.get(customer.id)!;
  expect(renewed.until).toBeGreaterThan(granted.until);

  // The card now declines: the next renewal fails, and Stripe retries it.
  const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
  await stripe.subscriptions.update(granted.subscription, { default_payment_method: failing.id });
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewed.until + DAY });
  await emulator.settled();
  expect(app.access.get(customer.id)?.status).toBe('past_due');

  // Past Stripe's retries: the subscription is deleted, and with it the access.
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: renewed.until + 40 * DAY });
  await emulator.settled();
  expect(app.access.has(customer.id)).toBe(false);
  expect((await stripe.subscriptions.retrieve(granted.subscription)).status).toBe('canceled');
  expect(emulator.deliveries({ status: 'failed' })).toEqual([]);
});
