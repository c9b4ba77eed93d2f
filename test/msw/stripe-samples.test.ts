/**
 * The fields Stripe's own docs' sample handlers read, present and meaningful on relaykit's deliveries
 * and on what `relaykit/msw` answers their call-backs with: Checkout fulfilment, subscription and
 * invoice webhooks, payment events and Connect onboarding. Each row names the page; the paths are
 * what the samples (or the page's table of events and actions) read, the checks what makes the value
 * usable (an id of the right kind, a paid status, a future period end, a URL).
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { resetProviderWorld } from '../../src/msw/index.js';
import { deliver, useProviderServer } from './support.js';

useProviderServer();
const stripe = new Stripe('sk_test_samples', { maxNetworkRetries: 0 });
const SEEDS = [1, 2, 3, 4];
const NOW = Date.UTC(2026, 10, 24) / 1000;

type Check = (value: any, object: any) => boolean;
const id = (prefix: string): Check => (v) => typeof v === 'string' && v.startsWith(`${prefix}_`);
const is = (expected: unknown): Check => (v) => v === expected;
const str: Check = (v) => typeof v === 'string' && v !== '';
const positive: Check = (v) => typeof v === 'number' && v > 0;
const url: Check = (v) => typeof v === 'string' && v.startsWith('https://');
const future: Check = (v) => typeof v === 'number' && v > NOW;
const email: Check = (v) => typeof v === 'string' && v.includes('@');
const list: Check = (v) => Array.isArray(v);

interface Row {
  readonly type: string;
  readonly data?: Record<string, unknown>;
  readonly page: string;
  /** Paths into `data.object` (or the event with `event.`), and what their value must be. */
  readonly reads: Readonly<Record<string, Check>>;
  /** The sample's call-backs, and the fields it reads from their answers. */
  readonly calls?: (o: any, event: any) => Promise<Readonly<Record<string, [unknown, Check]>>>;
}

const CHECKOUT = 'https://docs.stripe.com/checkout/fulfillment';
const BILLING = 'https://docs.stripe.com/billing/subscriptions/webhooks';
const SUBSCRIPTIONS = 'https://docs.stripe.com/billing/subscriptions/build-subscriptions';
const PAYMENTS = 'https://docs.stripe.com/payments/handling-payment-events';
const CONNECT = 'https://docs.stripe.com/connect/webhooks';

/** What the samples read: the table the report lists. */
const ROWS: readonly Row[] = [
  {
    type: 'checkout.session.completed',
    data: { mode: 'payment' },
    page: CHECKOUT,
    reads: { id: id('cs_test'), payment_status: is('paid'), payment_intent: id('pi'), amount_total: positive, currency: str, 'customer_details.email': email },
    calls: async (o) => {
      const session = await stripe.checkout.sessions.retrieve(o.id, { expand: ['line_items'] });
      const item = session.line_items!.data[0]!;
      return { 'line_items.data[0].price.id': [item.price!.id, id('price')], 'line_items.data[0].quantity': [item.quantity, positive], 'line_items.data[0].amount_total': [item.amount_total, is(o.amount_total)] };
    },
  },
  {
    type: 'checkout.session.async_payment_succeeded',
    page: CHECKOUT,
    reads: { id: id('cs_test'), payment_status: is('paid'), payment_intent: id('pi') },
    calls: async (o) => ({ 'listLineItems().data[0].price.product': [(await stripe.checkout.sessions.listLineItems(o.id)).data[0]!.price!.product, id('prod')] }),
  },
  {
    type: 'checkout.session.completed',
    data: { mode: 'subscription' },
    page: SUBSCRIPTIONS,
    reads: { mode: is('subscription'), customer: id('cus'), subscription: id('sub'), invoice: id('in'), payment_status: is('paid'), 'customer_details.email': email, client_reference_id: (v) => v === null },
    calls: async (o) => {
      const subscription = await stripe.subscriptions.retrieve(o.subscription);
      const customer = (await stripe.customers.retrieve(o.customer)) as Stripe.Customer;
      return {
        'subscriptions.retrieve().status': [subscription.status, is('active')],
        'subscriptions.retrieve().customer': [subscription.customer, is(o.customer)],
        'subscriptions.retrieve().items.data[0].price.id': [subscription.items.data[0]!.price.id, id('price')],
        'subscriptions.retrieve().items.data[0].current_period_end': [subscription.items.data[0]!.current_period_end, future],
        'customers.retrieve().email': [customer.email, is(o.customer_details.email)],
      };
    },
  },
  {
    type: 'invoice.paid',
    page: BILLING,
    reads: {
      customer: id('cus'),
      'parent.subscription_details.subscription': id('sub'),
      status: is('paid'),
      amount_paid: positive,
      'lines.data[0].period.end': future,
      'lines.data[0].pricing.price_details.price': id('price'),
      customer_email: email,
    },
    calls: async (o) => {
      const subscription = await stripe.subscriptions.retrieve(o.parent.subscription_details.subscription);
      return {
        'subscriptions.retrieve().status': [subscription.status, is('active')],
        'subscriptions.retrieve().customer': [subscription.customer, is(o.customer)],
        'subscriptions.retrieve().items.data[0].price.id': [subscription.items.data[0]!.price.id, is(o.lines.data[0].pricing.price_details.price)],
      };
    },
  },
  {
    type: 'invoice.payment_failed',
    page: BILLING,
    reads: { customer: id('cus'), hosted_invoice_url: url, attempt_count: positive, next_payment_attempt: future, 'parent.subscription_details.subscription': id('sub'), status: is('open') },
    calls: async (o) => ({ 'subscriptions.retrieve().status': [(await stripe.subscriptions.retrieve(o.parent.subscription_details.subscription)).status, is('past_due')] }),
  },
  { type: 'invoice.finalized', page: BILLING, reads: { hosted_invoice_url: url, invoice_pdf: url, number: str, customer: id('cus') } },
  {
    type: 'customer.subscription.created',
    page: BILLING,
    reads: { id: id('sub'), customer: id('cus'), status: (v) => v === 'active' || v === 'trialing', 'items.data[0].price.id': id('price'), 'items.data[0].price.product': id('prod'), 'items.data[0].current_period_end': future },
    calls: async (o) => ({ 'customers.retrieve().email': [((await stripe.customers.retrieve(o.customer)) as Stripe.Customer).email, email] }),
  },
  { type: 'customer.subscription.updated', page: BILLING, reads: { status: str, cancel_at_period_end: (v) => typeof v === 'boolean', 'items.data[0].price.id': id('price'), 'event.data.previous_attributes': (v) => v !== null && typeof v === 'object' } },
  {
    type: 'customer.subscription.deleted',
    page: BILLING,
    reads: { id: id('sub'), customer: id('cus'), status: is('canceled'), ended_at: positive },
    calls: async (o) => ({ 'customers.retrieve().email': [((await stripe.customers.retrieve(o.customer)) as Stripe.Customer).email, email] }),
  },
  { type: 'customer.subscription.trial_will_end', page: BILLING, reads: { trial_end: future, customer: id('cus'), status: is('trialing') } },
  { type: 'payment_intent.succeeded', page: PAYMENTS, reads: { id: id('pi'), amount: positive, amount_received: (v, o) => v === o.amount, currency: str, metadata: (v) => typeof v === 'object', latest_charge: id('ch') } },
  { type: 'payment_intent.payment_failed', page: PAYMENTS, reads: { id: id('pi'), 'last_payment_error.message': str, 'last_payment_error.code': str } },
  {
    type: 'account.updated',
    page: CONNECT,
    reads: { 'event.account': id('acct'), id: (v, o) => v === o.__event.account, charges_enabled: is(true), payouts_enabled: is(true), details_submitted: is(true), 'requirements.currently_due': list },
    calls: async (o) => ({ 'accounts.retrieve().charges_enabled': [(await stripe.accounts.retrieve(o.id)).charges_enabled, is(true)] }),
  },
];

/** The value at a dotted path (`lines.data[0].period.end`). */
function at(root: any, path: string): unknown {
  return path.split(/\.|\[(\d+)\]/).filter(Boolean).reduce((node, key) => (node === null || node === undefined ? undefined : node[key]), root);
}

describe("the fields Stripe's docs' sample handlers read", () => {
  it('are present and meaningful on every delivery and call-back answer, for several seeds', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const row of ROWS) {
      for (const seed of SEEDS) {
        // One seed draws the same subscription for every invoice event: each delivery in a world of its own.
        resetProviderWorld();
        const { payload } = await deliver('stripe', row.type, { seed, timestamp: NOW * 1000, data: row.data as never });
        const object = { ...payload.data.object, __event: payload };
        const label = `${row.type}${row.data ? ` ${JSON.stringify(row.data)}` : ''} seed ${seed}`;
        for (const [path, check] of Object.entries(row.reads)) {
          const value = path.startsWith('event.') ? at(payload, path.slice(6)) : at(object, path);
          checked++;
          if (!check(value, object)) failures.push(`${label}: ${path} is ${JSON.stringify(value)} (${row.page})`);
        }
        try {
          for (const [path, [value, check]] of Object.entries((await row.calls?.(object, payload)) ?? {})) {
            checked++;
            if (!check(value, object)) failures.push(`${label}: ${path} is ${JSON.stringify(value)} (${row.page})`);
          }
        } catch (error) {
          failures.push(`${label}: a call-back failed: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
