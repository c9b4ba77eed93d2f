/**
 * `path`: a target reached at its own route (Probot's `/api/github/webhooks`, a Next.js `/api/stripe`)
 * by `triggerWebhook`, `deliver`, `triggerMany`, `triggerFlow`, `replay`, `assertIdempotent` and
 * `toBeIdempotent`. The targets are node request listeners on real sockets that record the request line
 * they saw, answer 404 anywhere but their route, and verify with the official libraries there.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeMiddleware, Probot } from 'probot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBilling } from '../../examples/stripe-idempotency/billing.js';
import { RelayError } from '../../src/core/index.js';
import { assertIdempotent } from '../../src/harness/assert-idempotent.js';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { triggerFlow } from '../../src/harness/flows/index.js';
import { replay } from '../../src/harness/replay.js';
import { checkRoutePath, resolveRoute } from '../../src/harness/targets.js';
import { triggerMany } from '../../src/harness/trigger-many.js';
import { deliver, triggerWebhook } from '../../src/harness/trigger.js';
import { createRelay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
// Registers relaykit's matchers on this worker's expect, as `relaykit/vitest` does for users.
import '../../src/vitest-plugin/index.js';
import { secrets } from '../service/official.js';
import { lower, officialVerify } from './official-verify.js';

type FetchHandler = (request: Request) => Response | Promise<Response>;

/**
 * A node request listener serving `handler` at `route` only (404 elsewhere), recording every request
 * line it receives: what a user's app mounted at its own path sees.
 */
function mountedAt(route: string, handler: FetchHandler) {
  const lines: string[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      lines.push(`${req.method} ${req.url} HTTP/${req.httpVersion}`);
      if (req.url !== route) return void res.writeHead(404).end('no route');
      const headers = Object.entries(req.headers).map(([name, value]) => [name, String(value)] as [string, string]);
      const response = await handler(new Request(`http://app${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }));
      res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text());
    });
  };
  return { listener, lines };
}

/** A handler that verifies `provider`'s signature with the official library and answers the event it read. */
function verifying(provider: keyof typeof secrets): FetchHandler {
  return async (request) => {
    const body = await request.text();
    try {
      await officialVerify(provider, secrets[provider], lower(Object.fromEntries(request.headers)), body);
      return Response.json({ verified: true });
    } catch (error) {
      return Response.json({ error: (error as Error).message }, { status: 400 });
    }
  };
}

// The flows of assertIdempotent sign with the provider's env var, as a user's test run does.
beforeAll(() => void vi.stubEnv('STRIPE_WEBHOOK_SECRET', secrets.stripe));
afterAll(() => void vi.unstubAllEnvs());

describe('path', () => {
  it('triggerWebhook, deliver and triggerMany reach a node listener at its own route, where the official verifier accepts them', async () => {
    const probotLike = mountedAt('/api/github/webhooks', verifying('github'));
    const triggered = await triggerWebhook('github', 'issues.opened', { target: probotLike.listener, path: '/api/github/webhooks', secret: secrets.github, app: true });
    expect(triggered.status, triggered.body).toBe(200);
    expect(triggered.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/github\/webhooks$/);

    const delivery = await buildDelivery('stripe', 'invoice.paid', { secret: secrets.stripe });
    const stripeRoute = mountedAt('/api/stripe?team=billing', verifying('stripe'));
    const delivered = await deliver(delivery, { target: stripeRoute.listener, path: '/api/stripe?team=billing' });
    expect(delivered.status, delivered.body).toBe(200);

    const many = await triggerMany('stripe', 'charge.succeeded', { target: stripeRoute.listener, path: '/api/stripe?team=billing', secret: secrets.stripe, count: 3, concurrency: 2 });
    expect(many.statuses).toEqual({ 200: 3 });

    expect(probotLike.lines).toEqual(['POST /api/github/webhooks HTTP/1.1']);
    expect(stripeRoute.lines).toEqual(Array.from({ length: 4 }, () => 'POST /api/stripe?team=billing HTTP/1.1'));
    // Without path, the default mount path is what the listener sees (and 404s).
    const unrouted = await triggerWebhook('github', 'push', { target: probotLike.listener, secret: secrets.github });
    expect(unrouted.status).toBe(404);
    expect(probotLike.lines.at(-1)).toBe('POST /api/webhook/github HTTP/1.1');
  });

  it('triggerFlow sends every delivery and retry to the route', async () => {
    let failFirst = true;
    const verify = verifying('stripe');
    const route = mountedAt('/api/stripe', (request) => {
      if (!failFirst) return verify(request);
      failFirst = false;
      return new Response('try again', { status: 500 });
    });
    const run = await triggerFlow('stripe', 'refund', { target: route.listener, path: '/api/stripe', retries: true, timeScale: 0, seed: 3 });
    expect(run.ok).toBe(true);
    const attempts = run.results.flatMap((result) => result.attempts);
    expect(attempts.length).toBe(run.deliveries.length + 1);
    expect(route.lines).toEqual(attempts.map(() => 'POST /api/stripe HTTP/1.1'));
  });

  it('assertIdempotent and toBeIdempotent deliver the flows to the route', async () => {
    const flows = [['stripe', 'checkout-subscription']] as const;
    const billing = createBilling({ dedupe: true, ordered: true });
    const route = mountedAt('/api/stripe', billing.POST);
    await assertIdempotent({ target: route.listener, path: '/api/stripe', flows, state: billing.state, reset: billing.reset, numRuns: 5 });
    await expect(route.listener).toBeIdempotent({ path: '/api/stripe', flows, state: billing.state, reset: billing.reset, numRuns: 5 });
    expect(route.lines.length).toBeGreaterThan(20);
    expect(new Set(route.lines)).toEqual(new Set(['POST /api/stripe HTTP/1.1']));
    // The flows changed the handler's state: they reached the route (anywhere else answers 404).
    expect(billing.state()).not.toEqual(createBilling({ dedupe: true, ordered: true }).state());
    // Without path, every delivery goes to the default mount path.
    const elsewhere = mountedAt('/api/stripe', billing.POST);
    await assertIdempotent({ target: elsewhere.listener, flows, state: billing.state, reset: billing.reset, numRuns: 1 });
    expect(new Set(elsewhere.lines)).toEqual(new Set(['POST /api/webhook/stripe HTTP/1.1']));
  });

  it('replay signs the stored event again and delivers it to the route', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { github: secrets.github } });
    try {
      const source = await triggerWebhook('github', 'issue_comment.created', { target: relay, secret: secrets.github, app: true });
      const route = mountedAt('/api/github/webhooks', verifying('github'));
      const result = await replay(source.execution!.id, { lookup: relay, target: route.listener, path: '/api/github/webhooks', secret: secrets.github });
      expect(result).toMatchObject({ dryRun: false, status: 200, sourceExecutionId: source.execution!.id });
      expect(route.lines).toEqual(['POST /api/github/webhooks HTTP/1.1']);
      expect(JSON.parse(result.delivery!.body)).toEqual(JSON.parse(source.delivery.body));
      expect(result.delivery!.deliveryId).not.toBe(source.delivery.deliveryId);

      // With to, the execution is asked of target's API over HTTP, and the delivery goes to exactly that URL.
      const { url: relayUrl } = await relay.listen({ port: 0 });
      const exact = mountedAt('/hooks/github?team=core', verifying('github'));
      const server = createServer(exact.listener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const routeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/github?team=core`;
        const viaTo = await replay(source.execution!.eventId, { target: relayUrl, to: routeUrl, secret: secrets.github });
        expect(viaTo).toMatchObject({ status: 200, url: routeUrl, sourceExecutionId: source.execution!.id });
        expect(exact.lines).toEqual(['POST /hooks/github?team=core HTTP/1.1']);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    } finally {
      await relay.close();
    }
  });

  it("reaches Probot's createNodeMiddleware at its route; without path, the request Probot passes on gets a 404 that says to give it", async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const seen: string[] = [];
    const probot = new Probot({ appId: 1234, privateKey, secret: secrets.github, logLevel: 'fatal' });
    const middleware = await createNodeMiddleware((app) => app.on('push', (context) => void seen.push(context.id)), { probot });
    const routed = await triggerWebhook('github', 'push', { target: middleware, path: '/api/github/webhooks', secret: secrets.github, app: true });
    expect(routed.status, routed.body).toBe(200);
    expect(seen).toEqual([routed.delivery.deliveryId]);
    const unrouted = await triggerWebhook('github', 'push', { target: middleware, secret: secrets.github, app: true });
    expect(unrouted.status).toBe(404);
    expect(unrouted.body).toContain("nothing answered POST /api/webhook/github: the request listener passed it on (next()). If your app receives webhooks at another route, give its path (e.g. path: '/api/github/webhooks').");
    expect(seen).toHaveLength(1);
  });

  it('refuses path with to, and a path that is not a route, before anything is sent', async () => {
    const route = mountedAt('/hooks', verifying('stripe'));
    const delivery = await buildDelivery('stripe', 'charge.succeeded', { secret: secrets.stripe });
    const billing = createBilling({ dedupe: true, ordered: true });
    const attempts: [string, () => Promise<unknown>, RegExp][] = [
      ['deliver path + to', () => deliver(delivery, { target: route.listener, path: '/hooks', to: 'http://127.0.0.1:1/hooks' }), /give one of them, not both/],
      ['triggerWebhook no slash', () => triggerWebhook('stripe', 'charge.succeeded', { target: route.listener, path: 'hooks', secret: secrets.stripe }), /must start with "\/"; got "hooks"/],
      ['triggerWebhook fixture path + to', () => triggerWebhook({ fixture: 'missing.json', path: '/hooks', to: 'http://x/y' }), /not both/],
      ['triggerMany space', () => triggerMany('stripe', 'charge.succeeded', { target: route.listener, path: '/my hooks', count: 2 }), /must not hold spaces/],
      ['triggerFlow path + to', () => triggerFlow('stripe', 'refund', { target: route.listener, path: '/hooks', to: 'http://127.0.0.1:1/hooks' }), /not both/],
      ['assertIdempotent no slash', () => assertIdempotent({ target: route.listener, path: 'api', flows: [['stripe', 'refund']], state: billing.state, reset: billing.reset }), /^assertIdempotent: path .*must start with "\/"/],
      ['replay path + to', () => replay('exec_01JB4Q9X', { target: route.listener, path: '/hooks', to: 'http://x/y' }), /^replay: path is the route on target and to an exact URL/],
      ['replay path, no lookup', () => replay('exec_01JB4Q9X', { target: route.listener, path: '/hooks' }), /pass lookup/],
      ['replay path + print', () => replay('exec_01JB4Q9X', { target: route.listener, path: '/hooks', print: true } as never), /print sends nothing/],
      ['resolveRoute number', async () => resolveRoute({ path: 42 as never }), /got 42/],
    ];
    const problems: string[] = [];
    for (const [name, attempt, message] of attempts) {
      const error = await attempt().then(() => undefined, (e: unknown) => e);
      if (!(error instanceof RelayError) || error.code !== 'INVALID_OPTION' || !message.test(error.message)) problems.push(`${name}: ${String(error)}`);
    }
    expect(problems).toEqual([]);
    expect(route.lines).toEqual([]);
    expect(checkRoutePath('/api/github/webhooks')).toBe('/api/github/webhooks');
    expect(resolveRoute({ target: 'http://ignored', to: 'http://127.0.0.1:4000/hooks?x=1' })).toEqual({ target: 'http://127.0.0.1:4000', path: '/hooks?x=1' });
  });
});
