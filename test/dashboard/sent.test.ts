/**
 * The "Sent by the emulator" view's server side: `GET /_dashboard/api/sent` and the live stream's `sent`
 * events over a `SentSource` (the interface the CLI adapts its emulator to; here a small source of
 * its own, as any shell may give), each delivered one linked to the execution the service stored it as.
 * Without a source, the endpoint is a 404 in the API's JSON error shape and the catalog says so.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildDelivery, createRelay, MemoryStore, RelayError, type Relay } from '../../src/index.js';
import { LiveHub } from '../../src/service/dashboard/live.js';
import type { SentSource } from '../../src/service/dashboard/sent.js';
import type { CatalogAnswer, SentAnswer, SentDelivery, SentItem } from '../../src/service/dashboard/wire.js';
import { events } from './sse.js';

const SECRET = 'whsec_sent_test';

/** A source over a list the test writes to: `send` adds or changes a delivery and tells the subscribers. */
function listSource() {
  const deliveries: SentDelivery[] = [];
  const listeners = new Set<(delivery: SentDelivery) => void>();
  const source: SentSource = {
    list: () => deliveries.slice(),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const send = (delivery: SentDelivery) => {
    const index = deliveries.findIndex((d) => d.key === delivery.key);
    if (index === -1) deliveries.push(delivery);
    else deliveries[index] = delivery;
    for (const listener of listeners) listener(delivery);
  };
  return { source, send, listeners };
}

function sent(deliveryId: string, fields: Partial<SentDelivery> = {}): SentDelivery {
  return {
    key: `stripe/we_1/${deliveryId}`,
    provider: 'stripe',
    type: 'customer.created',
    deliveryId,
    endpoint: { id: 'we_1', url: 'http://127.0.0.1:3000/api/webhook/stripe' },
    objectId: 'cus_1',
    copy: 'original',
    status: 'delivered',
    attempts: [{ attempt: 1, sentAt: '2026-11-26T10:00:00.000Z', status: 200, durationMs: 3 }],
    event: { id: deliveryId, type: 'customer.created' },
    ...fields,
  };
}

let relay: Relay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

async function get<T>(pathname: string): Promise<{ status: number; headers: Headers; json: T }> {
  const response = await relay!.fetch(new Request(`http://localhost${pathname}`));
  return { status: response.status, headers: response.headers, json: (await response.json()) as T };
}

/** Sends a signed Stripe delivery to the service; returns its delivery id and the execution's id. */
async function accept(): Promise<{ deliveryId: string; executionId: string }> {
  const d = await buildDelivery('stripe', 'customer.created', { secret: SECRET });
  const response = await relay!.fetch(new Request(`http://localhost${d.path}`, { method: 'POST', headers: d.headers, body: d.body }));
  expect(response.status).toBe(200);
  return { deliveryId: d.deliveryId, executionId: ((await response.json()) as { id: string }).id };
}

describe('GET /_dashboard/api/sent', () => {
  it('is a 404 in the JSON error shape, and the catalog says there is no view, without a source', async () => {
    relay = createRelay({ dashboard: true, store: new MemoryStore() });
    const answer = await get<{ error: string }>('/_dashboard/api/sent');
    expect(answer.status).toBe(404);
    expect(answer.json.error).toContain('--emulate');
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await get<CatalogAnswer>('/_dashboard/api/catalog')).json.sent).toBe(false);
  });

  it('lists the deliveries newest first, a delivered one linked to its execution by delivery id', async () => {
    const { source, send } = listSource();
    relay = createRelay({ dashboard: { sent: source }, store: new MemoryStore(), secrets: { stripe: SECRET } });
    expect((await get<CatalogAnswer>('/_dashboard/api/catalog')).json.sent).toBe(true);
    expect((await get<SentAnswer>('/_dashboard/api/sent')).json).toEqual({ items: [], total: 0 });

    const accepted = await accept();
    send(sent(accepted.deliveryId));
    send(sent('evt_never_arrived', { status: 'failed', attempts: [{ attempt: 1, sentAt: '2026-11-26T10:00:01.000Z', status: null, durationMs: 0, error: 'ECONNREFUSED' }] }));
    send(sent('evt_on_its_way', { status: 'pending', attempts: [] }));
    // Delivered by the emulator's account, but never stored by this service: no link to make.
    send(sent('evt_elsewhere'));

    const answer = await get<SentAnswer>('/_dashboard/api/sent');
    expect(answer.status).toBe(200);
    expect(answer.json.total).toBe(4);
    expect(answer.json.items.map((i) => [i.deliveryId, i.status, i.executionId])).toEqual([
      ['evt_elsewhere', 'delivered', null],
      ['evt_on_its_way', 'pending', null],
      ['evt_never_arrived', 'failed', null],
      [accepted.deliveryId, 'delivered', accepted.executionId],
    ]);
    expect(answer.json.items[2]).toEqual({ ...sent('evt_never_arrived', answer.json.items[2]), executionId: null });
    expect((await relay.findExecution(accepted.executionId))?.event.deliveryId).toBe(accepted.deliveryId);

    const newest = await get<SentAnswer>('/_dashboard/api/sent?limit=2');
    expect(newest.json.items.map((i) => i.deliveryId)).toEqual(['evt_elsewhere', 'evt_on_its_way']);
    expect(newest.json.total).toBe(4);
    for (const limit of ['0', '1001', 'x', '-1']) {
      const refused = await get<{ error: string }>(`/_dashboard/api/sent?limit=${limit}`);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toContain('limit must be a whole number from 1 to 1000');
    }
  });

  it('asks for the token like the rest of the API when RELAY_API_TOKEN is set', async () => {
    relay = createRelay({ dashboard: { sent: listSource().source }, store: new MemoryStore(), apiToken: 'sent-token' });
    expect((await get<{ error: string }>('/_dashboard/api/sent')).status).toBe(401);
    const signedIn = await relay.fetch(new Request('http://localhost/_dashboard/api/sent', { headers: { authorization: 'Bearer sent-token' } }));
    expect(signedIn.status).toBe(200);
  });

  it('refuses a source without list() and subscribe()', () => {
    expect(() => createRelay({ dashboard: { sent: { list: () => [] } as unknown as SentSource } })).toThrow(RelayError);
    expect(() => createRelay({ dashboard: { sent: { list: () => [] } as unknown as SentSource } })).toThrow(/dashboard\.sent must be an object with list\(\) and subscribe/);
  });

  it('stops listening to the source when the service closes', async () => {
    const { source, listeners } = listSource();
    relay = createRelay({ dashboard: { sent: source }, store: new MemoryStore() });
    expect(listeners.size).toBe(1);
    await relay.close();
    expect(listeners.size).toBe(0);
  });
});

describe('the live stream of sent deliveries', () => {
  it("sends each change to an open page as a sent event, with the execution once it is delivered, in the order the source told them", async () => {
    const { source, send } = listSource();
    relay = createRelay({ dashboard: { sent: source }, store: new MemoryStore(), secrets: { stripe: SECRET } });
    const listening = await relay.listen({ port: 0 });
    try {
      const response = await fetch(`${listening.url}/_dashboard/api/live`);
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      expect((await reader.read()).value).toContain('retry:');
      const accepted = await accept();
      const failedFirst = sent(accepted.deliveryId, { status: 'pending', attempts: [{ attempt: 1, sentAt: '2026-11-26T10:00:00.000Z', status: 500, durationMs: 2 }] });
      send(failedFirst);
      send(sent(accepted.deliveryId, { attempts: [...failedFirst.attempts, { attempt: 2, sentAt: '2026-11-26T10:00:01.000Z', status: 200, durationMs: 2 }] }));
      let text = '';
      while (!text.includes('"attempt":2')) text += (await reader.read()).value ?? '';
      const items = events(text).filter(([name]) => name === 'sent').map(([, data]) => data as SentItem);
      // Within one window the delivery comes once, in its latest state; in any case that state comes last, linked to its execution.
      expect(items.map((i) => i.status)).toEqual(items.length === 1 ? ['delivered'] : ['pending', 'delivered']);
      expect(items.at(-1)).toMatchObject({ key: `stripe/we_1/${accepted.deliveryId}`, status: 'delivered', executionId: accepted.executionId });
      expect(items.at(-1)!.attempts.map((a) => a.status)).toEqual([500, 200]);
      expect(items[0]!.executionId).toBe(items.length === 1 ? accepted.executionId : null);
      await reader.cancel();
    } finally {
      await listening.close();
    }
  });
});

describe('LiveHub.sent', () => {
  it('sends a delivery once per window in its latest state, new ones in the order they came, and nothing with no page open', async () => {
    const hub = new LiveHub();
    const item = (deliveryId: string, status: SentItem['status']): SentItem => ({ ...sent(deliveryId, { status }), executionId: null });
    hub.sent(item('evt_before_anyone_listens', 'delivered'));
    const writes: string[] = [];
    const close = hub.open({ write: (chunk) => writes.push(chunk), end: () => {}, buffered: 0, abort: () => {} });
    hub.sent(item('evt_a', 'pending'));
    hub.sent(item('evt_b', 'delivered'));
    hub.sent(item('evt_a', 'failed'));
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(writes).toHaveLength(2);
    expect(events(writes[1]!).map(([name, data]) => [name, (data as SentItem).deliveryId, (data as SentItem).status])).toEqual([
      ['sent', 'evt_a', 'failed'],
      ['sent', 'evt_b', 'delivered'],
    ]);
    close();
    hub.sent(item('evt_after_close', 'delivered'));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(writes).toHaveLength(2);
  });
});
