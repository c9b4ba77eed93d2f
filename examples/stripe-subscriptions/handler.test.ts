/**
 * The subscription handler against signed deliveries (`triggerWebhook`) and the Stripe API mocked by
 * `relaykit/msw`: the subscription and customer it retrieves are those the webhook named.
 */
import { createProviderServer, resetProviderWorld } from 'relaykit/msw';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { entitlements, POST } from './handler.js';

const server = createProviderServer();
beforeAll(() => server.listen());
afterEach(() => {
  resetProviderWorld();
  entitlements.clear();
});
afterAll(() => server.close());

test('a completed subscription checkout grants the customer the price they pay for', async () => {
  const result = await triggerWebhook('stripe', 'checkout.session.completed', { target: POST, data: { mode: 'subscription' } });
  expect(result).toBeAccepted();
  const session = JSON.parse(result.delivery.body).data.object;
  expect(entitlements.get(session.customer)).toMatchObject({
    subscription: session.subscription,
    email: session.customer_details.email,
    price: expect.stringMatching(/^price_/),
  });
});

test('a paid renewal invoice extends access to the new period', async () => {
  const result = await triggerWebhook('stripe', 'invoice.paid', { target: POST });
  const invoice = JSON.parse(result.delivery.body).data.object;
  const line = invoice.lines.data[0];
  expect(entitlements.get(invoice.customer)).toEqual({
    subscription: invoice.parent.subscription_details.subscription,
    price: line.pricing.price_details.price,
    email: invoice.customer_email,
    until: line.period.end,
  });
});

test('a canceled subscription ends access', async () => {
  const checkout = await triggerWebhook('stripe', 'checkout.session.completed', { target: POST, data: { mode: 'subscription' } });
  const { customer, subscription } = JSON.parse(checkout.delivery.body).data.object;
  expect(entitlements.has(customer)).toBe(true);
  await triggerWebhook('stripe', 'customer.subscription.deleted', { target: POST, data: { id: subscription, customer } });
  expect(entitlements.has(customer)).toBe(false);
});

test('a one-time payment checkout grants no subscription access', async () => {
  const result = await triggerWebhook('stripe', 'checkout.session.completed', { target: POST, data: { mode: 'payment' } });
  expect(result).toBeAccepted();
  expect(entitlements.size).toBe(0);
});
