/**
 * Shopify's Admin REST routes run on web Request/Response with the world they are handed, without
 * msw, and a write appends the topics Shopify would send for it, with the shop that sends them.
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { shopifyAdapter, shopifyRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';

const TOKEN = 'shpat_123';
const SHOP = 'acme.myshopify.com';

function seeded() {
  const world = createWorld({ adapters: [shopifyAdapter], now: () => 1_767_225_600_000 });
  world.put('shopify', 'order', { id: 450789469, name: '#1001', note: null, closed_at: null, cancelled_at: null, created_at: '2026-01-01T00:00:00+00:00' }, { shop: SHOP });
  world.put('shopify', 'location', { id: 1, name: 'Warehouse' }, { shop: SHOP });
  return world;
}

function call(world: ReturnType<typeof createWorld>, method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<Response> {
  return callRoute(shopifyRoutes({ accessTokens: [TOKEN] }), world, method, path, {
    body,
    headers: token === null ? {} : { 'x-shopify-access-token': token },
    base: { shop: 'acme', version: '2025-07' },
  });
}

describe('shopifyRoutes, without msw', () => {
  it("updates an order in the shop's world and appends orders/updated with the order and the shop", async () => {
    const world = seeded();
    const answer = await call(world, 'PUT', '/orders/450789469.json', { order: { note: 'Rush' } });
    expect(answer.status).toBe(200);
    expect(world.get('shopify', 'order', '450789469', { shop: SHOP })).toMatchObject({ note: 'Rush' });
    expect(world.outbox.drain()).toEqual([
      { provider: 'shopify', type: 'orders/updated', data: expect.objectContaining({ id: 450789469, note: 'Rush' }), at: 1_767_225_600_000, scope: { shop: SHOP } },
    ]);
  });

  it('appends orders/cancelled then orders/updated for a cancel, and orders/updated for a close', async () => {
    const world = seeded();
    await call(world, 'POST', '/orders/450789469/cancel.json', { reason: 'customer' });
    await call(world, 'POST', '/orders/450789469/close.json');
    expect(world.outbox.drain().map((e) => [e.type, e.data.cancel_reason ?? null])).toEqual([
      ['orders/cancelled', 'customer'],
      ['orders/updated', 'customer'],
      ['orders/updated', 'customer'],
    ]);
  });

  it('appends nothing for a refused write: a second cancel, an unknown order, or no token', async () => {
    const world = seeded();
    await call(world, 'POST', '/orders/450789469/cancel.json', {});
    world.outbox.drain();
    expect((await call(world, 'POST', '/orders/450789469/cancel.json', {})).status).toBe(422);
    expect((await call(world, 'PUT', '/orders/1.json', { order: { note: 'x' } })).status).toBe(404);
    expect((await call(world, 'PUT', '/orders/450789469.json', { order: { note: 'x' } }, null)).status).toBe(401);
    expect(world.outbox.pending()).toEqual([]);
  });
});
