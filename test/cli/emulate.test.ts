/**
 * `relay emulate` as a user runs it: the built bin serves Stripe's API to stripe-node (pointed at it
 * with the printed client options), delivers each write back to `--webhook`, signed with
 * $STRIPE_WEBHOOK_SECRET, prints a line per attempt, and stops on SIGTERM; bad options exit 2 in one line.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createClerkClient } from '@clerk/backend';
import { verifyWebhook } from '@clerk/backend/webhooks';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { shopifyApp } from '../emulator/shopify-support.js';
import { cleanUp, recordingServer, relay, root, until } from './bin.js';

afterEach(cleanUp);

const SECRET = 'whsec_emulatecli';

function startEmulate(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [path.join(root, 'dist/cli/index.js'), 'emulate', '--port', '0', ...args], { env: { PATH: process.env.PATH, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = new Promise<string>((resolve, reject) => {
    void exit.then((code) => reject(new Error(`relay emulate exited with ${code}: ${stderr}`)));
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match && stdout.includes('Press Ctrl+C')) resolve(match[1]!);
    });
  });
  return { child, ready, exit, stdout: () => stdout, stderr: () => stderr };
}

describe('relay emulate', () => {
  it('serves Stripe to stripe-node through the printed client options and delivers its webhooks, verifiable, to --webhook', async () => {
    const app = await recordingServer();
    const run = startEmulate(['--webhook', `stripe=${app.url}/webhooks/stripe`, '--seed', '5'], { STRIPE_WEBHOOK_SECRET: SECRET });
    try {
      const url = await run.ready;
      const printed = /client options (\{.*\})/.exec(run.stdout())![1]!;
      const options = JSON.parse(printed) as Stripe.StripeConfig;
      expect(options).toEqual({ host: '127.0.0.1', port: Number(new URL(url).port), protocol: 'http' });
      expect(run.stdout()).toContain(`webhooks → ${app.url}/webhooks/stripe  secret ${SECRET}`);

      const stripe = new Stripe('sk_test_cli', { ...options, maxNetworkRetries: 0 });
      const customer = await stripe.customers.create({ email: 'cli@example.com' });
      const request = await until(async () => app.requests[0], 'the delivery');
      expect(request.url).toBe('/webhooks/stripe');
      const event = new Stripe('sk_test_receiver').webhooks.constructEvent(request.body, String(request.headers['stripe-signature']), SECRET);
      expect(event).toMatchObject({ type: 'customer.created', data: { object: { id: customer.id, email: 'cli@example.com' } } });
      await until(async () => (run.stdout().includes(`customer.created ${event.id} → ${app.url}/webhooks/stripe  200`) ? true : undefined), 'the attempt line');
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).toBe(0);
    expect(run.stdout()).toContain('relay emulate: SIGTERM, stopping…');
    expect(run.stderr()).toBe('');
  });

  it("serves Clerk under /clerk to @clerk/backend through the printed apiUrl and delivers, signed with $CLERK_WEBHOOK_SECRET, what verifyWebhook accepts", async () => {
    const app = await recordingServer();
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const run = startEmulate(['--webhook', `clerk=${app.url}/webhooks/clerk`], { CLERK_WEBHOOK_SECRET: secret });
    try {
      const url = await run.ready;
      const options = JSON.parse(/clerk: \S+ {2}client options (\{.*\})/.exec(run.stdout())![1]!) as { apiUrl: string };
      expect(options).toEqual({ apiUrl: `${url}/clerk` });
      expect(run.stdout()).toContain(`webhooks → ${app.url}/webhooks/clerk  secret ${secret}`);
      const user = await createClerkClient({ secretKey: 'sk_test_cli', ...options }).users.createUser({ emailAddress: ['cli@example.com'] });
      const request = await until(async () => app.requests[0], 'the delivery');
      const headers = Object.entries(request.headers).map(([k, v]) => [k, String(v)] as [string, string]);
      const event = await verifyWebhook(new Request(`${app.url}${request.url}`, { method: 'POST', headers, body: request.body }), { signingSecret: secret });
      expect(event).toMatchObject({ type: 'user.created', data: { id: user.id } });
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).toBe(0);
  });

  it('serves Shopify under /shopify (a shop per path: <baseUrl>/<shop>.myshopify.com/admin/api/…) to any HTTP client and delivers, signed with $SHOPIFY_WEBHOOK_SECRET, what shopify.webhooks.validate accepts', async () => {
    const app = await recordingServer();
    const secret = 'shpss_emulatecli';
    const run = startEmulate(['--webhook', `shopify=${app.url}/webhooks/shopify`], { SHOPIFY_WEBHOOK_SECRET: secret });
    try {
      const url = await run.ready;
      const options = JSON.parse(/shopify: \S+ {2}client options (\{.*\})/.exec(run.stdout())![1]!) as { baseUrl: string };
      expect(options).toEqual({ baseUrl: `${url}/shopify` });
      expect(run.stdout()).toContain(`webhooks → ${app.url}/webhooks/shopify  secret ${secret}`);
      const answer = await fetch(`${options.baseUrl}/acme.myshopify.com/admin/api/2025-10/graphql.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': 'shpat_cli' },
        body: JSON.stringify({ query: 'mutation { customerCreate(input: { email: "cli@example.com" }) { customer { id email } } }' }),
      });
      const { data } = (await answer.json()) as { data: { customerCreate: { customer: { id: string } } } };
      const request = await until(async () => app.requests[0], 'the delivery');
      const headers = Object.entries(request.headers).map(([k, v]) => [k, String(v)] as [string, string]);
      const check = await shopifyApp(secret).webhooks.validate({ rawBody: request.body, rawRequest: new Request(`${app.url}${request.url}`, { method: 'POST', headers, body: request.body }) });
      expect(check).toMatchObject({ valid: true, topic: 'CUSTOMERS_CREATE', domain: 'acme.myshopify.com' });
      expect(JSON.parse(request.body)).toMatchObject({ admin_graphql_api_id: data.customerCreate.customer.id, email: 'cli@example.com' });
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exit).toBe(0);
  });

  it.each([
    [['--port', 'abc'], 'relay: --port must be a whole number from 0 to 65535, got "abc".'],
    [['--webhook', 'stripe'], 'relay: --webhook takes provider=url, e.g. --webhook stripe=http://localhost:4000/webhooks/stripe, got "stripe".'],
    [['--webhook', 'acme=http://localhost:4000/x'], 'relay: Unknown provider "acme". Built-in: stripe, github, clerk, shopify, resend.'],
    [['--time-scale=-1'], 'relay: --time-scale must be a number from 0 (no waiting) up (1 = real time), got "-1".'],
  ])('refuses %j in one line, exit 2', async (args, line) => {
    const result = await relay(['emulate', ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });
});
