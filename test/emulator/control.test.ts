/**
 * The emulator's own API under /_relaykit/ and its client, `connectEmulator()`: a test in another
 * process (a Jest worker, any language against `relay emulate`) waits, reads, resets, adds endpoints
 * and runs the providers' helpers over HTTP, and sees what the in-process emulator sees. The clients
 * are the providers' SDKs; the receiver verifies with stripe-node's `constructEvent`.
 */
import { get } from 'node:http';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { connectEmulator, createEmulator, RemoteEmulator, type Emulator } from '../../src/emulator/index.js';
import { httpReceiver } from './receiver.js';

const SECRET = 'whsec_control_test';
const verifier = new Stripe('sk_test_123');
const log = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let receiver: Awaited<ReturnType<typeof httpReceiver<Stripe.Event>>>;
let emulator: Emulator;
let remote: RemoteEmulator;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await httpReceiver((body, headers) => verifier.webhooks.constructEvent(body, String(headers['stripe-signature']), SECRET));
  emulator = createEmulator({ seed: 11, webhooks: { stripe: { url: receiver.url, secret: SECRET } } });
  const { url } = await emulator.listen(0);
  remote = await connectEmulator(`${url}/`);
  stripe = new Stripe('sk_test_123', remote.clientOptions('stripe'));
});

afterAll(async () => {
  await emulator.close();
  await receiver.close();
});

beforeEach(async () => {
  await remote.reset();
  receiver.received.length = 0;
});

const post = (path: string, body?: string) => fetch(`${remote.url}/_relaykit${path}`, { method: 'POST', ...(body !== undefined ? { body } : {}) });

describe('GET /_relaykit: what is emulated', () => {
  it('describes every provider as the in-process emulator does: base URL, SDK options, SDK env, helpers', () => {
    expect(remote.info()).toEqual(emulator.info());
    expect(remote.providers).toEqual(['stripe', 'github', 'clerk', 'shopify', 'resend']);
    const { stripe: s, resend, github } = remote.info().providers;
    expect(s).toEqual({ baseUrl: remote.url, clientOptions: emulator.clientOptions('stripe'), env: {}, helpers: ['completeCheckout', 'completeAuthentication'] });
    expect(resend!.env).toEqual({ RESEND_BASE_URL: `${remote.url}/resend` });
    expect(github!.helpers).toContain('installApp');
  });

  it('names its URLs after the host the client reached it by, as a container name', async () => {
    const port = new URL(remote.url).port;
    // fetch() may not set Host; node:http sends what it is given, as a client behind a container network would.
    const text = await new Promise<string>((resolve, reject) => {
      get(`${remote.url}/_relaykit`, { headers: { host: `emulator:${port}` } }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
    const info = JSON.parse(text) as { url: string; providers: Record<string, { baseUrl: string; clientOptions: unknown }> };
    expect(info.url).toBe(`http://emulator:${port}`);
    expect(info.providers.github!.baseUrl).toBe(`http://emulator:${port}/github`);
    expect(info.providers.stripe!.clientOptions).toEqual({ host: 'emulator', port: Number(port), protocol: 'http' });
  });
});

describe('settled, deliveries, reset and endpoints over HTTP', () => {
  it('waits for the deliveries a call caused and lists them as the emulator does, filtered', async () => {
    await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', confirm: true, payment_method: 'pm_card_visa' });
    await remote.settled();
    expect(receiver.received.map((event) => event.type)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated']);
    expect(await remote.deliveries()).toEqual(emulator.deliveries());
    const [succeeded] = await remote.deliveries({ provider: 'stripe', type: 'payment_intent.succeeded', status: 'delivered' });
    expect(succeeded).toMatchObject({ type: 'payment_intent.succeeded', status: 'delivered', attempts: [{ attempt: 1, status: 200 }] });
    expect(await remote.deliveries({ status: 'failed' })).toEqual([]);
  });

  it('adds an endpoint that receives from then on, signed with the secret it names; reset removes it and keeps the started ones', async () => {
    const second = await httpReceiver((body, headers) => verifier.webhooks.constructEvent(body, String(headers['stripe-signature']), 'whsec_second'));
    try {
      const added = await remote.addWebhook('stripe', { url: second.url, secret: 'whsec_second', events: ['customer.created'] });
      expect(added).toMatchObject({ url: second.url, secret: 'whsec_second' });
      expect((await remote.endpoints('stripe')).map((e) => e.url)).toEqual([receiver.url, second.url]);
      expect((await stripe.webhookEndpoints.list()).data.map((e) => e.url)).toEqual(expect.arrayContaining([receiver.url, second.url]));

      const customer = await stripe.customers.create({ email: 'ada@example.com' });
      await stripe.customers.update(customer.id, { name: 'Ada' });
      await remote.settled();
      expect(second.received.map((event) => [event.type, (event.data.object as { id: string }).id])).toEqual([['customer.created', customer.id]]);
      expect(receiver.received.map((event) => event.type)).toEqual(['customer.created', 'customer.updated']);

      await remote.reset();
      expect((await remote.endpoints('stripe')).map((e) => e.url)).toEqual([receiver.url]);
      expect(await remote.deliveries()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('the providers\' test helpers over HTTP', () => {
  it('completes a Checkout Session as the buyer: the chain reaches the receiver, the answer is the helper\'s', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1500, product_data: { name: 'Pro' } });
    const session = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }], success_url: 'https://example.com/done' });
    const done = await remote.stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
    expect(done.error).toBeNull();
    expect(done.session).toEqual(JSON.parse(JSON.stringify(await stripe.checkout.sessions.retrieve(session.id))));
    await remote.settled();
    expect(receiver.received.map((event) => event.type).at(-1)).toBe('checkout.session.completed');
  });

  it('installs a GitHub App whose key authenticates @octokit/auth-app against the emulator: App install with no JavaScript in the emulator\'s process', async () => {
    const installed = await remote.github.installApp({ owner: 'acme', repositories: ['app'], permissions: { issues: 'write' }, events: ['issues'] });
    const octokit = new Octokit({ ...remote.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey, installationId: installed.id }, log });
    const issue = await octokit.rest.issues.create({ owner: 'acme', repo: 'app', title: 'Remote' });
    expect(issue.data.title).toBe('Remote');
  });

  it('runs a helper that returns nothing as null, and the helpers of a provider by name', async () => {
    expect(await remote.helpers('resend').advanceTime!(1000)).toBeNull();
  });
});

describe('bad input: a 4xx with what was wrong, never a 5xx', () => {
  const cases: [string, () => Promise<Response>, number, string][] = [
    ['a wrong method', () => fetch(`${remote.url}/_relaykit/settled`), 405, '/_relaykit/settled answers POST only.'],
    ['an unknown route', () => fetch(`${remote.url}/_relaykit/clock`), 404, 'The relaykit emulator has no control route GET /_relaykit/clock. Its routes: GET /_relaykit, POST /_relaykit/settled'],
    ['an unknown filter', () => fetch(`${remote.url}/_relaykit/deliveries?kind=x`), 400, 'deliveries filters by provider, type and status; "kind" is none of them.'],
    ['an unknown status', () => fetch(`${remote.url}/_relaykit/deliveries?status=sent`), 400, 'status must be one of pending, delivered, failed, got "sent".'],
    ['an endpoint that is not JSON', () => post('/endpoints/stripe', 'url='), 400, 'The body must be JSON ({ url, secret?, events? }), got "url=".'],
    ['an endpoint with no url', () => post('/endpoints/stripe', '{"secret":"x"}'), 400, 'POST /_relaykit/endpoints/stripe takes { url, secret?, events? } with url a string, got {"secret":"x"}.'],
    ['an endpoint url that is no URL', () => post('/endpoints/stripe', '{"url":"localhost:3000"}'), 400, 'addWebhook(\'stripe\'): url must be an http(s) URL, got "localhost:3000".'],
    ['an endpoint for a provider not emulated', () => post('/endpoints/paypal', '{"url":"http://127.0.0.1:1/x"}'), 404, 'No emulator for provider "paypal" here. Emulated: stripe, github, clerk, shopify, resend.'],
    ['helper arguments that are not a list', () => post('/helpers/stripe/completeCheckout', '{"id":1}'), 400, 'takes the helper\'s arguments as a JSON list, [arg, …], got {"id":1}.'],
    ['an unknown helper', () => post('/helpers/stripe/refundAll', '[]'), 404, 'stripe has no test helper "refundAll". Its helpers: completeCheckout, completeAuthentication.'],
    ['a helper\'s own refusal', () => post('/helpers/stripe/completeCheckout', '["cs_missing",{}]'), 404, 'completeCheckout: no Checkout Session cs_missing in this world.'],
  ];
  it.each(cases)('%s', async (_name, call, status, message) => {
    const answer = await call();
    expect(answer.status).toBe(status);
    expect(((await answer.json()) as { error: string }).error).toContain(message);
  });

  it('answers every helper of every provider with a 4xx for arguments of the wrong shape', async () => {
    const wrong: string[] = [];
    for (const [provider, { helpers }] of Object.entries(remote.info().providers)) {
      // clientSecret() takes no arguments, so it ignores whatever it is given.
      for (const helper of helpers.filter((name) => name !== 'clientSecret')) {
        for (const args of [[], [null], [true], [{}], ['x', 'y']]) {
          const answer = await post(`/helpers/${provider}/${helper}`, JSON.stringify(args));
          if (answer.status < 400 || answer.status >= 500) wrong.push(`${provider}.${helper}(${JSON.stringify(args).slice(1, -1)}): ${answer.status} ${await answer.text()}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('says which helpers a provider has when a client calls one it lacks, and what to do when nothing answers', async () => {
    await expect(remote.helpers('stripe').refundAll!()).rejects.toThrow('stripe has no test helper "refundAll". Its helpers: completeCheckout, completeAuthentication.');
    expect(() => remote.clientOptions('paypal')).toThrow(`The emulator at ${remote.url} does not emulate "paypal". It emulates: stripe, github, clerk, shopify, resend.`);
    const closed = createEmulator({ providers: ['stripe'] });
    const { url } = await closed.listen(0);
    const gone = await connectEmulator(url);
    await closed.close();
    await expect(gone.settled()).rejects.toThrow(`No relaykit emulator answers at ${url} (ECONNREFUSED): is it still running?`);
    await expect(connectEmulator(url)).rejects.toThrow(`No relaykit emulator answers at ${url} (ECONNREFUSED): start one with \`relay emulate\`, or check the URL.`);
    await expect(connectEmulator('not a url')).rejects.toBeInstanceOf(RelayError);
  });

  it('refuses a server that is not a relaykit emulator', async () => {
    const other = await httpReceiver(() => 'ok');
    try {
      await expect(connectEmulator(new URL(other.url).origin)).rejects.toThrow('not a relaykit emulator\'s description: is it a relaykit emulator (relay emulate)?');
    } finally {
      await other.close();
    }
  });
});
