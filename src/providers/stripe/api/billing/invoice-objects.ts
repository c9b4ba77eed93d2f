/**
 * Invoice objects as the API version stripe-node pins shows them (`2026-10-28.endive`): a draft
 * with its lines and totals, the subscription it bills under `parent.subscription_details`, and
 * the moves between statuses (draft → open → paid / void / uncollectible).
 */
import type { Obj, World } from '../../../shared/api/index.js';
import { invoiceResource } from '../../resources/invoice.js';
import { stripeOrder } from '../payments/objects.js';

/** One line of an invoice before it is placed on one. */
export interface LineInput {
  readonly amount: number;
  readonly currency: string;
  readonly description: string | null;
  readonly quantity: number;
  readonly period: { readonly start: number; readonly end: number };
  readonly price?: Obj | null;
  /** The pending invoice item the line comes from (`ii_…`). */
  readonly invoiceItem?: string;
  /** The subscription item the line bills (`si_…`). */
  readonly subscriptionItem?: string;
  readonly subscription?: string | null;
  readonly proration?: boolean;
}

/** What a new invoice is made from. */
export interface InvoiceInput {
  readonly customer: Obj;
  readonly currency: string;
  /** Unix seconds: the customer's test clock time or the world's. */
  readonly at: number;
  readonly billingReason: string;
  readonly collectionMethod?: string;
  readonly autoAdvance?: boolean;
  readonly subscription?: Obj | null;
  readonly description?: string | null;
  readonly metadata?: Obj;
  readonly daysUntilDue?: number | null;
  readonly defaultPaymentMethod?: string | null;
  readonly period?: { readonly start: number; readonly end: number };
  readonly lines: readonly LineInput[];
}

/** A line of `invoice`, every object's keys in Stripe's order, as `save` would put them (so it has nothing to reorder). */
function lineItem(world: World, invoice: string, line: LineInput): Obj {
  const price = line.price ?? null;
  const fromItem = line.invoiceItem !== undefined;
  return {
    id: world.id('il', 24),
    object: 'line_item',
    amount: line.amount,
    currency: line.currency,
    description: line.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: fromItem
      ? {
          invoice_item_details: { invoice_item: line.invoiceItem, proration: line.proration ?? false, proration_details: { credited_items: null }, subscription: line.subscription ?? null },
          subscription_item_details: null,
          type: 'invoice_item_details',
        }
      : {
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration ?? false,
            proration_details: { credited_items: null },
            subscription: line.subscription ?? null,
            subscription_item: line.subscriptionItem ?? null,
          },
          type: 'subscription_item_details',
        },
    period: stripeOrder({ ...line.period }),
    pretax_credit_amounts: [],
    pricing: price ? { price_details: { price: price.id, product: price.product }, type: 'price_details', unit_amount_decimal: String(price.unit_amount_decimal ?? price.unit_amount) } : null,
    quantity: line.quantity,
    quantity_decimal: String(line.quantity),
    subscription: line.subscription ?? null,
    subtotal: line.amount,
    taxes: [],
  };
}

/** The totals of an invoice from its lines (no tax, no discounts). */
export function withTotals(invoice: Obj): Obj {
  const lines = ((invoice.lines as Obj).data as Obj[]) ?? [];
  const total = lines.reduce((sum, line) => sum + Number(line.amount), 0);
  const due = Math.max(0, total);
  const paid = Number(invoice.amount_paid ?? 0);
  return {
    ...invoice,
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    amount_due: due,
    amount_remaining: Math.max(0, due - paid),
    ending_balance: invoice.status === 'draft' ? null : invoice.ending_balance,
    lines: { ...(invoice.lines as Obj) },
  };
}

/** Appends `lines` to a draft invoice and recomputes its totals. */
export function addLines(world: World, invoice: Obj, lines: readonly LineInput[]): Obj {
  const current = ((invoice.lines as Obj).data as Obj[]) ?? [];
  const added = lines.map((line) => lineItem(world, String(invoice.id), line));
  return withTotals({ ...invoice, lines: { ...(invoice.lines as Obj), data: [...current, ...added] } });
}

/** A draft invoice for `input` (not stored). */
export function newInvoice(world: World, input: InvoiceInput): Obj {
  const id = world.id('in', 24);
  const autoAdvance = input.autoAdvance ?? true;
  const collection = input.collectionMethod ?? 'charge_automatically';
  return invoiceResource({
    id,
    customer: input.customer,
    currency: input.currency,
    created: input.at,
    billingReason: input.billingReason,
    autoAdvance,
    automaticallyFinalizesAt: autoAdvance ? input.at + 3600 : null,
    period: input.period ?? { start: input.at, end: input.at },
    lines: input.lines.map((line) => lineItem(world, id, line)),
    subscription: input.subscription,
    collectionMethod: collection,
    defaultPaymentMethod: input.defaultPaymentMethod,
    description: input.description,
    dueDate: collection === 'send_invoice' ? input.at + 86_400 * (input.daysUntilDue ?? 30) : null,
    metadata: input.metadata,
  });
}

/**
 * The invoice finalized at `at`: open, numbered from the customer's prefix and the count of its
 * invoices numbered before, hosted urls set.
 */
export function finalized(world: World, invoice: Obj, at: number): Obj {
  const customer = world.get('stripe', 'customer', String(invoice.customer));
  const numbered = world.list('stripe', 'invoice').filter((i) => i.customer === invoice.customer && i.number !== null && i.id !== invoice.id).length;
  const sequence = Number(customer?.next_invoice_sequence ?? 1) + numbered;
  const prefix = String(customer?.invoice_prefix ?? 'RELAY');
  const token = world.id('', 24);
  return withTotals({
    ...invoice,
    status: 'open',
    number: `${prefix}-${String(sequence).padStart(4, '0')}`,
    automatically_finalizes_at: null,
    effective_at: at,
    ending_balance: 0,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_relaykit/test_${token}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_relaykit/test_${token}/pdf`,
    status_transitions: { ...(invoice.status_transitions as Obj), finalized_at: at },
  });
}

/** The line an invoice item becomes on an invoice. */
export function itemLine(item: Obj): LineInput {
  const price = item.pricing ? ((item.pricing as Obj).price_details as Obj | undefined) : undefined;
  return {
    amount: Number(item.amount),
    currency: String(item.currency),
    description: (item.description as string | null) ?? null,
    quantity: Number(item.quantity),
    period: item.period as { start: number; end: number },
    price: price ? { id: price.price, product: price.product, unit_amount_decimal: (item.pricing as Obj).unit_amount_decimal } : null,
    invoiceItem: String(item.id),
    subscription: ((item.parent as Obj | null)?.subscription_details as Obj | undefined)?.subscription as string | undefined,
    proration: item.proration === true,
  };
}
