/**
 * A subscription's invoice for a period, as creation, updates and renewals make it: the draft with
 * the period's lines and the customer's pending invoice items (prorations), `invoice.created`; then
 * finalized (`invoice.finalized`) and collected (the charge's events and the invoice's outcome).
 */
import type { Obj, World } from '../../../shared/api/index.js';
import type { Chain } from './chain.js';
import { collectInvoice, type CollectOptions, type Collection } from './collect.js';
import { addLines, finalized, itemLine, newInvoice, type LineInput } from './invoice-objects.js';
import { itemsOf, periodLines } from './subscription-objects.js';
import { save, saveAndEmit } from './params.js';

/** Stores a subscription and each of its items (`stripe.subscriptionItems.retrieve` reads them). */
export function storeSubscription(world: World, subscription: Obj): Obj {
  for (const item of itemsOf(subscription)) save(world, 'subscription_item', item);
  return save(world, 'subscription', subscription);
}

/** What the invoice bills. */
export interface PeriodInvoice {
  readonly reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  readonly period: { readonly start: number; readonly end: number };
  /** The invoice's own `period_start`/`_end` (a renewal's is the period just ended). Default: `period`. */
  readonly invoicePeriod?: { readonly start: number; readonly end: number };
  /** The period is a trial: its lines are zero. */
  readonly trial?: boolean;
  /** Only the customer's pending invoice items (an update's prorations billed at once), not the period's lines. */
  readonly pendingOnly?: boolean;
  /** Unix seconds. */
  readonly at: number;
  /** Whether Stripe will finalize and charge it by itself. Default true. */
  readonly autoAdvance?: boolean;
}

/** The lines of the customer's pending invoice items for this subscription, which the invoice takes. */
function pendingLines(world: World, subscription: Obj, invoice: string): LineInput[] {
  const lines: LineInput[] = [];
  for (const item of world.list('stripe', 'invoiceitem')) {
    if (item.customer !== subscription.customer || item.invoice !== null) continue;
    save(world, 'invoiceitem', { ...item, invoice });
    lines.push({ ...itemLine(item), subscription: String(subscription.id) });
  }
  return lines;
}

/**
 * Creates the subscription's draft invoice for a period and sends `invoice.created`.
 * @example
 * const draft = draftPeriodInvoice(chain, subscription, { reason: 'subscription_cycle', period, at });
 */
export function draftPeriodInvoice(chain: Chain, subscription: Obj, input: PeriodInvoice): Obj {
  const world = chain.world;
  const customer = world.get('stripe', 'customer', String(subscription.customer)) ?? { id: subscription.customer };
  const draft = newInvoice(world, {
    customer,
    currency: String(subscription.currency),
    at: input.at,
    billingReason: input.reason,
    collectionMethod: String(subscription.collection_method),
    autoAdvance: input.autoAdvance ?? true,
    subscription,
    period: input.invoicePeriod ?? input.period,
    lines: input.pendingOnly ? [] : periodLines(world, subscription, input.period, input.trial ?? false),
  });
  const extra = pendingLines(world, subscription, String(draft.id));
  const withPending = extra.length > 0 ? addLines(world, draft, extra) : draft;
  return saveAndEmit(world, 'invoice', withPending, [['invoice.created']], { at: input.at * 1000 });
}

/**
 * Finalizes a draft (`invoice.finalized`) and, when charged automatically, collects it.
 * A `send_invoice` subscription's invoice stays open for the customer to pay.
 */
export function finalizeAndCollect(chain: Chain, draft: Obj, at: number, retry: Pick<CollectOptions, 'nextAttempt' | 'failWithoutPaymentMethod'> = {}): Collection {
  const world = chain.world;
  const open = saveAndEmit(world, 'invoice', finalized(world, draft, at), [['invoice.finalized']], { at: at * 1000 });
  if (open.collection_method === 'send_invoice' && Number(open.amount_due) > 0) return { invoice: open, outcome: 'failed', attempt: null };
  return collectInvoice(chain, String(open.id), { at, offSession: draft.billing_reason !== 'subscription_create', ...retry });
}
