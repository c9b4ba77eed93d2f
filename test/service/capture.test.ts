/**
 * Capture mode of the reference service, in process: a delivery that verifies is stored marked as a capture
 * (byte for byte, with its headers), one that does not is refused and stored nowhere, and a replay of a
 * capture is not a capture.
 */
import { describe, expect, it } from 'vitest';
import { createRelay } from '../../src/service/relay.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from './official.js';

describe('createRelay({ capture: true })', () => {
  it('marks verified deliveries as captures, refuses the rest, and replays are not captures', async () => {
    const store = new MemoryStore();
    const capturing = createRelay({ capture: true, store, secrets });
    const plain = createRelay({ store, secrets });
    const post = (relay: typeof capturing, d: { headers: Record<string, string>; body: string }, provider = 'github') =>
      relay.fetch(new Request(`http://relay.local/api/webhook/${provider}`, { method: 'POST', headers: d.headers, body: d.body }));

    const real = await officialDelivery('github', 'push', { seed: 1 });
    const accepted = await post(capturing, real);
    expect(accepted.status).toBe(200);
    const execution = (await accepted.json()) as { id: string; eventId: string };
    const event = await store.getEvent(execution.eventId);
    expect(event).toMatchObject({ captured: true, body: real.body, headers: { 'x-github-delivery': real.deliveryId } });
    expect((await capturing.findExecution(execution.id))?.event.captured).toBe(true);

    const forged = await officialDelivery('github', 'push', { seed: 2, secret: 'not-the-secret' });
    expect((await post(capturing, forged)).status).toBe(401);
    expect((await store.listCaptures()).map((e) => e.id)).toEqual([execution.eventId]);

    const other = await post(plain, await officialDelivery('stripe', 'charge.succeeded', { seed: 3 }), 'stripe');
    expect(other.status).toBe(200);
    const replayed = await capturing.replayExecution(execution.id);
    expect((await store.getEvent(replayed.eventId))?.captured).toBeUndefined();
    expect((await store.listCaptures()).map((e) => e.id)).toEqual([execution.eventId]);
    await Promise.all([capturing.close(), plain.close()]);
  });
});
