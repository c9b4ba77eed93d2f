/**
 * `POST /v1/subscriptions/:id`: metadata, `cancel_at_period_end`, the default payment method, and
 * item changes (a new price or quantity). A price change prorates by default
 * (`proration_behavior=create_prorations`, per stripe-node's Subscriptions docs): a credit for the
 * unused time on the old price and a charge for the remaining time on the new one, as pending
 * invoice items the next invoice takes; `always_invoice` bills them at once; `none` makes none.
 * Events: `customer.subscription.updated` with `previous_attributes`, then `invoiceitem.created`
 * for each proration (then the invoice's chain for `always_invoice`).
 */
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { Chain } from './chain.js';
import { changeTrial, noteTrialWillEnd, type TrialChange } from './trial.js';
import { draftPeriodInvoice, finalizeAndCollect, storeSubscription } from './cycle.js';
import { badParam, badState, changedFields, flag, integer, metadata, nowFor, refuseUnknown, save, text } from './params.js';
import { cancellation, itemsOf, newItem, periodOf, planOf, withItems } from './subscription-objects.js';

const UPDATE = ['trial_end', 'items', 'metadata', 'cancel_at_period_end', 'default_payment_method', 'description', 'proration_behavior', 'payment_behavior', 'proration_date', 'off_session', 'cancellation_details'];
const BEHAVIORS = ['create_prorations', 'none', 'always_invoice'];

/** A proration line's invoice item: `amount` for `price` over the rest of the period. */
function prorationItem(world: World, subscription: Obj, item: Obj, price: Obj, amount: number, at: number, end: number, description: string): Obj {
  return save(world, 'invoiceitem', {
    id: world.id('ii', 24),
    object: 'invoiceitem',
    amount,
    currency: subscription.currency,
    customer: subscription.customer,
    customer_account: null,
    date: at,
    description,
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    net_amount: amount,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, subscription_item: item.id } },
    period: { end, start: at },
    pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount) },
    proration: true,
    quantity: Number(item.quantity),
    quantity_decimal: String(item.quantity),
    tax_rates: [],
    test_clock: subscription.test_clock ?? null,
  });
}

/** The items after `items[n]` changes, and the prorations they cause. */
function changeItems(world: World, subscription: Obj, raw: unknown, at: number, prorate: boolean): { items: Obj[]; prorations: Obj[] } | Response {
  if (!Array.isArray(raw)) return badParam('items', 'Invalid array');
  const items = itemsOf(subscription).map((item) => ({ ...item }));
  const prorations: Obj[] = [];
  const { start, end } = periodOf(subscription);
  const left = end > start ? Math.max(0, end - at) / (end - start) : 0;
  for (const [index, entry] of raw.entries()) {
    const change = (entry ?? {}) as Obj;
    const quantity = integer(change, 'quantity', { min: 0 });
    if (quantity instanceof Response) return quantity;
    const priceId = text(change, 'price');
    const price = priceId ? world.get('stripe', 'price', priceId) : undefined;
    if (priceId && !price) return resourceMissing('price', priceId, `items[${index}][price]`);
    const itemId = text(change, 'id');
    const at_ = itemId ? items.findIndex((i) => i.id === itemId) : -1;
    if (itemId && at_ < 0) return resourceMissing('subscription_item', itemId, `items[${index}][id]`);
    if (at_ < 0) {
      if (!price) return badParam(`items[${index}][price]`, 'Missing required param: items[price].', 'parameter_missing');
      items.push(newItem(world, { subscription: String(subscription.id), price, quantity: quantity ?? 1, created: at, start, end }));
      continue;
    }
    const before = items[at_]!;
    const oldPrice = before.price as Obj;
    const next = { ...before, ...(price ? { price, plan: planOf(price) } : {}), quantity: quantity ?? before.quantity };
    items[at_] = next;
    if (!prorate || left === 0) continue;
    const oldAmount = Number(oldPrice.unit_amount) * Number(before.quantity);
    const newAmount = Number((next.price as Obj).unit_amount) * Number(next.quantity);
    if (oldAmount === newAmount && oldPrice.id === (next.price as Obj).id) continue;
    const name = (p: Obj): string => String(world.get('stripe', 'product', String(p.product))?.name ?? p.product);
    const date = new Date(at * 1000).toUTCString().slice(5, 16);
    prorations.push(prorationItem(world, subscription, before, oldPrice, -Math.round(oldAmount * left), at, end, `Unused time on ${Number(before.quantity)} × ${name(oldPrice)} after ${date}`));
    prorations.push(prorationItem(world, subscription, next, next.price as Obj, Math.round(newAmount * left), at, end, `Remaining time on ${Number(next.quantity)} × ${name(next.price as Obj)} after ${date}`));
  }
  return { items, prorations };
}

/** `POST /v1/subscriptions/:id`. */
export function updateSubscription(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'subscription', id);
    if (!current) return resourceMissing('subscription', id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, UPDATE);
    if (refused) return refused;
    if (current.status === 'canceled' && Object.keys(body).some((k) => !['metadata', 'cancellation_details', 'expand'].includes(k))) {
      return badState('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const behavior = text(body, 'proration_behavior') ?? 'create_prorations';
    if (!BEHAVIORS.includes(behavior)) return badParam('proration_behavior', 'Invalid proration_behavior: must be one of always_invoice, create_prorations, or none');
    const atPeriodEnd = flag(body, 'cancel_at_period_end');
    if (atPeriodEnd instanceof Response) return atPeriodEnd;
    const at = nowFor(world, String(current.customer));
    let next: Obj = { ...current };
    let prorations: Obj[] = [];
    if (body.items !== undefined) {
      const changed = changeItems(world, current, body.items, at, behavior !== 'none' && current.status !== 'trialing');
      if (changed instanceof Response) return changed;
      next = withItems(next, changed.items);
      prorations = changed.prorations;
    }
    if (body.metadata !== undefined) next.metadata = metadata(current.metadata, body.metadata);
    if (body.description !== undefined) next.description = body.description === '' ? null : String(body.description);
    if (body.default_payment_method !== undefined) next.default_payment_method = body.default_payment_method === '' ? null : String(body.default_payment_method);
    if (atPeriodEnd !== undefined) {
      next.cancel_at_period_end = atPeriodEnd;
      next.cancel_at = atPeriodEnd ? periodOf(next).end : null;
      next.canceled_at = atPeriodEnd ? at : null;
      next.cancellation_details = cancellation(atPeriodEnd ? 'cancellation_requested' : null);
    }
    let trial: TrialChange | undefined;
    if (body.trial_end !== undefined) {
      const changed = changeTrial(world, next, body, at);
      if (changed instanceof Response) return changed;
      trial = changed;
      next = changed.subscription;
    }
    const chain = new Chain(world);
    const mark = chain.mark();
    for (const item of prorations) chain.emit(['invoiceitem.created'], item, { at: at * 1000 });
    if (behavior === 'always_invoice' && prorations.length > 0) {
      const draft = draftPeriodInvoice(chain, next, { reason: 'subscription_update', period: { start: at, end: periodOf(next).end }, at, pendingOnly: true });
      finalizeAndCollect(chain, draft, at);
      next.latest_invoice = draft.id;
    }
    if (trial?.endsNow) {
      const draft = draftPeriodInvoice(chain, next, { reason: 'subscription_update', period: periodOf(next), at });
      const collected = finalizeAndCollect(chain, draft, at);
      next = { ...next, latest_invoice: draft.id, status: collected.outcome === 'paid' ? 'active' : 'past_due' };
    }
    const previous = changedFields(current, next);
    if (Object.keys(previous).length > 0) {
      const stored = storeSubscription(world, next);
      chain.emitAt(mark, ['customer.subscription.updated'], stored, { previous, at: at * 1000 });
      if (trial?.willEnd) {
        chain.emitAt(mark + 1, ['customer.subscription.trial_will_end'], stored, { at: at * 1000 });
        noteTrialWillEnd(world, id);
      }
    }
    chain.commit();
    return stripeJson(expand(world, world.get('stripe', 'subscription', id)!, expandParam(body)));
  };
}
