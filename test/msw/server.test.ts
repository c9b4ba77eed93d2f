/** createProviderServer's policy for unhandled requests, pass-through of other hosts, options checking and the world API. */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { RelayError } from '../../src/core/index.js';
import { createProviderServer, createProviderWorld, providerHandlers, providerWorld, resetProviderWorld, supportedEndpoints } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const server = useProviderServer({ providers: ['stripe', 'resend'] });

let loopback: Server;
let origin: string;
beforeAll(async () => {
  loopback = createServer((req, res) => {
    res.setHeader('content-type', 'text/plain');
    res.end(`loopback saw ${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(loopback.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => loopback.close(() => resolve())));

describe('createProviderServer', () => {
  it('lets requests to other hosts (a loopback service) through untouched, with fetch and node:http', async () => {
    const response = await fetch(`${origin}/api/webhook/stripe`, { method: 'POST', body: '{}' });
    expect(await response.text()).toBe('loopback saw POST /api/webhook/stripe');
    const text = await new Promise<string>((resolve, reject) => {
      get(`${origin}/health`, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve(body));
      }).on('error', reject);
    });
    expect(text).toBe('loopback saw GET /health');
  });

  it('fails a request to the host of a provider that is not enabled, saying how to enable it', async () => {
    const printed = quietConsoleError();
    const response = await fetch('https://api.github.com/repos/octo/app/pulls/1');
    expect(response.status).toBe(501);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('GET /repos/octo/app/pulls/1 went to api.github.com, but the github mock is not enabled (providers: stripe, resend)');
    expect(printed).toHaveBeenCalledOnce();
    expect(providerWorld.unsupportedRequests()).toEqual([{ provider: 'github', method: 'GET', url: 'https://api.github.com/repos/octo/app/pulls/1' }]);
  });

  it('serves the enabled providers and lets server.use() override one endpoint', async () => {
    const { payload } = await deliver('stripe', 'customer.created');
    const url = `https://api.stripe.com/v1/customers/${payload.data.object.id}`;
    const headers = { Authorization: 'Bearer sk_test_123' };
    expect(((await (await fetch(url, { headers })).json()) as { id: string }).id).toBe(payload.data.object.id);
    server.use(http.get('https://api.stripe.com/v1/customers/:id', () => HttpResponse.json({ id: 'cus_override', object: 'customer' })));
    expect(((await (await fetch(url, { headers })).json()) as { id: string }).id).toBe('cus_override');
  });
});

describe('unmocked requests', () => {
  it('prints one line per distinct endpoint, once, naming the method, the URL and the server.use line', async () => {
    const printed = quietConsoleError();
    const headers = { Authorization: 'Bearer re_123' };
    for (let i = 0; i < 3; i++) await fetch('https://api.resend.com/broadcasts', { headers });
    await fetch('https://api.resend.com/broadcasts', { method: 'POST', headers, body: '{}' });
    await fetch('https://api.resend.com/broadcasts?limit=5', { headers }); // the same endpoint as the first
    for (let i = 0; i < 2; i++) await fetch('https://api.clerk.com/v1/users'); // clerk is not enabled here
    const lines = printed.mock.calls.map((call: unknown[]) => String(call[0]));
    expect(lines).toEqual([
      "relaykit: the resend mock has no handler for GET /broadcasts (api.resend.com). Mock it with server.use(http.get('https://api.resend.com/broadcasts', resolver)); " +
        `supportedEndpoints('resend') lists the ${supportedEndpoints('resend').length} endpoints it serves.`,
      expect.stringContaining("no handler for POST /broadcasts (api.resend.com). Mock it with server.use(http.post('https://api.resend.com/broadcasts', resolver))"),
      expect.stringContaining("GET /v1/users went to api.clerk.com, but the clerk mock is not enabled (providers: stripe, resend). Add 'clerk' to the providers option, or mock it with server.use(http.get('https://api.clerk.com/v1/users', resolver))"),
    ]);
    expect(lines.every((line: string) => !line.includes('\n'))).toBe(true);
    expect(providerWorld.unsupportedRequests()).toHaveLength(7);
  });

  it('keeps unsupportedRequests() across resetProviderWorld() until asked to clear them', async () => {
    quietConsoleError();
    await fetch('https://api.stripe.com/v1/terminal/readers/tmr_1/process_payment_intent', { method: 'POST', headers: { Authorization: 'Bearer sk_test_123' } });
    resetProviderWorld();
    const noted = [{ provider: 'stripe', method: 'POST', url: 'https://api.stripe.com/v1/terminal/readers/tmr_1/process_payment_intent' }];
    expect(providerWorld.unsupportedRequests()).toEqual(noted);
    expect(providerWorld.unsupportedRequests({ clear: true })).toEqual(noted);
    expect(providerWorld.unsupportedRequests()).toEqual([]);
    expect(() => providerWorld.unsupportedRequests({ clear: 'yes' } as never)).toThrow(/unsupportedRequests takes \{ clear\?: boolean \}, got \{"clear":"yes"\}/);
  });

  it('lists every mock\'s endpoints with their host on demand', () => {
    const all = supportedEndpoints();
    expect(all).toContain('GET    api.stripe.com/v1/customers/:id');
    expect(all).toContain('GET    <shop>.myshopify.com/admin/api/:version/orders/:id.json');
    expect(all).toContain('GET    api.resend.com/emails/:id');
    expect(all).toHaveLength(['stripe', 'github', 'clerk', 'shopify', 'resend'].reduce((n, id) => n + supportedEndpoints(id as never).length, 0));
  });
});

describe('options and the world API', () => {
  it('rejects bad options with a RelayError naming the option', () => {
    expect(() => providerHandlers({ providers: ['strip' as never] })).toThrow(RelayError);
    expect(() => providerHandlers({ providers: ['strip' as never] })).toThrow(/Unknown provider "strip".*Mocked: stripe, github, clerk, shopify, resend/);
    expect(() => providerHandlers({ stripe: { apiKey: '' } })).toThrow(/stripe\.apiKey must be a non-empty string/);
    expect(() => createProviderServer({ github: { actor: 'not a login' } })).toThrow(/github\.actor must be a GitHub login/);
    expect(() => providerHandlers({ providers: [] })).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });

  it('keys seeded objects the provider way and refuses objects without a key', () => {
    const world = createProviderWorld();
    world.put('github', 'issue', { url: 'https://api.github.com/repos/Octo/App/issues/7', number: 7 });
    expect(world.get('github', 'issue', '/repos/octo/app/issues/7')).toMatchObject({ number: 7 });
    expect(() => world.put('github', 'issue', { number: 8 })).toThrow(/keyed by the path of their API `url`/);
    expect(() => world.put('stripe', 'customer', { email: 'a@example.com' })).toThrow(expect.objectContaining({ code: 'INVALID_DATA' }));
    expect(() => world.get('paypal' as never, 'order', '1')).toThrow(expect.objectContaining({ code: 'UNKNOWN_PROVIDER' }));
  });

  it('hands out copies, and scopes Shopify objects to their shop', () => {
    const world = createProviderWorld();
    const stored = world.put('stripe', 'customer', { id: 'cus_1', object: 'customer', metadata: {} });
    (stored.metadata as Record<string, string>).changed = 'yes';
    expect(world.get('stripe', 'customer', 'cus_1')).toEqual({ id: 'cus_1', object: 'customer', metadata: {} });
    world.put('shopify', 'order', { id: 1 }, { shop: 'a.myshopify.com' });
    expect(world.get('shopify', 'order', '1', { shop: 'a.myshopify.com' })).toEqual({ id: 1 });
    expect(world.get('shopify', 'order', '1', { shop: 'b.myshopify.com' })).toBeUndefined();
    expect(world.shops()).toEqual(['a.myshopify.com']);
  });

  it('lists what each mock supports', () => {
    expect(supportedEndpoints('clerk')).toContain('PATCH  /v1/users/:id/metadata');
    expect(supportedEndpoints('shopify')).toContain('GET    /admin/api/:version/orders/:id.json');
    expect(() => supportedEndpoints('paypal' as never)).toThrow(RelayError);
  });
});
