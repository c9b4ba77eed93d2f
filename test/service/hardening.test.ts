/**
 * Regression tests for what an attack on `relay dev` found: each request shape that answered 500, no
 * JSON or nothing at all; deliveries accepted that could not be read back; unsigned bodies buffered
 * whole; the executions API answering any `Host`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, MAX_JSON_DEPTH, type Listening, type Relay, type RequestLogEntry } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, officialSign, secrets } from './official.js';
import { rawRequest, type RawAnswer } from './raw.js';

function expectJsonError(answer: RawAnswer, status: number): string {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const parsed = JSON.parse(answer.body) as { error: unknown };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(typeof parsed.error).toBe('string');
  return parsed.error as string;
}

let relay: Relay;
let listening: Listening;
const logged: RequestLogEntry[] = [];

beforeAll(async () => {
  relay = createRelay({ store: new MemoryStore(), secrets, apiToken: 'token-1' });
  listening = await relay.listen({ port: 0, onRequest: (entry) => logged.push(entry) });
});
afterAll(() => relay.close());

describe('request targets that are not URLs', () => {
  it('answers 400 JSON for an absolute-form target new URL cannot parse, on a webhook route', async () => {
    const answer = await rawRequest(listening.port, 'POST http://a:99999/api/webhook/stripe HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n');
    expect(expectJsonError(answer, 400)).toContain('"http://a:99999/api/webhook/stripe" is not a valid URL');
  });

  it('answers 400 JSON for such a target on /api/executions, before the token check', async () => {
    const answer = await rawRequest(listening.port, 'GET http://a:99999/api/executions HTTP/1.1\r\nHost: a\r\n\r\n');
    expect(expectJsonError(answer, 400)).toContain('is not a valid URL');
  });

  it('still routes a valid absolute-form target', async () => {
    const answer = await rawRequest(listening.port, `GET http://localhost:${listening.port}/api/executions HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer token-1\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(200);
  });
});

describe("requests Node's HTTP parser refuses", () => {
  it.each([
    ['a header name with a space', 'GET /api/executions HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n', 400],
    ['a control character in a header value', 'GET /api/executions HTTP/1.1\r\nHost: localhost\r\nX-A: a\u0001b\r\n\r\n', 400],
    ['a request line with no HTTP version', 'GET /api/executions HTTX/1.1\r\nHost: localhost\r\n\r\n', 400],
    ['conflicting Content-Length and Transfer-Encoding', 'POST /api/webhook/stripe HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n', 400],
    ['headers over 16 KiB', `GET /api/executions HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['an unknown method', 'FROB /api/executions HTTP/1.1\r\nHost: localhost\r\n\r\n', 405],
  ])('answers %s with the JSON error shape', async (_, head, status) => {
    expectJsonError(await rawRequest(listening.port, head), status);
  });

  it('answers CONNECT with a JSON 405 instead of closing the socket silently', async () => {
    const answer = await rawRequest(listening.port, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(expectJsonError(answer, 405)).toContain('CONNECT');
    expect(answer.headers.allow).toBe('GET, POST');
  });

  it('answers a websocket upgrade with a JSON 405', async () => {
    const head = 'GET /api/executions HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    expect(expectJsonError(await rawRequest(listening.port, head), 405)).toContain('upgrades');
  });

  it('reports parser refusals to onRequest too', () => {
    expect(logged.some((entry) => entry.status === 431 && entry.method === '-' && entry.reason?.includes('16 KiB'))).toBe(true);
  });
});

describe('nesting depth', () => {
  async function send(depth: number) {
    // A real delivery with a deep field added to data.object, signed again by Stripe's library.
    const delivery = await officialDelivery('stripe', 'payment_intent.succeeded');
    const event = JSON.parse(delivery.body) as { data: { object: Record<string, unknown> } };
    event.data.object.deep = '<deep>';
    let deep = '{"leaf":true}';
    for (let i = 1; i < depth; i++) deep = `{"n":${deep}}`;
    const body = JSON.stringify(event).replace('"<deep>"', deep);
    const headers = await officialSign('stripe', body, delivery.headers);
    return relay.fetch(new Request('http://relay.test/api/webhook/stripe', { method: 'POST', headers, body }));
  }

  it('refuses a correctly signed body nested 5,000 deep with a 400 naming the limit, and stores nothing', async () => {
    const before = await relay.store.countExecutions();
    const response = await send(5_000);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toContain(`more than ${MAX_JSON_DEPTH} deep`);
    expect(await relay.store.countExecutions()).toBe(before);
  });

  it('accepts a body at the limit, and every read path reads it back', async () => {
    // body → data → object → deep: three levels above the nested value.
    const response = await send(MAX_JSON_DEPTH - 3);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    await relay.idle();
    const detail = await relay.findExecution(id);
    expect(JSON.stringify(detail)).toContain('"leaf":true');
    const api = await fetch(`${listening.url}/api/executions/${id}`, { headers: { authorization: 'Bearer token-1' } });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { id: string }).id).toBe(id);
    const replayed = await relay.replayExecution(id);
    await relay.idle();
    expect((await relay.findExecution(replayed.id))?.status).toBe('completed');
  });

  it('refuses one level over the limit', async () => {
    expect((await send(MAX_JSON_DEPTH - 2)).status).toBe(400);
  });
});

describe('large bodies', () => {
  it('refuses unsigned bodies before reading them: 32 concurrent 8 MiB posts get 400 without the service buffering them', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 0x20);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () =>
        rawRequest(listening.port, `POST /api/webhook/github HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`, body),
      ),
    );
    for (const answer of answers) {
      expectJsonError(answer, 400);
      expect(answer.headers['x-relay-error-detail']).toContain('X-Hub-Signature-256');
    }
  });

  it('caps body bytes in flight: past maxBodyBytesInFlight a request gets 503 with Retry-After, and the cap is released after', async () => {
    const capped = createRelay({ store: new MemoryStore(), secrets, maxBodyBytes: 1024 * 1024, maxBodyBytesInFlight: 2 * 1024 * 1024 });
    const server = await capped.listen({ port: 0 });
    try {
      const body = Buffer.alloc(900 * 1024, 0x20);
      // A signature header that is present but wrong: the body must be read to find that out.
      const head = `POST /api/webhook/github HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Hub-Signature-256: sha256=${'0'.repeat(64)}\r\nContent-Length: ${body.length}\r\n\r\n`;
      // Each holds half its body back for a moment, so their reservations overlap.
      const answers = await Promise.all(Array.from({ length: 6 }, () => rawRequest(server.port, head, body, 200)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      for (const answer of answers.filter((a) => a.status === 503)) {
        expect(expectJsonError(answer, 503)).toContain('maxBodyBytesInFlight');
        expect(answer.headers['retry-after']).toBe('1');
      }
      // Everything was given back: one more such request is read whole and verified (401), not refused.
      expect((await rawRequest(server.port, head, body)).status).toBe(401);
    } finally {
      await capped.close();
    }
  });

  it('never sets the in-flight cap below maxBodyBytes, so the largest allowed body always fits', async () => {
    const small = createRelay({ store: new MemoryStore(), secrets, maxBodyBytes: 4096, maxBodyBytesInFlight: 10 });
    const delivery = await officialDelivery('stripe');
    const response = await small.fetch(new Request('http://relay.test/api/webhook/stripe', { method: 'POST', headers: delivery.headers, body: delivery.body }));
    expect(response.status).toBe(200);
    await small.close();
  });

  it('rejects a maxBodyBytesInFlight that is not a positive integer', () => {
    expect(() => createRelay({ maxBodyBytesInFlight: -1 })).toThrow(/maxBodyBytesInFlight must be a positive integer/);
  });
});

describe('the Host header on a loopback bind', () => {
  const get = (port: number, host: string, path = '/api/executions') =>
    rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer token-1\r\nConnection: close\r\n\r\n`);

  it('answers the executions API for loopback names, with or without a port', async () => {
    for (const host of ['localhost', `localhost:${listening.port}`, '127.0.0.1', `127.0.0.1:${listening.port}`, '[::1]', `[::1]:${listening.port}`]) {
      expect((await get(listening.port, host)).status, host).toBe(200);
    }
  });

  it('refuses another Host with 403 naming the option, before the token check (DNS rebinding)', async () => {
    const answer = await get(listening.port, 'attacker.example:80');
    expect(expectJsonError(answer, 403)).toContain('RELAY_ALLOWED_HOSTS="attacker.example"');
  });

  it('lets a webhook route answer any Host, as tunnels forward the public name', async () => {
    const delivery = await officialDelivery('github');
    const head = [`POST /api/webhook/github HTTP/1.1`, 'Host: abc.tunnel.example', ...Object.entries(delivery.headers).map(([n, v]) => `${n}: ${v}`), `Content-Length: ${Buffer.byteLength(delivery.body)}`, 'Connection: close', '', ''].join('\r\n');
    expect((await rawRequest(listening.port, head, delivery.body)).status).toBe(200);
  });

  it('answers configured names (allowedHosts) and every name with "*"', async () => {
    const named = createRelay({ store: new MemoryStore(), apiToken: 'token-1' });
    const a = await named.listen({ port: 0, allowedHosts: ['relay.test'] });
    const b = await named.listen({ port: 0, allowedHosts: ['*'] });
    try {
      expect((await get(a.port, 'relay.test:8080')).status).toBe(200);
      expect((await get(a.port, 'other.test')).status).toBe(403);
      expect((await get(b.port, 'other.test')).status).toBe(200);
    } finally {
      await named.close();
    }
  });
});

describe('the request log', () => {
  it('reports each answered request with its provider, execution or reason', async () => {
    logged.length = 0;
    const delivery = await officialDelivery('stripe');
    const ok = await fetch(`${listening.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const { id } = (await ok.json()) as { id: string };
    await fetch(`${listening.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const stale = await officialSign('stripe', delivery.body, delivery.headers, { at: Date.now() - 3_600_000 });
    await fetch(`${listening.url}/api/webhook/stripe`, { method: 'POST', headers: stale, body: delivery.body });
    expect(logged.map(({ method, path, status, provider, executionId, deduplicated }) => ({ method, path, status, provider, executionId, deduplicated }))).toEqual([
      { method: 'POST', path: '/api/webhook/stripe', status: 200, provider: 'stripe', executionId: id, deduplicated: false },
      { method: 'POST', path: '/api/webhook/stripe', status: 200, provider: 'stripe', executionId: id, deduplicated: true },
      { method: 'POST', path: '/api/webhook/stripe', status: 400, provider: 'stripe', executionId: undefined, deduplicated: undefined },
    ]);
    expect(logged[2]!.reason).toMatch(/^Invalid webhook signature: The timestamp/);
    expect(logged.every((entry) => entry.at instanceof Date && entry.durationMs >= 0)).toBe(true);
  });
});
