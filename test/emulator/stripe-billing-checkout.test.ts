/**
 * Checkout Sessions through the real stripe-node, and `completeCheckout` doing what the buyer does on
 * the hosted page: the payment or the subscription made by the same code as the API's, then
 * `checkout.session.completed` naming what was made; a decline leaves the session open.
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { RelayError } from '../../src/core/index.js';
import { completeCheckout } from '../../src/providers/stripe/api/billing/index.js';
import { itChains, types, useBillingWorld, type Chain } from './stripe-billing-support.js';

const { world, stripe } = useBillingWorld();
const PAYMENT = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated'];
const INVOICE_PAID = ['invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'];

/** A session of `mode` for one price (monthly for a subscription), created with `extra`. */
async function session(mode: 'payment' | 'subscription', extra: Partial<Stripe.Checkout.SessionCreateParams> = {}): Promise<Stripe.Checkout.Session> {
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 1500,
    product_data: { name: 'Course' },
    ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
  });
  const created = await stripe.checkout.sessions.create({ mode, line_items: [{ price: price.id, quantity: 2 }], success_url: 'https://example.com/ok', ...extra });
  world.outbox.drain();
  return created;
}

/** Completes a session and returns it as stripe-node then retrieves it. */
async function complete(created: Stripe.Checkout.Session, paymentMethod = 'pm_card_visa'): Promise<Stripe.Checkout.Session> {
  await completeCheckout(world, created.id, { paymentMethod, email: 'buyer@example.com', name: 'Ada' });
  return stripe.checkout.sessions.retrieve(created.id);
}

describe('stripe billing: Checkout', () => {
  const chains: Chain[] = [
    { name: 'a payment-mode session paid by a guest', run: async () => complete(await session('payment')), events: [...PAYMENT, 'checkout.session.completed'], status: 'complete' },
    {
      name: 'a payment-mode session with customer_creation=always',
      run: async () => complete(await session('payment', { customer_creation: 'always' })),
      events: ['customer.created', ...PAYMENT, 'checkout.session.completed'],
      status: 'complete',
    },
    {
      name: 'a subscription-mode session: customer, subscription chain, then completed',
      run: async () => complete(await session('subscription')),
      events: ['customer.created', 'payment_method.attached', 'customer.subscription.created', 'invoice.created', 'invoice.finalized', ...PAYMENT, ...INVOICE_PAID, 'checkout.session.completed'],
      status: 'complete',
    },
    {
      name: 'a subscription-mode session with a trial: no payment required',
      run: async () => complete(await session('subscription', { subscription_data: { trial_period_days: 7 } })),
      events: ['customer.created', 'payment_method.attached', 'customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed'],
      status: 'complete',
    },
    { name: 'a declined card: the session stays open', run: async () => complete(await session('payment'), 'pm_card_chargeDeclined'), events: ['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed'], status: 'open' },
    {
      name: 'a subscription-mode session paid with a card that cannot be saved: the session stays open',
      run: async () => complete(await session('subscription'), 'pm_card_chargeDeclined'),
      events: ['customer.created'],
      status: 'open',
    },
    { name: 'an expired session', run: async () => stripe.checkout.sessions.expire((await session('payment')).id), events: ['checkout.session.expired'], status: 'expired' },
  ];

  itChains(chains, world, stripe);

  it('a session reads back with its line items, appending nothing when created', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 700, product_data: { name: 'Mug' } });
    world.outbox.drain();
    const created = await stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 3 }], success_url: 'https://example.com/ok' });
    expect(types(world)).toEqual([]);
    expect(created).toMatchObject({ status: 'open', payment_status: 'unpaid', amount_total: 2100, currency: 'usd', expires_at: created.created + 86_400 });
    const expanded = await stripe.checkout.sessions.retrieve(created.id, { expand: ['line_items'] });
    expect(expanded.line_items!.data.map((l) => [l.price!.id, l.quantity, l.amount_total, l.description])).toEqual([[price.id, 3, 2100, 'Mug']]);
  });

  it('a completed subscription session names a customer, an active subscription and its paid invoice', async () => {
    const done = await complete(await session('subscription'));
    expect(done).toMatchObject({ payment_status: 'paid', customer_details: { email: 'buyer@example.com', name: 'Ada' } });
    const sub = await stripe.subscriptions.retrieve(String(done.subscription));
    expect(sub).toMatchObject({ status: 'active', customer: done.customer, latest_invoice: done.invoice });
    const card = await stripe.paymentMethods.retrieve(String(sub.default_payment_method));
    expect(card).toMatchObject({ customer: done.customer, card: { last4: '4242' } });
    expect(await stripe.invoices.retrieve(String(done.invoice))).toMatchObject({ status: 'paid', amount_paid: 3000 });
    expect(await stripe.customers.retrieve(String(done.customer))).toMatchObject({ email: 'buyer@example.com' });
  });

  it('completeCheckout refuses a session that is not open, an unknown one, and a missing payment method', async () => {
    const expired = await session('payment');
    await stripe.checkout.sessions.expire(expired.id);
    await expect(completeCheckout(world, expired.id, { paymentMethod: 'pm_card_visa' })).rejects.toSatisfy((e: unknown) => RelayError.is(e) && e.code === 'CONFLICT');
    await expect(completeCheckout(world, 'cs_test_nope', { paymentMethod: 'pm_card_visa' })).rejects.toSatisfy((e: unknown) => RelayError.is(e) && e.code === 'NOT_FOUND');
    await expect(completeCheckout(world, (await session('payment')).id, { paymentMethod: '' })).rejects.toSatisfy((e: unknown) => RelayError.is(e) && e.code === 'INVALID_OPTION');
  });

  const refusals: { name: string; run: () => Promise<unknown>; status: number }[] = [
    { name: 'no mode', run: () => stripe.checkout.sessions.create({ line_items: [{ price: 'price_x', quantity: 1 }] } as never), status: 400 },
    {
      name: 'a recurring price in payment mode',
      run: async () => {
        const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, recurring: { interval: 'month' }, product_data: { name: 'x' } });
        world.outbox.drain();
        return stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: price.id, quantity: 1 }] });
      },
      status: 400,
    },
    { name: 'an unknown price', run: () => stripe.checkout.sessions.create({ mode: 'payment', line_items: [{ price: 'price_nope', quantity: 1 }] }), status: 404 },
    {
      name: 'expiring a completed session',
      run: async () => {
        const done = await complete(await session('payment'));
        world.outbox.drain();
        return stripe.checkout.sessions.expire(done.id);
      },
      status: 400,
    },
  ];

  it.each(refusals)('refuses $name with $status, appending nothing', async ({ run, status }) => {
    await expect(run()).rejects.toMatchObject({ statusCode: status });
    expect(types(world)).toEqual([]);
  });
});
