/**
 * The Stripe controller under Jest: signed deliveries from relaykit into the Nest app (over a real
 * socket), checked with relaykit's matchers (relaykit/jest/setup registers them).
 */
import type { INestApplication } from '@nestjs/common';
import { triggerWebhook } from 'relaykit';
import { relayFixture } from 'relaykit/jest';
import { createTestApp } from '../test-app';

describe('StripeWebhookController', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(() => app.close());

  it('accepts a signed payment_intent.succeeded and reads its amount', async () => {
    const result = await triggerWebhook('stripe', 'payment_intent.succeeded', {
      target: app.getHttpServer(),
      path: '/webhooks/stripe',
      data: { amount: 4200 },
    });
    expect(result).toBeAccepted();
    expect(result.json).toMatchObject({ amount: 4200 });
  });

  it('rejects a delivery signed with another secret', async () => {
    const result = await triggerWebhook('stripe', 'payment_intent.succeeded', {
      target: app.getHttpServer(),
      path: '/webhooks/stripe',
      secret: 'whsec_not_ours',
    });
    expect(result).toBeRejectedAsForgery();
    expect(result).not.toBeAccepted();
  });

  it("delivers to the run's reference service when no target is given", async () => {
    const result = await triggerWebhook('stripe', 'invoice.paid');
    expect(result).toBeAccepted();
    const done = await relayFixture().settled(result.execution!.id);
    expect(done.eventType).toBe('stripe.invoice.paid');
  });
});
