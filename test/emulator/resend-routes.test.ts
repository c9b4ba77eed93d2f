/**
 * Resend's API routes run on web Request/Response with the world they are handed, without msw, and
 * a write appends the events Resend would send for it to that world's outbox (the msw binding
 * serves the same routes over the same world).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { createProviderServer } from '../../src/msw/index.js';
import { resendAdapter, resendRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';

const KEY = 're_test_123';

function call(world: ReturnType<typeof createWorld>, method: string, path: string, body?: unknown, key: string | null = KEY): Promise<Response> {
  return callRoute(resendRoutes({ apiKeys: [KEY] }), world, method, path, { body, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
}

const email = { from: 'Acme <hi@acme.test>', to: 'delivered@resend.dev', subject: 'Welcome', text: 'Hello' };

describe('resendRoutes, without msw', () => {
  it('stores a sent email in the world it is handed and appends email.sent and email.delivered to its outbox', async () => {
    const world = createWorld({ adapters: [resendAdapter], now: () => 1_767_225_600_000 });
    const sent = await call(world, 'POST', '/emails', email);
    expect(sent.status).toBe(200);
    const { id } = (await sent.json()) as { id: string };
    const read = await call(world, 'GET', `/emails/${id}`);
    expect(await read.json()).toMatchObject({ id, subject: 'Welcome', last_event: 'delivered' });
    const data = expect.objectContaining({ email_id: id, subject: 'Welcome', to: ['delivered@resend.dev'] });
    expect(world.outbox.drain()).toEqual([
      { provider: 'resend', type: 'email.sent', data, at: 1_767_225_600_000 },
      { provider: 'resend', type: 'email.delivered', data, at: 1_767_225_600_000 },
    ]);
  });

  it('appends email.scheduled for a later send, one event per email of a batch, and nothing for a refused batch', async () => {
    const world = createWorld({ adapters: [resendAdapter] });
    await call(world, 'POST', '/emails', { ...email, scheduled_at: 'in 2 days' });
    await call(world, 'POST', '/emails/batch', [email, { ...email, subject: 'Second' }]);
    const refused = await call(world, 'POST', '/emails/batch', [email, { from: 'a@acme.test' }]);
    expect(refused.status).toBe(422);
    expect(world.outbox.drain().map((e) => [e.type, e.data.subject])).toEqual([
      ['email.scheduled', 'Welcome'],
      ['email.sent', 'Welcome'],
      ['email.delivered', 'Welcome'],
      ['email.sent', 'Second'],
      ['email.delivered', 'Second'],
    ]);
  });

  it('appends topic.created, topic.updated and topic.deleted as a topic is created, renamed and removed', async () => {
    const world = createWorld({ adapters: [resendAdapter] });
    const created = await call(world, 'POST', '/topics', { name: 'News', default_subscription: 'opt_in' });
    const { id } = (await created.json()) as { id: string };
    await call(world, 'PATCH', `/topics/${id}`, { name: 'Product news' });
    await call(world, 'DELETE', `/topics/${id}`);
    expect((await call(world, 'DELETE', `/topics/${id}`)).status).toBe(404);
    expect(world.outbox.drain().map((e) => [e.type, e.data.id, e.data.name, e.data.deleted])).toEqual([
      ['topic.created', id, 'News', false],
      ['topic.updated', id, 'Product news', false],
      ['topic.deleted', id, 'Product news', true],
    ]);
  });

  it('answers a request without a key with Resend 401 and appends nothing', async () => {
    const world = createWorld({ adapters: [resendAdapter] });
    const answer = await call(world, 'POST', '/emails', email, null);
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ name: 'missing_api_key' });
    expect(world.outbox.pending()).toEqual([]);
  });
});

describe('the msw binding of the Resend routes', () => {
  const world = createWorld({ adapters: [resendAdapter] });
  const server = createProviderServer({ providers: ['resend'], world, resend: { apiKey: KEY } });
  beforeAll(() => server.listen());
  afterAll(() => server.close());

  it('serves the routes over the world it was given: a send through fetch lands in that outbox', async () => {
    const answer = await fetch('https://api.resend.com/emails', { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(email) });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const { id } = (await answer.json()) as { id: string };
    expect(world.outbox.drain().map((e) => [e.type, e.data.email_id])).toEqual([
      ['email.sent', id],
      ['email.delivered', id],
    ]);
  });
});
