/**
 * Stripe's API routes run on web Request/Response with the world they are handed, without msw, and
 * a write appends the snapshot events Stripe would send for it (the object each reports).
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { stripeAdapter, stripeRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';

const KEY = 'sk_test_123';

function seeded() {
  const world = createWorld({ adapters: [stripeAdapter], now: () => 1_767_225_600_000 });
  world.put('stripe', 'charge', { id: 'ch_1', object: 'charge', amount: 2000, amount_captured: 2000, amount_refunded: 0, refunded: false, currency: 'usd', payment_intent: 'pi_1' });
  world.put('stripe', 'payment_intent', { id: 'pi_1', object: 'payment_intent', amount: 2000, currency: 'usd', status: 'requires_payment_method', latest_charge: 'ch_1' });
  world.put('stripe', 'subscription', { id: 'sub_1', object: 'subscription', status: 'active', customer: 'cus_1', metadata: {} });
  return world;
}

function call(world: ReturnType<typeof createWorld>, method: string, path: string, form?: Record<string, string>, key: string | null = KEY): Promise<Response> {
  return callRoute(stripeRoutes({ apiKeys: [KEY] }), world, method, path, { form, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
}

describe('stripeRoutes, without msw', () => {
  it('creates a customer in the world it is handed and appends customer.created with it', async () => {
    const world = seeded();
    const answer = await call(world, 'POST', '/v1/customers', { email: 'ada@example.com' });
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(world.outbox.drain()).toEqual([{ provider: 'stripe', type: 'customer.created', data: expect.objectContaining({ id, email: 'ada@example.com' }), at: 1_767_225_600_000, request: { id: expect.stringMatching(/^req_/), idempotencyKey: null } }]);
  });

  it('appends refund.created and charge.refunded for a refund, payment_intent.canceled, customer.subscription.updated and .deleted', async () => {
    const world = seeded();
    expect((await call(world, 'POST', '/v1/refunds', { charge: 'ch_1', amount: '500' })).status).toBe(200);
    expect((await call(world, 'POST', '/v1/payment_intents/pi_1/cancel')).status).toBe(200);
    expect((await call(world, 'POST', '/v1/subscriptions/sub_1', { 'metadata[plan]': 'pro' })).status).toBe(200);
    expect((await call(world, 'DELETE', '/v1/subscriptions/sub_1')).status).toBe(200);
    expect(world.outbox.drain().map((e) => [e.type, e.data.id])).toEqual([
      ['refund.created', expect.stringMatching(/^re_/)],
      ['charge.refunded', 'ch_1'],
      ['payment_intent.canceled', 'pi_1'],
      ['customer.subscription.updated', 'sub_1'],
      ['customer.subscription.deleted', 'sub_1'],
    ]);
  });

  it('appends nothing for a refused write: no key, or an unknown customer', async () => {
    const world = seeded();
    expect((await call(world, 'POST', '/v1/customers', { email: 'x@example.com' }, null)).status).toBe(401);
    expect((await call(world, 'DELETE', '/v1/customers/cus_nope')).status).toBe(404);
    expect(world.outbox.pending()).toEqual([]);
  });
});
