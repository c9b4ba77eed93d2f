/**
 * The service's HTTP edge as an attack found it: early refusals of large bodies lost to a reset, a
 * request without `Host` answered by Node's empty 400, cross-site POSTs to the executions API, and a
 * shutdown that kept serving keep-alive connections or waited for ever on a stalled one.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelay, type Listening, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from './official.js';
import { rawRequest } from './raw.js';

let relay: Relay;
let listening: Listening;

beforeAll(async () => {
  relay = createRelay({ store: new MemoryStore(), secrets });
  listening = await relay.listen({ port: 0 });
});
afterAll(() => relay.close());

/** What a client that writes the whole request, then reads, gets: the answer, and any socket error. */
function writeThenRead(port: number, head: string, body: Buffer): Promise<{ text: string; failure: string | undefined }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let failure: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: NodeJS.ErrnoException) => (failure ??= cause.code ?? cause.message));
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), failure }));
    socket.write(head);
    socket.end(body);
  });
}

describe('early refusals of large bodies sent with Connection: close', () => {
  const body = Buffer.alloc(22 * 1024 * 1024, 0x20);
  const head = (type: string | undefined, length: number, signed = false) =>
    `POST /api/webhook/stripe HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n` +
    `${type ? `Content-Type: ${type}\r\n` : ''}${signed ? 'Stripe-Signature: t=1,v1=00\r\n' : ''}Content-Length: ${length}\r\n\r\n`;

  it.each([
    ['415 for a body that is not JSON', head('text/plain', body.length, true), body, 415],
    ['400 for an unsigned body', head('application/json', body.length), body, 400],
    ['413 for a body over the limit', head('application/json', 26 * 1024 * 1024 + 1, true), Buffer.alloc(26 * 1024 * 1024 + 1, 0x20), 413],
  ])('reach the client whole, each of 4 tries: %s', async (_, requestHead, requestBody, status) => {
    for (let i = 0; i < 4; i++) {
      const { text, failure } = await writeThenRead(listening.port, requestHead, requestBody);
      expect({ status: text.slice(0, 12), failure }).toEqual({ status: `HTTP/1.1 ${status}`, failure: undefined });
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ error: expect.any(String) });
    }
  });
});

describe('a request without Host', () => {
  it('gets the JSON error shape, naming the header, not an empty 400', async () => {
    const answer = await rawRequest(listening.port, 'GET /api/executions HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Host') });
  });

  it('is still answered over HTTP/1.0, which has no Host', async () => {
    const answer = await rawRequest(listening.port, 'GET /api/executions HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
  });
});

/** POSTs with the given headers through node:http, which (unlike fetch) sends Origin as given. */
function post(path: string, headers: Record<string, string>, body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${listening.url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject).end(body);
  });
}

describe('cross-site requests to the executions API (no RELAY_API_TOKEN)', () => {
  let executionId: string;
  beforeAll(async () => {
    const delivery = await officialDelivery('stripe');
    executionId = (JSON.parse((await post('/api/webhook/stripe', delivery.headers, delivery.body)).body) as { id: string }).id;
  });
  const count = async () => (await relay.listExecutions({ limit: 500 })).items.length;

  it.each([
    ['an Origin of another site', { origin: 'http://evil.example', 'content-type': 'text/plain' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', 'content-type': 'text/plain' }],
    ['an Origin on another port of this host', { origin: 'http://127.0.0.1:1', 'content-type': 'text/plain' }],
  ])('refuses a replay sent with %s: 403 naming the fix, and no execution made', async (_, headers) => {
    const before = await count();
    for (const action of ['replay', 'retry']) {
      const answer = await post(`/api/executions/${executionId}/${action}`, headers);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringMatching(/another origin.*server|CLI/) });
    }
    expect(await count()).toBe(before);
  });

  it('answers a replay from no browser (no Origin) or from its own origin', async () => {
    expect((await post(`/api/executions/${executionId}/replay`, {})).status).toBe(200);
    expect((await post(`/api/executions/${executionId}/replay`, { origin: listening.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('lets webhook mount paths accept deliveries from anywhere', async () => {
    const delivery = await officialDelivery('stripe');
    expect((await post('/api/webhook/stripe', { ...delivery.headers, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }, delivery.body)).status).toBe(200);
  });
});

describe('closing the server', () => {
  it('answers the request in flight with Connection: close, and no later request on that connection with a 200', async () => {
    const service = createRelay({ store: new MemoryStore(), secrets });
    const server = await service.listen({ port: 0 });
    const delivery = await officialDelivery('stripe');
    const body = Buffer.from(delivery.body);
    const head = (length: number) =>
      `POST /api/webhook/stripe HTTP/1.1\r\nHost: localhost\r\n${Object.entries(delivery.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}Content-Length: ${length}\r\n\r\n`;
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const received = new Promise<void>((resolve) => server.server.once('request', () => resolve()));
    // The first request is in flight (half its body sent) when close() begins.
    socket.write(head(body.length) + body.subarray(0, 10).toString('latin1'));
    await received;
    const closed = service.close();
    // The rest of it, and a second request pipelined behind it on the same connection.
    socket.write(Buffer.concat([body.subarray(10), Buffer.from(`GET /api/executions HTTP/1.1\r\nHost: localhost\r\n\r\n`)]));
    await socketClosed;
    await closed;
    const answers = Buffer.concat(chunks).toString('latin1').split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(answers[0]).toMatch(/\r\nconnection: close\r\n/i);
    for (const later of answers.slice(1)) {
      expect(later).toMatch(/^HTTP\/1\.1 503 /);
      expect(later).toContain('shutting down');
    }
  });

  it('force-closes a connection stalled mid-body after the grace period, so close() resolves', async () => {
    const service = createRelay({ store: new MemoryStore(), secrets });
    const server = await service.listen({ port: 0, shutdownGraceMs: 200 });
    const socket = connect(server.port, '127.0.0.1');
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => {});
    const received = new Promise<void>((resolve) => server.server.once('request', () => resolve()));
    socket.write('POST /api/webhook/stripe HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nStripe-Signature: t=1,v1=00\r\nContent-Length: 1000\r\n\r\n{"a":');
    await received;
    await service.close();
    await socketClosed;
    expect(socket.destroyed).toBe(true);
  });
});
