/**
 * Stripe's mirrored fields (src/providers/stripe/mirrors.ts) move with a `data` override of one of
 * them, for any amount, currency and seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/stripe/build.js';

type Json = Record<string, unknown>;
const NOW = Date.UTC(2026, 10, 21, 16, 29, 56);

function object(eventType: string, seed: number, data?: Json): Json {
  const { body } = builder.build({ eventType, faker: seededFaker(seed), now: NOW, data: data as never });
  return (JSON.parse(body) as { data: { object: Json } }).data.object;
}

const seed = fc.integer({ min: 1, max: 10_000 });
const amount = fc.integer({ min: 50, max: 99_999_999 });
const RUNS = { numRuns: 60 };

/** Every `currency` value anywhere inside `value`. */
function currencies(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => currencies(item, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'currency' && typeof child === 'string') out.push(child);
      else currencies(child, out);
    }
  }
  return out;
}

describe('stripe mirrored fields', () => {
  it('PaymentIntent: amount_received and amount_capturable follow amount by status', () => {
    const types = fc.constantFrom('payment_intent.succeeded', 'payment_intent.amount_capturable_updated', 'payment_intent.created', 'payment_intent.payment_failed');
    fc.assert(
      fc.property(types, seed, amount, (type, s, value) => {
        const pi = object(type, s, { amount: value });
        expect(pi.amount).toBe(value);
        expect(pi.amount_received).toBe(pi.status === 'succeeded' ? value : 0);
        expect(pi.amount_capturable).toBe(pi.status === 'requires_capture' ? value : 0);
      }),
      RUNS,
    );
  });

  it('PaymentIntent: a status override moves the amounts too', () => {
    fc.assert(
      fc.property(seed, (s) => {
        const pi = object('payment_intent.created', s, { status: 'succeeded' });
        expect(pi.amount_received).toBe(pi.amount);
        expect(pi.amount_capturable).toBe(0);
      }),
      RUNS,
    );
  });

  it("Charge: amount_captured and amount_refunded follow amount (as the PaymentIntent's latest charge)", () => {
    const types = fc.constantFrom('charge.succeeded', 'charge.captured', 'charge.refunded', 'charge.failed', 'charge.pending');
    fc.assert(
      fc.property(types, seed, amount, (type, s, value) => {
        const ch = object(type, s, { amount: value });
        expect(ch.amount_captured).toBe(ch.captured === true ? value : 0);
        if (ch.refunded === true) expect(ch.amount_refunded).toBe(value);
        else expect(ch.amount_refunded as number).toBeLessThanOrEqual(value);
      }),
      RUNS,
    );
  });

  it('Invoice: totals, amount due/paid/remaining and the line move together; new lines set the totals', () => {
    const types = fc.constantFrom('invoice.paid', 'invoice.created', 'invoice.payment_failed', 'invoice.finalized');
    const field = fc.constantFrom('total', 'amount_due', 'subtotal');
    fc.assert(
      fc.property(types, field, seed, amount, (type, key, s, value) => {
        const invoice = object(type, s, { [key]: value });
        const paid = invoice.status === 'paid';
        expect(invoice).toMatchObject({ total: value, subtotal: value, amount_due: value, total_excluding_tax: value });
        expect(invoice.amount_paid).toBe(paid ? value : 0);
        expect(invoice.amount_remaining).toBe(paid ? 0 : value);
        const lines = (invoice.lines as { data: Json[] }).data;
        expect(lines.reduce((sum, line) => sum + (line.amount as number), 0)).toBe(value);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(types, seed, fc.array(amount, { minLength: 1, maxLength: 4 }), (type, s, amounts) => {
        const built = object(type, s);
        const template = (built.lines as { data: Json[] }).data[0]!;
        const lines = amounts.map((a) => ({ ...template, amount: a, subtotal: a }));
        const invoice = object(type, s, { lines: { data: lines } });
        const sum = amounts.reduce((x, y) => x + y, 0);
        expect(invoice).toMatchObject({ total: sum, subtotal: sum, amount_due: sum });
      }),
      RUNS,
    );
  });

  it('Checkout Session: amount_total and amount_subtotal move together', () => {
    fc.assert(
      fc.property(fc.constantFrom('amount_total', 'amount_subtotal'), seed, amount, (key, s, value) => {
        const session = object('checkout.session.completed', s, { [key]: value });
        expect(session).toMatchObject({ amount_total: value, amount_subtotal: value });
      }),
      RUNS,
    );
  });

  it('Checkout Session: mode decides customer, subscription, invoice, payment intent and setup intent', () => {
    const types = fc.constantFrom('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired');
    const modes = fc.constantFrom('payment', 'subscription', 'setup');
    fc.assert(
      fc.property(types, modes, seed, (type, mode, s) => {
        const session = object(type, s, { mode } as Json);
        const expired = session.status === 'expired';
        const id = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}_\\w{8,}$`));
        expect(session.mode).toBe(mode);
        expect(session.subscription).toEqual(mode === 'subscription' && !expired ? id('sub') : null);
        expect(session.invoice).toEqual(mode === 'subscription' && !expired ? id('in') : null);
        expect(session.setup_intent).toEqual(mode === 'setup' && !expired ? id('seti') : null);
        expect(session.payment_intent).toEqual(mode === 'payment' && !expired ? id('pi') : null);
        if (mode !== 'payment' && !expired) expect(session.customer).toEqual(id('cus'));
        if (mode === 'setup') expect(session).toMatchObject({ amount_total: null, currency: null, payment_status: 'no_payment_required' });
        else expect(session.amount_total).toBe(session.amount_subtotal);
        if (mode === 'subscription' && !expired) expect(session.customer_details).toMatchObject({ email: expect.stringContaining('@') });
      }),
      RUNS,
    );
  });

  it('Price and Plan: the decimal strings follow the amounts', () => {
    fc.assert(
      fc.property(fc.constantFrom('price.created', 'price.updated', 'plan.created'), seed, amount, (type, s, value) => {
        const key = type.startsWith('price') ? 'unit_amount' : 'amount';
        const built = object(type, s, { [key]: value });
        expect(built[key]).toBe(value);
        expect(built[`${key}_decimal`]).toBe(String(value));
      }),
      RUNS,
    );
  });

  it('resources built from their shape: the money fields that were the amount move with it', () => {
    const types = fc.constantFrom('climate.order.created', 'topup.succeeded', 'treasury.outbound_payment.posted', 'application_fee.created', 'issuing_authorization.created');
    fc.assert(
      fc.property(types, seed, amount, (type, s, value) => {
        const built = object(type, s);
        const key = 'amount_total' in built ? 'amount_total' : 'amount';
        const moved = object(type, s, { [key]: value });
        for (const field of ['amount', 'amount_total', 'amount_subtotal', 'net']) {
          if (built[field] === built[key]) expect(moved[field], `${type} ${field}`).toBe(value);
          else expect(moved[field], `${type} ${field}`).toEqual(built[field]);
        }
      }),
      RUNS,
    );
  });

  it('currency: every nested currency follows the object', () => {
    const types = fc.constantFrom('invoice.paid', 'customer.subscription.created', 'checkout.session.completed', 'payment_intent.succeeded', 'charge.dispute.created', 'topup.succeeded');
    fc.assert(
      fc.property(types, seed, fc.constantFrom('jpy', 'chf', 'sek'), (type, s, currency) => {
        const found = currencies(object(type, s, { currency }));
        expect(found.length).toBeGreaterThan(0);
        expect(new Set(found)).toEqual(new Set([currency]));
      }),
      RUNS,
    );
  });

  it('leaves a mirror the override sets itself', () => {
    const pi = object('payment_intent.succeeded', 1, { amount: 5000, amount_received: 1234 });
    expect(pi).toMatchObject({ amount: 5000, amount_received: 1234 });
  });
});
