/**
 * A sixth provider from a folder of its own (test/support/sixth-provider/), registered through the slice
 * interface the built-ins use: the harness builds, sends, sequences and re-signs its deliveries from what
 * its slice states (wire facts, retry rule, flows), with no edit anywhere else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { createFixture, formatFixture, parseFixture } from '../../src/harness/fixture.js';
import { buildFlow, listFlows, triggerFlow } from '../../src/harness/flows/index.js';
import { triggerWebhook } from '../../src/harness/trigger.js';
import { getProvider, registerProvider } from '../../src/providers/index.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { acme } from '../support/sixth-provider/index.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const at = Date.UTC(2026, 10, 26, 12);

let unregister: () => void;
let relay: Relay;

beforeAll(() => {
  unregister = registerProvider(acme);
  relay = createRelay({ store: ':memory:', plugins: [acme], secrets: { acme: secret } });
});

afterAll(async () => {
  unregister();
  await relay.close();
});

const verifies = async (headers: Readonly<Record<string, string>>, body: string, now = at) =>
  (await acme.verify({ headers, body, secrets: [secret], now })).ok;

describe('a sixth provider registered from its own folder', () => {
  it('builds a signed delivery with its data merged into its main resource and its delivery id in its place', async () => {
    const delivery = await buildDelivery('acme', 'widget.created', { secret, seed: 1, timestamp: at, data: { color: 'red' } });
    const body = JSON.parse(delivery.body);
    expect(delivery.path).toBe('/api/webhook/acme');
    expect(body.payload.color).toBe('red');
    expect(delivery.deliveryId).toBe(body.event_id);
    expect(delivery.headers['webhook-id']).toBe(body.event_id);
    expect(delivery.headers['Acme-Event']).toBe('widget.created');
    expect(await verifies(delivery.headers, delivery.body)).toBe(true);
    // Same seed and time, same bytes.
    expect((await buildDelivery('acme', 'widget.created', { secret, seed: 1, timestamp: at, data: { color: 'red' } })).body).toBe(delivery.body);
  });

  it('is delivered by triggerWebhook to a service that mounts it, and deduplicated by its event_id', async () => {
    const first = await triggerWebhook('acme', 'widget.shipped', { target: relay, secret, seed: 2 });
    expect(first.status).toBe(200);
    expect(first.execution?.eventType).toBe('acme.widget.shipped');
    const again = await triggerWebhook('acme', 'widget.shipped', { target: relay, secret, seed: 2 });
    expect(again.execution?.id).toBe(first.execution?.id);
  });

  it('lists and builds its flow: both events name one widget and carry the first delivery\'s account', async () => {
    expect(listFlows('acme').map((flow) => flow.name)).toEqual(['widget-lifecycle']);
    expect(listFlows().some((flow) => flow.provider === 'acme')).toBe(true);
    const [created, shipped] = await buildFlow('acme', 'widget-lifecycle', { secret, seed: 7, timestamp: at });
    const [a, b] = [JSON.parse(created!.body), JSON.parse(shipped!.body)];
    expect([a.type, b.type]).toEqual(['widget.created', 'widget.shipped']);
    expect(b.payload.id).toBe(a.payload.id);
    expect(b.payload.shipped_at).toBe(new Date(at + 3_600_000).toISOString());
    expect(shipped!.headers['Acme-Account']).toBe(created!.headers['Acme-Account']);
    expect(shipped!.timestamp).toBe(at + 3_600_000);
    expect(await verifies(shipped!.headers, shipped!.body, at + 3_600_000)).toBe(true);
  });

  it('retries a flow on its own schedule and stops after its own number of attempts', async () => {
    const refuse = () => new Response('{"error":"down"}', { status: 503, headers: { 'content-type': 'application/json' } });
    const run = await triggerFlow('acme', 'widget-lifecycle', { target: refuse, secret, seed: 3, retries: true, timeScale: 0 });
    expect(run.retryRule).toBe(acme.retry.summary);
    expect(run.results.map((result) => result.attempts.map((attempt) => attempt.offsetMs))).toEqual([
      [0, 30_000, 150_000],
      [0, 30_000, 150_000],
    ]);
    expect(run.ok).toBe(false);
  });

  it('saves a stored delivery as a fixture and signs it again with a fresh event_id, changing the body in that value only', async () => {
    const sent = await triggerWebhook('acme', 'widget.created', { target: relay, secret, seed: 4 });
    const stored = await relay.store.getEvent(sent.execution!.eventId);
    const fixture = parseFixture(formatFixture(createFixture({ ...stored!, receivedAt: new Date(at).toISOString() }, { scrub: false })));
    expect(fixture.provider).toBe('acme');
    expect(Object.keys(fixture.headers).map((name) => name.toLowerCase())).not.toContain('webhook-signature');

    const resigned = await buildDelivery({ fixture, secret, timestamp: at });
    expect(resigned.deliveryId).not.toBe(sent.delivery.deliveryId);
    expect(resigned.body).toBe(fixture.body.replace(sent.delivery.deliveryId, resigned.deliveryId));
    expect(resigned.headers['webhook-id']).toBe(resigned.deliveryId);
    expect(await verifies(resigned.headers, resigned.body)).toBe(true);

    const kept = await buildDelivery({ fixture, secret, timestamp: at, keepIds: true });
    expect(kept.deliveryId).toBe(sent.delivery.deliveryId);
    expect(kept.body).toBe(fixture.body);

    const accepted = await triggerWebhook({ fixture, secret, target: relay });
    expect(accepted.status).toBe(200);
    expect(accepted.execution?.id).not.toBe(sent.execution?.id);
  });

  it('gives a hand-written fixture without its routing header the header the receiver routes on', async () => {
    const body = JSON.stringify({ event_id: 'evt_hand', type: 'widget.shipped', created_at: new Date(at).toISOString(), payload: { id: 'wid_1' } });
    const fixture = { relaykitFixture: 1 as const, provider: 'acme', eventType: 'widget.shipped', headers: {}, body, capturedAt: new Date(at).toISOString(), scrubbed: [] };
    const delivery = await buildDelivery({ fixture, secret, timestamp: at });
    expect(delivery.headers['Acme-Event']).toBe('widget.shipped');
  });

  it('refuses a second provider with a registered id, and forgets the provider once unregistered', () => {
    expect(() => registerProvider(acme)).toThrow(/already registered/);
    expect(() => registerProvider({ ...acme, id: 'stripe' })).toThrow(/"stripe" is already registered \(a built-in\)/);
    const again = registerProvider({ ...acme, id: 'acme-two' });
    expect(getProvider('acme-two').name).toBe('Acme');
    again();
    expect(() => getProvider('acme-two')).toThrow(/Unknown provider "acme-two"/);
  });
});
