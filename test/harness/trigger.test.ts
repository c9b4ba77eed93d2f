/** `triggerWebhook` and `deliver` against every kind of target, verified by the official libraries on the receiving side. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify as githubVerify } from '@octokit/webhooks-methods';
import express from 'express';
import { Hono } from 'hono';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { deliver, triggerWebhook } from '../../src/harness/trigger.js';
import { createRelay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';

const stripe = new Stripe('sk_test_harness');

/** A Next.js-style route handler that verifies Stripe with the official package. */
async function POST(request: Request): Promise<Response> {
  const body = await request.text();
  try {
    const event = stripe.webhooks.constructEvent(body, request.headers.get('stripe-signature') ?? '', secrets.stripe);
    return Response.json({ received: event.type });
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 400 });
  }
}

/** An Express app that verifies GitHub with @octokit/webhooks-methods. */
function githubApp() {
  const app = express();
  app.post('/api/webhook/github', express.text({ type: '*/*' }), async (req, res) => {
    const ok = await githubVerify(secrets.github, req.body as string, req.get('x-hub-signature-256') ?? '');
    if (!ok) return void res.status(401).json({ error: 'bad signature' });
    res.json({ event: req.get('x-github-event'), action: JSON.parse(req.body as string).action });
  });
  return app;
}

/** A Hono app that verifies Clerk's Svix signature with the official svix package. */
function clerkApp() {
  const app = new Hono();
  app.post('/api/webhook/clerk', async (c) => {
    const body = await c.req.text();
    try {
      const event = new Webhook(secrets.clerk).verify(body, Object.fromEntries(c.req.raw.headers)) as { type: string };
      return c.json({ type: event.type });
    } catch {
      return c.json({ error: 'forged' }, 400);
    }
  });
  return app;
}

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

describe('triggerWebhook', () => {
  it('delivers to a fetch handler in process, and the official Stripe verifier accepts it', async () => {
    const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: POST, secret: secrets.stripe });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ received: 'payment_intent.succeeded' });
    expect(result.url).toBe('http://relay.local/api/webhook/stripe');
    expect(result.headers['content-type']).toMatch(/application\/json/);
    expect(result.execution).toBeUndefined();
  });

  it('a delivery signed with another secret is rejected by the same handler', async () => {
    const result = await triggerWebhook('stripe', 'charge.refunded', { target: POST, secret: 'whsec_other' });
    expect(result.status).toBe(400);
    expect(result.body).toMatch(/signature/i);
  });

  it('delivers to an Express app (a node request listener) on an ephemeral port', async () => {
    const result = await triggerWebhook('github', 'pull_request.opened', { target: githubApp(), secret: secrets.github });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ event: 'pull_request', action: 'opened' });
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/webhook\/github$/);
  });

  it('delivers to a Hono app through its fetch method', async () => {
    const result = await triggerWebhook('clerk', 'user.created', { target: clerkApp(), secret: secrets.clerk });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ type: 'user.created' });
  });

  it('delivers to a relaykit service and returns its execution', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { resend: secrets.resend } });
    opened.push(relay);
    const result = await triggerWebhook('resend', 'email.delivered', { target: relay, secret: secrets.resend });
    expect(result.status).toBe(200);
    expect(result.execution).toMatchObject({ eventType: 'resend.email.delivered', status: 'pending', attempt: 1 });
    expect(result.execution!.id).toMatch(/^exec_/);
    expect(await relay.findExecution(result.execution!.id)).toMatchObject({ eventId: result.execution!.eventId });
  });

  it('delivers to a base URL, keeping a path prefix', async () => {
    const seen: string[] = [];
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume().on('end', () => res.writeHead(202, { 'content-type': 'text/plain' }).end('queued'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/app/`;
    const result = await triggerWebhook('shopify', 'orders/create', { target: base, secret: 's' });
    expect(seen).toEqual(['POST /app/api/webhook/shopify']);
    expect(result).toMatchObject({ status: 202, body: 'queued', json: undefined });
  });

  it('starts an http.Server that is not listening for the call, and closes it after', async () => {
    const server = createServer((req, res) => req.resume().on('end', () => res.end('{"ok":true}')));
    const results = await Promise.all(
      [1, 2, 3].map((seed) => triggerWebhook('github', 'push', { target: server, secret: 'x', seed })),
    );
    expect(results.map((r) => r.json)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(server.listening).toBe(false);
  });

  it('uses an http.Server that is already listening where it is, and leaves it open', async () => {
    const server = createServer((req, res) => req.resume().on('end', () => res.end('{}')));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
    const result = await triggerWebhook('github', 'push', { target: server, secret: 'x' });
    expect(result.url).toBe(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhook/github`);
    expect(server.listening).toBe(true);
  });

  it('without a target, goes to SERVICE_BASE_URL', async () => {
    const server = createServer((req, res) => req.resume().on('end', () => res.end(JSON.stringify({ path: req.url }))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise((resolve) => server.close(resolve)) });
    const saved = { url: process.env.SERVICE_BASE_URL, relaykit: process.env.RELAYKIT_SERVICE_URL };
    delete process.env.RELAYKIT_SERVICE_URL;
    process.env.SERVICE_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const result = await triggerWebhook('stripe', 'customer.created', { secret: 'whsec_x' });
      expect(result.json).toEqual({ path: '/api/webhook/stripe' });
    } finally {
      if (saved.url === undefined) delete process.env.SERVICE_BASE_URL;
      else process.env.SERVICE_BASE_URL = saved.url;
      if (saved.relaykit !== undefined) process.env.RELAYKIT_SERVICE_URL = saved.relaykit;
    }
  });

  it('an unreachable URL is an UNREACHABLE error that names the URL and suggests relay dev', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const error = await triggerWebhook('stripe', 'charge.succeeded', { target: `http://127.0.0.1:${port}`, secret: 's' }).catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.code).toBe('UNREACHABLE');
    expect(error.message).toContain(`http://127.0.0.1:${port}/api/webhook/stripe`);
    expect(error.message).toContain('relay dev');
  });

  it.each([
    ['not a URL', 'localhost:3000/x y', /not a valid URL|not an http/],
    ['a ftp URL', 'ftp://example.com', /not an http\(s\) URL/],
    ['a number', 42, /got number 42/],
    ['an object without fetch', {}, /object without a fetch method/],
  ])('rejects a target that is %s with a clear error', async (_, target, message) => {
    const error = await triggerWebhook('github', 'push', { target: target as never, secret: 's' }).catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.message).toMatch(message);
  });

  it('a fetch handler that does not return a Response gets a clear error', async () => {
    const error = await triggerWebhook('github', 'push', { target: ((_: Request) => ({ status: 200 })) as never, secret: 's' }).catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.message).toMatch(/instead of a Response/);
  });
});

describe('deliver', () => {
  it('sends the same bytes each time, so a relaykit service deduplicates the redelivery', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { github: secrets.github } });
    opened.push(relay);
    const delivery = await buildDelivery('github', 'issues.opened', { secret: secrets.github });
    const first = await deliver(delivery, { target: relay });
    const again = await deliver(delivery, { target: relay });
    expect(first.execution!.id).toBe(again.execution!.id);
    expect(again.headers['x-relay-deduplicated']).toBe('true');
    expect((await relay.listExecutions({})).items).toHaveLength(1);
  });
});
