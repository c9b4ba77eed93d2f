/**
 * Stripe payloads look like real deliveries: envelope, id shapes, cross-references, statuses,
 * key order, data merging, determinism and time.
 */
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/stripe/build.js';
import { stripeEventTypes } from '../../src/providers/stripe/catalog.js';
import { HAND_BUILT_RESOURCES } from '../../src/providers/stripe/events.js';
import { defs, events } from '../../src/providers/stripe/generated/shapes.js';
import { resolve } from '../../src/providers/shared/shape.js';
import { charge, newPayment, paymentIntent } from '../../src/providers/stripe/payments.js';
import { Scene } from '../../src/providers/stripe/scene.js';
import { STRIPE_ID_SHAPES, walkObjects } from '../support/stripe-ids.js';

type Json = Record<string, unknown>;

const secret = 'whsec_4eC39HqLyjWDarjtT1zdp7dc0a1b2c3d';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);
const SEEDS = [1, 2, 3, 4, 5];
/** The API version stripe-node pins (`cjs/apiVersion.js`), exposed as `Stripe.API_VERSION`. */
const pinnedApiVersion: string = Stripe.API_VERSION;

function build(eventType: string, seed = 1, now = at, data?: Json): { body: string; event: Json; object: Json } {
  const { body } = builder.build({ eventType, faker: seededFaker(seed), now, data: data as never });
  const event = JSON.parse(body) as Json;
  return { body, event, object: (event.data as { object: Json }).object };
}

const resourceOf = (type: string): string => type.slice(0, type.lastIndexOf('.'));
/** Every catalogued type (all of stripe-node's) for every seed, built once. */
const every = stripeEventTypes.flatMap((type) => SEEDS.map((seed) => ({ type, seed, ...build(type, seed) })));
/** The types with hand-built payloads, whose ids and cross-references are checked in detail here. */
const handBuilt = every.filter(({ type }) => HAND_BUILT_RESOURCES.includes(resourceOf(type)));

/** The `object` each catalogued resource delivers. */
const OBJECT_OF: Record<string, string> = {
  account: 'account',
  balance: 'balance',
  charge: 'charge',
  'charge.dispute': 'dispute',
  'checkout.session': 'checkout.session',
  coupon: 'coupon',
  customer: 'customer',
  'customer.subscription': 'subscription',
  invoice: 'invoice',
  payment_intent: 'payment_intent',
  payment_method: 'payment_method',
  payout: 'payout',
  price: 'price',
  product: 'product',
  refund: 'refund',
  setup_intent: 'setup_intent',
  subscription_schedule: 'subscription_schedule',
};

describe('stripe event envelope', () => {
  it('pins the API version stripe-node pins', () => {
    expect(build('payment_intent.succeeded').event.api_version).toBe(pinnedApiVersion);
  });

  it('every type and seed has exactly the Event keys, in Stripe order', () => {
    const expected = ['id', 'object', 'api_version', 'created', 'data', 'livemode', 'pending_webhooks', 'request', 'type'];
    for (const { type, event } of every) {
      expect(Object.keys(event), type).toEqual(type === 'account.updated' ? ['id', 'object', 'account', ...expected.slice(2)] : expected);
      expect(event, type).toMatchObject({ object: 'event', api_version: pinnedApiVersion, created: at / 1000, livemode: false, type });
      expect(event.id, type).toMatch(STRIPE_ID_SHAPES.event!);
      expect(event.pending_webhooks).toBeGreaterThanOrEqual(1);
      expect(event.pending_webhooks).toBeLessThanOrEqual(3);
      const request = event.request as { id: string | null; idempotency_key: string | null };
      if (request.id === null) expect(request.idempotency_key).toBeNull();
      else {
        expect(request.id).toMatch(/^req_[0-9A-Za-z]{14}$/);
        expect(request.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      }
      const data = event.data as Json;
      expect(Object.keys(data), type).toEqual(type.endsWith('.updated') ? ['object', 'previous_attributes'] : ['object']);
    }
  });

  it('hand-built types deliver the object their resource names', () => {
    for (const { type, object } of handBuilt) expect(object.object, type).toBe(OBJECT_OF[resourceOf(type)]);
    expect(new Set(handBuilt.map(({ type }) => type)).size).toBeGreaterThanOrEqual(61);
  });

  it('marks renewals and payouts as automatic (null request id) and API calls with a request id', () => {
    expect(build('invoice.paid').event.request).toEqual({ id: null, idempotency_key: null });
    expect(build('payout.paid').event.request).toEqual({ id: null, idempotency_key: null });
    expect((build('customer.created').event.request as Json).id).toMatch(/^req_/);
  });

  it('gives previous_attributes only changed top-level attributes that differ from data.object', () => {
    for (const { type, event, object } of every.filter(({ type }) => type.endsWith('.updated'))) {
      const previous = (event.data as { previous_attributes: Json }).previous_attributes;
      expect(Object.keys(previous).length, type).toBeGreaterThan(0);
      for (const [key, value] of Object.entries(previous)) {
        expect(key in object, `${type}: ${key}`).toBe(true);
        expect(object[key], `${type}: ${key}`).not.toEqual(value);
      }
    }
  });
});

describe('stripe object shapes', () => {
  it('hand-built types: every id has its resource prefix and length', () => {
    for (const { type, event } of handBuilt) {
      let checked = 0;
      walkObjects(event, (node, path) => {
        const shape = typeof node.object === 'string' ? STRIPE_ID_SHAPES[node.object] : undefined;
        if (shape && 'id' in node) {
          expect(node.id, `${type} ${path}`).toMatch(shape);
          checked++;
        }
      });
      expect(checked, type).toBeGreaterThanOrEqual(type === 'balance.available' ? 1 : 2);
    }
  });

  it('every type: keys are id, object, then alphabetical, at every level', () => {
    for (const { type, event } of every) {
      walkObjects(event.data, (node, path) => {
        const keys = Object.keys(node);
        const rest = keys.filter((k) => k !== 'id' && k !== 'object');
        expect(keys.slice(0, keys.length - rest.length), `${type} ${path}`).toEqual(['id', 'object'].filter((k) => k in node));
        expect(rest, `${type} ${path}`).toEqual([...rest].sort());
      });
    }
  });

  it('every type: one customer id throughout the payload', () => {
    for (const { type, body } of every) {
      const customers = new Set(body.match(/"cus_[0-9A-Za-z]{14}"/g) ?? []);
      expect(customers.size, type).toBeLessThanOrEqual(1);
    }
  });

  it('every type: nothing was created after the event, nor years before', () => {
    for (const { type, event } of every) {
      walkObjects(event.data, (node, path) => {
        if (typeof node.created === 'number') {
          expect(node.created, `${type} ${path}`).toBeLessThanOrEqual(event.created as number);
          expect(node.created, `${type} ${path}`).toBeGreaterThan((event.created as number) - 5 * 365 * 86_400);
        }
      });
    }
  });
});

describe('stripe cross-references', () => {
  it('a PaymentIntent and its latest charge point at each other and share customer, amount and payment method', () => {
    const s = new Scene(seededFaker(9), at);
    const payment = newPayment(s, { customer: s.customerId });
    const pi = paymentIntent(s, payment, 'succeeded');
    const ch = charge(s, payment, 'succeeded');
    expect(pi.latest_charge).toBe(ch.id);
    expect(ch.payment_intent).toBe(pi.id);
    expect(ch.customer).toBe(pi.customer);
    expect(ch.payment_method).toBe(pi.payment_method);
    expect(ch.amount).toBe(pi.amount);
    expect(ch.amount_captured).toBe(pi.amount_received);
  });

  it.each(SEEDS)('payment_intent.succeeded (seed %i): latest_charge is a ch_ minted with the PaymentIntent and the event', (seed) => {
    const { event, object } = build('payment_intent.succeeded', seed);
    expect(object).toMatchObject({ status: 'succeeded', amount_received: object.amount, amount_capturable: 0 });
    expect(object.latest_charge).toMatch(STRIPE_ID_SHAPES.charge!);
    expect(object.payment_method).toMatch(STRIPE_ID_SHAPES.payment_method!);
    expect(Scene.segment(object.latest_charge as string)).toBe(Scene.segment(object.id as string));
    expect(Scene.segment(event.id as string)).toBe(Scene.segment(object.id as string));
    expect(object.client_secret).toMatch(new RegExp(`^${object.id as string}_secret_[0-9A-Za-z]{25}$`));
  });

  it.each(SEEDS)('charge.succeeded (seed %i): payment_intent is a pi_ minted with the charge, amounts agree', (seed) => {
    const { object } = build('charge.succeeded', seed);
    expect(Scene.segment(object.payment_intent as string)).toBe(Scene.segment(object.id as string));
    expect(object).toMatchObject({ status: 'succeeded', paid: true, captured: true, amount_captured: object.amount, amount_refunded: 0 });
    expect(object.payment_method).toMatch(STRIPE_ID_SHAPES.payment_method!);
  });

  it.each(SEEDS)('payment_intent.payment_failed (seed %i): the error names the failed latest charge and the payment method', (seed) => {
    const { object } = build('payment_intent.payment_failed', seed);
    const error = object.last_payment_error as Json & { payment_method: Json };
    expect(object.status).toBe('requires_payment_method');
    expect(error.charge).toBe(object.latest_charge);
    expect(error.type).toBe('card_error');
    expect(error.payment_method.customer).toBe(object.customer);
    expect(object.amount_received).toBe(0);
  });

  it.each(SEEDS)('invoice.paid (seed %i): amounts add up and lines point at the invoice and subscription', (seed) => {
    const { object } = build('invoice.paid', seed);
    const lines = (object.lines as { data: Json[] }).data;
    const sum = lines.reduce((total, line) => total + (line.amount as number), 0);
    expect(object).toMatchObject({ status: 'paid', total: sum, amount_due: sum, amount_paid: sum, amount_remaining: 0 });
    const subscription = (object.parent as { subscription_details: Json }).subscription_details.subscription;
    for (const line of lines) expect(line).toMatchObject({ invoice: object.id, subscription });
    expect(object.period_end).toBe(object.created);
  });

  it.each(SEEDS)('customer.subscription.created (seed %i): items point back, prices match plans', (seed) => {
    const { object } = build('customer.subscription.created', seed);
    for (const item of (object.items as { data: (Json & { price: Json; plan: Json })[] }).data) {
      expect(item.subscription).toBe(object.id);
      expect(item.price.id).toBe(item.plan.id);
      expect(item.price.unit_amount).toBe(item.plan.amount);
      expect(item.price.product).toBe(item.plan.product);
    }
  });

  it.each(SEEDS)('charge.dispute.created (seed %i): the withdrawal debits the disputed amount plus the fee', (seed) => {
    const { object } = build('charge.dispute.created', seed);
    const [withdrawal] = object.balance_transactions as Json[];
    expect(withdrawal).toMatchObject({ amount: -(object.amount as number), source: object.id, reporting_category: 'dispute' });
    expect(withdrawal!.net).toBe((withdrawal!.amount as number) - (withdrawal!.fee as number));
  });
});

describe('stripe statuses', () => {
  const expected: [string, Json][] = [
    ['payment_intent.created', { status: 'requires_payment_method', latest_charge: null }],
    ['payment_intent.succeeded', { status: 'succeeded' }],
    ['payment_intent.payment_failed', { status: 'requires_payment_method' }],
    ['payment_intent.canceled', { status: 'canceled', latest_charge: null }],
    ['payment_intent.processing', { status: 'processing' }],
    ['payment_intent.requires_action', { status: 'requires_action' }],
    ['payment_intent.amount_capturable_updated', { status: 'requires_capture', capture_method: 'manual' }],
    ['charge.succeeded', { status: 'succeeded', paid: true }],
    ['charge.failed', { status: 'failed', paid: false, failure_code: expect.any(String) }],
    ['charge.pending', { status: 'pending' }],
    ['charge.refunded', { refunded: true }],
    ['checkout.session.completed', { status: 'complete', payment_status: 'paid' }],
    ['checkout.session.expired', { status: 'expired', payment_status: 'unpaid' }],
    ['checkout.session.async_payment_succeeded', { status: 'complete', payment_status: 'paid' }],
    ['checkout.session.async_payment_failed', { status: 'complete', payment_status: 'unpaid' }],
    ['customer.subscription.deleted', { status: 'canceled' }],
    ['customer.subscription.trial_will_end', { status: 'trialing' }],
    ['customer.subscription.paused', { status: 'paused' }],
    ['invoice.created', { status: 'draft' }],
    ['invoice.paid', { status: 'paid' }],
    ['invoice.payment_failed', { status: 'open', attempted: true }],
    ['invoice.voided', { status: 'void' }],
    ['invoice.marked_uncollectible', { status: 'uncollectible' }],
    ['payout.paid', { status: 'paid' }],
    ['payout.failed', { status: 'failed' }],
    ['setup_intent.succeeded', { status: 'succeeded' }],
    ['setup_intent.setup_failed', { status: 'requires_payment_method' }],
    ['charge.dispute.created', { status: 'needs_response' }],
    ['subscription_schedule.canceled', { status: 'canceled' }],
    ['payment_method.detached', { customer: null }],
    ['account.updated', { charges_enabled: true, details_submitted: true }],
  ];
  it.each(expected)('%s reports the state the event names', (type, fields) => {
    for (const seed of SEEDS) expect(build(type, seed).object).toMatchObject(fields);
  });
});

describe('stripe statuses of resources built from their shape', () => {
  /** Verbs that name the resource's status outright. */
  const NAMED: Record<string, string> = {
    succeeded: 'succeeded',
    failed: 'failed',
    canceled: 'canceled',
    posted: 'posted',
    returned: 'returned',
    activated: 'active',
    deactivated: 'inactive',
    expired: 'expired',
    verified: 'verified',
    closed: 'closed',
    delivered: 'delivered',
    processing: 'processing',
    submitted: 'submitted',
    rejected: 'rejected',
  };

  it('report the status their verb names whenever the resource has that status', () => {
    const checked = new Set<string>();
    for (const { type, object } of every) {
      if (HAND_BUILT_RESOURCES.includes(resourceOf(type))) continue;
      const wanted = NAMED[type.slice(type.lastIndexOf('.') + 1)];
      const node = resolve(events[type]!, defs);
      const field = typeof node === 'object' && 'props' in node ? node.props.status : undefined;
      const status = field === undefined ? undefined : resolve(field, defs);
      const values = typeof status === 'object' && 'enum' in status ? status.enum : [];
      if (wanted === undefined || !values.includes(wanted)) continue;
      expect(object.status, type).toBe(wanted);
      checked.add(type);
    }
    expect(checked.size).toBeGreaterThanOrEqual(25);
  });
});

describe('stripe types outside the catalog (sent only when the caller allows unknown types)', () => {
  it.each([
    ['tax_rate.frobbed', 'tax_rate', /^txr_[0-9A-Za-z]{24}$/],
    ['issuing_card.frobbed', 'issuing.card', /^ic_[0-9A-Za-z]{24}$/],
    ['treasury.received_credit.frobbed', 'treasury.received_credit', /^rc_[0-9A-Za-z]{24}$/],
    ['widget_thing.frobbed', 'widget_thing', /^wt_[0-9A-Za-z]{24}$/],
    ['gadget.created', 'gadget', /^gadg_[0-9A-Za-z]{24}$/],
  ])('the builder gives %s the generic envelope around a minimal %s', (type, object, id) => {
    expect(stripeEventTypes).not.toContain(type);
    const { event, object: resource } = build(type);
    expect(event).toMatchObject({ object: 'event', type, livemode: false });
    expect(resource).toMatchObject({ object, livemode: false, metadata: {} });
    expect(resource.id).toMatch(id);
    expect(resource.created).toBeLessThanOrEqual(at / 1000);
  });

  it('a hand-built resource with an unknown verb gets the minimal object too', () => {
    const { object } = build('invoice.frobbed');
    expect(Object.keys(object).sort()).toEqual(['created', 'id', 'livemode', 'metadata', 'object']);
    expect(object).toMatchObject({ object: 'invoice' });
  });
});

describe('stripe data merge', () => {
  it('deep-merges data into data.object: objects merge, arrays replace, null sets null', async () => {
    const data = {
      amount: 4242,
      metadata: { order_id: 'A-1001' },
      payment_method_types: ['card'],
      receipt_email: null,
      description: 'Order A-1001',
      payment_method_options: { card: { request_three_d_secure: 'any' } },
    };
    const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, timestamp: at, seed: 3, data });
    const event = Stripe.webhooks.constructEvent(delivery.body, delivery.headers['Stripe-Signature']!, secret, undefined, undefined, at);
    const object = event.data.object as unknown as Json;
    const plain = build('payment_intent.succeeded', 3).object;
    expect(object).toMatchObject({ amount: 4242, metadata: { order_id: 'A-1001' }, payment_method_types: ['card'], receipt_email: null });
    expect(object.description).toBe('Order A-1001');
    expect(object.payment_method_options).toEqual({
      ...(plain.payment_method_options as Json),
      card: { ...(plain.payment_method_options as { card: Json }).card, request_three_d_secure: 'any' },
    });
    expect(object.id).toBe(plain.id);
    expect(object.latest_charge).toBe(plain.latest_charge);
  });

  it('sets a field to null and adds unknown fields at the end', () => {
    const { object } = build('customer.created', 1, at, { email: null, tax_ids_note: 'added' } as Json);
    expect(object.email).toBeNull();
    expect(Object.keys(object).at(-1)).toBe('tax_ids_note');
  });
});

describe('stripe determinism and time', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });


  it('derives every time from ctx.now: another now shifts created and the ids', () => {
    const a = build('payment_intent.succeeded', 5, at);
    const b = build('payment_intent.succeeded', 5, at + 86_400_000);
    expect(b.event.created).toBe((a.event.created as number) + 86_400);
    expect(b.object.created).toBe((a.object.created as number) + 86_400);
    expect(Scene.segment(b.object.id as string)).not.toBe(Scene.segment(a.object.id as string));
  });

  it('reads neither the clock nor Math.random', () => {
    const first = stripeEventTypes.map((type) => build(type, 21).body);
    expect(first).toHaveLength(275);
    vi.useFakeTimers({ now: Date.UTC(2031, 0, 1) });
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random was called');
    });
    const second = stripeEventTypes.map((type) => build(type, 21).body);
    expect(second).toEqual(first);
    expect(random).not.toHaveBeenCalled();
  });
});
