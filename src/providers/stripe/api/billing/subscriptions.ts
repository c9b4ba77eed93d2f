/**
 * Creating a subscription as Stripe test mode does (the stripe-cli fixture
 * `customer.subscription.created`: a customer with a default card and a recurring price). The
 * events of one create, in this order: `customer.subscription.created` (its final status),
 * `invoice.created`, `invoice.finalized`, the charge's events (`payment_intent.created`,
 * `charge.succeeded`, `payment_intent.succeeded`), `invoice.paid`, `invoice.payment_succeeded`,
 * `invoice_payment.paid`; a decline ends with `invoice.payment_failed` and the subscription
 * `incomplete`. A trial bills a zero invoice (paid without a charge) and, when it ends within
 * 3 days, sends `customer.subscription.trial_will_end` at once.
 */
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { cardError } from '../payments/respond.js';
import { formBody } from '../write.js';
import { Chain } from './chain.js';
import { noteTrialWillEnd } from './trial.js';
import { invoicePaymentMethod } from './collect.js';
import { draftPeriodInvoice, finalizeAndCollect, storeSubscription } from './cycle.js';
import { finalized } from './invoice-objects.js';
import { badParam, badState, integer, metadata, missingParam, nowFor, refuseUnknown, save, text } from './params.js';
import { addInterval, intervalOf } from './periods.js';
import { cancellation, newItem, newSubscription, periodOf } from './subscription-objects.js';

const DAY = 86_400;
const CREATE = ['customer', 'items', 'default_payment_method', 'trial_period_days', 'trial_end', 'metadata', 'cancel_at_period_end', 'collection_method', 'days_until_due', 'payment_behavior', 'description', 'proration_behavior', 'off_session', 'trial_from_plan', 'payment_settings'];

/** The recurring prices and quantities of `items[n][price]`/`[quantity]`, or Stripe's 400/404. */
export function itemPrices(world: World, raw: unknown, param = 'items'): { price: Obj; quantity: number }[] | Response {
  if (!Array.isArray(raw) || raw.length === 0) return missingParam(param);
  const out: { price: Obj; quantity: number }[] = [];
  for (const [index, entry] of raw.entries()) {
    const item = (entry ?? {}) as Obj;
    const priceId = text(item, 'price');
    if (!priceId) return missingParam(`${param}[${index}][price]`);
    const price = world.get('stripe', 'price', priceId);
    if (!price) return resourceMissing('price', priceId, `${param}[${index}][price]`);
    const quantity = integer(item, 'quantity', { min: 0 });
    if (quantity instanceof Response) return quantity;
    out.push({ price, quantity: quantity ?? 1 });
  }
  return out;
}

/** The trial end of a create, in unix seconds, null for none, or Stripe's 400. */
function trialEndOf(body: Obj, at: number, prices: readonly Obj[]): number | null | Response {
  if (body.trial_end === 'now') return null;
  const end = integer(body, 'trial_end');
  if (end instanceof Response) return end;
  if (end !== undefined) {
    if (end <= at) return badParam('trial_end', 'Invalid timestamp: must be an integer Unix timestamp in the future.', 'parameter_invalid_integer');
    return end;
  }
  const days = integer(body, 'trial_period_days', { min: 0 });
  if (days instanceof Response) return days;
  const fromPlan = body.trial_from_plan === 'true' ? Number(((prices[0]?.recurring as Obj | null)?.trial_period_days as number | null) ?? 0) : 0;
  const trialDays = days ?? fromPlan;
  return trialDays > 0 ? at + trialDays * DAY : null;
}

/** `POST /v1/subscriptions`. */
export function createSubscription(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, CREATE);
    if (refused) return refused;
    const customerId = text(body, 'customer');
    if (!customerId) return missingParam('customer');
    const customer = world.get('stripe', 'customer', customerId);
    if (!customer || customer.deleted === true) return resourceMissing('customer', customerId, 'customer');
    const items = itemPrices(world, body.items);
    if (items instanceof Response) return items;
    const first = items[0]!.price;
    const every = intervalOf(first);
    for (const [index, { price }] of items.entries()) {
      if (!intervalOf(price)) return badParam(`items[${index}][price]`, `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`);
      if (price.currency !== first.currency) return badParam('items', 'All prices on a subscription must have the same currency.');
    }
    const at = nowFor(world, customerId);
    const trialEnd = trialEndOf(body, at, items.map((i) => i.price));
    if (trialEnd instanceof Response) return trialEnd;
    const defaultPm = text(body, 'default_payment_method') ?? null;
    if (defaultPm && !world.get('stripe', 'payment_method', defaultPm) && !defaultPm.startsWith('pm_card_')) return resourceMissing('payment_method', defaultPm, 'default_payment_method');
    const behavior = text(body, 'payment_behavior') ?? 'allow_incomplete';
    const id = world.id('sub', 24);
    const periodEnd = trialEnd ?? addInterval(at, every!.interval, every!.count);
    const subItems = items.map(({ price, quantity }) => newItem(world, { subscription: id, price, quantity, created: at, start: at, end: periodEnd }));
    let subscription = newSubscription(id, { customer, currency: String(first.currency), at, items: subItems, trialEnd, body, defaultPaymentMethod: defaultPm, metadata: metadata({}, body.metadata) });
    if (body.cancel_at_period_end === 'true') subscription = { ...subscription, cancel_at_period_end: true, cancel_at: periodEnd, canceled_at: at, cancellation_details: cancellation('cancellation_requested') };
    storeSubscription(world, subscription);
    const charged = !trialEnd && subscription.collection_method === 'charge_automatically' && items.some((i) => Number(i.price.unit_amount) * i.quantity > 0);
    if (charged && behavior !== 'default_incomplete' && !invoicePaymentMethod(world, { customer: customerId, default_payment_method: null, parent: { subscription_details: { subscription: id } } })) {
      world.delete('stripe', 'subscription', id);
      for (const item of subItems) world.delete('stripe', 'subscription_item', String(item.id));
      return badState('This customer has no attached payment source or default payment method. Please consider adding a default payment method.', 'resource_missing');
    }
    const chain = new Chain(world);
    const mark = chain.mark();
    const draft = draftPeriodInvoice(chain, subscription, { reason: 'subscription_create', period: { start: at, end: periodEnd }, trial: trialEnd !== null, at });
    let status = subscription.status as string;
    let declined: Obj | null = null;
    if (behavior === 'default_incomplete' && charged) {
      // The invoice waits open for the payment the client confirms (payment_behavior=default_incomplete).
      chain.emit(['invoice.finalized'], save(world, 'invoice', finalized(world, draft, at)), { at: at * 1000 });
    } else {
      const collected = finalizeAndCollect(chain, draft, at);
      // A send_invoice subscription is active at once; its invoice waits for the customer.
      if (!trialEnd) status = collected.outcome === 'paid' || subscription.collection_method === 'send_invoice' ? 'active' : 'incomplete';
      if (collected.attempt && (collected.outcome === 'failed' || collected.outcome === 'action_required')) declined = collected.attempt?.error ?? null;
    }
    if (declined && behavior === 'error_if_incomplete') {
      // "doesn't create a subscription and returns an error instead" (payment_behavior, docs.stripe.com/api/subscriptions/create).
      world.delete('stripe', 'subscription', id);
      for (const item of subItems) world.delete('stripe', 'subscription_item', String(item.id));
      world.delete('stripe', 'invoice', String(draft.id));
      chain.keep((type) => type.startsWith('payment_intent.') || type.startsWith('charge.'));
      chain.commit();
      return cardError(declined);
    }
    subscription = storeSubscription(world, { ...subscription, status, latest_invoice: draft.id });
    chain.emitAt(mark, ['customer.subscription.created'], subscription, { at: at * 1000 });
    if (trialEnd !== null && trialEnd - at <= 3 * DAY) {
      chain.emitAt(mark + 1, ['customer.subscription.trial_will_end'], subscription, { at: at * 1000 });
      noteTrialWillEnd(world, id);
    }
    chain.commit();
    return stripeJson(expand(world, subscription, expandParam(body)));
  };
}

/** `DELETE /v1/subscriptions/:id`: canceled now, `customer.subscription.deleted`. */
export function cancelSubscription(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'subscription', id);
    if (!current) return resourceMissing('subscription', id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['invoice_now', 'prorate', 'cancellation_details']);
    if (refused) return refused;
    if (current.status === 'canceled') return badState(`A canceled subscription can only update its cancellation_details and metadata.`, 'resource_missing');
    const at = nowFor(world, String(current.customer));
    const details = (body.cancellation_details ?? {}) as Obj;
    const canceled = storeSubscription(world, {
      ...current,
      status: 'canceled',
      canceled_at: at,
      ended_at: at,
      cancellation_details: cancellation('cancellation_requested', text(details, 'comment') ?? null, text(details, 'feedback') ?? null),
    });
    const chain = new Chain(world);
    chain.emit(['customer.subscription.deleted'], canceled, { at: at * 1000 });
    chain.commit();
    return stripeJson(expand(world, canceled, expandParam(body)));
  };
}

/** The end of the subscription's current period (for `cancel_at_period_end`). */
export function periodEndOf(subscription: Obj): number {
  return periodOf(subscription).end;
}
