/**
 * A payment end to end under Jest, offline: the test pays through stripe-node against the run's
 * emulator (started by relaykit/jest/global-setup, `globals.relaykit.emulate`), which calls the Nest
 * app's webhook route back, signed, as Stripe does; the controller verifies with `constructEvent`.
 */
import type { INestApplication } from '@nestjs/common';
import { relayEmulator, type RemoteEmulator } from 'relaykit/jest';
import Stripe from 'stripe';
import { StripeWebhookController } from '../stripe/stripe-webhook.controller';
import { createTestApp } from '../test-app';

describe('a payment through the emulator', () => {
  let app: INestApplication;
  let emulator: RemoteEmulator;
  let webhookUrl: string;

  beforeAll(async () => {
    app = await createTestApp();
    await app.listen(0, '127.0.0.1');
    emulator = relayEmulator();
    webhookUrl = `${await app.getUrl()}/webhooks/stripe`;
    // Signed with the run's secret, which the controller reads from STRIPE_WEBHOOK_SECRET.
    await emulator.addWebhook('stripe', { url: webhookUrl, secret: process.env.STRIPE_WEBHOOK_SECRET, events: ['payment_intent.succeeded'] });
  });

  afterAll(() => app.close());

  it('fulfils the PaymentIntent once Stripe calls back with payment_intent.succeeded', async () => {
    const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
    const intent = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
    await emulator.settled();

    const [delivery] = (await emulator.deliveries({ provider: 'stripe', type: 'payment_intent.succeeded' })).filter((d) => d.endpoint.url === webhookUrl);
    expect(delivery?.status).toBe('delivered');
    expect(app.get(StripeWebhookController).paid.get(intent.id)).toBe(2000);
  });
});
