/**
 * Arbitrary methods, paths, headers and bodies at every route: the service answers 4xx with a JSON
 * `{ error }` body (or 200 for a well-formed list query), never 5xx, and creates no execution.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '../../src/providers/index.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from './official.js';

let relay: Relay;
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
