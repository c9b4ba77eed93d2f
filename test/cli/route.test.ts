/**
 * `--to <url>`: a delivery posted to exactly the user's own route, verified there by the official library;
 * and `relay replay` reaching further than the local store: `--to` signs the stored delivery again for a
 * route, `--forward` asks that service for an execution the local store does not have.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { verifyingReceiver, type Received } from '../harness/official-verify.js';
import { secrets } from '../service/official.js';
import { cleanUp, project, relay, startDev, until } from './bin.js';

const env = { STRIPE_WEBHOOK_SECRET: secrets.stripe, GITHUB_WEBHOOK_SECRET: secrets.github };
let routes: { url: string; received: Received[]; close: () => Promise<unknown> };
let dir: string;
let devUrl: string;
let executionId: string;

beforeAll(async () => {
  const receiver = await verifyingReceiver(secrets);
  routes = { url: receiver.url, received: receiver.received, close: () => new Promise((resolve) => receiver.server.close(resolve)) };
  dir = project();
  ({ url: devUrl } = await startDev(dir, env));
  const sent = await relay(['trigger', 'stripe', 'charge.refunded', '--forward', devUrl, '--json'], { env });
  expect(sent.code, sent.stderr).toBe(0);
  executionId = (JSON.parse(sent.stdout) as { body: { id: string } }).body.id;
  const store = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
  await until(async () => (await store.getExecution(executionId)) ?? undefined, 'the execution');
  await store.close();
}, 30_000);
afterAll(async () => {
  await routes.close();
  await cleanUp();
});

describe('--to <url>', () => {
  it('relay trigger posts to exactly that URL, which verifies it with the official library', async () => {
    const result = await relay(['trigger', 'github', 'push', '--to', `${routes.url}/hooks/v2/github?team=core`], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`POST ${routes.url}/hooks/v2/github?team=core`);
    // The query is the route's own: the receiver names the provider by the last path segment before it.
    const last = routes.received.at(-1)!;
    expect(last).toMatchObject({ provider: 'github', path: '/hooks/v2/github?team=core', verified: true });
  });

  it('refuses --to with --forward, and a --to that is not an http(s) URL, with exit 2', async () => {
    const [both, bad] = await Promise.all([
      relay(['trigger', 'stripe', 'charge.succeeded', '--to', `${routes.url}/x`, '--forward', devUrl], { env }),
      relay(['trigger', 'stripe', 'charge.succeeded', '--to', 'ftp://example.com/hook'], { env }),
    ]);
    expect(both).toMatchObject({ code: 2, stdout: '' });
    expect(both.stderr).toContain('--to is the exact URL to post to, --forward the base URL');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('--to: "ftp://example.com/hook" is not an http(s) URL');
  });

  it('relay replay --to signs the stored delivery again (fresh id) for the route', async () => {
    const before = routes.received.length;
    const result = await relay(['replay', executionId, '--dir', dir, '--to', `${routes.url}/webhooks/stripe`], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`[relay replay] POST ${routes.url}/webhooks/stripe\n[relay replay] 200`);
    const got = routes.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ provider: 'stripe', verified: true });
    expect((JSON.parse(got[0]!.body) as { type: string }).type).toBe('charge.refunded');
  });
});

describe('--path <path>', () => {
  it('relay trigger, flow and replay post to that path on the base URL, where the official library verifies them', async () => {
    const before = routes.received.length;
    const [trigger, flow, replayed] = await Promise.all([
      relay(['trigger', 'github', 'issues.opened', '--app', '--forward', routes.url, '--path', '/api/github'], { env }),
      relay(['flow', 'stripe', 'refund', '--forward', routes.url, '--path', '/api/stripe?team=billing', '--seed', '3'], { env }),
      relay(['replay', executionId, '--dir', dir, '--forward', routes.url, '--path', '/webhooks/stripe'], { env }),
    ]);
    for (const result of [trigger, flow, replayed]) expect(result.code, result.stderr).toBe(0);
    expect(trigger.stdout).toContain(`[relay trigger] POST ${routes.url}/api/github\n`);
    expect(flow.stdout).toContain(`[relay flow] POST ${routes.url}/api/stripe?team=billing `);
    expect(replayed.stdout).toContain(`[relay replay] POST ${routes.url}/webhooks/stripe\n[relay replay] 200`);
    const got = routes.received.slice(before);
    const byPath = (path: string) => got.filter((r) => r.path === path);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(byPath('/api/github')).toHaveLength(1);
    expect(byPath('/api/stripe?team=billing').length).toBeGreaterThan(1);
    expect(byPath('/webhooks/stripe')).toHaveLength(1);
    // Nothing else reached the app: with --path, --forward is the app itself, not asked for executions.
    expect(got).toHaveLength(2 + byPath('/api/stripe?team=billing').length);
    expect((JSON.parse(byPath('/webhooks/stripe')[0]!.body) as { type: string }).type).toBe('charge.refunded');
  });

  it('refuses --path with --to, a path without its leading "/", and --print with --path, with exit 2', async () => {
    const results = await Promise.all([
      relay(['trigger', 'stripe', 'charge.succeeded', '--path', '/hooks', '--to', `${routes.url}/x`], { env }),
      relay(['flow', 'stripe', 'refund', '--path', 'api/stripe'], { env }),
      relay(['replay', executionId, '--dir', dir, '--path', '/hooks', '--print'], { env }),
      relay(['trigger', 'stripe', 'charge.succeeded', '--path', '/a', '--path', '/b'], { env }),
    ]);
    expect(results.map((r) => [r.code, r.stdout])).toEqual(results.map(() => [2, '']));
    expect(results[0]!.stderr).toContain('--path is the route on the base URL (--forward), --to an exact URL with its own path: give one of them.');
    expect(results[1]!.stderr).toContain('--path: path is the URL path the target receives webhooks at (e.g. "/api/github/webhooks") and must start with "/"; got "api/stripe".');
    expect(results[2]!.stderr).toContain('--print sends nothing and --path sends the stored delivery');
    expect(results[3]!.stderr).toContain('--path was given 2 times; give it once.');
  });
});

describe('relay replay --forward', () => {
  it('asks that service for an execution the local store does not have, and replays it there', async () => {
    const elsewhere = project();
    const result = await relay(['replay', executionId, '--dir', elsewhere, '--forward', devUrl]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`POST ${devUrl}/api/executions/${executionId}/replay\n[relay replay] 200`);
    expect(result.stdout).toContain(`"replayedFrom": "${executionId}"`);
    // Without --forward, the local store is the only place looked in.
    const local = await relay(['replay', executionId, '--dir', elsewhere]);
    expect(local.code).toBe(2);
  });

  it('reads an execution the local store lacks from that service for --print and for --to, which signs it again for the route', async () => {
    const elsewhere = project();
    const before = routes.received.length;
    const [printed, resent] = await Promise.all([
      relay(['replay', executionId, '--dir', elsewhere, '--forward', devUrl, '--print']),
      relay(['replay', executionId, '--dir', elsewhere, '--to', `${routes.url}/webhooks/stripe`], { env: { ...env, SERVICE_BASE_URL: devUrl } }),
    ]);
    expect(printed.code, printed.stderr).toBe(0);
    const [notice, source, type, label, ...data] = printed.stdout.trimEnd().split('\n');
    expect([notice, source, type, label]).toEqual([
      '[relay replay] Dry run: no request was sent and nothing was replayed.',
      `Source execution: ${executionId}`,
      'Event type: stripe.charge.refunded',
      'Event data:',
    ]);
    const stored = JSON.parse(data.join('\n')) as { id: string };
    expect(stored).toMatchObject({ type: 'charge.refunded', data: { object: { object: 'charge', refunded: true } } });
    expect(resent.code, resent.stderr).toBe(0);
    expect(resent.stdout.split('\n').slice(0, 2)).toEqual([`[relay replay] POST ${routes.url}/webhooks/stripe`, '[relay replay] 200']);
    const got = routes.received.slice(before);
    expect(got).toMatchObject([{ provider: 'stripe', verified: true }]);
    // The same event, signed again with a fresh event id (Stripe's id is in the body).
    const sent = JSON.parse(got[0]!.body) as { id: string };
    expect(sent).toEqual({ ...stored, id: expect.stringMatching(/^evt_/) });
    expect(sent.id).not.toBe(stored.id);
  });

  it('says where it looked when neither the local store nor the service has the id', async () => {
    const result = await relay(['replay', 'exec_01JB000000000000000000000', '--dir', dir, '--forward', devUrl]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no execution or event with id exec_01JB0+ in .*relay\.db.*nor does the service at http:\/\/127\.0\.0\.1:\d+ know it\./);
  });
});
