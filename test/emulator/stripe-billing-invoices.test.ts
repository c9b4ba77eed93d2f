/**
 * One-off invoices through the real stripe-node, as the stripe-cli fixtures drive them (invoice item →
 * invoice with pending items → finalize → void / mark uncollectible / pay): the invoice.* chain of each,
 * the objects read back as the events carried them, Stripe's refusals.
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { type Chain, expectEventsMatchRetrieve, itChains, types, useBillingWorld } from './stripe-billing-support.js';

const { world, stripe } = useBillingWorld();

/** A customer with one pending invoice item of `amount`, and a draft invoice that took it. */
async function draft(amount = 2500): Promise<{ customer: Stripe.Customer; invoice: Stripe.Invoice }> {
  const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada' });
  await stripe.invoiceItems.create({ customer: customer.id, amount, currency: 'usd', description: 'Setup fee' });
  const invoice = await stripe.invoices.create({ customer: customer.id, pending_invoice_items_behavior: 'include' });
  return { customer, invoice };
}

/** `draft()` for a customer whose default payment method is `card` (attached). */
async function draftCharging(card: string): Promise<Stripe.Invoice> {
  const { customer, invoice } = await draft();
  const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
  world.outbox.drain();
  return invoice;
}

const CHARGED = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated'];

describe('stripe billing: invoices', () => {
  const chains: Chain[] = [
    { name: 'a draft with a pending item', run: () => draft(), events: ['customer.created', 'invoiceitem.created', 'invoice.created'] },
    {
      name: 'finalized, then voided',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        await stripe.invoices.voidInvoice(invoice.id!);
      },
      events: ['customer.created', 'invoiceitem.created', 'invoice.created', 'invoice.finalized', 'invoice.voided'],
    },
    {
      name: 'finalized, then marked uncollectible',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        await stripe.invoices.markUncollectible(invoice.id!);
      },
      events: ['customer.created', 'invoiceitem.created', 'invoice.created', 'invoice.finalized', 'invoice.marked_uncollectible'],
    },
    {
      name: 'a zero invoice is paid when finalized, with no charge',
      run: async () => {
        const customer = await stripe.customers.create({ email: 'zero@example.com' });
        const invoice = await stripe.invoices.create({ customer: customer.id });
        await stripe.invoices.finalizeInvoice(invoice.id!);
      },
      events: ['customer.created', 'invoice.created', 'invoice.finalized', 'invoice.paid', 'invoice.payment_succeeded'],
    },
    {
      name: 'paid out of band',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        await stripe.invoices.pay(invoice.id!, { paid_out_of_band: true });
      },
      events: ['customer.created', 'invoiceitem.created', 'invoice.created', 'invoice.finalized', 'invoice.paid'],
    },
    {
      name: 'a draft paid with the default card: finalized, charged, paid',
      run: async () => stripe.invoices.pay((await draftCharging('pm_card_visa')).id!),
      events: ['invoice.finalized', ...CHARGED, 'invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'],
      status: 'paid',
    },
    {
      name: 'an open invoice paid with a card given to the call',
      run: async () => {
        const { customer, invoice } = await draft();
        const pm = await stripe.paymentMethods.attach('pm_card_mastercard', { customer: customer.id });
        await stripe.invoices.finalizeInvoice(invoice.id!);
        return stripe.invoices.pay(invoice.id!, { payment_method: pm.id });
      },
      events: ['customer.created', 'invoiceitem.created', 'invoice.created', 'payment_method.attached', 'invoice.finalized', ...CHARGED, 'invoice.paid', 'invoice.payment_succeeded', 'invoice_payment.paid'],
      status: 'paid',
    },
    {
      name: 'a draft deleted',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.del(invoice.id!);
      },
      events: ['customer.created', 'invoiceitem.created', 'invoice.created', 'invoice.deleted'],
    },
  ];

  itChains(chains, world, stripe);

  it('a declined payment answers 402 as stripe-node raises it, and the invoice stays open with one attempt', async () => {
    const invoice = await draftCharging('pm_card_chargeCustomerFail');
    await expect(stripe.invoices.pay(invoice.id!)).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
    expect(types(world)).toEqual(['invoice.finalized', 'payment_intent.created', 'charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed']);
    expect(await stripe.invoices.retrieve(invoice.id!)).toMatchObject({ status: 'open', attempt_count: 1, attempted: true, amount_paid: 0 });
    await expectEventsMatchRetrieve(stripe, world);
  });


  it('an invoice carries its lines and totals, is numbered when finalized, and its item points at it', async () => {
    const { customer, invoice } = await draft(4200);
    expect(invoice).toMatchObject({ status: 'draft', number: null, amount_due: 4200, total: 4200, customer: customer.id, billing_reason: 'manual' });
    expect(invoice.lines.data).toEqual([expect.objectContaining({ amount: 4200, description: 'Setup fee', parent: expect.objectContaining({ type: 'invoice_item_details' }) })]);
    const open = await stripe.invoices.finalizeInvoice(invoice.id!);
    expect(open).toMatchObject({ status: 'open', number: `${customer.invoice_prefix}-0001`, amount_remaining: 4200 });
    const item = (await stripe.invoiceItems.list({ customer: customer.id })).data[0]!;
    expect(item.invoice).toBe(invoice.id);
    expect((await stripe.invoices.listLineItems(invoice.id!)).data.map((l) => l.amount)).toEqual([4200]);
  });

  it('a card asking for authentication answers 402 invoice_payment_intent_requires_action and sends invoice.payment_action_required', async () => {
    const invoice = await draftCharging('pm_card_authenticationRequired');
    await expect(stripe.invoices.pay(invoice.id!)).rejects.toMatchObject({ statusCode: 402, code: 'invoice_payment_intent_requires_action' });
    expect(types(world)).toEqual(['invoice.finalized', 'payment_intent.created', 'payment_intent.requires_action', 'invoice.payment_action_required']);
    await expectEventsMatchRetrieve(stripe, world);
  });

  const refusals: { name: string; run: () => Promise<unknown>; status: number; code?: string }[] = [
    { name: 'an invoice for a missing customer', run: () => stripe.invoices.create({ customer: 'cus_nope' }), status: 404, code: 'resource_missing' },
    { name: 'an invoice item without an amount or price', run: async () => stripe.invoiceItems.create({ customer: (await stripe.customers.create()).id, currency: 'usd' }), status: 400, code: 'parameter_missing' },
    {
      name: 'finalizing twice',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        world.outbox.drain();
        await stripe.invoices.finalizeInvoice(invoice.id!);
      },
      status: 400,
      code: 'invoice_not_editable',
    },
    {
      name: 'voiding a draft',
      run: async () => {
        const { invoice } = await draft();
        world.outbox.drain();
        await stripe.invoices.voidInvoice(invoice.id!);
      },
      status: 400,
      code: 'invoice_not_editable',
    },
    {
      name: 'paying a voided invoice',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        await stripe.invoices.voidInvoice(invoice.id!);
        world.outbox.drain();
        await stripe.invoices.pay(invoice.id!);
      },
      status: 400,
      code: 'invoice_not_payable',
    },
    {
      name: 'paying without any payment method',
      run: async () => {
        const { invoice } = await draft();
        await stripe.invoices.finalizeInvoice(invoice.id!);
        world.outbox.drain();
        await stripe.invoices.pay(invoice.id!);
      },
      status: 400,
      code: 'invoice_no_customer_payment_method',
    },
  ];

  it.each(refusals)('refuses $name with $status and appends nothing', async ({ run, status, code }) => {
    world.outbox.drain();
    await expect(run()).rejects.toMatchObject({ statusCode: status, ...(code ? { code } : {}) });
    expect(types(world).filter((t) => t !== 'customer.created')).toEqual([]);
  });
});
