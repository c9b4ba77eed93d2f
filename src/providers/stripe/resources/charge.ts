/**
 * A Charge as API version 2026-10-28 renders it, and its card `payment_method_details`: the card's
 * facts repeated from its payment method, the authorization's from the charge. The one builder of
 * the payload builders (`../payments.ts`) and the emulator (`../api/payments/objects.ts`); each
 * draws its ids and codes itself, in its own order, and hands over the values.
 */
import type { Obj } from '../scene.js';

/** What varies between charges; the rest is a plain card or bank charge's. */
export interface ChargeValues {
  readonly id: string;
  readonly amount: number;
  /** `amount_captured` is the whole amount once captured. */
  readonly captured: boolean;
  readonly paid: boolean;
  readonly status: string;
  readonly created: number;
  /** The payment intent's, as it states them. */
  readonly currency: unknown;
  readonly customer: unknown;
  readonly description: unknown;
  readonly paymentIntent: unknown;
  readonly paymentMethod: unknown;
  /** The payment method's. */
  readonly billingDetails: unknown;
  readonly calculatedStatementDescriptor: string;
  readonly outcome: Obj;
  readonly paymentMethodDetails: Obj;
  readonly receiptEmail: unknown;
  readonly receiptUrl: string | null;
  /** The decline that failed it. */
  readonly failure?: { readonly code: string; readonly message: string } | undefined;
  readonly metadata?: unknown;
  readonly balanceTransaction?: string | null;
  /** 0 by default; the charge is `refunded` once it equals `amount`. */
  readonly amountRefunded?: number;
}

/**
 * A charge.
 * @example
 * chargeResource({ id: 'ch_3…', amount: 2000, captured: true, paid: true, status: 'succeeded', … });
 */
export function chargeResource(values: ChargeValues): Obj {
  const refunded = values.amountRefunded ?? 0;
  return {
    id: values.id,
    object: 'charge',
    amount: values.amount,
    amount_captured: values.captured ? values.amount : 0,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: values.balanceTransaction ?? null,
    billing_details: values.billingDetails,
    calculated_statement_descriptor: values.calculatedStatementDescriptor,
    captured: values.captured,
    created: values.created,
    currency: values.currency,
    customer: values.customer,
    description: values.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: values.failure?.code ?? null,
    failure_message: values.failure?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: values.metadata ?? {},
    on_behalf_of: null,
    outcome: values.outcome,
    paid: values.paid,
    payment_intent: values.paymentIntent,
    payment_method: values.paymentMethod,
    payment_method_details: values.paymentMethodDetails,
    radar_options: {},
    receipt_email: values.receiptEmail,
    receipt_number: null,
    receipt_url: values.receiptUrl,
    refunded: refunded > 0 && refunded === values.amount,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: values.status,
    transfer_data: null,
    transfer_group: null,
  };
}

/** The fields of a payment method's `card` that its charges repeat. */
export interface PaymentMethodCard {
  readonly brand: string;
  readonly checks: Obj;
  readonly country: string;
  readonly exp_month: number;
  readonly exp_year: number;
  readonly fingerprint: string;
  readonly funding: string;
  readonly last4: string;
}

/** What the charge's authorization adds to the card; the caller draws the codes, in its own order. */
export interface CardAuthorization {
  readonly amount: number;
  /** Null when the charge failed. */
  readonly amountAuthorized: number | null;
  readonly authorizationCode: string | null;
  /** Unix seconds; only an uncaptured (manual capture) charge has one. */
  readonly captureBefore: number | null;
  readonly networkTransactionId: string | null;
}

/**
 * `payment_method_details` of a card charge.
 * @example
 * cardPaymentDetails(pm.card, { amount: 2000, amountAuthorized: 2000, authorizationCode: '123456', captureBefore: null, networkTransactionId: '…' });
 */
export function cardPaymentDetails(card: PaymentMethodCard, charge: CardAuthorization): Obj {
  return {
    card: {
      amount_authorized: charge.amountAuthorized,
      authorization_code: charge.authorizationCode,
      brand: card.brand,
      ...(charge.captureBefore === null ? {} : { capture_before: charge.captureBefore }),
      checks: card.checks,
      country: card.country,
      electronic_commerce_indicator: null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      extended_authorization: { status: 'disabled' },
      fingerprint: card.fingerprint,
      funding: card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: null,
      last4: card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: card.brand,
      network_token: { used: false },
      network_transaction_id: charge.networkTransactionId,
      overcapture: { maximum_amount_capturable: charge.amount, status: 'unavailable' },
      regulated_status: 'unregulated',
      three_d_secure: null,
      transaction_link_id: null,
      wallet: null,
    },
    type: 'card',
  };
}
