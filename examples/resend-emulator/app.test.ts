/**
 * The bounce handler, offline, with relaykit's emulator as Resend: the app sends through the resend
 * SDK, Resend's test addresses decide what follows, and the signed webhooks reach the app's route.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmulator } from 'relaykit/emulator';
import { Resend } from 'resend';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { createApp } from './app.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

let emulator: ReturnType<typeof createEmulator>;
let app: ReturnType<typeof createApp>;
let server: Server;
let base: string;

const welcome = (email: string) => fetch(`${base}/welcome`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });

beforeAll(async () => {
  // The app's server first, so that its webhook URL is known when Resend (the emulator) is set up.
  server = createServer((req, res) => app.app(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  emulator = createEmulator({ providers: ['resend'], webhooks: { resend: { url: `${base}/webhooks/resend`, secret } }, seed: 1 });
  await emulator.listen(0);
  app = createApp(new Resend('re_example', emulator.clientOptions('resend')), secret);
});
afterEach(() => emulator.reset());
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
});

test('a bounce suppresses the address: the next welcome is refused and nothing more is sent', async () => {
  expect((await welcome('bounced@resend.dev')).status).toBe(200);
  await emulator.settled();
  expect(emulator.deliveries().map((d) => [d.type, d.status])).toEqual([
    ['email.sent', 'delivered'],
    ['email.bounced', 'delivered'],
  ]);
  expect(app.suppressed.has('bounced@resend.dev')).toBe(true);

  expect((await welcome('bounced@resend.dev')).status).toBe(409);
  await emulator.settled();
  expect(emulator.deliveries({ type: 'email.sent' })).toHaveLength(1);
});

test('a delivered address stays welcome, and a forged delivery is refused', async () => {
  expect((await welcome('delivered+ada@resend.dev')).status).toBe(200);
  await emulator.settled();
  expect(emulator.deliveries().map((d) => d.type)).toEqual(['email.sent', 'email.delivered']);
  expect(app.suppressed.has('delivered+ada@resend.dev')).toBe(false);

  const forged = await fetch(`${base}/webhooks/resend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svix-id': 'msg_forged', 'svix-timestamp': String(Math.floor(Date.now() / 1000)), 'svix-signature': 'v1,Zm9yZ2Vk' },
    body: JSON.stringify({ type: 'email.bounced', created_at: new Date().toISOString(), data: { to: ['delivered@resend.dev'] } }),
  });
  expect(forged.status).toBe(400);
  expect(app.suppressed.has('delivered@resend.dev')).toBe(false);
});
