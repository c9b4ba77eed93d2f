/**
 * The emulator end to end: stripe-node (unmodified) calls the standalone server through `clientOptions`,
 * and a receiving service verifies each delivery with `stripe.webhooks.constructEvent`. Deliveries go
 * after the answer, signed with the endpoint's secret, retried when refused, recorded.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';
import { httpReceiver } from './receiver.js';

const SECRET = 'whsec_emulatortest';

interface Received {
  readonly event: Stripe.Event;
  readonly at: number;
}

/** A service that verifies each Stripe delivery as stripe-node does, answering `status()` (200 by default). */
async function receiver(secret = SECRET) {
  const verifier = new Stripe('sk_test_receiver');
  const service = await httpReceiver((body, headers): Received => ({ event: verifier.webhooks.constructEvent(body, String(headers['stripe-signature']), secret), at: Date.now() }), '/webhooks/stripe');
  return { ...service, types: () => service.received.map((r) => r.event.type) };
}

describe('createEmulator: Stripe over HTTP, delivered back', () => {
  let service: Awaited<ReturnType<typeof receiver>>;
  let emulator: Emulator;
  let stripe: Stripe;

  beforeAll(async () => {
    service = await receiver();
    emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { url: service.url, secret: SECRET } }, seed: 7 });
    await emulator.listen(0);
    stripe = new Stripe('sk_test_emulator', { ...emulator.clientOptions('stripe'), maxNetworkRetries: 0 });
  });
  afterEach(() => {
    emulator.reset();
    service.received.length = 0;
    service.refused.length = 0;
    service.answer(() => 200);
  });
  afterAll(async () => {
    await emulator.close();
    await service.close();
  });

  it('answers the API call, then delivers its event, verified by stripe-node, with the object a retrieve returns', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com', metadata: { plan: 'pro' } });
    await emulator.settled();
    expect(service.refused).toEqual([]);
    expect(service.types()).toEqual(['customer.created']);
    const event = service.received[0]!.event;
    expect(event.data.object).toEqual(await stripe.customers.retrieve(customer.id));
    expect(event.request).toEqual({ id: expect.stringMatching(/^req_/), idempotency_key: expect.stringMatching(/^stripe-node-retry-/) });
    expect(await stripe.events.retrieve(event.id)).toEqual(event);
    expect(emulator.deliveries({ type: 'customer.created' })).toEqual([
      expect.objectContaining({ provider: 'stripe', deliveryId: event.id, objectId: customer.id, status: 'delivered', attempts: [expect.objectContaining({ attempt: 1, status: 200 })] }),
    ]);
  });

  it('sends an update with previous_attributes and a delete, in the order the calls were made', async () => {
    const customer = await stripe.customers.create({ email: 'a@example.com' });
    await stripe.customers.update(customer.id, { email: 'b@example.com' });
    await stripe.customers.del(customer.id);
    await emulator.settled();
    expect(service.types()).toEqual(['customer.created', 'customer.updated', 'customer.deleted']);
    expect(service.received[1]!.event.data.previous_attributes).toEqual({ email: 'a@example.com' });
    expect(service.received[1]!.event.data.object).toMatchObject({ id: customer.id, email: 'b@example.com' });
  });

  it('retries a refused delivery on Stripe\'s schedule (compressed), with the same event id and a fresh signature, until it is accepted', async () => {
    let calls = 0;
    service.answer(() => (++calls < 3 ? 500 : 200));
    await stripe.customers.create({ email: 'retry@example.com' });
    await emulator.settled();
    const [delivery] = emulator.deliveries();
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(delivery!.status).toBe('delivered');
    expect(new Set(service.received.map((r) => r.event.id)).size).toBe(1);
  });

  it('an unreachable endpoint is retried and shown as failed; the API call that caused it answers normally', async () => {
    const dead = createEmulator({ providers: ['stripe'], webhooks: { stripe: { url: 'http://127.0.0.1:9/hooks', secret: SECRET } } });
    await dead.listen(0);
    try {
      const client = new Stripe('sk_test_emulator', { ...dead.clientOptions('stripe'), maxNetworkRetries: 0 });
      const customer = await client.customers.create({ email: 'nobody@example.com' });
      expect(customer.id).toMatch(/^cus_/);
      await dead.settled();
      const [delivery] = dead.deliveries();
      expect(delivery!.status).toBe('failed');
      expect(delivery!.attempts).toHaveLength(7);
      expect(delivery!.attempts.every((a) => a.status === null && /127\.0\.0\.1:9/.test(a.error ?? ''))).toBe(true);
    } finally {
      await dead.close();
    }
  });

  it('the same Idempotency-Key returns the first answer and emits nothing new; other parameters under it are an idempotency_error', async () => {
    const first = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'order-42' });
    const again = await stripe.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'order-42' });
    expect(again.id).toBe(first.id);
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: 'order-42' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    await emulator.settled();
    expect(service.types()).toEqual(['customer.created']);
  });

  it('an operation it does not model is Stripe\'s error naming it and what it serves, never a silent 200', async () => {
    const answer = stripe.rawRequest('POST', '/v1/terminal/readers/tmr_1/process_payment_intent', { payment_intent: 'pi_1' });
    await expect(answer).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: expect.stringMatching(/^The relaykit emulator does not model POST \/v1\/terminal\/readers\/tmr_1\/process_payment_intent of stripe\. .*emulator\.operations\('stripe'\) lists all \d+/),
    });
  });
});

describe('chaos: deliveries as a real provider sometimes makes them', () => {
  it('duplicates (same event id, signed anew, recorded as copies) and a shuffled order, the same for the same seed', async () => {
    const received = async (seed: number) => {
      const service = await receiver();
      const emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { url: service.url, secret: SECRET } }, chaos: { duplicates: 2, order: 'shuffled', seed }, seed: 1 });
      await emulator.listen(0);
      try {
        // One call causing several events in one batch: a customer with a payment method attached, as a checkout does.
        const stripe = new Stripe('sk_test_emulator', { ...emulator.clientOptions('stripe'), maxNetworkRetries: 0 });
        const customer = await stripe.customers.create({ email: 'chaos@example.com' });
        await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', customer: customer.id, payment_method: 'pm_card_visa', confirm: true });
        await emulator.settled();
        expect(service.refused).toEqual([]);
        const sent = emulator.deliveries();
        // Two extra copies in each call's batch.
        expect(sent.filter((d) => d.copy === 'duplicate')).toHaveLength(4);
        for (const copy of sent.filter((d) => d.copy === 'duplicate')) {
          expect(sent.some((d) => d.copy === 'original' && d.deliveryId === copy.deliveryId)).toBe(true);
          expect(copy.status).toBe('delivered');
        }
        return service.received.map((r) => `${r.event.type} ${r.event.id}`);
      } finally {
        await emulator.close();
        await service.close();
      }
    };
    const first = await received(3);
    expect(first).toHaveLength(9); // customer.created, the payment's 4 events, and 2 copies in each of the 2 batches
    expect(await received(3)).toEqual(first);
    expect(new Set(first).size).toBe(5);
  });
});

describe('webhook endpoints through Stripe\'s own API', () => {
  it('create answers a whsec_ secret once; enabled_events filter; disabled stops; delete removes', async () => {
    const service = await receiver('unused');
    const emulator = createEmulator({ providers: ['stripe'], seed: 3 });
    await emulator.listen(0);
    try {
      const stripe = new Stripe('sk_test_emulator', { ...emulator.clientOptions('stripe'), maxNetworkRetries: 0 });
      const endpoint = await stripe.webhookEndpoints.create({ url: service.url, enabled_events: ['customer.updated'] });
      expect(endpoint.secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).secret).toBeUndefined();
      expect((await stripe.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([endpoint.id]);

      const customer = await stripe.customers.create({ email: 'x@example.com' });
      await stripe.customers.update(customer.id, { name: 'X' });
      await emulator.settled();
      // Signed with the endpoint's secret, which the receiver does not hold: refused at each of Stripe's 7 attempts.
      expect(emulator.deliveries().map((d) => d.type)).toEqual(['customer.updated']);
      const sent = emulator.deliveries()[0]!;
      expect(sent.status).toBe('failed');
      expect(sent.attempts.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
      expect(service.refused).toHaveLength(7);
      expect(service.refused[0]).toMatch(/No signatures found matching the expected signature/);

      await stripe.webhookEndpoints.update(endpoint.id, { disabled: true });
      await stripe.customers.update(customer.id, { name: 'Y' });
      await emulator.settled();
      expect(emulator.deliveries()).toHaveLength(1);

      expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
      await expect(stripe.webhookEndpoints.retrieve(endpoint.id)).rejects.toMatchObject({ code: 'resource_missing' });
      await expect(stripe.webhookEndpoints.create({ url: service.url, enabled_events: ['customer.exploded' as never] })).rejects.toMatchObject({ param: 'enabled_events' });
      await expect(stripe.webhookEndpoints.create({ enabled_events: ['*'] } as never)).rejects.toMatchObject({ code: 'parameter_missing', param: 'url' });
    } finally {
      await emulator.close();
      await service.close();
    }
  });
});

describe('in process, through msw', () => {
  it('handlers() answers api.stripe.com for the default client; a fetch-handler target receives the deliveries', async () => {
    const { setupServer } = await import('msw/node');
    const verifier = new Stripe('sk_test_receiver');
    const got: string[] = [];
    const app = async (request: Request) => {
      const event = verifier.webhooks.constructEvent(await request.text(), request.headers.get('stripe-signature')!, SECRET);
      got.push(event.type);
      return new Response(null, { status: 204 });
    };
    const emulator = createEmulator({ providers: ['stripe'], webhooks: { stripe: { target: app, secret: SECRET } } });
    const server = setupServer(...emulator.handlers());
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const stripe = new Stripe('sk_test_inprocess', { maxNetworkRetries: 0 });
      const customer = await stripe.customers.create({ email: 'msw@example.com' });
      await emulator.settled();
      expect(got).toEqual(['customer.created']);
      expect(emulator.deliveries()[0]).toMatchObject({ objectId: customer.id, status: 'delivered', attempts: [{ status: 204 }] });
    } finally {
      server.close();
    }
  });

  it('the same seed and calls give the same ids', async () => {
    const ids = async () => {
      const emulator = createEmulator({ providers: ['stripe'], seed: 11 });
      const answer = await emulator.fetch(new Request('https://api.stripe.com/v1/customers', { method: 'POST', headers: { authorization: 'Bearer sk_test_1', 'content-type': 'application/x-www-form-urlencoded' }, body: 'email=a%40b.c' }));
      return ((await answer.json()) as { id: string }).id;
    };
    expect(await ids()).toBe(await ids());
    expect(await ids()).toMatch(/^cus_/);
  });
});

describe('bad options', () => {
  it('are refused with what was wrong and what to do', () => {
    expect(() => createEmulator({ providers: ['paypal'] })).toThrow(/No emulator for provider "paypal"\. Emulated: stripe/);
    expect(() => createEmulator({ timeScale: -1 })).toThrow(/timeScale must be a number from 0/);
    expect(() => createEmulator({ webhooks: { github: { url: 'http://x' } } as never, providers: ['stripe'] })).toThrow(/webhooks names "github", which is not emulated here/);
    expect(() => createEmulator().clientOptions('stripe')).toThrow(/needs a listening emulator: await emulator.listen\(\) first/);
  });
});

describe('customers on a test clock', () => {
  it("are created at the clock's time; an unknown clock is Stripe's resource_missing naming test_clock", async () => {
    const emulator = createEmulator({ providers: ['stripe'], seed: 4 });
    await emulator.listen(0);
    try {
      const stripe = new Stripe('sk_test_emulator', { ...emulator.clientOptions('stripe'), maxNetworkRetries: 0 });
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: 1_767_225_600 });
      const customer = await stripe.customers.create({ email: 'clock@example.com', test_clock: clock.id });
      expect(customer).toMatchObject({ created: 1_767_225_600, test_clock: clock.id });
      await expect(stripe.customers.create({ test_clock: 'clock_missing' })).rejects.toMatchObject({ code: 'resource_missing', param: 'test_clock' });
    } finally {
      await emulator.close();
    }
  });
});
