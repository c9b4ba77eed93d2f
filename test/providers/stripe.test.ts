/**
 * Stripe deliveries against the official verifier, `Stripe.webhooks.constructEvent` from
 * stripe@23.1.0 (static, no API key), and relaykit's signer against a pinned known-answer vector.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { stripeEventTypes } from '../../src/providers/stripe/catalog.js';
import { stripe as signer } from '../../src/signers/index.js';

const secret = 'whsec_4eC39HqLyjWDarjtT1zdp7dc0a1b2c3d';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);

function constructEvent(body: string, header: string | undefined, key: string, receivedAt = at): Stripe.Event {
  return Stripe.webhooks.constructEvent(body, header ?? '', key, undefined, undefined, receivedAt);
}

/** Flips one byte of `body` in the middle of a string value, so the JSON stays valid. */
function tamper(body: string): string {
  const i = body.indexOf('"type": "') + 9;
  const flipped = body[i] === 'a' ? 'b' : 'a';
  return body.slice(0, i) + flipped + body.slice(i + 1);
}

describe('stripe deliveries verified by stripe-node', () => {
  it('constructEvent accepts every one of the 275 types and returns its id and type', async () => {
    expect(stripeEventTypes).toHaveLength(275);
    for (const type of stripeEventTypes) {
      const delivery = await buildDelivery('stripe', type, { secret, timestamp: at });
      const event = constructEvent(delivery.body, delivery.headers['Stripe-Signature'], secret);
      expect(event.type).toBe(type);
      expect(event.id).toBe(delivery.deliveryId);
    }
  });

  it('refuses a misspelt type (payment_intent.succeded) that any <resource>.<verb> used to pass', async () => {
    await expect(buildDelivery('stripe', 'payment_intent.succeded', { secret, timestamp: at })).rejects.toThrow(/payment_intent\.succeded/);
  });

  it('is accepted on the real clock when built without a timestamp', async () => {
    const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', { secret });
    const event = Stripe.webhooks.constructEvent(delivery.body, delivery.headers['Stripe-Signature']!, secret);
    expect(event.id).toBe(delivery.deliveryId);
  });

  it('rejects a body with one byte changed', async () => {
    const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, timestamp: at });
    const tampered = tamper(delivery.body);
    expect(tampered).not.toBe(delivery.body);
    expect(tampered.length).toBe(delivery.body.length);
    expect(() => constructEvent(tampered, delivery.headers['Stripe-Signature'], secret)).toThrow(
      /No signatures found matching the expected signature/,
    );
  });

  it('rejects a delivery signed with another secret', async () => {
    const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, timestamp: at });
    expect(() => constructEvent(delivery.body, delivery.headers['Stripe-Signature'], 'whsec_someone_else')).toThrow(
      /No signatures found matching the expected signature/,
    );
  });

  it('rejects a timestamp 301 s old and accepts one 299 s old', async () => {
    const stale = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, timestamp: at - 301_000 });
    expect(() => constructEvent(stale.body, stale.headers['Stripe-Signature'], secret)).toThrow(/Timestamp outside the tolerance zone/);
    const fresh = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, timestamp: at - 299_000 });
    expect(constructEvent(fresh.body, fresh.headers['Stripe-Signature'], secret).id).toBe(fresh.deliveryId);
  });

  it('signs with each of two secrets (one v1 entry each) and verifies with either', async () => {
    const rotated = 'whsec_rotated0000000000000000000000000';
    const delivery = await buildDelivery('stripe', 'invoice.paid', { secret: [secret, rotated], timestamp: at });
    const header = delivery.headers['Stripe-Signature']!;
    const entries = header.split(',').map((part) => part.split('=')[0]);
    expect(entries.filter((key) => key === 'v1')).toHaveLength(2);
    expect(entries[0]).toBe('t');
    expect(constructEvent(delivery.body, header, secret).id).toBe(delivery.deliveryId);
    expect(constructEvent(delivery.body, header, rotated).id).toBe(delivery.deliveryId);
    expect(() => constructEvent(delivery.body, header, 'whsec_neither')).toThrow();
  });

  it('sends the headers of a real delivery, t= in unix seconds and a test-mode v0 entry', async () => {
    const delivery = await buildDelivery('stripe', 'charge.succeeded', { secret, timestamp: at });
    expect(delivery.headers).toMatchObject({
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      Accept: '*/*; q=0.5, application/xml',
      'Cache-Control': 'no-cache',
    });
    expect(delivery.headers['Stripe-Signature']).toMatch(new RegExp(`^t=${at / 1000},v1=[0-9a-f]{64},v0=[0-9a-f]{64}$`));
  });
});

describe('stripe signature known-answer vector (fixtures/stripe/signature-vector.json)', () => {
  const vector = JSON.parse(readFileSync(new URL('../../fixtures/stripe/signature-vector.json', import.meta.url), 'utf8')) as {
    secret: string;
    timestamp: number;
    payload: string;
    header: string;
  };

  it('is still what stripe-node generateTestHeaderString produces', () => {
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: vector.payload,
      secret: vector.secret,
      timestamp: vector.timestamp,
    });
    expect(header).toBe(vector.header);
  });

  it('is reproduced byte for byte by relaykit stripe.sign', () => {
    const headers = signer.sign({ secret: vector.secret, body: vector.payload, timestamp: vector.timestamp * 1000 });
    expect(headers['Stripe-Signature']).toBe(vector.header);
  });

  it('is verified by relaykit stripe.verify and fails with a changed payload', () => {
    const now = vector.timestamp * 1000;
    const headers = { 'Stripe-Signature': vector.header };
    expect(signer.verify({ headers, body: vector.payload, secret: vector.secret, now })).toEqual({ ok: true });
    expect(signer.verify({ headers, body: `${vector.payload} `, secret: vector.secret, now })).toMatchObject({
      ok: false,
      reason: 'signature_mismatch',
    });
  });
});
