/**
 * Flows: the catalog of flows, the ids their events share, the sequence options, and every delivery,
 * duplicate and retry of every flow accepted by the providers' official verifiers.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEventTypes, type Delivery } from '../../src/harness/build-delivery.js';
import { buildFlow, listFlows, triggerFlow, type TriggerFlowResult } from '../../src/harness/flows/index.js';
import { planSequence } from '../../src/harness/flows/sequence.js';
import { secrets, type ProviderId } from '../service/official.js';

const T = Date.UTC(2026, 10, 1, 12);
const providers = Object.keys(secrets) as ProviderId[];
const headerOf = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1] ?? '';

/** The official verifier of each provider, over a request as it arrived; throws or returns false when it refuses. */
async function officiallyVerified(provider: ProviderId, headers: Record<string, string>, body: string): Promise<boolean> {
  switch (provider) {
    case 'stripe':
      Stripe.webhooks.constructEvent(body, headerOf(headers, 'stripe-signature'), secrets.stripe);
      return true;
    case 'github':
      return octokitVerify(secrets.github, body, headerOf(headers, 'x-hub-signature-256'));
    case 'clerk':
    case 'resend':
      new Webhook(secrets[provider]).verify(body, {
        'svix-id': headerOf(headers, 'svix-id'),
        'svix-timestamp': headerOf(headers, 'svix-timestamp'),
        'svix-signature': headerOf(headers, 'svix-signature'),
      });
      return true;
    case 'shopify': {
      // Shopify's documented check (@shopify/shopify-api's own test helper computes it the same way).
      const expected = Buffer.from(createHmac('sha256', secrets.shopify).update(body, 'utf8').digest('base64'));
      const given = Buffer.from(headerOf(headers, 'x-shopify-hmac-sha256'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    }
  }
}

describe('listFlows', () => {
  it('lists at least Stripe 6, GitHub 4, Shopify 3, Clerk 2 and Resend 2 flows, each of catalog types with a source', () => {
    const counts = Object.fromEntries(providers.map((p) => [p, listFlows(p).length]));
    expect(counts.stripe).toBeGreaterThanOrEqual(6);
    expect(counts.github).toBeGreaterThanOrEqual(4);
    expect(counts.shopify).toBeGreaterThanOrEqual(3);
    expect(counts.clerk).toBeGreaterThanOrEqual(2);
    expect(counts.resend).toBeGreaterThanOrEqual(2);
    expect(listFlows()).toHaveLength(Object.values(counts).reduce((a, b) => a + b, 0));
    for (const flow of listFlows()) {
      const catalog = new Set(listEventTypes(flow.provider));
      expect(flow.eventTypes.filter((type) => !catalog.has(type)), `${flow.provider} ${flow.name}`).toEqual([]);
      expect(flow.eventTypes.length).toBeGreaterThanOrEqual(2);
      expect(flow.source).toMatch(/^https:\/\//);
    }
  });

  it('names the flows of the provider when a name is unknown, with the closest one', async () => {
    await expect(buildFlow('stripe', 'checkout-subscriptions', { secret: secrets.stripe })).rejects.toMatchObject({
      code: 'UNKNOWN_FLOW',
      message: expect.stringMatching(/Did you mean checkout-subscription\?.*stripe flows: checkout-subscription, card-payment/),
    });
    await expect(buildFlow('strpe', 'refund', { secret: secrets.stripe })).rejects.toMatchObject({ code: 'UNKNOWN_PROVIDER' });
  });
});

describe('buildFlow', () => {
  const built = new Map<string, Delivery[]>();
  beforeAll(async () => {
    for (const flow of listFlows()) {
      for (const seed of [1, 2]) {
        built.set(`${flow.provider}/${flow.name}/${seed}`, await buildFlow(flow.provider, flow.name, { secret: secrets[flow.provider as ProviderId], seed, timestamp: T }));
      }
    }
  });

  it('gives every event its own delivery id and time, in the order listFlows gives, and the same bytes for the same seed', async () => {
    for (const flow of listFlows()) {
      const deliveries = built.get(`${flow.provider}/${flow.name}/1`)!;
      expect(deliveries.map((d) => d.eventType)).toEqual(flow.eventTypes);
      expect(new Set(deliveries.map((d) => d.deliveryId)).size).toBe(deliveries.length);
      const times = deliveries.map((d) => d.timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(T);
      expect(built.get(`${flow.provider}/${flow.name}/2`)!.map((d) => d.deliveryId)).not.toEqual(deliveries.map((d) => d.deliveryId));
    }
    // Two flows run with one seed share no delivery id (a service would take one for a redelivery of the other).
    const all = listFlows().flatMap((flow) => built.get(`${flow.provider}/${flow.name}/1`)!.map((d) => d.deliveryId));
    expect(new Set(all).size).toBe(all.length);
    const again = await buildFlow('clerk', 'sign-up', { secret: secrets.clerk, seed: 1, timestamp: T });
    expect(again.map((d) => d.body)).toEqual(built.get('clerk/sign-up/1')!.map((d) => d.body));
  });

  it("shares the Stripe checkout's customer, subscription, invoice, payment intent and charge ids, with created times in order", () => {
    const events = built.get('stripe/checkout-subscription/1')!.map((d) => JSON.parse(d.body));
    const objects = events.map((e) => e.data.object);
    const customer = objects[0].id;
    expect(customer).toMatch(/^cus_/);
    expect(objects.slice(1).every((o) => o.customer === customer)).toBe(true);
    const ids = (prefix: string) => new Set(objects.map((o) => o.id).filter((id: string) => id.startsWith(prefix)));
    for (const prefix of ['sub_', 'in_', 'pi_', 'ch_', 'pm_', 'cs_test_']) expect(ids(prefix).size, prefix).toBe(1);
    const session = objects.at(-1);
    expect([session.subscription, session.invoice]).toEqual([[...ids('sub_')][0], [...ids('in_')][0]]);
    const charge = objects.find((o) => o.object === 'charge');
    expect([charge.payment_intent, charge.payment_method]).toEqual([[...ids('pi_')][0], [...ids('pm_')][0]]);
    const created = events.map((e) => e.created);
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(objects.filter((o) => o.object === 'subscription').map((o) => o.status)).toEqual(['incomplete', 'active']);
  });

  it('keeps the GitHub repository, sender and hook, the Shopify shop and order, and the Resend email across a flow', () => {
    const github = built.get('github/pull-request/1')!;
    const bodies = github.map((d) => JSON.parse(d.body));
    expect(new Set(bodies.map((b) => b.repository.full_name)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.sender.login)).size).toBe(1);
    expect(new Set(github.map((d) => d.headers['X-GitHub-Hook-ID'])).size).toBe(1);
    expect(new Set(bodies.filter((b) => b.pull_request).map((b) => `${b.pull_request.number}/${b.pull_request.head.sha}`)).size).toBe(1);
    expect(bodies.at(-1).pull_request.merged).toBe(true);
    const shopify = built.get('shopify/order-fulfilled/1')!;
    expect(new Set(shopify.map((d) => d.headers['X-Shopify-Shop-Domain'])).size).toBe(1);
    const orders = shopify.map((d) => JSON.parse(d.body));
    expect(new Set(orders.map((o) => o.order_id ?? o.id)).size).toBe(1);
    expect(orders.at(-1).fulfillment_status).toBe('fulfilled');
    const emails = built.get('resend/email-engagement/1')!.map((d) => JSON.parse(d.body).data);
    expect(new Set(emails.map((e) => `${e.email_id}|${e.subject}|${e.from}`)).size).toBe(1);
  });

  it('merges per-event data by type or by a function, after the flow its own', async () => {
    const byType = await buildFlow('stripe', 'card-payment', { secret: secrets.stripe, seed: 3, data: { 'charge.succeeded': { metadata: { order: '42' } } } });
    const charge = JSON.parse(byType[1]!.body).data.object;
    expect([charge.metadata, charge.payment_intent]).toEqual([{ order: '42' }, JSON.parse(byType[0]!.body).data.object.id]);
    const byIndex = await buildFlow('resend', 'email-bounce', { secret: secrets.resend, seed: 3, data: ({ index }) => (index === 2 ? { subject: 'Hi' } : undefined) });
    expect(byIndex.map((d) => JSON.parse(d.body).data.subject === 'Hi')).toEqual([false, false, true]);
    await expect(buildFlow('resend', 'email-bounce', { secret: secrets.resend, data: { 'email.sent': [] as never } })).rejects.toMatchObject({ code: 'INVALID_DATA' });
  });
});

describe('planSequence', () => {
  it('orders as asked, places each duplicate after its original, and replays from the seed', () => {
    expect(planSequence(4, { order: 'provider', duplicates: 0, seed: 1 }).map((s) => s.index)).toEqual([0, 1, 2, 3]);
    expect(planSequence(4, { order: 'reversed', duplicates: 0, seed: 1 }).map((s) => s.index)).toEqual([3, 2, 1, 0]);
    for (let seed = 0; seed < 50; seed++) {
      const sequence = planSequence(6, { order: 'shuffled', duplicates: 3, seed });
      expect(sequence).toEqual(planSequence(6, { order: 'shuffled', duplicates: 3, seed }));
      expect(sequence.filter((s) => s.copy === 'original').map((s) => s.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
      sequence.forEach((send, i) => {
        if (send.copy === 'duplicate') expect(sequence.findIndex((s) => s.index === send.index && s.copy === 'original')).toBeLessThan(i);
      });
    }
    const shuffled = new Set(Array.from({ length: 20 }, (_, seed) => planSequence(6, { order: 'shuffled', duplicates: 0, seed }).map((s) => s.index).join()));
    expect(shuffled.size).toBeGreaterThan(10);
  });

  it('refuses an unknown order, negative duplicates and a negative timeScale', async () => {
    const base = { target: () => new Response('{}'), secret: secrets.github };
    await expect(triggerFlow('github', 'push', { ...base, order: 'random' as never })).rejects.toMatchObject({ code: 'INVALID_OPTION', message: expect.stringMatching(/provider, shuffled, reversed/) });
    await expect(triggerFlow('github', 'push', { ...base, duplicates: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(triggerFlow('github', 'push', { ...base, timeScale: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });
});

describe('triggerFlow with the official verifiers', () => {
  const runs = new Map<string, TriggerFlowResult>();
  const refused: string[] = [];
  const received: { provider: ProviderId; headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    for (const flow of listFlows()) {
      const provider = flow.provider as ProviderId;
      // Verifies with the official library and refuses the first attempt of every send (the first
      // deliveries + 2 requests: every retry is due after all of them), so that each is retried once.
      const firstAttempts = flow.eventTypes.length + 2;
      let requests = 0;
      const target = async (request: Request) => {
        const body = await request.text();
        const headers = Object.fromEntries(request.headers);
        received.push({ provider, headers, body });
        const ok = await officiallyVerified(provider, headers, body).catch(() => false);
        if (!ok) refused.push(`${flow.provider} ${flow.name}`);
        return new Response('{}', { status: ok ? (requests++ < firstAttempts && provider !== 'github' ? 503 : 200) : 400 });
      };
      runs.set(`${flow.provider}/${flow.name}`, await triggerFlow(provider, flow.name, { target, secret: secrets[provider], seed: 5, order: 'shuffled', duplicates: 2, retries: true, timeScale: 0 }));
    }
  });

  it('has every delivery, duplicate and retry accepted by the official verifier', () => {
    expect(refused).toEqual([]);
    expect(received.length).toBeGreaterThan(listFlows().reduce((n, f) => n + f.eventTypes.length, 0) * 1.5);
  });

  it('retries as the provider does: Stripe, Svix and Shopify after a refusal and after the sends due before, re-signed where the scheme signs a time; GitHub never', () => {
    for (const [key, run] of runs) {
      const provider = run.provider;
      expect(run.results).toHaveLength(run.deliveries.length + 2);
      for (const result of run.results) {
        if (provider === 'github') {
          expect(result.attempts, key).toHaveLength(1);
          continue;
        }
        expect(result.ok, key).toBe(true);
        expect(result.attempts.map((a) => a.status), key).toEqual([503, 200]);
        const [first, second] = result.attempts;
        expect(second!.offsetMs).toBe(provider === 'stripe' ? 3_600_000 : provider === 'shopify' ? 60_000 : 5_000);
        const delivery = run.deliveries[result.index]!;
        if (provider === 'shopify') expect(second!.headers).toEqual(delivery.headers);
        if (provider === 'clerk' || provider === 'resend') expect(second!.headers['svix-id']).toBe(first!.headers['svix-id']);
      }
      expect(run.retryRule).toBeDefined();
    }
  });
});

describe('triggerFlow retry schedules', () => {
  it("spends each provider's whole schedule on a target that always fails, with the nominal offsets, and counts a timeout as a failure", async () => {
    const failing = () => new Response('{"error":"down"}', { status: 500 });
    const expected: Record<ProviderId, number[]> = {
      stripe: [0, 1, 3, 7, 15, 31, 63].map((h) => h * 3_600_000),
      clerk: [0, 5, 305, 2105, 9305, 27305, 63305, 99305].map((s) => s * 1000),
      resend: [0, 5, 305, 2105, 9305, 27305, 63305, 99305].map((s) => s * 1000),
      shopify: [0, 1, 3, 7, 15, 31, 63, 127, 255].map((m) => m * 60_000),
      github: [0],
    };
    const flows: Record<ProviderId, string> = { stripe: 'refund', clerk: 'sign-up', resend: 'email-bounce', shopify: 'order-refunded', github: 'issue-triage' };
    for (const provider of providers) {
      const run = await triggerFlow(provider, flows[provider], { target: failing, secret: secrets[provider], retries: true, timeScale: 0 });
      expect(run.ok).toBe(false);
      for (const result of run.results) expect(result.attempts.map((a) => a.offsetMs), provider).toEqual(expected[provider]);
    }
    // Svix stops retrying when the receiver answers `webhook-delivery: abort-message`.
    const aborting = () => new Response('{}', { status: 500, headers: { 'webhook-delivery': 'abort-message' } });
    const aborted = await triggerFlow('resend', 'email-bounce', { target: aborting, secret: secrets.resend, retries: true, timeScale: 0 });
    expect(aborted.results.map((r) => r.attempts.length)).toEqual([1, 1, 1]);
    const hanging = () => new Promise<Response>(() => {});
    const run = await triggerFlow('stripe', 'subscription-canceled', { target: hanging, secret: secrets.stripe, retries: true, timeScale: 0, timeoutMs: 5 });
    expect(run.results[0]!.attempts.every((a) => a.timedOut && a.status === null)).toBe(true);
    expect(run.results[0]!.attempts).toHaveLength(7);
  });

  it('waits the scaled delays, sends the rest of the flow before a retry falls due, and signs each attempt at its own send time', async () => {
    let tick = 0;
    let calls = 0;
    const started = performance.now();
    const run = await triggerFlow('clerk', 'sign-up', {
      target: () => new Response('{}', { status: ++calls <= 4 ? 500 : 200 }),
      secret: secrets.clerk,
      retries: true,
      timeScale: 0.004,
      now: () => T + 1000 * tick++,
    });
    // The three first attempts fail; at +5 s the three retries (the first fails again); at +5 min its third attempt.
    // 5 min scaled by 0.004 is 1.2 s.
    expect(performance.now() - started).toBeGreaterThan(1_200);
    expect(run.results.map((r) => r.attempts.map((a) => a.status))).toEqual([[500, 500, 200], [500, 200], [500, 200]]);
    expect(run.results[0]!.attempts.map((a) => a.headers['svix-timestamp'])).toEqual([T, T + 3000, T + 6000].map((t) => String(t / 1000)));
    expect(run.results[0]!.attempts.map((a) => a.offsetMs)).toEqual([0, 5_000, 305_000]);
  });
});
