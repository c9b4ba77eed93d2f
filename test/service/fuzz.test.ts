/**
 * Arbitrary methods, paths, headers and bodies at every route: the service answers 4xx with a JSON
 * `{ error }` body (or 200 for a well-formed list query), never 5xx, and creates no execution. Over a
 * real socket too, with request shapes no HTTP client sends: absolute-form and broken targets,
 * malformed heads, CONNECT. And correctly signed bodies of any nesting depth: refused, or readable back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '../../src/providers/index.js';
import { createRelay, MAX_JSON_DEPTH, type Listening, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from './official.js';
import { rawRequest } from './raw.js';

let relay: Relay;
let listening: Listening;
let seeded: { id: string; eventId: string };

beforeAll(async () => {
  relay = createRelay({
    store: new MemoryStore(),
    secrets: { ...secrets, acme: 'acme-secret' },
    maxBodyBytes: 64 * 1024,
    plugins: [
      definePlugin({
        id: 'acme',
        secretEnv: 'ACME_WEBHOOK_SECRET',
        verify: ({ headers }) =>
          (headers as Headers).get('x-acme-token') === 'acme-secret'
            ? { ok: true }
            : { ok: false, reason: 'signature_mismatch', message: 'bad token' },
      }),
    ],
  });
  const delivery = await officialDelivery('stripe');
  const response = await relay.fetch(new Request('http://relay.test/api/webhook/stripe', { method: 'POST', headers: delivery.headers, body: delivery.body }));
  seeded = (await response.json()) as { id: string; eventId: string };
  await relay.idle();
  listening = await relay.listen({ port: 0 });
});
afterAll(() => relay.close());

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'FOO');
const segment = fc.oneof(
  fc.constantFrom('api', 'webhook', 'executions', 'stripe', 'github', 'clerk', 'shopify', 'resend', 'acme', 'replay', 'retry', '%E0%A4%A', '..', 'exec_x', 'evt_y'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const paths = fc.oneof(
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom('stripe', 'github', 'clerk', 'shopify', 'resend', 'acme', 'nope').map((p) => `/api/webhook/${p}`),
  fc.constantFrom('replay', 'retry').map((a) => `/api/executions/${seeded.id}0/${a}`),
);
const headerNames = fc.constantFrom(
  'content-type', 'stripe-signature', 'x-hub-signature-256', 'x-github-event', 'x-github-delivery', 'svix-id', 'svix-timestamp',
  'svix-signature', 'x-shopify-hmac-sha256', 'x-shopify-topic', 'x-acme-token', 'authorization', 'content-encoding',
);
const headerValue = fc.oneof(
  fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8', 't=1,v1=00', 'v1,AAAA', 'sha256=00', 'push', '1700000000'),
  fc.string({ maxLength: 40 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
);
const bodies = fc.oneof(
  fc.constant(''),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 200 }),
  fc.constant('{"type":"x","data":{}}'),
);

describe('every route under arbitrary input', () => {
  it('answers 4xx with a JSON { error } body (or 200 for a list query) and creates no execution', async () => {
    const before = await relay.store.countExecutions();
    await fc.assert(
      fc.asyncProperty(methods, paths, fc.dictionary(headerNames, headerValue, { maxKeys: 6 }), bodies, async (method, p, headers, body) => {
        const withBody = method !== 'GET' && method !== 'HEAD';
        const response = await relay.fetch(new Request(`http://relay.test${p}`, { method, headers, body: withBody ? (body as BodyInit) : undefined }));
        const text = await response.text();
        if (response.status === 200) {
          expect(method).toBe('GET');
          expect(p.startsWith('/api/executions')).toBe(true);
          return;
        }
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        if (method !== 'HEAD') {
          const parsed = JSON.parse(text) as { error?: unknown };
          expect(Object.keys(parsed)).toEqual(['error']);
          expect(typeof parsed.error).toBe('string');
        }
      }),
      { numRuns: 400 },
    );
    expect(await relay.store.countExecutions()).toBe(before);
    expect((await relay.findExecution(seeded.id))?.status).toBe('completed');
  });
});

const tokens = fc.oneof(
  fc.constantFrom('GET', 'POST', 'PUT', 'CONNECT', 'OPTIONS', 'FOO', 'get', 'G ET', ''),
  fc.string({ maxLength: 8 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
);
const targets = fc.oneof(
  paths,
  fc.constantFrom(
    'http://a:99999/api/webhook/stripe',
    'http://a:99999/api/executions',
    'http://[::1/api/executions',
    'http://relay.test/api/executions',
    'https://x/api/webhook/github?x=1',
    '*',
    'example.com:443',
    '//api/executions',
    '/api/executions?limit=%%%',
    '',
  ),
  fc.string({ maxLength: 30 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
);
const versions = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTX/1.1', '');
const rawHeaderName = fc.oneof(headerNames, fc.constantFrom('Bad Header', 'X:Y', 'x\u0001y', ''), fc.string({ maxLength: 10 }));
const rawHeaderValue = fc.oneof(headerValue, fc.constantFrom('a\u0000b', 'a\u0001b', 'a\rb', 'x'.repeat(20_000)), fc.string({ maxLength: 20 }));

describe('every route under arbitrary raw requests', () => {
  it('answers every request that reaches it with a JSON { error } (or a 200 list), never 5xx, never silence', async () => {
    const before = await relay.store.countExecutions();
    await fc.assert(
      fc.asyncProperty(tokens, targets, versions, fc.array(fc.tuple(rawHeaderName, rawHeaderValue), { maxLength: 5 }), bodies, async (method, target, version, headers, body) => {
        const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body as Uint8Array);
        const lines = [`${method} ${target} ${version}`.trimEnd(), 'Host: localhost', ...headers.map(([n, v]) => `${n}: ${v}`), `Content-Length: ${bytes.length}`, 'Connection: close'];
        const answer = await rawRequest(listening.port, `${lines.join('\r\n')}\r\n\r\n`, bytes);
        expect(answer.status, lines[0]).toBeGreaterThanOrEqual(200);
        expect(answer.status, lines[0]).toBeLessThan(500);
        if (answer.status === 200) return;
        if (method === 'HEAD') return;
        const parsed = JSON.parse(answer.body) as { error?: unknown };
        expect(typeof parsed.error).toBe('string');
      }),
      { numRuns: 300 },
    );
    expect(await relay.store.countExecutions()).toBe(before);
  });
});

describe('correctly signed bodies of any depth', () => {
  it('are refused with 400, or stored and read back whole by every read path', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 6_000 }), fc.constantFrom('{', '['), async (depth, open) => {
        const close = open === '{' ? '}' : ']';
        const inner = open === '{' ? (d: string) => `{"n":${d}}` : (d: string) => `[${d}]`;
        let deep = open === '{' ? '{}' : '[]';
        for (let i = 1; i < depth; i++) deep = inner(deep);
        const body = `{"type":"deep.event","data":{"value":${deep}}}`;
        expect(deep.endsWith(close)).toBe(true);
        const response = await relay.fetch(new Request('http://relay.test/api/webhook/acme', { method: 'POST', headers: { 'content-type': 'application/json', 'x-acme-token': 'acme-secret' }, body }));
        // The body nests `depth` + 2 deep (body, data, then the value).
        if (depth + 2 > MAX_JSON_DEPTH) {
          expect(response.status).toBe(400);
          return;
        }
        expect(response.status).toBe(200);
        const { id } = (await response.json()) as { id: string };
        const api = await relay.fetch(new Request(`http://relay.test/api/executions/${id}`));
        expect(api.status).toBe(200);
        expect(JSON.stringify(((await api.json()) as { event: { data: unknown } }).event.data)).toBe(JSON.stringify((JSON.parse(body) as { data: unknown }).data));
        const replayed = await relay.replayExecution(id);
        expect(replayed.replayedFrom).toBe(id);
      }),
      { numRuns: 60 },
    );
    await relay.idle();
  });
});
