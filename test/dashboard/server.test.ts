/**
 * The dashboard's server side without a browser: the live stream's batching, the bounded list of
 * refused deliveries, the API's filters, search and errors through `relay.fetch`, and the built client
 * (small, shipped in the package, no inline script).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, createRelay, definePlugin, MemoryStore, permissiveVerify, type Relay } from '../../src/index.js';
import { LiveHub } from '../../src/service/dashboard/live.js';
import { Rejections } from '../../src/service/dashboard/rejections.js';
import type { DetailAnswer, ListAnswer, Rejection } from '../../src/service/dashboard/wire.js';
import type { RelayRequest } from '../../src/service/http.js';
import type { ExecutionRecord } from '../../src/service/store/types.js';
import { events } from './sse.js';

const root = path.resolve(import.meta.dirname, '../..');
const SECRET = 'whsec_server_test';

function record(id: string, fields: Partial<ExecutionRecord> = {}): ExecutionRecord {
  const at = '2026-11-23T10:00:00.000Z';
  return { id, eventId: `evt_${id}`, eventType: 'stripe.charge.succeeded', status: 'pending', attempt: 1, createdAt: at, updatedAt: at, replayedFrom: null, error: null, ...fields };
}

describe('LiveHub', () => {
  it('sends each execution once per window with its latest state, activity and rejections batched, in one write', async () => {
    const hub = new LiveHub();
    const writes: string[] = [];
    hub.created(record('exec_before_anyone_listens'));
    const close = hub.open({ write: (chunk) => writes.push(chunk), end: () => {}, buffered: 0, abort: () => {} });
    for (let i = 0; i < 500; i++) hub.created(record(`exec_${String(i).padStart(4, '0')}`));
    hub.updated('exec_0001', { status: 'running', updatedAt: '2026-11-23T10:00:01.000Z' });
    hub.updated('exec_0001', { status: 'completed', error: null });
    hub.updated('exec_older', { status: 'failed', error: 'boom' });
    hub.activity('exec_0002');
    hub.activity('exec_0002');
    hub.rejected({ seq: 1, status: 400 } as Rejection);
    expect(writes).toEqual(['retry: 2000\n\n']);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(writes).toHaveLength(2);
    const sent = events(writes[1]!);
    const executions = sent.filter(([name]) => name === 'execution').map(([, data]) => data as ExecutionRecord);
    expect(executions).toHaveLength(500);
    expect(executions[1]).toMatchObject({ id: 'exec_0001', status: 'completed', provider: 'stripe', updatedAt: '2026-11-23T10:00:01.000Z' });
    expect(sent.filter(([name]) => name !== 'execution')).toEqual([
      ['update', { id: 'exec_older', status: 'failed', error: 'boom' }],
      ['activity', { ids: ['exec_0002'] }],
      ['rejection', { seq: 1, status: 400 }],
    ]);
    close();
    hub.created(record('exec_after_close'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(writes).toHaveLength(2);
  });
});

describe('Rejections', () => {
  it('keeps the newest up to its capacity, without secrets in the headers', () => {
    const rejections = new Rejections(3);
    const request = (n: number): RelayRequest =>
      ({ method: 'post', pathname: '/api/webhook/stripe', headerRecord: () => ({ 'stripe-signature': `t=${n}`, authorization: 'Bearer x', cookie: 'a=b' }) }) as unknown as RelayRequest;
    for (let n = 1; n <= 5; n++) {
      rejections.record(request(n), { status: 400, headers: { 'x-relay-error-detail': `detail ${n}` }, body: JSON.stringify({ error: `error ${n}` }) }, new Date(0));
    }
    const kept = rejections.list();
    expect(kept.map((r) => [r.seq, r.error, r.detail, r.method, r.provider])).toEqual([
      [5, 'error 5', 'detail 5', 'POST', 'stripe'],
      [4, 'error 4', 'detail 4', 'POST', 'stripe'],
      [3, 'error 3', 'detail 3', 'POST', 'stripe'],
    ]);
    expect(kept[0]!.headers).toEqual({ 'stripe-signature': 't=5' });
    expect(() => new Rejections(0)).toThrow(RangeError);
  });
});

describe('the dashboard API through relay.fetch', () => {
  let relay: Relay;
  const ids: string[] = [];
  const get = async <T>(pathname: string, init: RequestInit = {}) => {
    const response = await relay.fetch(new Request(`http://localhost${pathname}`, init));
    return { status: response.status, headers: response.headers, json: (await response.json()) as T };
  };
  beforeAll(async () => {
    relay = createRelay({ dashboard: { rejectionsKept: 2 }, store: new MemoryStore(), secrets: { stripe: SECRET, github: SECRET } });
    for (const [provider, type] of [['stripe', 'charge.succeeded'], ['github', 'push'], ['stripe', 'invoice.paid'], ['github', 'issues.opened']] as const) {
      const d = await buildDelivery(provider, type, { secret: SECRET });
      const response = await relay.fetch(new Request(`http://localhost${d.path}`, { method: 'POST', headers: d.headers, body: d.body }));
      ids.push(((await response.json()) as { id: string }).id);
    }
    await relay.idle();
  });
  afterAll(() => relay.close());

  it('filters by provider, type and status, searches by id, and pages with a cursor or before an id', async () => {
    const list = async (query: string) => (await get<ListAnswer>(`/_dashboard/api/executions?${query}`)).json;
    expect((await list('')).items.map((i) => i.id)).toEqual([...ids].reverse());
    expect((await list('provider=github')).items.map((i) => i.id)).toEqual([ids[3], ids[1]]);
    expect((await list('provider=stripe&type=invoice.paid')).items.map((i) => i.id)).toEqual([ids[2]]);
    expect((await list('type=github.push')).items.map((i) => i.provider)).toEqual(['github']);
    expect((await list('status=failed')).items).toEqual([]);
    const first = await list('limit=3');
    expect(first.items).toHaveLength(3);
    expect((await list(`limit=3&cursor=${first.nextCursor}`)).items.map((i) => i.id)).toEqual([ids[0]]);
    expect((await list(`limit=2&before=${ids[2]}`)).items.map((i) => i.id)).toEqual([ids[1], ids[0]]);
    const detail = (await get<{ execution: { eventId: string; event: { deliveryId: string } } }>(`/_dashboard/api/executions/${ids[1]}`)).json;
    for (const q of [ids[1]!, detail.execution.eventId, detail.execution.event.deliveryId]) expect((await list(`q=${q}`)).items.map((i) => i.id)).toEqual([ids[1]]);
    expect((await list('q=nothing-like-it')).items).toEqual([]);
  });

  it("answers an execution with what Copy as needs of its provider: the mount path and the delivery's main resource", async () => {
    const stripe = (await get<DetailAnswer>(`/_dashboard/api/executions/${ids[0]}`)).json;
    expect(stripe.mountPath).toBe('/api/webhook/stripe');
    expect(stripe.mainResource).toMatchObject({ object: 'charge' });
    expect(stripe.mainResource).toEqual((JSON.parse(stripe.body) as { data: { object: unknown } }).data.object);
    const github = (await get<DetailAnswer>(`/_dashboard/api/executions/${ids[1]}`)).json;
    expect(github.mountPath).toBe('/api/webhook/github');
    expect(github.mainResource).toEqual(JSON.parse(github.body));
  });

  it('answers no main resource for a custom plugin, which relay trigger cannot build', async () => {
    const custom = createRelay({ dashboard: true, store: new MemoryStore(), plugins: [definePlugin({ id: 'acme', verify: permissiveVerify() })] });
    try {
      const body = JSON.stringify({ type: 'order.paid', data: { id: 7 } });
      const accepted = await custom.fetch(new Request('http://localhost/api/webhook/acme', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
      const { id } = (await accepted.json()) as { id: string };
      const detail = (await (await custom.fetch(new Request(`http://localhost/_dashboard/api/executions/${id}`))).json()) as DetailAnswer;
      expect(detail.body).toBe(body);
      expect(detail.mountPath).toBe('/api/webhook/acme');
      expect(detail.mainResource).toBeNull();
    } finally {
      await custom.close();
    }
  });

  it('answers errors as JSON with the security headers, and keeps only the newest refusals', async () => {
    const missing = await get<{ error: string }>('/_dashboard/api/executions/exec_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toContain('exec_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await get('/_dashboard/api/executions?status=done')).status).toBe(400);
    const conflict = await get<{ error: string }>(`/_dashboard/api/executions/${ids[0]}/retry`, { method: 'POST' });
    expect(conflict.status).toBe(409);
    for (let n = 0; n < 3; n++) await relay.fetch(new Request('http://localhost/api/webhook/stripe', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: `${n}` }));
    const rejections = (await get<{ items: Rejection[]; capacity: number }>('/_dashboard/api/rejections')).json;
    expect(rejections.capacity).toBe(2);
    expect(rejections.items.map((r) => r.status)).toEqual([415, 415]);
    expect((await get('/_dashboard/api/trigger', { method: 'POST', body: '{"provider":"stripe"}' })).status).toBe(400);
  });
});

describe('the built client', () => {
  it('is small, typed TypeScript built by the package build, shipped in the package, with no inline script', () => {
    const script = readFileSync(path.join(root, 'dist/dashboard/app.js'));
    const style = readFileSync(path.join(root, 'dist/dashboard/app.css'));
    expect(gzipSync(script).length + gzipSync(style).length).toBeLessThanOrEqual(100 * 1024);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('dist');
    expect(script.toString()).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });
});

describe('the live stream over node:http', () => {
  it('streams a new execution to an open client, and close() ends the stream instead of waiting on it', async () => {
    const relay = createRelay({ dashboard: true, store: new MemoryStore(), secrets: { stripe: SECRET } });
    const listening = await relay.listen({ port: 0 });
    const response = await fetch(`${listening.url}/_dashboard/api/live`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const d = await buildDelivery('stripe', 'charge.succeeded', { secret: SECRET });
    const sent = (await (await fetch(`${listening.url}${d.path}`, { method: 'POST', headers: d.headers, body: d.body })).json()) as { id: string };
    let text = '';
    while (!text.includes(sent.id)) text += (await reader.read()).value ?? '';
    expect(events(text)[0]).toEqual(['execution', expect.objectContaining({ id: sent.id, provider: 'stripe' })]);
    const closed = Promise.all([listening.close(), relay.close()]);
    for (;;) if ((await reader.read()).done) break;
    await closed;
  });
});
