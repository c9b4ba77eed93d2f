/**
 * Invoice objects as the API version stripe-node pins shows them (`2026-10-28.endive`): a draft
 * with its lines and totals, the subscription it bills under `parent.subscription_details`, and
 * the moves between statuses (draft → open → paid / void / uncollectible).
 */
import type { Obj, World } from '../../../shared/api/index.js';

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
          type: 'invoice_item_details',
          invoice_item_details: { invoice_item: line.invoiceItem, proration: line.proration ?? false, proration_details: { credited_items: null }, subscription: line.subscription ?? null },
          subscription_item_details: null,
        }
      : {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: null,
            proration: line.proration ?? false,
            proration_details: { credited_items: null },
            subscription: line.subscription ?? null,
            subscription_item: line.subscriptionItem ?? null,
          },
        },
    period: { ...line.period },
    pretax_credit_amounts: [],
    pricing: price ? { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: String(price.unit_amount_decimal ?? price.unit_amount) } : null,
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
  const customer = input.customer;
  const subscription = input.subscription ?? null;
  const autoAdvance = input.autoAdvance ?? true;
  const collection = input.collectionMethod ?? 'charge_automatically';
  const invoice: Obj = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: null,
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: autoAdvance,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: autoAdvance ? input.at + 3600 : null,
    billing_reason: input.billingReason,
    collection_method: collection,
    created: input.at,
    currency: input.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: customer.address ?? null,
    customer_email: customer.email ?? null,
    customer_name: customer.name ?? null,
    customer_phone: customer.phone ?? null,
    customer_shipping: customer.shipping ?? null,
    customer_tax_exempt: customer.tax_exempt ?? 'none',
    customer_tax_ids: [],
    default_payment_method: input.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: input.description ?? null,
    discounts: [],
    due_date: collection === 'send_invoice' ? input.at + 86_400 * (input.daysUntilDue ?? 30) : null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: input.metadata ?? {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: subscription
      ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id } }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.period?.end ?? input.at,
    period_start: input.period?.start ?? input.at,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: customer.test_clock ?? null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
  return addLines(world, invoice, input.lines);
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
