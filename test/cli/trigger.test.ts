/**
 * `relay trigger` as CI scripts run it: the built bin POSTs to a loopback server that records what it
 * gets, and the providers' official libraries verify what was sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { verify as githubVerify } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { secrets, type ProviderId } from '../service/official.js';
import { cleanUp, deadUrl, project, recordingServer, relay, type Recorded, type RecordingServer } from './bin.js';
import { run } from './run.js';

const env = {
  STRIPE_WEBHOOK_SECRET: secrets.stripe,
  GITHUB_WEBHOOK_SECRET: secrets.github,
  CLERK_WEBHOOK_SECRET: secrets.clerk,
  SHOPIFY_WEBHOOK_SECRET: secrets.shopify,
  RESEND_WEBHOOK_SECRET: secrets.resend,
};
const stripe = new Stripe('sk_test_cli');

/** What `relay trigger` says of an id that is not a built-in's (a custom plugin's): the five it sends, and the ways a custom plugin is delivered. */
const customPluginLine =
  'Unknown provider "acme". Built-in: stripe, github, clerk, shopify, resend. relay trigger sends these only; a custom plugin defined in relay.ts ' +
  'is delivered with triggerWebhook from relaykit (its slice registered with registerProvider from relaykit/providers), or by POSTing {"type": string, "data": object} to its mount path.';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The delivery's event, once the provider's official library has verified its signature. */
async function officiallyVerified(provider: ProviderId, request: Pick<Recorded, 'headers' | 'body'>): Promise<Record<string, unknown>> {
  const header = (name: string) => String(request.headers[name] ?? '');
  switch (provider) {
    case 'stripe':
      return stripe.webhooks.constructEvent(request.body, header('stripe-signature'), secrets.stripe) as unknown as Record<string, unknown>;
    case 'github':
      if (!(await githubVerify(secrets.github, request.body, header('x-hub-signature-256')))) throw new Error('GitHub signature rejected');
      return JSON.parse(request.body);
    case 'clerk':
    case 'resend': {
      const headers = { 'svix-id': header('svix-id'), 'svix-timestamp': header('svix-timestamp'), 'svix-signature': header('svix-signature') };
      return new Webhook(secrets[provider]).verify(request.body, headers) as Record<string, unknown>;
    }
    case 'shopify': {
      // Shopify's documented check (providers.md): base64 HMAC-SHA256 of the raw body, compared in constant time.
      const expected = createHmac('sha256', secrets.shopify).update(request.body, 'utf8').digest();
      const given = Buffer.from(header('x-shopify-hmac-sha256'), 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('Shopify HMAC rejected');
      return JSON.parse(request.body);
    }
  }
}

let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
});
afterEach(() => {
  server.requests.length = 0;
  server.answer = (_, index) => ({ status: 200, type: 'application/json', body: JSON.stringify({ id: `exec_${index}`, received: true }) });
});
afterAll(cleanUp);

describe('relay trigger', () => {
  it.each([
    ['stripe', 'payment_intent.succeeded', (event: any) => expect(event.data.object).toMatchObject({ object: 'payment_intent', amount: 2000 })],
    ['github', 'pull_request.opened', (event: any, r: Recorded) => expect([r.headers['x-github-event'], event.action, event.number]).toEqual(['pull_request', 'opened', 2000])],
    ['clerk', 'user.created', (event: any) => expect(event).toMatchObject({ type: 'user.created', data: { amount: 2000 } })],
    ['shopify', 'orders/create', (event: any, r: Recorded) => expect([r.headers['x-shopify-topic'], event.amount]).toEqual(['orders/create', 2000])],
    ['resend', 'email.delivered', (event: any) => expect(event).toMatchObject({ type: 'email.delivered', data: { amount: 2000 } })],
  ] as const)('POSTs a %s delivery the official library verifies, with --data merged, and prints POST, status and body', async (provider, type, check) => {
    const data = provider === 'github' ? '{"number": 2000}' : '{"amount": 2000}';
    const result = await relay(['trigger', provider, type, '--data', data, '--forward', server.url], { env });
    const url = `${server.url}/api/webhook/${provider}`;
    expect(result).toEqual({
      code: 0,
      stdout: `[relay trigger] POST ${url}\n[relay trigger] 200\n${JSON.stringify({ id: 'exec_0', received: true }, null, 2)}\n`,
      stderr: '',
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests as [Recorded];
    expect([request.method, request.url, request.headers['content-type']]).toEqual(['POST', `/api/webhook/${provider}`, expect.stringMatching(/^application\/json/)]);
    check(await officiallyVerified(provider, request), request);
  });

  it('prints any status and its JSON body, exiting 1 unless 2xx; a body that is not JSON is printed as it is', async () => {
    server.answer = (_, index) =>
      index === 0 ? { status: 400, type: 'application/json', body: '{"error":"Invalid webhook signature"}' } : { status: 202, type: 'text/plain', body: 'queued\n  as is' };
    const rejected = await relay(['trigger', 'github', 'push', '--forward', server.url], { env });
    expect(rejected).toEqual({
      code: 1,
      stdout: `[relay trigger] POST ${server.url}/api/webhook/github\n[relay trigger] 400\n{\n  "error": "Invalid webhook signature"\n}\n`,
      stderr: '',
    });
    const queued = await relay(['trigger', 'github', 'push', '--forward', server.url], { env });
    expect(queued).toEqual({ code: 0, stdout: `[relay trigger] POST ${server.url}/api/webhook/github\n[relay trigger] 202\nqueued\n  as is\n`, stderr: '' });
  });

  it("prints the service's reason for a non-2xx answer on a line of its own on stderr, keeping the spec's stdout lines", async () => {
    const detail = 'No Stripe-Signature header: the request is not signed.';
    server.answer = () => ({ status: 400, type: 'application/json', body: '{"error":"Invalid webhook signature"}', headers: { 'X-Relay-Error-Detail': detail } });
    const one = await relay(['trigger', 'stripe', 'charge.succeeded', '--forward', server.url], { env });
    expect(one).toEqual({
      code: 1,
      stdout: `[relay trigger] POST ${server.url}/api/webhook/stripe\n[relay trigger] 400\n{\n  "error": "Invalid webhook signature"\n}\n`,
      stderr: `  reason: ${detail}\n`,
    });
    // --count gives each distinct reason once, after the figures.
    const many = await relay(['trigger', 'stripe', 'charge.succeeded', '--count', '3', '--forward', server.url], { env });
    expect(many.stdout.split('\n')[1]).toBe('[relay trigger] 400 ×3');
    expect(many.stderr).toBe(`  reason: ${detail}\n`);
  });

  it('goes to SERVICE_BASE_URL without --forward, keeping its path prefix', async () => {
    const result = await relay(['trigger', 'clerk', 'session.created'], { env: { ...env, SERVICE_BASE_URL: `${server.url}/app/` } });
    expect(result.stdout.split('\n')[0]).toBe(`[relay trigger] POST ${server.url}/app/api/webhook/clerk`);
    expect(server.requests.map((r) => r.url)).toEqual(['/app/api/webhook/clerk']);
  });

  it('exits 1 with one line naming the URL and suggesting relay dev when nothing listens', async () => {
    const dead = await deadUrl();
    const result = await relay(['trigger', 'stripe', 'charge.succeeded', '--forward', dead], { env });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`[relay trigger] POST ${dead}/api/webhook/stripe\n`);
    expect(result.stderr).toBe(
      `relay: could not reach ${dead}/api/webhook/stripe (ECONNREFUSED). Is the service running? Start one with \`relay dev\`.\n`,
    );
  });

  it('reports each input error in one line on stderr, exits 2 and POSTs nothing', async () => {
    const withPlugin = project('example');
    const cases = [
      [['trigger', 'github', 'push'], { STRIPE_WEBHOOK_SECRET: 'x' }, /^relay: GITHUB_WEBHOOK_SECRET is not set\. .*export GITHUB_WEBHOOK_SECRET=\S+$/],
      [['trigger', 'strpe', 'charge.succeeded'], env, /^relay: Unknown provider "strpe"\. Did you mean "stripe"\? Built-in: stripe, github, clerk, shopify, resend\.$/],
      [['trigger', 'acme', 'order.paid', '--data', '{"total": 5}'], env, new RegExp(`^relay: ${escape(customPluginLine)}$`)],
      [['trigger', 'github', 'pul_request.opened'], env, /^relay: Unknown GitHub event type "pul_request\.opened"\. Close matches: pull_request\.opened.* Run `relay events github` for the full list; .*add --allow-unknown-type\.$/],
      // V8's own text: Node 22 and later add "(line 1 column 15)" after the position.
      [['trigger', 'stripe', 'charge.succeeded', '--data', '{"amount": 20 00}'], env, /^relay: --data is not valid JSON: .*position 14( \(line 1 column 15\))?, right after `\{"amount": 20 `$/],
      [['trigger', 'stripe', 'charge.succeeded', '--data', '[1]'], env, /^relay: --data must be a JSON object, .*; got an array\.$/],
      [['trigger', 'stripe', 'charge.succeeded', '--data', '12'], env, /^relay: --data must be a JSON object, .*; got a number\.$/],
    ] as const;
    const results = await Promise.all(cases.map(([argv, e]) => relay([...argv, '--forward', server.url], { env: e, cwd: withPlugin })));
    results.forEach((result, i) => {
      expect(result.code, cases[i]![0].join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.endsWith('\n') && result.stderr.split('\n').length).toBe(2);
      expect(result.stderr.trimEnd()).toMatch(cases[i]![2]);
    });
    expect(server.requests).toEqual([]);
  });

  it("tells a custom plugin's id the ways to deliver it without opening the project's relay.ts", async () => {
    // A relay.ts that leaves a mark when it is loaded, and mounts acme.
    const dir = project(
      [
        "import { writeFileSync } from 'node:fs';",
        "import { createRelay, definePlugin, permissiveVerify } from 'relaykit';",
        "writeFileSync(new URL('./loaded', import.meta.url), 'yes');",
        "export default createRelay({ plugins: [definePlugin({ id: 'acme', verify: permissiveVerify() })], handlers: {} });",
        '',
      ].join('\n'),
    );
    const result = await relay(['trigger', 'acme', 'order.paid', '--forward', server.url], { env, cwd: dir });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `relay: ${customPluginLine}\n` });
    expect(existsSync(path.join(dir, 'loaded'))).toBe(false);
    expect(server.requests).toEqual([]);
  });

  it('names a mistyped event type on the first try, before asking for the unset secret', async () => {
    const result = await relay(['trigger', 'github', 'pul_request.opened', '--forward', server.url]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^relay: Unknown GitHub event type "pul_request\.opened"\. Close matches: pull_request\.opened.*\n$/);
    expect(server.requests).toEqual([]);
  });

  it('--print signs with a throwaway secret when the secret is unset, and says so in one line on stderr', async () => {
    const result = await relay(['trigger', 'stripe', 'invoice.paid', '--print', '--forward', server.url]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('relay trigger: STRIPE_WEBHOOK_SECRET is not set; signed with a throwaway secret (--print sends nothing)\n');
    expect(result.stdout).toMatch(new RegExp(`^POST ${server.url}/api/webhook/stripe\n`));
    expect(result.stdout).toMatch(/^Stripe-Signature: t=\d+,v1=[0-9a-f]{64}\b/im);
    expect(server.requests).toEqual([]);
  });

  it('--print prints the signed request and sends nothing; --seed and --timestamp make it byte-identical', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const argv = ['trigger', 'stripe', 'invoice.paid', '--print', '--seed', '7', '--timestamp', now, '-H', 'X-Trace: abc', '--header', 'User-Agent: ci/1'];
    // The same instant as an ISO date-time, or in epoch milliseconds, gives the same bytes.
    const iso = argv.map((arg) => (arg === now ? new Date(Number(now) * 1000).toISOString() : arg));
    const ms = argv.map((arg) => (arg === now ? `${now}000` : arg));
    const [first, second, third] = await Promise.all([relay(argv, { env }), relay(iso, { env }), relay(ms, { env })]);
    expect(first.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(third.stdout).toBe(first.stdout);
    const blank = first.stdout.indexOf('\n\n');
    const [head, body] = [first.stdout.slice(0, blank), first.stdout.slice(blank + 2)];
    const [requestLine, ...headerLines] = head.split('\n');
    expect(requestLine).toBe('POST http://localhost:3000/api/webhook/stripe');
    const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]));
    expect(headers).toMatchObject({ 'x-trace': 'abc', 'user-agent': 'ci/1', 'stripe-signature': expect.stringMatching(new RegExp(`^t=${now},v1=[0-9a-f]{64}`)) });
    const event = await officiallyVerified('stripe', { headers, body: body.replace(/\n$/, '') });
    expect(event).toMatchObject({ type: 'invoice.paid', created: Number(now) });
    expect(server.requests).toEqual([]);
  });

  it('--json prints one object with the URL, status, parsed body and the delivery id the server got', async () => {
    const result = await relay(['trigger', 'stripe', 'customer.created', '--json', '--seed', '3', '--forward', server.url], { env });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    const sent = JSON.parse(server.requests[0]!.body);
    expect(json).toEqual({
      url: `${server.url}/api/webhook/stripe`,
      status: 200,
      body: { id: 'exec_0', received: true },
      provider: 'stripe',
      eventType: 'customer.created',
      deliveryId: sent.id,
      seed: 3,
    });
  });

  it('--count sends distinct deliveries, then prints status counts and latency percentiles; exit 1 when any is not 2xx', async () => {
    server.answer = (_, index) => (index % 5 === 4 ? { status: 500, body: 'boom' } : { status: 200, body: '{}' });
    const result = await relay(['trigger', 'shopify', 'orders/create', '--count', '20', '--concurrency', '4', '--forward', server.url], { env });
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`[relay trigger] POST ${server.url}/api/webhook/shopify ×20, concurrency 4`);
    expect(lines[1]).toBe('[relay trigger] 200 ×16, 500 ×4');
    expect(lines[2]).toMatch(/^\[relay trigger\] latency p50 [\d.]+ m?s, p90 [\d.]+ m?s, p99 [\d.]+ m?s; 20 in [\d.]+ m?s \([\d.]+\/s\)$/);
    expect(result.stderr).toBe('');
    expect(new Set(server.requests.map((r) => r.headers['x-shopify-webhook-id'])).size).toBe(20);
    for (const request of server.requests.slice(0, 3)) await officiallyVerified('shopify', request);
  });

  it('--repeat sends the same signed bytes n times, printing each answer', async () => {
    const result = await relay(['trigger', 'resend', 'email.bounced', '--repeat', '3', '--forward', server.url], { env });
    expect(result.code).toBe(0);
    expect(result.stdout.match(/^\[relay trigger\] 200$/gm)).toHaveLength(3);
    expect(new Set(server.requests.map((r) => `${r.headers['svix-id']} ${r.headers['svix-signature']} ${r.body}`)).size).toBe(1);
    expect(server.requests).toHaveLength(3);
  });
});

describe('relay trigger, in process', () => {
  it('shows a live progress line on a TTY only, colors the status there, and never with NO_COLOR', async () => {
    const argv = ['trigger', 'github', 'push', '--count', '3', '--forward', server.url];
    const tty = await run(argv, env, true);
    expect(tty.stderr).toMatch(/^\r\u001b\[2K\[relay trigger\] \d\/3 sent/);
    expect(tty.stderr.endsWith('\r\u001b[2K')).toBe(true);
    expect(tty.stdout).toContain('\u001b[32m200 ×3');
    const plain = await run(argv, env, false);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).not.toContain('\u001b[');
    const single = await run(['trigger', 'github', 'push', '--forward', server.url], { ...env, NO_COLOR: '1' }, true);
    expect(single.stdout.split('\n')[1]).toBe('[relay trigger] 200');
  });

  it.each([
    ['stripe', 'payment_intent.succeded', 'payment_intent.succeeded'],
    ['github', 'issues.opend', 'issues.opened'],
    ['shopify', 'orders/craete', 'orders/create'],
    ['clerk', 'user.craeted', 'user.created'],
    ['resend', 'email.deliverd', 'email.delivered'],
  ])('refuses the unknown %s type %s with exit 2 and close matches, sending nothing', async (provider, typo, close) => {
    const result = await run(['trigger', provider, typo], { ...env, SERVICE_BASE_URL: server.url });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`event type "${typo}". Close matches: ${close}`);
    expect(result.stderr).toContain('--allow-unknown-type');
    expect(server.requests).toEqual([]);
  });

  it('sends an unknown type in the generic envelope with a warning when --allow-unknown-type is given', async () => {
    const result = await run(['trigger', 'stripe', 'payment_intent.succeded', '--allow-unknown-type', '--print'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^POST http:\/\/localhost:3000\/api\/webhook\/stripe\n/);
    expect(result.stdout).toMatch(/"type":\s*"payment_intent\.succeded"/);
    expect(result.stderr).toMatch(
      /^relay trigger: warning: payment_intent\.succeded is not a Stripe event type relaykit knows: its payload is a generic envelope\. Close matches: payment_intent\.succeeded[,.]/,
    );
    expect((await run(['trigger', 'stripe', 'payment_intent.succeeded', '--allow-unknown-type', '--print'], env)).stderr).toBe('');
  });

  it.each([
    [['--seed', 'x'], '--seed must be a whole number from 0 to 9007199254740991, got "x".'],
    [['--timestamp', 'yesterday'], '--timestamp must be an ISO 8601 date-time (2024-05-01T12:00:00Z), epoch seconds (1714564800) or epoch milliseconds (1714564800000), got "yesterday".'],
    [['-H', 'no colon'], '--header must look like "Name: value" (e.g. -H "X-Request-Id: 42"), got "no colon".'],
    [['--repeat', '0'], '--repeat must be a whole number from 1 to 10000, got "0".'],
    [['--count', '2', '--print'], '--print sends nothing, so it cannot be combined with --repeat or --count.'],
    [['--concurrency', '2'], '--concurrency applies to --count <n>; give both.'],
    [['--forward', 'localhost:3000'], '--forward: "localhost:3000" is not an http(s) URL; give a base URL such as http://localhost:3000.'],
    [['--prnt'], 'Unknown option `--prnt` for relay trigger. Did you mean --print? Run `relay trigger --help` for its options.'],
  ])('exits 2 for %j before sending anything', async (extra, message) => {
    const result = await run(['trigger', 'stripe', 'charge.succeeded', ...extra], { ...env, SERVICE_BASE_URL: server.url });
    expect(result).toEqual({ code: 2, stdout: '', stderr: `relay: ${message}\n` });
    expect(server.requests).toEqual([]);
  });
});
