/**
 * The HTTP contract of the reference service (DESIGN.md), run twice: in-process through `fetch` and
 * over real HTTP through `listen`. Deliveries are signed with the providers' official libraries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { definePlugin, permissiveVerify } from '../../src/providers/index.js';
import type { Handlers } from '../../src/service/index.js';
import { officialDelivery, officialSign, sampleTypes, secrets, type ProviderId } from './official.js';
import { startTarget, type Target, type TargetKind } from './targets.js';

const providers = Object.keys(secrets) as ProviderId[];
const EXECUTION_ID = /^exec_[0-9A-HJKMNP-TV-Z]{26}$/;
const EVENT_ID = /^evt_[0-9A-HJKMNP-TV-Z]{26}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.each<TargetKind>(['fetch', 'http'])('reference service over %s', (kind) => {
  let target: Target;
  const start = async (options: Parameters<typeof startTarget>[1] = {}) => {
    await target?.close();
    target = await startTarget(kind, { secrets: { ...secrets }, ...options });
    return target;
  };
  const post = (provider: string, delivery: { headers: Record<string, string>; body: string }) =>
    target.send('POST', `/api/webhook/${provider}`, delivery);
  const count = async () => (await target.relay.store.countExecutions());

  beforeEach(async () => {
    await start();
  });
  afterEach(async () => {
    await target.close();
  });

  describe.each(providers)('POST /api/webhook/%s', (provider) => {
    it('returns 200 with a new pending execution for a delivery signed by the official library', async () => {
      const answer = await post(provider, await officialDelivery(provider));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.json).toEqual({
        id: expect.stringMatching(EXECUTION_ID),
        eventId: expect.stringMatching(EVENT_ID),
        eventType: `${provider}.${sampleTypes[provider]}`,
        status: 'pending',
        attempt: 1,
        createdAt: expect.stringMatching(ISO_MS),
      });
      expect(answer.json).not.toHaveProperty('replayedFrom');
    });

    it('returns 401 naming the secret when the secrets differ', async () => {
      const delivery = await officialDelivery(provider, undefined, { secret: provider === 'clerk' || provider === 'resend' ? 'whsec_b3RoZXIgc2VjcmV0IG9mIDI0IGJ5dGVzIQ==' : 'another-secret' });
      const answer = await post(provider, delivery);
      expect(answer.status).toBe(401);
      expect(answer.json.error).toContain(`different ${provider.toUpperCase()}_WEBHOOK_SECRET values`);
    });

    it('returns 401 naming the env var when the service has no secret for the provider', async () => {
      await start({ secrets: { [provider]: '' } });
      const answer = await post(provider, await officialDelivery(provider));
      expect(answer.status).toBe(401);
      expect(answer.json.error).toContain(`set ${provider.toUpperCase()}_WEBHOOK_SECRET`);
    });

    it('returns 400 "Invalid webhook signature" without the signature header', async () => {
      const { headers, body } = await officialDelivery(provider);
      const stripped = Object.fromEntries(Object.entries(headers).filter(([n]) => !/signature|hmac/i.test(n)));
      const answer = await post(provider, { headers: stripped, body });
      expect(answer).toMatchObject({ status: 400, json: { error: 'Invalid webhook signature' } });
      expect(answer.text).toBe('{"error":"Invalid webhook signature"}');
    });

    it('deduplicates a redelivery: the same execution, nothing created', async () => {
      const delivery = await officialDelivery(provider);
      const first = await post(provider, delivery);
      const again = await post(provider, delivery);
      expect(again.status).toBe(200);
      expect(again.json.id).toBe(first.json.id);
      expect(again.headers.get('x-relay-deduplicated')).toBe('true');
      expect(await count()).toBe(1);
    });
  });

  it.each(['stripe', 'clerk', 'resend'] as const)('returns 400 "Invalid webhook signature" for a %s timestamp outside tolerance', async (provider) => {
    const answer = await post(provider, await officialDelivery(provider, undefined, { at: Date.now() - 301_000 }));
    expect(answer).toMatchObject({ status: 400, json: { error: 'Invalid webhook signature' } });
    expect(answer.headers.get('x-relay-error-detail')).toMatch(/old/);
  });

  it('returns 400 for a malformed signature header', async () => {
    const { headers, body } = await officialDelivery('stripe');
    const answer = await post('stripe', { headers: { ...headers, 'Stripe-Signature': 'v1=nothex' }, body });
    expect(answer).toMatchObject({ status: 400, json: { error: 'Invalid webhook signature' } });
  });

  it('returns 400 for a verified body that is not JSON', async () => {
    const body = 'this is not json';
    const headers = await officialSign('github', body, { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': 'd-1' });
    const answer = await post('github', { headers, body });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatch(/^The body is not valid JSON/);
  });

  it("returns 400 for a verified body that lacks the provider's shape", async () => {
    const body = '{"hello":"world"}';
    const headers = await officialSign('stripe', body, { 'Content-Type': 'application/json' });
    const answer = await post('stripe', { headers, body });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain('not a Stripe event');
  });

  it('returns 404 for an unknown provider, listing the mounted ones and the closest', async () => {
    const answer = await post('strip', await officialDelivery('stripe'));
    expect(answer.status).toBe(404);
    expect(answer.json.error).toBe(
      'Unknown provider "strip". Did you mean "stripe"? Mounted: /api/webhook/stripe, /api/webhook/github, /api/webhook/clerk, /api/webhook/shopify, /api/webhook/resend.',
    );
  });

  it('returns 405 with Allow for another method on a mount path', async () => {
    const answer = await target.send('GET', '/api/webhook/stripe');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
    expect(answer.json.error).toContain('use POST');
  });

  it('returns 415 for a body that is not declared JSON', async () => {
    const { headers, body } = await officialDelivery('github');
    const answer = await post('github', { headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' }, body });
    expect(answer.status).toBe(415);
    expect(answer.json.error).toContain('send Content-Type: application/json');
  });

  it('returns 413 for a body over maxBodyBytes', async () => {
    await start({ maxBodyBytes: 1024 });
    const answer = await post('github', await officialDelivery('github'));
    expect(answer.status).toBe(413);
    expect(answer.json.error).toContain('larger than 1024 bytes');
  });

  it('returns 404 JSON for an unknown route', async () => {
    const answer = await target.send('GET', '/nowhere');
    expect(answer.status).toBe(404);
    expect(answer.json.error).toMatch(/^No route for GET \/nowhere\. Routes: POST \/api\/webhook\/<provider>/);
  });

  it('creates no execution for any rejected request', async () => {
    const good = await officialDelivery('stripe');
    await post('stripe', { ...good, body: `${good.body} ` });
    await post('stripe', { headers: {}, body: good.body });
    await post('nope', good);
    await start({ secrets: {} });
    await post('stripe', good);
    expect(await count()).toBe(0);
  });

  describe('custom plugins', () => {
    it('mounts at its id and stores { type, data } as <id>.<type>', async () => {
      await start({ plugins: [definePlugin({ id: 'acme', verify: permissiveVerify() })] });
      const answer = await target.send('POST', '/api/webhook/acme', {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'order.paid', data: { id: 7 } }),
      });
      expect(answer).toMatchObject({ status: 200, json: { eventType: 'acme.order.paid', status: 'pending' } });
      const detail = await target.send('GET', `/api/executions/${answer.json.id}`);
      expect(detail.json.event.data).toEqual({ id: 7 });
    });

    it('returns 400 saying what a custom body lacks', async () => {
      await start({ plugins: [definePlugin({ id: 'acme', verify: permissiveVerify() })] });
      const answer = await target.send('POST', '/api/webhook/acme', { headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toContain('string "type"');
    });
  });

  describe('executions', () => {
    const handlers: Handlers = {
      'stripe.*': async (event, { step, log }) => {
        const charged = await step.run('charge', () => ({ amount: (event.data as any).data.object.amount }));
        log('charged', charged);
      },
    };

    it('runs the handler after answering: pending, then completed with steps and logs', async () => {
      await start({ handlers });
      const accepted = await post('stripe', await officialDelivery('stripe', 'payment_intent.succeeded', { data: { amount: 4200 } }));
      expect(accepted.json.status).toBe('pending');
      await target.relay.idle();
      const detail = await target.send('GET', `/api/executions/${accepted.json.id}`);
      expect(detail.status).toBe(200);
      expect(detail.json).toMatchObject({
        id: accepted.json.id,
        status: 'completed',
        attempt: 1,
        error: null,
        steps: [{ name: 'charge', status: 'completed', attempt: 1, result: { amount: 4200 }, error: null }],
        logs: [{ level: 'info', message: 'charged', fields: { amount: 4200 } }],
        event: { id: accepted.json.eventId, type: 'stripe.payment_intent.succeeded', provider: 'stripe' },
      });
      expect(detail.json.event.data.data.object.amount).toBe(4200);
      expect(detail.json.steps[0].durationMs).toBeGreaterThanOrEqual(0);
    });

    it('finds an execution by its event id', async () => {
      const accepted = await post('github', await officialDelivery('github'));
      const detail = await target.send('GET', `/api/executions/${accepted.json.eventId}`);
      expect(detail.json.id).toBe(accepted.json.id);
    });

    it('returns 404 naming an unknown execution id', async () => {
      const answer = await target.send('GET', '/api/executions/exec_01ARZ3NDEKTSV4RRFFQ69G5FAV');
      expect(answer).toMatchObject({ status: 404, json: { error: "No execution exec_01ARZ3NDEKTSV4RRFFQ69G5FAV in this service's store." } });
    });

    it('lists newest first, filters by type and status, and pages with a cursor', async () => {
      await start({ handlers: { 'github.*': () => { throw new Error('boom'); } } });
      const ids: string[] = [];
      for (const provider of ['stripe', 'github', 'stripe', 'github', 'stripe'] as const) ids.push((await post(provider, await officialDelivery(provider))).json.id);
      await target.relay.idle();
      const all = await target.send('GET', '/api/executions');
      expect(all.json.items.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
      const stripe = await target.send('GET', '/api/executions?type=stripe.*');
      expect(stripe.json.items).toHaveLength(3);
      const failed = await target.send('GET', '/api/executions?status=failed');
      expect(failed.json.items.map((e: { eventType: string }) => e.eventType)).toEqual(['github.pull_request.opened', 'github.pull_request.opened']);
      const page1 = await target.send('GET', '/api/executions?limit=2');
      const page2 = await target.send('GET', `/api/executions?limit=2&cursor=${encodeURIComponent(page1.json.nextCursor)}`);
      const page3 = await target.send('GET', `/api/executions?limit=2&cursor=${encodeURIComponent(page2.json.nextCursor)}`);
      expect([...page1.json.items, ...page2.json.items, ...page3.json.items].map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
      expect(page3.json.nextCursor).toBeNull();
    });

    it.each([
      ['status=done', /status must be one of pending, running, completed, failed/],
      ['limit=abc', /limit must be a whole number/],
      ['limit=0', /limit/],
    ])('returns 400 for a bad list query (%s)', async (query, message) => {
      const answer = await target.send('GET', `/api/executions?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatch(message);
    });

    it('retries a failed execution in place, skipping completed steps and returning their results', async () => {
      let calls = 0;
      let fail = true;
      await start({
        handlers: {
          'stripe.*': async (_event, { step }) => {
            const first = await step.run('reserve', () => {
              calls += 1;
              return { reservation: `r-${calls}` };
            });
            await step.run('confirm', () => {
              if (fail) throw new Error('downstream is down');
              return first;
            });
          },
        },
      });
      const accepted = await post('stripe', await officialDelivery('stripe'));
      await target.relay.idle();
      const failedDetail = await target.send('GET', `/api/executions/${accepted.json.id}`);
      expect(failedDetail.json).toMatchObject({ status: 'failed', error: 'downstream is down', attempt: 1 });
      fail = false;
      const retried = await target.send('POST', `/api/executions/${accepted.json.id}/retry`);
      expect(retried).toMatchObject({ status: 200, json: { id: accepted.json.id, attempt: 2, status: 'pending' } });
      await target.relay.idle();
      const detail = await target.send('GET', `/api/executions/${accepted.json.id}`);
      expect(calls).toBe(1);
      expect(detail.json).toMatchObject({ status: 'completed', attempt: 2, error: null });
      expect(detail.json.steps).toMatchObject([
        { name: 'reserve', status: 'completed', attempt: 1, result: { reservation: 'r-1' } },
        { name: 'confirm', status: 'completed', attempt: 2, result: { reservation: 'r-1' } },
      ]);
    });

    it('returns 409 suggesting replay for a retry of a completed execution', async () => {
      const accepted = await post('stripe', await officialDelivery('stripe'));
      await target.relay.idle();
      const answer = await target.send('POST', `/api/executions/${accepted.json.id}/retry`);
      expect(answer.status).toBe(409);
      expect(answer.json.error).toContain(`POST /api/executions/${accepted.json.id}/replay`);
    });

    it('replays as a new execution and leaves the source, its steps and logs unchanged', async () => {
      let version = 'v1';
      await start({
        handlers: {
          'stripe.*': async (_event, { step, log }) => {
            await step.run('work', () => ({ version }));
            log(`ran ${version}`);
          },
        },
      });
      const accepted = await post('stripe', await officialDelivery('stripe'));
      await target.relay.idle();
      const before = (await target.send('GET', `/api/executions/${accepted.json.id}`)).json;
      const sourceEvent = await target.relay.store.getEvent(accepted.json.eventId);
      version = 'v2';
      const replayed = await target.send('POST', `/api/executions/${accepted.json.id}/replay`);
      expect(replayed.status).toBe(200);
      expect(replayed.json).toEqual({
        id: expect.stringMatching(EXECUTION_ID),
        eventId: expect.stringMatching(EVENT_ID),
        eventType: accepted.json.eventType,
        status: 'pending',
        attempt: 1,
        createdAt: expect.stringMatching(ISO_MS),
        replayedFrom: accepted.json.id,
      });
      expect(replayed.json.id).not.toBe(accepted.json.id);
      expect(replayed.json.eventId).not.toBe(accepted.json.eventId);
      await target.relay.idle();
      const after = (await target.send('GET', `/api/executions/${accepted.json.id}`)).json;
      expect(after).toEqual(before);
      const replay = (await target.send('GET', `/api/executions/${replayed.json.id}`)).json;
      expect(replay).toMatchObject({ status: 'completed', steps: [{ name: 'work', result: { version: 'v2' } }], logs: [{ message: 'ran v2' }] });
      const replayEvent = await target.relay.store.getEvent(replayed.json.eventId);
      expect(replayEvent).toMatchObject({ type: sourceEvent!.type, body: sourceEvent!.body, data: sourceEvent!.data, deliveryId: null });
    });

    it('replays by event id', async () => {
      const accepted = await post('clerk', await officialDelivery('clerk'));
      const replayed = await target.send('POST', `/api/executions/${accepted.json.eventId}/replay`);
      expect(replayed.json.replayedFrom).toBe(accepted.json.id);
    });

    it('returns 404 for a replay or retry of an unknown execution', async () => {
      for (const action of ['replay', 'retry']) {
        const answer = await target.send('POST', `/api/executions/exec_nope/${action}`);
        expect(answer).toMatchObject({ status: 404, json: { error: "No execution exec_nope in this service's store." } });
      }
    });
  });

  describe('RELAY_API_TOKEN', () => {
    beforeEach(async () => {
      await start({ apiToken: 's3cret-token' });
    });

    it('returns 401 on every executions route without the bearer token', async () => {
      for (const [method, p] of [['GET', '/api/executions'], ['GET', '/api/executions/exec_x'], ['POST', '/api/executions/exec_x/replay'], ['POST', '/api/executions/exec_x/retry']] as const) {
        const answer = await target.send(method, p);
        expect(answer.status).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe('Bearer');
        expect(answer.json.error).toContain('Authorization: Bearer');
      }
    });

    it('returns 401 for a wrong token and 200 for the right one; webhooks need none', async () => {
      expect((await target.send('GET', '/api/executions', { headers: { Authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await target.send('GET', '/api/executions', { headers: { Authorization: 'Bearer s3cret-token' } })).status).toBe(200);
      expect((await post('stripe', await officialDelivery('stripe'))).status).toBe(200);
    });
  });
});
