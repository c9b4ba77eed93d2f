/**
 * A re-sent Stripe fixture's fresh event id is shaped as `relay trigger` makes event ids (regression:
 * issue 26, it was 24 random characters): version, the send time, the fixture's account, random.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import type { Fixture } from '../../src/harness/fixture.js';
import { timeCode } from '../../src/providers/stripe/scene.js';

const SECRET = 'whsec_fixture_event_id';
const SENT = Date.UTC(2026, 10, 20, 9, 30, 15);

/** A fixture of the delivery `relay trigger` makes for `type`. */
async function triggered(type: string): Promise<{ fixture: Fixture; eventId: string }> {
  const delivery = await buildDelivery('stripe', type, { secret: SECRET, seed: 5, timestamp: Date.UTC(2026, 9, 1) });
  const headers = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => name.toLowerCase() !== 'stripe-signature'));
  const fixture: Fixture = { relaykitFixture: 1, provider: 'stripe', eventType: type, headers, body: delivery.body, capturedAt: '2026-10-01T00:00:00.000Z', scrubbed: [] };
  return { fixture, eventId: delivery.deliveryId };
}

describe('a re-sent Stripe fixture gets a Stripe-shaped event id', () => {
  it.each(['payment_intent.succeeded', 'invoice.paid'])('%s: the version and account of the fixture, minted at the send time', async (type) => {
    const { fixture, eventId } = await triggered(type);
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const { deliveryId, body } = await buildDelivery({ fixture, secret: SECRET, timestamp: SENT });
      expect(deliveryId).toMatch(/^evt_[13][0-9A-Za-z]{23}$/);
      expect(deliveryId.slice(4, 5)).toBe(eventId.slice(4, 5));
      expect(deliveryId.slice(5, 10)).toBe(timeCode(Math.floor(SENT / 1000)));
      expect(deliveryId.slice(10, 20)).toBe(eventId.slice(10, 20));
      expect(body.replace(deliveryId, eventId)).toBe(fixture.body);
      ids.add(deliveryId);
    }
    expect(ids.size).toBe(5);
  });

  it('a hand-written fixture whose id is not Stripe-shaped still gets one', async () => {
    const { fixture } = await triggered('charge.succeeded');
    const body = fixture.body.replace(/"id": "evt_[0-9A-Za-z]+"/, '"id": "evt_handwritten"');
    const { deliveryId } = await buildDelivery({ fixture: { ...fixture, body }, secret: SECRET, timestamp: SENT });
    expect(deliveryId).toMatch(/^evt_1[0-9A-Za-z]{23}$/);
    expect(deliveryId.slice(5, 10)).toBe(timeCode(Math.floor(SENT / 1000)));
  });
});
