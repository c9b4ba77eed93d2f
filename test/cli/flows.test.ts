/**
 * `relay flows` and `relay flow`: the list, and a flow sent to a relaykit service over HTTP, with its
 * lines, summary, JSON and exit codes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFlows } from '../../src/harness/flows/index.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';
import { cleanUp, deadUrl, relay as bin } from './bin.js';
import { run } from './run.js';

const env = { STRIPE_WEBHOOK_SECRET: secrets.stripe, CLERK_WEBHOOK_SECRET: secrets.clerk, GITHUB_WEBHOOK_SECRET: secrets.github };
let service: Relay;
let url: string;

beforeAll(async () => {
  service = createRelay({ store: new MemoryStore(), secrets: { stripe: secrets.stripe, clerk: secrets.clerk, github: secrets.github } });
  ({ url } = await service.listen({ port: 0 }));
});
afterAll(async () => {
  await service.close();
  await cleanUp();
});

describe('relay flows', () => {
  it('lists every provider with its flows, names, descriptions and events; --json gives listFlows', async () => {
    const result = await run(['flows']);
    expect(result.code).toBe(0);
    for (const flow of listFlows()) expect(result.stdout).toContain(`  ${flow.name.padEnd(24)} ${flow.description}\n`);
    expect(result.stdout).toContain('customer.created → payment_method.attached → customer.subscription.created');
    expect(JSON.parse((await run(['flows', 'clerk', '--json'])).stdout)).toEqual(listFlows('clerk'));
    expect(await run(['flows', 'strpe'])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Did you mean "stripe"?') });
  });
});

describe('relay flow', () => {
  it('sends the flow shuffled with duplicates: one line per send, a summary, the same sequence for the same seed', async () => {
    const args = ['flow', 'stripe', 'checkout-subscription', '--forward', url, '--order', 'shuffled', '--duplicates', '2', '--seed', '7'];
    const result = await run(args, env);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`[relay flow] POST ${url}/api/webhook/stripe  stripe checkout-subscription, order shuffled, 2 duplicates`);
    const sends = lines.slice(1, -1);
    expect(sends).toHaveLength(14);
    expect(sends.every((line) => /^\[relay flow\]\s+\d+ #\d+ [a-z_.]+ evt_\w+ .*200 [\d.]+ (ms|s)$/.test(line))).toBe(true);
    expect(sends.filter((line) => line.includes('(duplicate)'))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^\[relay flow\] 14 sends of 12 deliveries, 14 attempts: 200 ×14; 14\/14 accepted; seed 7$/);
    const order = (text: string) => text.trimEnd().split('\n').slice(1, -1).map((line) => line.split(' ').slice(3, 5).join(' '));
    expect(order((await run(args, env)).stdout)).toEqual(order(result.stdout));
  });

  it('--to posts every delivery to exactly that URL, where the official verifier accepts each', async () => {
    const received: { path: string; type: string }[] = [];
    const own = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const event = Stripe.webhooks.constructEvent(Buffer.concat(chunks).toString('utf8'), String(request.headers['stripe-signature']), secrets.stripe);
        received.push({ path: request.url ?? '', type: event.type });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
      });
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    try {
      const to = `http://127.0.0.1:${(own.address() as AddressInfo).port}/webhooks/stripe?v=1`;
      const result = await run(['flow', 'stripe', 'refund', '--to', to, '--seed', '3'], env);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout.split('\n')[0]).toBe(`[relay flow] POST ${to}  stripe refund, order provider`);
      expect(received.length).toBeGreaterThan(1);
      expect(new Set(received.map((r) => r.path))).toEqual(new Set(['/webhooks/stripe?v=1']));
      expect(await run(['flow', 'stripe', 'refund', '--to', 'localhost:4000/webhooks'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('--to:') });
    } finally {
      await new Promise((resolve) => own.close(resolve));
    }
  });

  it('--retries retries a refused send on the schedule, prints the rule, and exits 1 when one is never accepted; --json lists every attempt', async () => {
    // The service has no Clerk secret configured for this flow's deliveries: every attempt is refused.
    const result = await run(['flow', 'clerk', 'sign-up', '--forward', url, '--retries', '--time-scale', '0', '--json'], { CLERK_WEBHOOK_SECRET: 'whsec_bm90IHRoZSBzZXJ2aWNlcyBzZWNyZXQgYXQgYWxs' });
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ provider: 'clerk', flow: 'sign-up', ok: false, retryRule: expect.stringContaining('5 s, 5 min, 30 min') });
    expect(json.results[0].attempts.map((a: { offsetMs: number }) => a.offsetMs)).toEqual([0, 5, 305, 2105, 9305, 27305, 63305, 99305].map((s) => s * 1000));
    expect(json.results[0].attempts.every((a: { status: number }) => a.status === 401)).toBe(true);
    const text = await run(['flow', 'github', 'issue-triage', '--forward', url, '--retries'], { GITHUB_WEBHOOK_SECRET: 'wrong' });
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('[relay flow] retries: GitHub does not redeliver failed deliveries by itself');
    expect(text.stdout).toMatch(/5 sends of 5 deliveries, 5 attempts: 401 ×5; 0\/5 accepted/);
  });

  it('exits 2 on a bad option or an unknown flow, sending nothing; 1 when nothing listens', async () => {
    expect(await run(['flow', 'stripe', 'refund', '--order', 'random'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('--order must be one of provider, shuffled, reversed') });
    expect(await run(['flow', 'stripe', 'refunds'], env)).toMatchObject({ code: 2, stderr: expect.stringContaining('Did you mean refund?') });
    expect(await run(['flow', 'stripe', 'refund'], {})).toMatchObject({ code: 2, stderr: expect.stringContaining('STRIPE_WEBHOOK_SECRET is not set') });
    // The flow's name is checked before the secret.
    expect(await run(['flow', 'stripe', 'refunds'], {})).toMatchObject({ code: 2, stderr: expect.stringContaining('Did you mean refund?') });
    const dead = await run(['flow', 'stripe', 'refund', '--forward', await deadUrl()], env);
    expect(dead.code).toBe(1);
    expect(dead.stdout).toContain('unreachable ×3');
  });

  it('runs from the built bin', async () => {
    const result = await bin(['flow', 'stripe', 'card-payment', '--forward', url], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/4 sends of 4 deliveries, 4 attempts: 200 ×4; 4\/4 accepted/);
  });
});
