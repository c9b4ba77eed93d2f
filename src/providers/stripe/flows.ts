/**
 * Stripe's flows. Stripe sends one event per object change, each with its own `evt_` id; the objects
 * they carry share their ids (`cus_`, `sub_`, `in_`, `pi_`, `ch_`, `pm_`, `cs_`, `re_`, `dp_`).
 * Stripe does not guarantee that events arrive in the order they are generated (https://docs.stripe.com/webhooks,
 * "Event ordering"); the order listed here is the order the objects change, which each flow's source documents.
 */
import { defineFlow, type FlowClock, type FlowDefinition } from '../flow.js';
import { base62, int, type Rng } from '../shared/rng.js';
import { stripeIdentity } from './flow-identity.js';
import { objectId as stripeObjectId } from './scene.js';

const DAY = 86_400;

/** When each of a flow's objects was created, in seconds after the flow began (default 0): their ids carry it. */
type Created = Partial<Record<'paymentMethod' | 'subscription' | 'invoice' | 'paymentIntent' | 'charge' | 'retryCharge' | 'refund' | 'dispute', number>>;

/**
 * The ids a Stripe flow's events share, minted as single triggers mint them (`stripeObjectId`): on one
 * account, each at its object's creation time, PaymentIntents, charges and refunds with version `3`.
 */
function stripeIds(rng: Rng, { unix }: FlowClock, created: Created = {}, mode: 'payment' | 'subscription' = 'payment') {
  const account = base62(rng, 10);
  const id = (prefix: string, key: keyof Created, version = '1') => stripeObjectId(prefix, unix(created[key] ?? 0), account, base62(rng, 8), version);
  return {
    account,
    customer: `cus_${base62(rng, 14)}`,
    paymentMethod: id('pm', 'paymentMethod'),
    subscription: id('sub', 'subscription'),
    invoice: id('in', 'invoice'),
    paymentIntent: id('pi', 'paymentIntent', '3'),
    charge: id('ch', 'charge', '3'),
    retryCharge: id('ch', 'retryCharge', '3'),
    // Checkout Session ids say their mode: `a1` payment, `b1` subscription.
    session: `cs_test_${mode === 'subscription' ? 'b1' : 'a1'}${base62(rng, 56)}`,
    refund: id('re', 'refund', '3'),
    dispute: id('dp', 'dispute'),
    amount: int(rng, 5, 99) * 100,
  };
}

type Ids = ReturnType<typeof stripeIds>;

/** The creation times of a card payment made `at` seconds after the flow began: its method, intent and charge at once. */
const paymentAt = (at: number): Created => ({ paymentMethod: at, paymentIntent: at, charge: at });

/** Every event of a Stripe flow on the flow's account, naming the flow's objects (stripe-identity.ts). */
const identity = (ids: Ids) =>
  stripeIdentity({
    account: ids.account,
    objects: [ids.customer, ids.paymentMethod, ids.subscription, ids.invoice, ids.paymentIntent, ids.charge, ids.retryCharge, ids.session, ids.refund, ids.dispute],
  });

/**
 * A Stripe flow: its ids drawn by `stripeIds` at each object's creation time (`created`, and the session's
 * `mode`), every event on the flow's account and naming them (`identity`).
 */
function stripeFlow(
  flow: Pick<FlowDefinition<Ids>, 'name' | 'description' | 'source' | 'steps'> & { readonly created: Created; readonly mode?: 'payment' | 'subscription' },
): FlowDefinition<Ids> {
  const { name, description, source, created, mode, steps } = flow;
  return defineFlow({ provider: 'stripe', name, description, source, ids: (rng, clock) => stripeIds(rng, clock, created, mode), identity, steps });
}

const subscriptionParent = (ids: Ids) => ({ parent: { type: 'subscription_details', subscription_details: { subscription: ids.subscription } } });

const invoice = (ids: Ids, created: number, fields: Record<string, unknown>) => ({
  id: ids.invoice,
  customer: ids.customer,
  created,
  currency: 'usd',
  amount_due: ids.amount,
  total: ids.amount,
  subtotal: ids.amount,
  ...subscriptionParent(ids),
  ...fields,
});

const intent = (ids: Ids, created: number, fields: Record<string, unknown>) => ({
  id: ids.paymentIntent,
  customer: ids.customer,
  amount: ids.amount,
  currency: 'usd',
  created,
  ...fields,
});

const charge = (ids: Ids, created: number, fields: Record<string, unknown>) => ({
  id: ids.charge,
  customer: ids.customer,
  payment_intent: ids.paymentIntent,
  payment_method: ids.paymentMethod,
  amount: ids.amount,
  currency: 'usd',
  created,
  ...fields,
});

const subscription = (ids: Ids, created: number, fields: Record<string, unknown>) => ({
  id: ids.subscription,
  customer: ids.customer,
  created,
  default_payment_method: ids.paymentMethod,
  latest_invoice: ids.invoice,
  ...fields,
});

const checkoutSubscription = stripeFlow({
  name: 'checkout-subscription',
  description: 'A new customer subscribes through Checkout: customer, payment method, subscription, first invoice paid, session completed',
  source: 'https://docs.stripe.com/billing/subscriptions/webhooks and https://docs.stripe.com/payments/checkout/fulfill-orders',
  created: { paymentMethod: 1, subscription: 2, invoice: 2, paymentIntent: 3, charge: 4 },
  mode: 'subscription',
  steps: [
    { type: 'customer.created', at: 0, data: ({ ids, unix }) => ({ id: ids.customer, created: unix(0) }) },
    { type: 'payment_method.attached', at: 1, data: ({ ids, unix }) => ({ id: ids.paymentMethod, customer: ids.customer, created: unix(1) }) },
    {
      type: 'customer.subscription.created',
      at: 2,
      data: ({ ids, unix }) => subscription(ids, unix(2), { status: 'incomplete', cancel_at_period_end: false, cancel_at: null, canceled_at: null }),
    },
    { type: 'invoice.created', at: 2, data: ({ ids, unix }) => invoice(ids, unix(2), { status: 'draft', billing_reason: 'subscription_create' }) },
    { type: 'invoice.finalized', at: 3, data: ({ ids, unix }) => invoice(ids, unix(2), { status: 'open', billing_reason: 'subscription_create' }) },
    { type: 'payment_intent.created', at: 3, data: ({ ids, unix }) => intent(ids, unix(3), { status: 'requires_payment_method' }) },
    { type: 'charge.succeeded', at: 4, data: ({ ids, unix }) => charge(ids, unix(4), { status: 'succeeded', paid: true, captured: true }) },
    {
      type: 'payment_intent.succeeded',
      at: 4,
      data: ({ ids, unix }) => intent(ids, unix(3), { status: 'succeeded', latest_charge: ids.charge, payment_method: ids.paymentMethod, amount_received: ids.amount }),
    },
    { type: 'invoice.paid', at: 5, data: ({ ids, unix }) => invoice(ids, unix(2), { status: 'paid', amount_paid: ids.amount, amount_remaining: 0 }) },
    { type: 'invoice.payment_succeeded', at: 5, data: ({ ids, unix }) => invoice(ids, unix(2), { status: 'paid', amount_paid: ids.amount, amount_remaining: 0 }) },
    {
      type: 'customer.subscription.updated',
      at: 6,
      data: ({ ids, unix }) => subscription(ids, unix(2), { status: 'active', cancel_at_period_end: false, cancel_at: null, canceled_at: null }),
    },
    {
      type: 'checkout.session.completed',
      at: 7,
      data: ({ ids }) => ({
        id: ids.session,
        mode: 'subscription',
        customer: ids.customer,
        subscription: ids.subscription,
        invoice: ids.invoice,
        payment_intent: null,
        amount_total: ids.amount,
        amount_subtotal: ids.amount,
        status: 'complete',
        payment_status: 'paid',
      }),
    },
  ],
});

const cardPayment = stripeFlow({
  name: 'card-payment',
  description: 'A one-off card payment through Checkout: payment intent created, charge, payment intent succeeded, session completed',
  source: 'https://docs.stripe.com/payments/payment-intents/verifying-status and https://docs.stripe.com/checkout/fulfillment',
  created: { charge: 1 },
  steps: [
    { type: 'payment_intent.created', at: 0, data: ({ ids, unix }) => intent(ids, unix(0), { status: 'requires_payment_method' }) },
    { type: 'charge.succeeded', at: 1, data: ({ ids, unix }) => charge(ids, unix(1), { status: 'succeeded', paid: true, captured: true }) },
    {
      type: 'payment_intent.succeeded',
      at: 1,
      data: ({ ids, unix }) => intent(ids, unix(0), { status: 'succeeded', latest_charge: ids.charge, payment_method: ids.paymentMethod, amount_received: ids.amount }),
    },
    {
      type: 'checkout.session.completed',
      at: 2,
      data: ({ ids }) => ({
        id: ids.session,
        mode: 'payment',
        customer: ids.customer,
        payment_intent: ids.paymentIntent,
        subscription: null,
        invoice: null,
        amount_total: ids.amount,
        amount_subtotal: ids.amount,
        status: 'complete',
        payment_status: 'paid',
      }),
    },
  ],
});

const refund = stripeFlow({
  name: 'refund',
  description: 'A card payment refunded in full: refund created, charge refunded, refund updated',
  source: 'https://docs.stripe.com/refunds',
  created: paymentAt(-DAY),
  steps: [
    { type: 'refund.created', at: 0, data: ({ ids, unix }) => ({ id: ids.refund, charge: ids.charge, payment_intent: ids.paymentIntent, amount: ids.amount, created: unix(0), status: 'pending' }) },
    { type: 'charge.refunded', at: 0, data: ({ ids, unix }) => charge(ids, unix(-DAY), { status: 'succeeded', refunded: true, amount_refunded: ids.amount }) },
    { type: 'refund.updated', at: 5, data: ({ ids, unix }) => ({ id: ids.refund, charge: ids.charge, payment_intent: ids.paymentIntent, amount: ids.amount, created: unix(0), status: 'succeeded' }) },
  ],
});

const renewalFailed = stripeFlow({
  name: 'renewal-failed',
  description: 'A renewal whose card is declined: invoice finalized, payment fails, subscription past due, a retry 3 days later fails, subscription canceled',
  source: 'https://docs.stripe.com/billing/subscriptions/webhooks and https://docs.stripe.com/billing/revenue-recovery/smart-retries',
  created: { paymentMethod: -30 * DAY, subscription: -30 * DAY, paymentIntent: 3601, charge: 3602, retryCharge: 3603 + 3 * DAY },
  steps: [
    { type: 'invoice.created', at: 0, data: ({ ids, unix }) => invoice(ids, unix(0), { status: 'draft', billing_reason: 'subscription_cycle' }) },
    { type: 'invoice.finalized', at: 3600, data: ({ ids, unix }) => invoice(ids, unix(0), { status: 'open', billing_reason: 'subscription_cycle' }) },
    { type: 'payment_intent.created', at: 3601, data: ({ ids, unix }) => intent(ids, unix(3601), { status: 'requires_payment_method' }) },
    { type: 'charge.failed', at: 3602, data: ({ ids, unix }) => charge(ids, unix(3602), { status: 'failed', paid: false, failure_code: 'card_declined' }) },
    { type: 'payment_intent.payment_failed', at: 3602, data: ({ ids, unix }) => intent(ids, unix(3601), { status: 'requires_payment_method' }) },
    {
      type: 'invoice.payment_failed',
      at: 3603,
      data: ({ ids, unix }) => invoice(ids, unix(0), { status: 'open', attempt_count: 1, attempted: true, next_payment_attempt: unix(3603 + 3 * DAY) }),
    },
    { type: 'customer.subscription.updated', at: 3603, data: ({ ids, unix }) => subscription(ids, unix(-30 * DAY), { status: 'past_due' }) },
    {
      type: 'charge.failed',
      at: 3603 + 3 * DAY,
      data: ({ ids, unix }) => charge(ids, unix(3603 + 3 * DAY), { id: ids.retryCharge, status: 'failed', paid: false, failure_code: 'card_declined' }),
    },
    {
      type: 'invoice.payment_failed',
      at: 3604 + 3 * DAY,
      data: ({ ids, unix }) => invoice(ids, unix(0), { status: 'open', attempt_count: 2, attempted: true, next_payment_attempt: null }),
    },
    {
      type: 'customer.subscription.deleted',
      at: 3605 + 3 * DAY,
      data: ({ ids, unix }) => subscription(ids, unix(-30 * DAY), { status: 'canceled', ended_at: unix(3605 + 3 * DAY), canceled_at: unix(3605 + 3 * DAY) }),
    },
  ],
});

const dispute = stripeFlow({
  name: 'dispute',
  description: 'A cardholder disputes a charge: dispute opened, evidence submitted (under review), dispute closed as won',
  source: 'https://docs.stripe.com/disputes/responding and https://docs.stripe.com/api/events/types',
  created: paymentAt(-10 * DAY),
  steps: [
    {
      type: 'charge.dispute.created',
      at: 0,
      data: ({ ids, unix }) => ({ id: ids.dispute, charge: ids.charge, payment_intent: ids.paymentIntent, amount: ids.amount, created: unix(0), status: 'needs_response' }),
    },
    {
      type: 'charge.dispute.updated',
      at: 5 * DAY,
      data: ({ ids, unix }) => ({ id: ids.dispute, charge: ids.charge, payment_intent: ids.paymentIntent, amount: ids.amount, created: unix(0), status: 'under_review' }),
    },
    {
      type: 'charge.dispute.closed',
      at: 40 * DAY,
      data: ({ ids, unix }) => ({ id: ids.dispute, charge: ids.charge, payment_intent: ids.paymentIntent, amount: ids.amount, created: unix(0), status: 'won' }),
    },
  ],
});

const subscriptionCanceled = stripeFlow({
  name: 'subscription-canceled',
  description: 'A customer cancels at period end: subscription updated (cancel_at_period_end), then deleted when the period ends',
  source: 'https://docs.stripe.com/billing/subscriptions/cancel',
  created: { paymentMethod: -60 * DAY, subscription: -60 * DAY, invoice: -30 * DAY },
  steps: [
    {
      type: 'customer.subscription.updated',
      at: 0,
      data: ({ ids, unix }) => subscription(ids, unix(-60 * DAY), { status: 'active', cancel_at_period_end: true, cancel_at: unix(20 * DAY), canceled_at: unix(0) }),
    },
    {
      type: 'customer.subscription.deleted',
      at: 20 * DAY,
      data: ({ ids, unix }) => subscription(ids, unix(-60 * DAY), { status: 'canceled', cancel_at_period_end: true, canceled_at: unix(0), ended_at: unix(20 * DAY) }),
    },
  ],
});

/** Stripe's flows, in `relay flows stripe` order. */
export const stripeFlows = [checkoutSubscription, cardPayment, refund, renewalFailed, dispute, subscriptionCanceled];
