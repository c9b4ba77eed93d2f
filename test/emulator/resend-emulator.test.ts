/**
 * The Resend emulator over HTTP: the resend SDK (unmodified) calls the standalone server with
 * `clientOptions('resend')` or `RESEND_BASE_URL`, and a real HTTP receiver verifies each delivery with
 * `resend.webhooks.verify`. Webhooks made through Resend's own API, retries on Svix's rules (the same
 * `svix-id`, each attempt signed anew), and Resend's error shape for bad input and unmodelled operations.
 */
import { Resend, type WebhookEventPayload } from 'resend';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';
import { httpReceiver } from './receiver.js';

const FROM = 'Acme <hello@acme.test>';

interface Received {
  readonly event: WebhookEventPayload;
  readonly headers: { id: string; timestamp: string; signature: string };
}

/** A service that verifies each Resend delivery with `secret()` as the resend SDK does, answering `status()` (200 by default). */
async function receiver(secret: () => string) {
  const verifier = new Resend('re_receiver');
  const service = await httpReceiver((payload, h): Received => {
    const headers = { id: String(h['svix-id']), timestamp: String(h['svix-timestamp']), signature: String(h['svix-signature']) };
    return { event: verifier.webhooks.verify({ payload, headers, webhookSecret: secret() }), headers };
  }, '/webhooks/resend');
  return { ...service, types: () => service.received.map((r) => r.event.type) };
}

describe('createEmulator: Resend over HTTP, delivered to webhooks made through Resend’s API', () => {
  let secret = '';
  let service: Awaited<ReturnType<typeof receiver>>;
  let emulator: Emulator;
  let resend: Resend;

  beforeAll(async () => {
    service = await receiver(() => secret);
    emulator = createEmulator({ providers: ['resend'], seed: 5, timeScale: 0.25 });
    await emulator.listen(0);
    resend = new Resend('re_test_emulator', emulator.clientOptions('resend'));
  });
  afterEach(() => {
    emulator.reset();
    service.received.length = 0;
    service.refused.length = 0;
    service.answer(() => 200);
  });
  afterAll(async () => {
    await emulator.close();
    await service.close();
  });

  it('gives the resend SDK its base URL, under /resend, as clientOptions and as RESEND_BASE_URL', async () => {
    expect(emulator.clientOptions('resend')).toEqual({ baseUrl: `${emulator.url}/resend` });
    expect(emulator.baseUrl('resend')).toBe(`${emulator.url}/resend`);
    const saved = process.env.RESEND_BASE_URL;
    process.env.RESEND_BASE_URL = emulator.baseUrl('resend');
    try {
      const fromEnv = new Resend('re_from_env');
      const { data } = await fromEnv.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi' });
      expect((await resend.emails.get(data!.id)).data).toMatchObject({ id: data!.id, last_event: 'delivered' });
    } finally {
      if (saved === undefined) delete process.env.RESEND_BASE_URL;
      else process.env.RESEND_BASE_URL = saved;
    }
  });

  it('delivers only the subscribed events to a webhook made with resend.webhooks.create, signed with its signing_secret; disabled, it gets nothing', async () => {
    const { data: hook } = await resend.webhooks.create({ endpoint: service.url, events: ['email.bounced', 'email.delivered'] });
    secret = hook!.signing_secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect((await resend.webhooks.get(hook!.id)).data).toMatchObject({ id: hook!.id, endpoint: service.url, status: 'enabled', events: ['email.bounced', 'email.delivered'], signing_secret: secret });
    expect((await resend.webhooks.list()).data?.data).toEqual([expect.not.objectContaining({ signing_secret: expect.anything() })]);
    const { data: sent } = await resend.emails.send({ from: FROM, to: 'bounced+a@resend.dev', subject: 'Hi', text: 'Hi' });
    await emulator.settled();
    expect(service.refused).toEqual([]);
    expect(service.types()).toEqual(['email.bounced']);
    expect(service.received[0]!.event.data).toMatchObject({ email_id: sent!.id, to: ['bounced+a@resend.dev'], bounce: { type: 'Permanent' } });
    expect(emulator.deliveries({ provider: 'resend' }).map((d) => [d.type, d.status, d.objectId, d.endpoint.id])).toEqual([['email.bounced', 'delivered', sent!.id, hook!.id]]);

    expect((await resend.webhooks.update(hook!.id, { status: 'disabled' })).data).toEqual({ object: 'webhook', id: hook!.id });
    await resend.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi' });
    await emulator.settled();
    expect(service.types()).toEqual(['email.bounced']);
    expect((await resend.webhooks.remove(hook!.id)).data).toEqual({ object: 'webhook', id: hook!.id, deleted: true });
    expect((await resend.webhooks.get(hook!.id)).error).toMatchObject({ statusCode: 404, name: 'not_found' });
  });

  it('retries a refused delivery on Svix’s schedule (compressed): the same svix-id, a new timestamp and signature each attempt', async () => {
    const { data: hook } = await resend.webhooks.create({ endpoint: service.url, events: ['email.sent'] });
    secret = hook!.signing_secret;
    let calls = 0;
    service.answer(() => (++calls < 2 ? 503 : 200));
    await resend.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Retry', text: 'Hi' });
    await emulator.settled();
    const [delivery] = emulator.deliveries({ type: 'email.sent' });
    expect(delivery!.attempts.map((a) => a.status)).toEqual([503, 200]);
    expect(delivery!.status).toBe('delivered');
    const [first, second] = service.received.map((r) => r.headers);
    expect(second!.id).toBe(first!.id);
    expect(first!.id).toBe(delivery!.deliveryId);
    expect(Number(second!.timestamp)).toBeGreaterThan(Number(first!.timestamp));
    expect(second!.signature).not.toBe(first!.signature);
  });

  it('honours an Idempotency-Key: the same send answers the first id and sends nothing more; another body under it is a 409', async () => {
    const email = { from: FROM, to: 'delivered@resend.dev', subject: 'Receipt', text: 'Thanks' };
    const first = await resend.emails.send(email, { idempotencyKey: 'receipt-42' });
    const again = await resend.emails.send(email, { idempotencyKey: 'receipt-42' });
    expect(again.data).toEqual(first.data);
    expect((await resend.emails.send({ ...email, subject: 'Other' }, { idempotencyKey: 'receipt-42' })).error).toEqual({ statusCode: 409, name: 'invalid_idempotent_request', message: expect.stringMatching(/different request payload/) });
    await emulator.settled();
    expect(emulator.world.list('resend', 'email').map((e) => e.id)).toEqual([first.data!.id]);
  });

  it('answers bad input in Resend’s { statusCode, message, name } shape and sends nothing', async () => {
    const cases = [
      [resend.emails.send({ from: FROM, to: 'ada@example.com', subject: 'Hi', text: 'Hi' }), 422, 'validation_error', /example\.com.*delivered@resend\.dev/],
      [resend.emails.send({ from: FROM, to: ['ok@acme.test', 'x@test.com'], subject: 'Hi', text: 'Hi' }), 422, 'validation_error', /test\.com/],
      [resend.emails.send({ from: FROM, to: 'not an address', subject: 'Hi', text: 'Hi' }), 422, 'validation_error', /Invalid `to` field/],
      [resend.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi', scheduledAt: 'whenever' }), 422, 'validation_error', /scheduled_at/],
      [resend.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi', scheduledAt: 'in 31 days' }), 422, 'validation_error', /at most 30 days/],
      [resend.batch.send([{ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi', scheduledAt: 'in 1 hour' }]), 422, 'validation_error', /not supported in batch/],
      [resend.emails.get('4ef9a417-02e9-4d39-ad75-9611e0fcc33c'), 404, 'not_found', /Email not found/],
      [resend.domains.create({ name: 'acme.test', region: 'mars-1' as never }), 422, 'invalid_region', /us-east-1/],
      [resend.contacts.create({ email: '' }), 422, 'missing_required_field', /Missing `email` field/],
      [resend.webhooks.create({ endpoint: 'not a url', events: ['email.sent'] }), 422, 'validation_error', /endpoint/],
      [resend.webhooks.create({ endpoint: service.url, events: ['email.teleported' as never] }), 422, 'validation_error', /email\.teleported/],
      [resend.broadcasts.create({ from: FROM, subject: 'News', html: '<p>News</p>', segmentId: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c' }), 404, 'not_found', /POST \/broadcasts.*emulator\.operations\('resend'\)/],
    ] as const;
    for (const [call, statusCode, name, message] of cases) {
      const { data, error } = await call;
      expect(data).toBeNull();
      expect(error).toEqual({ statusCode, name, message: expect.stringMatching(message) });
    }
    await emulator.settled();
    expect(emulator.deliveries()).toEqual([]);
    expect(emulator.world.outbox.pending()).toEqual([]);
  });

  it('refuses what the helpers cannot do, saying why', async () => {
    const { data: bounced } = await resend.emails.send({ from: FROM, to: 'bounced@resend.dev', subject: 'Hi', text: 'Hi' });
    expect(() => emulator.resend.open(bounced!.id)).toThrow(/is bounced, so no recipient has it/);
    expect(() => emulator.resend.open('nope')).toThrow(/no email nope was sent/);
    const { data: delivered } = await resend.emails.send({ from: FROM, to: 'delivered@resend.dev', subject: 'Hi', text: 'Hi' });
    expect(() => emulator.resend.click(delivered!.id, 'javascript:alert(1)')).toThrow(/http\(s\) link/);
    expect(() => emulator.resend.advanceTime(-1)).toThrow(/milliseconds from 0 up/);
    expect((await resend.emails.cancel(delivered!.id)).error).toMatchObject({ statusCode: 422, message: expect.stringMatching(/Only scheduled emails can be cancelled; this one is delivered/) });
  });
});

describe('createEmulator: Resend in process, through msw', () => {
  it('answers the resend SDK at https://api.resend.com and delivers into a fetch handler verified with resend.webhooks.verify', async () => {
    const { setupServer } = await import('msw/node');
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const verifier = new Resend('re_receiver');
    const types: string[] = [];
    const handler = async (request: Request) => {
      const headers = { id: request.headers.get('svix-id') ?? '', timestamp: request.headers.get('svix-timestamp') ?? '', signature: request.headers.get('svix-signature') ?? '' };
      types.push(verifier.webhooks.verify({ payload: await request.text(), headers, webhookSecret: secret }).type);
      return new Response(null, { status: 204 });
    };
    const emulator = createEmulator({ providers: ['resend'], webhooks: { resend: { target: handler, secret } } });
    const server = setupServer(...emulator.handlers());
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const resend = new Resend('re_in_process');
      const { data } = await resend.emails.send({ from: FROM, to: 'complained@resend.dev', subject: 'Hi', text: 'Hi' });
      await emulator.settled();
      expect(types).toEqual(['email.sent', 'email.delivered', 'email.complained']);
      expect((await resend.emails.get(data!.id)).data).toMatchObject({ id: data!.id, last_event: 'complained' });
    } finally {
      server.close();
    }
  });
});
