/**
 * An Invoice as API version 2026-10-28 renders it, from the values that vary: the one builder of the
 * payload builders (`../billing.ts`) and the emulator (`../api/billing/invoice-objects.ts`). Its
 * totals are its lines' (no tax, no discounts).
 */
import type { Obj } from '../scene.js';

/** What varies between invoices; absent values are a new draft's. */
export interface InvoiceValues {
  readonly id: string;
  /** The customer as Stripe renders one: its `id`, and the address, email, name, phone, shipping, tax_exempt and test_clock it has. */
  readonly customer: Obj;
  readonly currency: string;
  /** Unix seconds. */
  readonly created: number;
  readonly billingReason: string;
  readonly autoAdvance: boolean;
  readonly automaticallyFinalizesAt: number | null;
  readonly period: { readonly start: number; readonly end: number };
  /** The invoice's line items, already made. */
  readonly lines: readonly Obj[];
  /** The subscription it bills (its `id` and `metadata`), or none. */
  readonly subscription?: Obj | null;
  /** `draft` by default. */
  readonly status?: string;
  /** `charge_automatically` by default. */
  readonly collectionMethod?: string;
  readonly accountName?: string | null;
  readonly amountPaid?: number;
  readonly attemptCount?: number;
  readonly defaultPaymentMethod?: string | null;
  readonly description?: string | null;
  readonly dueDate?: number | null;
  readonly hostedInvoiceUrl?: string | null;
  readonly invoicePdf?: string | null;
  readonly metadata?: Obj;
  readonly nextPaymentAttempt?: number | null;
  readonly number?: string | null;
  readonly transitions?: InvoiceTransitions;
  readonly webhooksDeliveredAt?: number | null;
}

/** When an invoice moved between statuses, unix seconds; null or absent while it has not. */
export interface InvoiceTransitions {
  readonly finalizedAt?: number | null;
  readonly paidAt?: number | null;
  readonly voidedAt?: number | null;
  readonly uncollectibleAt?: number | null;
}

/**
 * An invoice.
 * @example
 * invoiceResource({ id: 'in_…', customer, currency: 'usd', created, billingReason: 'manual', autoAdvance: false, automaticallyFinalizesAt: null, period: { start: created, end: created }, lines: [] });
 */
export function invoiceResource(values: InvoiceValues): Obj {
  const { customer, subscription } = values;
  const status = values.status ?? 'draft';
  const total = values.lines.reduce((sum, line) => sum + Number(line.amount), 0);
  const due = Math.max(0, total);
  const paid = values.amountPaid ?? 0;
  const attempts = values.attemptCount ?? 0;
  const transitions = values.transitions ?? {};
  return {
    id: values.id,
    object: 'invoice',
    account_country: 'US',
    account_name: values.accountName ?? null,
    account_tax_ids: null,
    amount_due: due,
    amount_overpaid: 0,
    amount_paid: paid,
    amount_remaining: Math.max(0, due - paid),
    amount_shipping: 0,
    application: null,
    attempt_count: attempts,
    attempted: attempts > 0,
    auto_advance: values.autoAdvance,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: values.automaticallyFinalizesAt,
    billing_reason: values.billingReason,
    collection_method: values.collectionMethod ?? 'charge_automatically',
    created: values.created,
    currency: values.currency,
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
    default_payment_method: values.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: [],
    description: values.description ?? null,
    discounts: [],
    due_date: values.dueDate ?? null,
    effective_at: transitions.finalizedAt ?? null,
    ending_balance: status === 'draft' ? null : 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: values.hostedInvoiceUrl ?? null,
    invoice_pdf: values.invoicePdf ?? null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [...values.lines], has_more: false, url: `/v1/invoices/${values.id}/lines` },
    livemode: false,
    metadata: values.metadata ?? {},
    next_payment_attempt: values.nextPaymentAttempt ?? null,
    number: values.number ?? null,
    on_behalf_of: null,
    parent: subscription
      ? { quote_details: null, subscription_details: { metadata: subscription.metadata ?? {}, subscription: subscription.id }, type: 'subscription_details' }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: values.period.end,
    period_start: values.period.start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status,
    status_transitions: {
      finalized_at: transitions.finalizedAt ?? null,
      marked_uncollectible_at: transitions.uncollectibleAt ?? null,
      paid_at: transitions.paidAt ?? null,
      voided_at: transitions.voidedAt ?? null,
    },
    subtotal: total,
    subtotal_excluding_tax: total,
    test_clock: customer.test_clock ?? null,
    total,
    total_discount_amounts: [],
    total_excluding_tax: total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: values.webhooksDeliveredAt ?? null,
  };
}
