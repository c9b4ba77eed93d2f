/**
 * Clerk's Backend API routes run on web Request/Response with the world they are handed, without
 * msw, and a write appends the event Clerk would send for it to that world's outbox.
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { clerkAdapter, clerkRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';

const KEY = 'sk_test_123';

function seeded() {
  const world = createWorld({ adapters: [clerkAdapter], now: () => 1_767_225_600_000 });
  world.put('clerk', 'user', { object: 'user', id: 'user_1', first_name: 'Ada', public_metadata: {}, private_metadata: {}, unsafe_metadata: {} });
  world.put('clerk', 'session', { object: 'session', id: 'sess_1', user_id: 'user_1', status: 'active' });
  return world;
}

function call(world: ReturnType<typeof createWorld>, method: string, path: string, body?: unknown, key: string | null = KEY): Promise<Response> {
  return callRoute(clerkRoutes({ secretKeys: [KEY] }), world, method, path, { body, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
}

describe('clerkRoutes, without msw', () => {
  it('updates a user in the world it is handed and appends user.updated with the stored user', async () => {
    const world = seeded();
    const answer = await call(world, 'PATCH', '/users/user_1', { first_name: 'Grace' });
    expect(answer.status).toBe(200);
    expect(world.get('clerk', 'user', 'user_1')).toMatchObject({ first_name: 'Grace' });
    expect(world.outbox.drain()).toEqual([{ provider: 'clerk', type: 'user.updated', data: expect.objectContaining({ id: 'user_1', first_name: 'Grace' }), at: 1_767_225_600_000 }]);
  });

  it('appends user.updated for a metadata write, session.revoked for a revoke and user.deleted for a delete', async () => {
    const world = seeded();
    await call(world, 'PATCH', '/users/user_1/metadata', { public_metadata: { plan: 'pro' } });
    await call(world, 'POST', '/sessions/sess_1/revoke');
    await call(world, 'DELETE', '/users/user_1');
    expect(world.outbox.drain().map((e) => [e.type, e.data.id])).toEqual([
      ['user.updated', 'user_1'],
      ['session.revoked', 'sess_1'],
      ['user.deleted', 'user_1'],
    ]);
  });

  it('appends nothing for a refused write: an unknown user, or no key', async () => {
    const world = seeded();
    expect((await call(world, 'PATCH', '/users/user_2', { first_name: 'X' })).status).toBe(404);
    expect((await call(world, 'DELETE', '/users/user_1', undefined, null)).status).toBe(401);
    expect(world.outbox.pending()).toEqual([]);
    expect(world.get('clerk', 'user', 'user_1')).toBeDefined();
  });
});
