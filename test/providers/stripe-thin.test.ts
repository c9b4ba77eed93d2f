/**
 * Stripe event notifications ("thin events"): every type of stripe-node 23.1's
 * `V2.EventNotification` union builds, signs, and is accepted by the real
 * `stripe.parseEventNotification` and dispatched by its notification handler to that type's callback.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, listEventTypes, type Delivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { thinEventTypes } from '../../src/providers/stripe/generated/thin-types.js';
import { thin } from '../../src/providers/stripe/generated/thin.js';

const secret = 'whsec_thin_4eC39HqLyjWDarjtT1zdp7dc';
const SEEDS = [1, 2, 3];
const stripe = new Stripe('sk_test_thin');
const EVENTS_DTS = readFileSync(new URL('../../node_modules/stripe/cjs/resources/V2/Core/Events.d.ts', import.meta.url), 'utf8');

/** The notification types as stripe-node declares them, read straight from its types (not through the generator). */
const declared = [...EVENTS_DTS.matchAll(/EventNotification extends EventNotificationBase \{\n\s+type: '([^']+)';/g)].map((m) => m[1]!);
/** Types whose notification declares `related_object`, and those whose related object is a singleton. */
const withRelated = new Set([...EVENTS_DTS.matchAll(/EventNotification extends EventNotificationBase \{\n\s+type: '([^']+)';\n\s+related_object: V2\.Core\.Events\.(\w+);/g)].map((m) => `${m[1]} ${m[2]}`));

interface Built {
  type: string;
  seed: number;
  delivery: Delivery;
  body: Record<string, unknown>;
}

const built: Built[] = [];

beforeAll(async () => {
  for (const type of thinEventTypes) {
    for (const seed of SEEDS) {
      const delivery = await buildDelivery('stripe', type, { secret, seed });
      built.push({ type, seed, delivery, body: JSON.parse(delivery.body) as Record<string, unknown> });
    }
  }
});

describe('stripe event notification catalog', () => {
  it('lists exactly the 326 notification types stripe-node declares, after the snapshot types', () => {
    expect(declared).toHaveLength(326);
    expect([...thinEventTypes].sort()).toEqual([...declared].sort());
    const catalog = getProvider('stripe').catalog;
    expect(catalog.eventTypes.slice(-thinEventTypes.length)).toEqual([...thinEventTypes]);
    for (const type of thinEventTypes) expect(catalog.resolve(type)).toBe(type);
    expect(listEventTypes('stripe').filter((type) => type.startsWith('v1.') || type.startsWith('v2.'))).toEqual([...thinEventTypes]);
  });
});

describe('stripe event notifications verified by stripe-node', () => {
  it('parseEventNotification accepts every type for every seed and yields its type, id and fetchers', () => {
    let accepted = 0;
    for (const { type, delivery } of built) {
      const notification = stripe.parseEventNotification(delivery.body, delivery.headers['Stripe-Signature']!, secret);
      expect(notification.type).toBe(type);
      expect(notification.id).toBe(delivery.deliveryId);
      expect(notification.object).toBe('v2.core.event');
      expect(typeof notification.fetchEvent).toBe('function');
      accepted++;
    }
    expect(accepted).toBe(326 * SEEDS.length);
  });

  it("stripe-node's notification handler dispatches every type to that type's callback, none to the fallback", async () => {
    const seen: string[] = [];
    const fallback: string[] = [];
    const handler = stripe.notificationHandler(secret, async (notification) => {
      fallback.push(notification.type);
    });
    for (const type of thinEventTypes) {
      handler.on(type as never, (async (notification: { type: string }) => {
        seen.push(`${type}=${notification.type}`);
      }) as never);
    }
    for (const { delivery } of built.filter((b) => b.seed === 1)) await handler.handle(delivery.body, delivery.headers['Stripe-Signature']!);
    expect(fallback).toEqual([]);
    expect(seen).toEqual(thinEventTypes.map((type) => `${type}=${type}`));
  });

  it('rejects a tampered body, a wrong secret, and a snapshot event passed as a notification', async () => {
    const { delivery } = built.find((b) => b.type === 'v1.billing.meter.error_report_triggered')!;
    const header = delivery.headers['Stripe-Signature']!;
    expect(() => stripe.parseEventNotification(delivery.body.replace('billing.meter', 'billing.metre'), header, secret)).toThrow(/No signatures found/);
    expect(() => stripe.parseEventNotification(delivery.body, header, 'whsec_other')).toThrow(/No signatures found/);
    const snapshot = await buildDelivery('stripe', 'charge.succeeded', { secret });
    expect(() => stripe.parseEventNotification(snapshot.body, snapshot.headers['Stripe-Signature']!, secret)).toThrow(/expects an event notification/);
    expect(() => Stripe.webhooks.constructEvent(delivery.body, header, secret)).toThrow(/thin event notification/);
  });
});

describe('stripe event notification bodies', () => {
  it('have the v2 envelope: evt_test_ ids, ISO created, no data, related_object exactly where stripe-node declares one', () => {
    for (const { type, body, delivery } of built) {
      expect(Object.keys(body).filter((k) => !['id', 'object', 'type', 'livemode', 'created', 'context', 'reason', 'related_object'].includes(k))).toEqual([]);
      expect(body.id).toMatch(/^evt_test_65[A-Za-z0-9]{17}16[A-Za-z0-9]{25}$/);
      expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Date.parse(body.created as string)).toBeLessThanOrEqual(delivery.timestamp);
      expect(body.livemode).toBe(false);
      const related = body.related_object as { id?: string; type: string; url: string } | undefined;
      const kind = withRelated.has(`${type} RelatedObject`) ? 'object' : withRelated.has(`${type} RelatedSingletonObject`) ? 'singleton' : 'none';
      if (kind === 'none') {
        expect(related, type).toBeUndefined();
        continue;
      }
      expect(related?.type, type).toBe(thin[type]!.r);
      expect(related!.url).toMatch(/^\/v[12]\/[a-z_/]+/);
      if (kind === 'object') {
        expect(Object.keys(related!)).toEqual(['id', 'type', 'url']);
        expect(related!.url.split('?')[0]!.endsWith(`/${related!.id}`), `${type} ${related!.url}`).toBe(true);
      } else {
        expect(Object.keys(related!)).toEqual(['type', 'url']);
      }
      if (typeof body.context === 'string') expect(related!.url).toContain(`/accounts/${body.context}/`);
    }
  });

  it('point at the related object with the url Stripe documents (v1 meter, v2 account with include)', () => {
    const meter = built.find((b) => b.type === 'v1.billing.meter.error_report_triggered')!.body.related_object as Record<string, string>;
    expect(meter.url).toBe(`/v1/billing/meters/${meter.id}`);
    expect(meter.id).toMatch(/^mtr_test_61[A-Za-z0-9]{30}$/);
    const account = built.find((b) => b.type === 'v2.core.account[requirements].updated')!.body.related_object as Record<string, string>;
    expect(account).toEqual({ id: account.id, type: 'v2.core.account', url: `/v2/core/accounts/${account.id}?include=requirements` });
    const balance = built.find((b) => b.type === 'v1.balance.available')!.body.related_object;
    expect(balance).toEqual({ type: 'balance', url: '/v1/balance' });
  });

  it('an unknown v2 type (allowed by the caller) builds a notification stripe-node parses as unknown, with no related_object', async () => {
    const { builder } = await import('../../src/providers/stripe/build.js');
    const { seededFaker } = await import('../../src/providers/shared/random.js');
    const { body } = builder.build({ eventType: 'v2.billing.widget.created', faker: seededFaker(1), now: Date.UTC(2026, 10, 21), data: undefined });
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({ object: 'v2.core.event', type: 'v2.billing.widget.created', livemode: false });
    expect(parsed.related_object).toBeUndefined();
    expect(stripe.parseEventNotificationWithoutVerification(body).type).toBe('v2.billing.widget.created');
  });

  it('a data override of related_object.id or context moves the url with it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9]{8,24}$/), fc.stringMatching(/^[A-Za-z0-9]{16}$/), async (suffix, account) => {
        const meter = await buildDelivery('stripe', 'v1.billing.meter.updated', { secret, data: { related_object: { id: `mtr_${suffix}` } } });
        expect(JSON.parse(meter.body).related_object.url).toBe(`/v1/billing/meters/mtr_${suffix}`);
        const person = await buildDelivery('stripe', 'v1.person.updated', { secret, data: { context: `acct_${account}` } });
        const body = JSON.parse(person.body);
        expect(body.related_object.url).toBe(`/v1/accounts/acct_${account}/persons/${body.related_object.id}`);
      }),
      { numRuns: 25 },
    );
  });
});
