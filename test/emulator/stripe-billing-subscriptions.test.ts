/**
 * Subscriptions through the real stripe-node (the stripe-cli fixture's calls: a customer with a default
 * card, a recurring price, POST /v1/subscriptions; then an update or DELETE): the whole chain of each,
 * with the charge made by payments' attemptPayment, and the objects read back as the events carried them.
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { type Chain, DAY, itChains, types, useBillingWorld } from './stripe-billing-support.js';

const { world, stripe } = useBillingWorld();

/** A customer whose invoices charge `card` by default, and a monthly price of `amount`. */
async function setup(card = 'pm_card_visa', amount = 2000): Promise<{ customer: Stripe.Customer; price: Stripe.Price; pm: string }> {
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: amount, recurring: { interval: 'month' }, product_data: { name: 'Pro' } });
  world.outbox.drain();
  return { customer: (await stripe.customers.retrieve(customer.id)) as Stripe.Customer, price, pm: pm.id };
}

const PAID = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated', 'invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'];

describe('stripe billing: subscriptions', () => {
  const chains: Chain[] = [
    {
      name: 'created with the customer default card: active, first invoice paid',
      run: async () => {
        const { customer, price } = await setup();
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 2 }] });
      },
      events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', ...PAID],
      status: 'active',
    },
    {
      name: 'a declined first payment: incomplete',
      run: async () => {
        const { customer, price } = await setup('pm_card_chargeCustomerFail');
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
      },
      events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'payment_intent.created', 'charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed'],
      status: 'incomplete',
    },
    {
      name: 'a 14-day trial: trialing, a zero invoice paid without a charge',
      run: async () => {
        const { customer, price } = await setup();
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
      },
      events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded'],
      status: 'trialing',
    },
    {
      name: 'a 1-day trial: trial_will_end at once',
      run: async () => {
        const { customer, price } = await setup();
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 1 });
      },
      events: ['customer.subscription.created', 'customer.subscription.trial_will_end', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded'],
      status: 'trialing',
    },
    {
      name: 'a trial ended now: trial_will_end at once, the first period billed and charged in the same call',
      run: async () => {
        const { customer, price } = await setup();
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
        world.outbox.drain();
        return stripe.subscriptions.update(sub.id, { trial_end: 'now' });
      },
      events: ['customer.subscription.updated', 'customer.subscription.trial_will_end', 'invoice.created', 'invoice.finalized', ...PAID],
      status: 'active',
    },
    {
      name: 'a trial shortened to 2 days: trial_will_end at once',
      run: async () => {
        const { customer, price } = await setup();
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
        world.outbox.drain();
        return stripe.subscriptions.update(sub.id, { trial_end: sub.created + 2 * DAY });
      },
      events: ['customer.subscription.updated', 'customer.subscription.trial_will_end'],
      status: 'trialing',
    },
    {
      name: 'canceled at period end, then now',
      run: async () => {
        const { customer, price } = await setup();
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
        await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
        return stripe.subscriptions.cancel(sub.id);
      },
      events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', ...PAID, 'customer.subscription.updated', 'customer.subscription.deleted'],
      status: 'canceled',
    },
    {
      name: 'a price change mid-period prorates (two pending items)',
      run: async () => {
        const { customer, price } = await setup();
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
        const bigger = await stripe.prices.create({ currency: 'usd', unit_amount: 5000, recurring: { interval: 'month' }, product: String(price.product) });
        return stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: bigger.id }] });
      },
      events: ['customer.subscription.created', 'invoice.created', 'invoice.finalized', ...PAID, 'price.created', 'customer.subscription.updated', 'invoiceitem.created', 'invoiceitem.created'],
      status: 'active',
    },
    {
      name: 'a price change billed at once (always_invoice)',
      run: async () => {
        const { customer, price } = await setup();
        const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
        const bigger = await stripe.prices.create({ currency: 'usd', unit_amount: 5000, recurring: { interval: 'month' }, product: String(price.product) });
        world.outbox.drain();
        return stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: bigger.id }], proration_behavior: 'always_invoice' });
      },
      events: ['customer.subscription.updated', 'invoiceitem.created', 'invoiceitem.created', 'invoice.created', 'invoice.finalized', ...PAID],
      status: 'active',
    },
  ];

  itChains(chains, world, stripe);


  it('the first invoice bills the items for the period, names the subscription, and its payment intent was paid', async () => {
    const { customer, price } = await setup();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id, quantity: 3 }], expand: ['latest_invoice'] });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    const item = sub.items.data[0]!;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 6000, billing_reason: 'subscription_create', parent: { subscription_details: { subscription: sub.id } } });
    expect(item.current_period_end - item.current_period_start).toBe(31 * DAY);
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id! });
    const intent = await stripe.paymentIntents.retrieve(String(payments.data[0]!.payment.payment_intent));
    expect(intent).toMatchObject({ status: 'succeeded', amount: 6000, customer: customer.id });
  });

  it('an update reports the changed fields; the prorations net the price difference over the rest of the period', async () => {
    const { customer, price } = await setup();
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], metadata: { plan: 'pro' } });
    world.outbox.drain();
    await stripe.subscriptions.update(sub.id, { metadata: { plan: 'team' }, cancel_at_period_end: true });
    const [updated] = world.outbox.pending();
    expect(updated!.previous).toEqual({ metadata: { plan: 'pro' }, cancel_at_period_end: false, cancel_at: null, canceled_at: null, cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null } });
    expect(updated!.data).toMatchObject({ cancel_at: sub.items.data[0]!.current_period_end, status: 'active' });
    const bigger = await stripe.prices.create({ currency: 'usd', unit_amount: 5000, recurring: { interval: 'month' }, product: String(price.product) });
    await stripe.subscriptions.update(sub.id, { items: [{ id: sub.items.data[0]!.id, price: bigger.id }] });
    const items = (await stripe.invoiceItems.list({ customer: customer.id })).data;
    expect(items.map((i) => i.amount).sort((a, b) => a - b)).toEqual([-2000, 5000]);
  });

  it('payment_behavior=error_if_incomplete: a decline answers 402 and no subscription is made (only the charge events)', async () => {
    const { customer, price } = await setup('pm_card_chargeCustomerFail');
    await expect(stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'error_if_incomplete' })).rejects.toMatchObject({ statusCode: 402, type: 'StripeCardError' });
    expect(types(world)).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data).toEqual([]);
  });

  const refusals: { name: string; run: () => Promise<unknown>; status: number; code?: string }[] = [
    {
      name: 'a customer with no payment method',
      run: async () => {
        const customer = await stripe.customers.create();
        const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, recurring: { interval: 'month' }, product_data: { name: 'x' } });
        world.outbox.drain();
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
      },
      status: 400,
    },
    {
      name: 'a one-time price',
      run: async () => {
        const { customer } = await setup();
        const once = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product_data: { name: 'x' } });
        world.outbox.drain();
        return stripe.subscriptions.create({ customer: customer.id, items: [{ price: once.id }] });
      },
      status: 400,
    },
    { name: 'an unknown customer', run: () => stripe.subscriptions.create({ customer: 'cus_nope', items: [{ price: 'price_x' }] }), status: 404, code: 'resource_missing' },
    { name: 'no items', run: async () => stripe.subscriptions.create({ customer: (await setup()).customer.id } as never), status: 400, code: 'parameter_missing' },
    { name: 'a bad proration_behavior', run: async () => stripe.subscriptions.update('sub_missing', { proration_behavior: 'sometimes' as never }), status: 404 },
  ];

  it.each(refusals)('refuses $name with $status and appends nothing', async ({ run, status, code }) => {
    await expect(run()).rejects.toMatchObject({ statusCode: status, ...(code ? { code } : {}) });
    expect(types(world)).toEqual([]);
  });
});
