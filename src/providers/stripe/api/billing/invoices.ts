/**
 * One-off invoicing as Stripe test mode runs it (the stripe-cli fixtures `invoice.finalized`,
 * `invoice.paid`, `invoice.voided`, `invoice.marked_uncollectible` drive exactly these calls):
 * invoice items, a draft invoice that takes the pending ones (`pending_invoice_items_behavior=include`),
 * finalize, pay, void, mark uncollectible, delete a draft.
 */
import type { Obj, RouteHandler } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeError, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { cardError } from '../payments/respond.js';
import { formBody } from '../write.js';
import { Chain } from './chain.js';
import { collectInvoice } from './collect.js';
import { addLines, finalized, itemLine, newInvoice } from './invoice-objects.js';
import { badParam, badState, flag, integer, metadata, missingParam, nowFor, refuseUnknown, save, text } from './params.js';

/** `POST /v1/invoiceitems`: a pending item (or one on a draft `invoice`); `invoiceitem.created`. */
export function createInvoiceItem(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['customer', 'amount', 'currency', 'description', 'invoice', 'metadata', 'price', 'pricing', 'quantity', 'unit_amount_decimal', 'period', 'discountable']);
    if (refused) return refused;
    const customerId = text(body, 'customer');
    if (!customerId) return missingParam('customer');
    const customer = world.get('stripe', 'customer', customerId);
    if (!customer || customer.deleted === true) return resourceMissing('customer', customerId, 'customer');
    const quantity = integer(body, 'quantity', { min: 0 });
    if (quantity instanceof Response) return quantity;
    const priceId = text(body, 'price') ?? text((body.pricing as Obj | undefined) ?? {}, 'price');
    const price = priceId ? world.get('stripe', 'price', priceId) : undefined;
    if (priceId && !price) return resourceMissing('price', priceId, 'price');
    const amount = integer(body, 'amount');
    if (amount instanceof Response) return amount;
    if (amount === undefined && !price) return missingParam('amount');
    const currency = text(body, 'currency') ?? (price?.currency as string | undefined);
    if (!currency) return missingParam('currency');
    const invoiceId = text(body, 'invoice');
    const invoice = invoiceId ? world.get('stripe', 'invoice', invoiceId) : undefined;
    if (invoiceId && !invoice) return resourceMissing('invoice', invoiceId, 'invoice');
    if (invoice && invoice.status !== 'draft') return badState(`You can only add invoice items to draft invoices.`, 'invoice_not_editable');
    const at = nowFor(world, customerId);
    const count = quantity ?? 1;
    const total = amount ?? Number(price!.unit_amount) * count;
    const item: Obj = {
      id: world.id('ii', 24),
      object: 'invoiceitem',
      amount: total,
      currency: currency.toLowerCase(),
      customer: customerId,
      customer_account: null,
      date: at,
      description: text(body, 'description') ?? null,
      discountable: true,
      discounts: [],
      invoice: invoiceId ?? null,
      livemode: false,
      metadata: metadata({}, body.metadata),
      net_amount: total,
      parent: null,
      period: { end: at, start: at },
      pricing: { type: 'price_details', ...(price ? { price_details: { price: price.id, product: price.product } } : {}), unit_amount_decimal: String(price ? price.unit_amount : total / count) },
      proration: false,
      quantity: count,
      quantity_decimal: String(count),
      tax_rates: [],
      test_clock: customer.test_clock ?? null,
    };
    const stored = save(world, 'invoiceitem', item);
    if (invoice) save(world, 'invoice', addLines(world, invoice, [itemLine(stored)]));
    emit(world, ['invoiceitem.created'], stored, { at: at * 1000 });
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** `POST /v1/invoices`: a draft; `pending_invoice_items_behavior=include` takes the customer's pending items. */
export function createInvoice(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['customer', 'auto_advance', 'collection_method', 'description', 'metadata', 'pending_invoice_items_behavior', 'days_until_due', 'default_payment_method', 'currency']);
    if (refused) return refused;
    const customerId = text(body, 'customer');
    if (!customerId) return missingParam('customer');
    const customer = world.get('stripe', 'customer', customerId);
    if (!customer || customer.deleted === true) return resourceMissing('customer', customerId, 'customer');
    const autoAdvance = flag(body, 'auto_advance');
    if (autoAdvance instanceof Response) return autoAdvance;
    const days = integer(body, 'days_until_due', { min: 0 });
    if (days instanceof Response) return days;
    const collection = text(body, 'collection_method') ?? 'charge_automatically';
    if (!['charge_automatically', 'send_invoice'].includes(collection)) return badParam('collection_method', 'Invalid collection_method: must be one of charge_automatically or send_invoice');
    const behavior = text(body, 'pending_invoice_items_behavior') ?? 'exclude';
    if (!['include', 'exclude'].includes(behavior)) return badParam('pending_invoice_items_behavior', 'Invalid pending_invoice_items_behavior: must be one of exclude or include');
    const pending = behavior === 'include' ? world.list('stripe', 'invoiceitem').filter((i) => i.customer === customerId && i.invoice === null) : [];
    const at = nowFor(world, customerId);
    const currency = text(body, 'currency') ?? (pending[0]?.currency as string | undefined) ?? (customer.currency as string | null) ?? 'usd';
    const invoice = newInvoice(world, {
      customer,
      currency,
      at,
      billingReason: 'manual',
      collectionMethod: collection,
      autoAdvance: autoAdvance ?? false,
      description: text(body, 'description') ?? null,
      metadata: metadata({}, body.metadata),
      daysUntilDue: days ?? null,
      defaultPaymentMethod: text(body, 'default_payment_method') ?? null,
      lines: pending.map(itemLine),
    });
    for (const item of pending) save(world, 'invoiceitem', { ...item, invoice: invoice.id });
    const stored = save(world, 'invoice', invoice);
    emit(world, ['invoice.created'], stored, { at: at * 1000 });
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** The stored invoice of a route, or Stripe's 404. */
function invoiceOf(world: Parameters<RouteHandler>[2], id: string): Obj | Response {
  return world.get('stripe', 'invoice', id) ?? resourceMissing('invoice', id);
}

/** `POST /v1/invoices/:id/finalize`: open (`invoice.finalized`); a zero invoice is paid at once. */
export function finalizeInvoice(): RouteHandler {
  return async (request, params, world) => {
    const invoice = invoiceOf(world, String(params.id));
    if (invoice instanceof Response) return invoice;
    const body = await formBody(request);
    if (invoice.status !== 'draft') return badState(`This invoice is already finalized, you can't re-finalize a non-draft invoice.`, 'invoice_not_editable');
    const at = nowFor(world, String(invoice.customer));
    const chain = new Chain(world);
    const open = save(world, 'invoice', finalized(world, invoice, at));
    chain.emit(['invoice.finalized'], open, { at: at * 1000 });
    const result = Number(open.amount_due) === 0 ? collectInvoice(chain, String(open.id), { at }).invoice : open;
    chain.commit();
    return stripeJson(expand(world, result, expandParam(body)));
  };
}

/** `POST /v1/invoices/:id/pay`: finalizes a draft, charges it; a decline answers 402 as Stripe does. */
export function payInvoice(): RouteHandler {
  return async (request, params, world) => {
    const invoice = invoiceOf(world, String(params.id));
    if (invoice instanceof Response) return invoice;
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['payment_method', 'paid_out_of_band', 'off_session', 'forgive', 'source']);
    if (refused) return refused;
    if (invoice.status === 'paid') return badState('Invoice is already paid', 'invoice_already_paid');
    // An uncollectible invoice can still be paid; a void one cannot.
    if (invoice.status === 'void') return badState('This invoice can no longer be paid because it has been voided.', 'invoice_not_payable');
    const outOfBand = flag(body, 'paid_out_of_band');
    if (outOfBand instanceof Response) return outOfBand;
    const at = nowFor(world, String(invoice.customer));
    const chain = new Chain(world);
    let current = invoice;
    if (current.status === 'draft') {
      current = save(world, 'invoice', finalized(world, current, at));
      chain.emit(['invoice.finalized'], current, { at: at * 1000 });
    }
    if (outOfBand === true) {
      const paid = save(world, 'invoice', { ...current, status: 'paid', amount_paid: 0, amount_remaining: 0, next_payment_attempt: null, status_transitions: { ...(current.status_transitions as Obj), paid_at: at } });
      chain.emit(['invoice.paid'], paid, { at: at * 1000 });
      chain.commit();
      return stripeJson(paid);
    }
    const collected = collectInvoice(chain, String(current.id), { at, paymentMethod: text(body, 'payment_method') });
    chain.commit();
    if (collected.outcome === 'no_payment_method') {
      return badState('This customer has no attached payment source or default payment method. Please consider adding a default payment method.', 'invoice_no_customer_payment_method');
    }
    if (collected.outcome === 'action_required') {
      return stripeError(402, {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message: 'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
      });
    }
    if (collected.outcome === 'failed') {
      return cardError(collected.attempt?.error ?? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' });
    }
    return stripeJson(expand(world, collected.invoice, expandParam(body)));
  };
}

/** A move of an open invoice to `status` (`void`, `uncollectible`), sending `type`. */
function closeInvoice(status: 'void' | 'uncollectible', type: string, stamp: string): RouteHandler {
  return async (request, params, world) => {
    const invoice = invoiceOf(world, String(params.id));
    if (invoice instanceof Response) return invoice;
    const allowed = status === 'void' ? ['open', 'uncollectible'] : ['open'];
    if (!allowed.includes(String(invoice.status))) {
      return badState(`You can only ${status === 'void' ? 'void' : 'mark as uncollectible'} ${allowed.join(' or ')} invoices.`, 'invoice_not_editable');
    }
    const at = nowFor(world, String(invoice.customer));
    const closed = save(world, 'invoice', {
      ...invoice,
      status,
      next_payment_attempt: null,
      auto_advance: false,
      ...(status === 'void' ? { amount_remaining: 0 } : {}),
      status_transitions: { ...(invoice.status_transitions as Obj), [stamp]: at },
    });
    emit(world, [type], closed, { at: at * 1000 });
    return stripeJson(closed);
  };
}

/** `POST /v1/invoices/:id/void`: `invoice.voided`. */
export const voidInvoice = (): RouteHandler => closeInvoice('void', 'invoice.voided', 'voided_at');
/** `POST /v1/invoices/:id/mark_uncollectible`: `invoice.marked_uncollectible`. */
export const markUncollectible = (): RouteHandler => closeInvoice('uncollectible', 'invoice.marked_uncollectible', 'marked_uncollectible_at');

/** `DELETE /v1/invoices/:id`: drafts only; `invoice.deleted`, its items pending again. */
export function deleteInvoice(): RouteHandler {
  return (request, params, world) => {
    const invoice = invoiceOf(world, String(params.id));
    if (invoice instanceof Response) return invoice;
    if (invoice.status !== 'draft') return badState('You can only delete draft invoices.', 'invoice_not_editable');
    for (const item of world.list('stripe', 'invoiceitem')) if (item.invoice === invoice.id) save(world, 'invoiceitem', { ...item, invoice: null });
    world.delete('stripe', 'invoice', String(invoice.id));
    emit(world, ['invoice.deleted'], invoice, { at: nowFor(world, String(invoice.customer)) * 1000 });
    return stripeJson({ id: invoice.id, object: 'invoice', deleted: true });
  };
}
