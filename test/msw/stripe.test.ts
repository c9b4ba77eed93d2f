/** relaykit/msw against the official Stripe client: deliveries' objects read back, writes, lists, errors, credentials, reset, unsupported endpoints. */
import { describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const KEY = 'sk_test_relaykit123';
useProviderServer({ stripe: { apiKey: KEY } });
const stripe = new Stripe(KEY);

describe('relaykit/msw: Stripe', () => {
  it('serves the payment intent of a payment_intent.succeeded delivery to stripe-node', async () => {
    const { payload } = await deliver('stripe', 'payment_intent.succeeded', { data: { metadata: { order: '42' } } });
    const intent = await stripe.paymentIntents.retrieve(payload.data.object.id);
    expect(intent).toMatchObject(payload.data.object);
    expect(intent.metadata).toEqual({ order: '42' });
    expect(intent.status).toBe('succeeded');
  });

  it('serves objects a payload names only by id (the customer and payment method of a payment intent), never over a fuller one', async () => {
    const { payload: created } = await deliver('stripe', 'customer.created', { data: { email: 'ada@example.com' } });
    const customerId = created.data.object.id;
    const { payload } = await deliver('stripe', 'payment_intent.succeeded', { data: { customer: customerId } });
    const intent = payload.data.object;
    expect((await stripe.customers.retrieve(customerId)) as Stripe.Customer).toMatchObject({ id: customerId, email: 'ada@example.com' });
    const method = await stripe.paymentMethods.retrieve(intent.payment_method);
    expect(method).toMatchObject({ id: intent.payment_method, object: 'payment_method', created: payload.created });
    // A customer no delivery has described (a quarter of payment intents have none: name one).
    const { payload: other } = await deliver('stripe', 'payment_intent.succeeded', { data: { customer: 'cus_OnlyNamedById' } });
    expect((await stripe.customers.retrieve(other.data.object.customer)).id).toBe('cus_OnlyNamedById');
  });

  it('after invoice.paid, the subscription the invoice names is whole: its customer, status, items and price (no bare stub)', async () => {
    const { payload } = await deliver('stripe', 'invoice.paid');
    const invoice = payload.data.object;
    const line = invoice.lines.data[0];
    const subscription = await stripe.subscriptions.retrieve(invoice.parent.subscription_details.subscription);
    expect(subscription).toMatchObject({ customer: invoice.customer, status: 'active', currency: invoice.currency, latest_invoice: invoice.id });
    expect(subscription.items.data[0]).toMatchObject({
      id: line.parent.subscription_item_details.subscription_item,
      price: { id: line.pricing.price_details.price, product: line.pricing.price_details.product, unit_amount: Number(line.pricing.unit_amount_decimal) },
      quantity: line.quantity,
      current_period_start: line.period.start,
      current_period_end: line.period.end,
    });
    expect(await stripe.customers.retrieve(invoice.customer)).toMatchObject({ id: invoice.customer, email: invoice.customer_email });
    expect((await stripe.products.retrieve(line.pricing.price_details.product)).id).toBe(line.pricing.price_details.product);
  });

  it('a subscription-mode checkout names a customer, subscription and paid first invoice that the mock serves, agreeing with the session', async () => {
    const { payload } = await deliver('stripe', 'checkout.session.completed', { data: { mode: 'subscription' } });
    const session = payload.data.object;
    expect(session).toMatchObject({ mode: 'subscription', payment_intent: null, status: 'complete', payment_status: 'paid' });
    const subscription = await stripe.subscriptions.retrieve(session.subscription);
    expect(subscription).toMatchObject({ customer: session.customer, status: 'active', latest_invoice: session.invoice, currency: session.currency });
    const item = subscription.items.data[0]!;
    expect(item.price.unit_amount! * item.quantity!).toBe(session.amount_total);
    expect(item.current_period_end).toBeGreaterThan(item.current_period_start);
    expect(await stripe.customers.retrieve(session.customer)).toMatchObject({ email: session.customer_details.email, name: session.customer_details.name });
    const invoice = await stripe.invoices.retrieve(session.invoice);
    expect(invoice).toMatchObject({ customer: session.customer, status: 'paid', amount_paid: session.amount_total, billing_reason: 'subscription_create' });
    expect(invoice.parent?.subscription_details?.subscription).toBe(session.subscription);
    // What the session sold (Stripe's fulfilment sample expands it): the subscription's price.
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(expanded.line_items!.data.map((li) => [li.price!.id, li.amount_total])).toEqual([[item.price.id, session.amount_total]]);
    expect((await stripe.checkout.sessions.listLineItems(session.id)).data[0]!.price!.product).toBe(item.price.product);
  });

  it('a setup-mode checkout names a succeeded SetupIntent of the session customer; a payment-mode one sold a one-time price', async () => {
    const { payload } = await deliver('stripe', 'checkout.session.completed', { data: { mode: 'setup' } });
    const setup = await stripe.setupIntents.retrieve(payload.data.object.setup_intent);
    expect(setup).toMatchObject({ status: 'succeeded', customer: payload.data.object.customer });
    const { payload: paid } = await deliver('stripe', 'checkout.session.completed', { data: { mode: 'payment', amount_total: 4200 } });
    const intent = await stripe.paymentIntents.retrieve(paid.data.object.payment_intent);
    expect(intent).toMatchObject({ amount: 4200, status: 'succeeded', currency: paid.data.object.currency });
    const [line] = (await stripe.checkout.sessions.listLineItems(paid.data.object.id)).data;
    expect(line).toMatchObject({ amount_total: 4200, price: { type: 'one_time', unit_amount: 4200 } });
  });

  it('serves the objects nested in a payload (subscription items and prices) and the event itself', async () => {
    const { payload } = await deliver('stripe', 'customer.subscription.created');
    const subscription = payload.data.object;
    const item = subscription.items.data[0];
    expect(await stripe.subscriptionItems.retrieve(item.id)).toMatchObject({ id: item.id, subscription: subscription.id });
    expect((await stripe.prices.retrieve(item.price.id)).unit_amount).toBe(item.price.unit_amount);
    expect((await stripe.events.retrieve(payload.id)).type).toBe('customer.subscription.created');
  });

  it('lists newest first with Stripe pagination (limit, starting_after, has_more, url)', async () => {
    const ids: string[] = [];
    for (const [seed, day] of [[1, 1], [2, 2], [3, 3]] as const) {
      const { payload } = await deliver('stripe', 'customer.created', { seed, timestamp: Date.UTC(2026, 0, day) });
      ids.push(payload.data.object.id);
    }
    const first = await stripe.customers.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    const second = await stripe.customers.list({ limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((c) => c.id)).toEqual([ids[0]]);
    expect(second.has_more).toBe(false);
    expect((await stripe.customers.list().autoPagingToArray({ limit: 10 })).map((c) => c.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('filters lists by a field (refunds of a payment intent)', async () => {
    const a = await deliver('stripe', 'payment_intent.succeeded', { seed: 10 });
    const b = await deliver('stripe', 'payment_intent.succeeded', { seed: 11 });
    await stripe.refunds.create({ payment_intent: a.payload.data.object.id, amount: 100 });
    await stripe.refunds.create({ payment_intent: b.payload.data.object.id, amount: 100 });
    const refunds = await stripe.refunds.list({ payment_intent: a.payload.data.object.id });
    expect(refunds.data.map((r) => r.payment_intent)).toEqual([a.payload.data.object.id]);
  });

  it('creates a refund that later reads see, and refuses to refund more than was paid', async () => {
    const { payload } = await deliver('stripe', 'charge.succeeded');
    const charge = payload.data.object;
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 500, metadata: { reason: 'test' } });
    expect(refund).toMatchObject({ object: 'refund', amount: 500, charge: charge.id, status: 'succeeded', metadata: { reason: 'test' } });
    expect(await stripe.refunds.retrieve(refund.id)).toEqual(refund);
    expect((await stripe.charges.retrieve(charge.id)).amount_refunded).toBe(500);
    await expect(stripe.refunds.create({ charge: charge.id, amount: charge.amount })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'amount_too_large',
    });
    const rest = await stripe.refunds.create({ charge: charge.id });
    expect(rest.amount).toBe(charge.amount - 500);
    expect((await stripe.charges.retrieve(charge.id)).refunded).toBe(true);
  });

  it('refunds a payment intent whose charge the payload only names', async () => {
    const { payload } = await deliver('stripe', 'payment_intent.succeeded');
    const intent = payload.data.object;
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    expect(refund).toMatchObject({ amount: intent.amount_received, charge: intent.latest_charge, payment_intent: intent.id });
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('updates a customer so a later retrieve returns the change', async () => {
    const { payload } = await deliver('stripe', 'customer.created');
    const id = payload.data.object.id;
    const updated = await stripe.customers.update(id, { name: 'Ada Lovelace', metadata: { plan: 'pro' } });
    expect(updated).toMatchObject({ id, name: 'Ada Lovelace', metadata: { plan: 'pro' } });
    const again = await stripe.customers.retrieve(id);
    expect(again).toMatchObject({ name: 'Ada Lovelace', metadata: { plan: 'pro' }, email: payload.data.object.email });
    await expect(stripe.customers.update(id, { nonsense: 1 } as never)).rejects.toMatchObject({ code: 'parameter_unknown', param: 'nonsense' });
  });

  it('creates and deletes customers; a deleted customer reads as the deleted stub', async () => {
    const created = await stripe.customers.create({ email: 'grace@example.com' });
    expect(created.id).toMatch(/^cus_/);
    expect((await stripe.customers.retrieve(created.id)) as Stripe.Customer).toMatchObject({ email: 'grace@example.com' });
    await stripe.customers.del(created.id);
    expect(await stripe.customers.retrieve(created.id)).toEqual({ id: created.id, object: 'customer', deleted: true });
  });

  it('expands ids into the objects the world holds', async () => {
    const { payload } = await deliver('stripe', 'payment_intent.succeeded', { data: { customer: 'cus_SeededCustomer1' } });
    const intent = payload.data.object;
    providerWorld.put('stripe', 'customer', { id: intent.customer, object: 'customer', email: 'seeded@example.com' });
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['customer'] });
    expect(expanded.customer).toMatchObject({ id: intent.customer, email: 'seeded@example.com' });
  });

  it('answers an unknown id with resource_missing 404', async () => {
    const error = await stripe.paymentIntents.retrieve('pi_doesnotexist').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such payment_intent: 'pi_doesnotexist'" });
  });

  it('forgets everything on resetProviderWorld()', async () => {
    const { payload } = await deliver('stripe', 'invoice.paid');
    expect((await stripe.invoices.retrieve(payload.data.object.id)).id).toBe(payload.data.object.id);
    resetProviderWorld();
    await expect(stripe.invoices.retrieve(payload.data.object.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await stripe.invoices.list()).data).toEqual([]);
  });

  it('answers 401 without an API key and with a key it was not configured with', async () => {
    const response = await fetch('https://api.stripe.com/v1/customers');
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('You did not provide an API key');
    const wrong = new Stripe('sk_test_wrongkey999');
    const error = await wrong.customers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Invalid API Key provided: sk_test_*******y999' });
  });

  it('serves nested resources under their parent only, lists them, and singletons at their url', async () => {
    const { payload } = await deliver('stripe', 'person.created');
    const person = payload.data.object;
    expect(await stripe.accounts.retrievePerson(person.account, person.id)).toMatchObject({ id: person.id, account: person.account });
    const elsewhere = (await stripe.accounts.retrievePerson('acct_Other', person.id).catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect(elsewhere.statusCode).toBe(404);
    expect((await stripe.accounts.listPersons(person.account)).data.map((p) => p.id)).toEqual([person.id]);
    expect((await stripe.accounts.listPersons('acct_Other')).data).toEqual([]);
    const { payload: funds } = await deliver('stripe', 'cash_balance.funds_available');
    const cash = funds.data.object;
    expect(await stripe.customers.retrieveCashBalance(cash.customer)).toMatchObject({ object: 'cash_balance', customer: cash.customer });
    const { payload: meter } = await deliver('stripe', 'billing.meter.created');
    expect((await stripe.billing.meters.list()).data.map((m) => m.id)).toEqual([meter.data.object.id]);
  });

  it('fails an unsupported endpoint with a message naming the method, the path and what is supported', async () => {
    const printed = quietConsoleError();
    const error = (await stripe.terminal.readers.processPaymentIntent('tmr_1', { payment_intent: 'pi_1' }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Stripe.errors.StripeError);
    expect(error.message).toContain('no handler for POST /v1/terminal/readers/tmr_1/process_payment_intent');
    expect(error.message).toContain("supportedEndpoints('stripe') lists the");
    expect(printed).toHaveBeenCalledWith(expect.stringContaining('POST /v1/terminal/readers/tmr_1/process_payment_intent'));
    expect(providerWorld.unsupportedRequests()).toEqual([{ provider: 'stripe', method: 'POST', url: 'https://api.stripe.com/v1/terminal/readers/tmr_1/process_payment_intent' }]);
  });
});
