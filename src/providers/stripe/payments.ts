/**
 * Payment objects as API version 2026-10-28 renders them: PaymentIntent, Charge, PaymentMethod,
 * Refund, SetupIntent, Dispute and BalanceTransaction. One `Payment` holds the ids and amounts a
 * payment's objects share, so a PaymentIntent's `latest_charge` is the Charge whose
 * `payment_intent` points back, and both name the same customer and PaymentMethod.
 */
import { cardPaymentDetails, chargeResource } from './resources/charge.js';
import { DAY, Scene, type Address, type Card, type Obj, type Person } from './scene.js';

/** The ids, amount and parties one payment's objects share. */
export interface Payment {
  readonly amount: number;
  readonly currency: string;
  /** When the PaymentIntent (and its charge) were created, unix seconds. */
  readonly created: number;
  readonly customer: string | null;
  readonly person: Person;
  readonly card: Card;
  readonly paymentIntent: string;
  readonly charge: string;
  readonly paymentMethod: string;
  readonly balanceTransaction: string;
  /** `us_bank_account` payments settle in days and pass through `processing`/`pending`. */
  readonly method: 'card' | 'us_bank_account';
  readonly description: string | null;
}

export interface PaymentOptions {
  amount?: number;
  created?: number;
  customer?: string | null;
  method?: 'card' | 'us_bank_account';
  description?: string | null;
}

/** Mints the objects of one payment together, so their ids share the leading segment. */
export function newPayment(s: Scene, options: PaymentOptions = {}): Payment {
  const created = options.created ?? s.now;
  return {
    amount: options.amount ?? s.amount(),
    currency: s.currency,
    created,
    customer: options.customer === undefined ? (s.chance(75) ? s.customerId : null) : options.customer,
    person: s.person,
    card: s.card,
    paymentIntent: s.id('pi', created, '3'),
    charge: s.id('ch', created, '3'),
    paymentMethod: s.id('pm', created),
    balanceTransaction: s.id('txn', created, '3'),
    method: options.method ?? 'card',
    description: options.description ?? null,
  };
}

export function address(a: Address): Obj {
  return { city: a.city, country: a.country, line1: a.line1, line2: a.line2, postal_code: a.postal_code, state: a.state };
}

function billingDetails(p: Payment, full: boolean): Obj {
  const a = p.person.address;
  return {
    address: full
      ? address(a)
      : { city: null, country: a.country, line1: null, line2: null, postal_code: a.postal_code, state: null },
    email: p.person.email,
    name: p.person.name,
    phone: null,
    tax_id: null,
  };
}

// --- PaymentMethod -----------------------------------------------------------------------------

export interface PaymentMethodOptions {
  customer?: string | null;
  created?: number;
}

export function paymentMethod(s: Scene, p: Payment, options: PaymentMethodOptions = {}): Obj {
  const customer = options.customer === undefined ? p.customer : options.customer;
  const base: Obj = {
    id: p.paymentMethod,
    object: 'payment_method',
    allow_redisplay: customer ? 'always' : 'unspecified',
    billing_details: billingDetails(p, p.method === 'us_bank_account'),
  };
  if (p.method === 'us_bank_account') {
    Object.assign(base, {
      created: options.created ?? p.created,
      customer,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: 'checking',
        bank_name: 'STRIPE TEST BANK',
        financial_connections_account: s.id('fca', p.created),
        fingerprint: p.card.fingerprint,
        last4: '6789',
        networks: { preferred: 'ach', supported: ['ach'] },
        routing_number: '110000000',
        status_details: {},
      },
    });
    return base;
  }
  Object.assign(base, {
    card: paymentMethodCard(p.card),
    created: options.created ?? p.created,
    customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  });
  return base;
}

/** A card PaymentMethod's `card`, which the charges it pays repeat (`cardDetails`). */
function paymentMethodCard(c: Card) {
  return {
    brand: c.brand,
    checks: { address_line1_check: null, address_postal_code_check: 'pass', cvc_check: 'pass' },
    country: 'US',
    display_brand: c.displayBrand,
    exp_month: c.expMonth,
    exp_year: c.expYear,
    fingerprint: c.fingerprint,
    funding: c.funding,
    generated_from: null,
    last4: c.last4,
    networks: { available: [c.brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

// --- Charge ------------------------------------------------------------------------------------

export type ChargeState = 'succeeded' | 'failed' | 'pending' | 'uncaptured' | 'refunded';

export interface Decline {
  readonly code: string;
  readonly declineCode: string;
  readonly message: string;
  readonly networkDeclineCode: string;
  readonly adviceCode: string;
  readonly sellerMessage: string;
}

const DECLINES: readonly Decline[] = [
  {
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
    networkDeclineCode: '05',
    adviceCode: 'try_again_later',
    sellerMessage: 'The bank did not return any further details with this decline.',
  },
  {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
    networkDeclineCode: '51',
    adviceCode: 'try_again_later',
    sellerMessage: 'The bank returned the decline code `insufficient_funds`.',
  },
  {
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
    networkDeclineCode: '54',
    adviceCode: 'do_not_try_again',
    sellerMessage: 'The bank returned the decline code `expired_card`.',
  },
];

export function pickDecline(s: Scene): Decline {
  return s.pick(DECLINES);
}

export function receiptUrl(s: Scene, kind: 'payment' | 'invoices' = 'payment'): string {
  return `https://pay.stripe.com/receipts/${kind}/CAcaFwoVYWNjdF8x${s.base62(24)}KO${s.base62(6)}GMgZ${s.base62(54)}`;
}

export interface ChargeOptions {
  decline?: Decline;
  /** False while an asynchronously captured charge awaits its balance transaction. */
  balanceTransaction?: boolean;
}

export function charge(s: Scene, p: Payment, state: ChargeState, options: ChargeOptions = {}): Obj {
  const failed = state === 'failed';
  const captured = state === 'succeeded' || state === 'refunded' || state === 'pending';
  const settled = state === 'succeeded' || state === 'refunded';
  const decline = failed ? (options.decline ?? pickDecline(s)) : undefined;
  const refunded = state === 'refunded' ? p.amount : 0;
  const bank = p.method === 'us_bank_account';
  return chargeResource({
    id: p.charge,
    amount: p.amount,
    amountRefunded: refunded,
    balanceTransaction: settled && options.balanceTransaction !== false ? p.balanceTransaction : null,
    billingDetails: billingDetails(p, bank),
    calculatedStatementDescriptor: s.descriptor,
    captured,
    created: p.created,
    currency: p.currency,
    customer: p.customer,
    description: p.description,
    failure: decline,
    outcome: outcome(s, decline, bank),
    paid: !failed && !(bank && state === 'pending'),
    paymentIntent: p.paymentIntent,
    paymentMethod: p.paymentMethod,
    paymentMethodDetails: bank ? bankDetails(s, p) : cardDetails(s, p, state),
    receiptEmail: p.customer ? p.person.email : null,
    receiptUrl: failed ? null : receiptUrl(s),
    status: failed ? 'failed' : state === 'pending' ? 'pending' : 'succeeded',
  });
}

function outcome(s: Scene, decline: Decline | undefined, bank: boolean): Obj {
  if (decline) {
    return {
      advice_code: decline.adviceCode,
      network_advice_code: null,
      network_decline_code: decline.networkDeclineCode,
      network_status: 'declined_by_network',
      reason: decline.declineCode,
      risk_level: 'normal',
      risk_score: s.int(5, 60),
      seller_message: decline.sellerMessage,
      type: 'issuer_declined',
    };
  }
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'approved_by_network',
    reason: null,
    ...(bank ? { risk_level: 'not_assessed' } : { risk_level: 'normal', risk_score: s.int(0, 64) }),
    seller_message: 'Payment complete.',
    type: 'authorized',
  };
}

function cardDetails(s: Scene, p: Payment, state: ChargeState): Obj {
  const failed = state === 'failed';
  return cardPaymentDetails(paymentMethodCard(p.card), {
    amount: p.amount,
    amountAuthorized: failed ? null : p.amount,
    authorizationCode: failed ? null : s.digits(6),
    captureBefore: state === 'uncaptured' ? p.created + 7 * DAY : null,
    networkTransactionId: s.digits(15),
  });
}

function bankDetails(s: Scene, p: Payment): Obj {
  return {
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: 'individual',
      account_type: 'checking',
      bank_name: 'STRIPE TEST BANK',
      expected_debit_date: new Date((p.created + DAY) * 1000).toISOString().slice(0, 10),
      fingerprint: p.card.fingerprint,
      last4: '6789',
      mandate: s.id('mandate', p.created),
      payment_reference: null,
      routing_number: '110000000',
    },
  };
}

// --- PaymentIntent -----------------------------------------------------------------------------

export type PaymentIntentState =
  | 'requires_payment_method'
  | 'requires_action'
  | 'requires_capture'
  | 'processing'
  | 'succeeded'
  | 'canceled'
  | 'payment_failed';

export interface PaymentIntentOptions {
  decline?: Decline;
  /** Dashboard-configured payment methods (`card`, `link`) rather than an explicit list. */
  automaticPaymentMethods?: boolean;
  setupFutureUsage?: 'off_session' | 'on_session' | null;
}

export function paymentIntent(s: Scene, p: Payment, state: PaymentIntentState, options: PaymentIntentOptions = {}): Obj {
  const automatic = options.automaticPaymentMethods ?? true;
  const bank = p.method === 'us_bank_account';
  const succeeded = state === 'succeeded';
  const hasCharge = succeeded || state === 'payment_failed' || state === 'requires_capture' || state === 'processing';
  const attached = state !== 'requires_payment_method' && state !== 'payment_failed' && state !== 'canceled';
  const decline = state === 'payment_failed' ? (options.decline ?? pickDecline(s)) : undefined;
  const types = bank ? ['us_bank_account'] : automatic ? ['card', 'link'] : ['card'];
  return {
    id: p.paymentIntent,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: p.amount,
    amount_capturable: state === 'requires_capture' ? p.amount : 0,
    amount_details: { tip: {} },
    amount_received: succeeded ? p.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic && !bank ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: state === 'canceled' ? s.now : null,
    cancellation_reason: state === 'canceled' ? s.pick(['requested_by_customer', 'abandoned', 'duplicate']) : null,
    capture_method: state === 'requires_capture' ? 'manual' : 'automatic_async',
    client_secret: `${p.paymentIntent}_secret_${s.base62(25)}`,
    confirmation_method: 'automatic',
    created: p.created,
    currency: p.currency,
    customer: p.customer,
    customer_account: null,
    description: p.description,
    excluded_payment_method_types: null,
    last_payment_error: decline
      ? {
          advice_code: decline.adviceCode,
          charge: p.charge,
          code: decline.code,
          decline_code: decline.declineCode,
          doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
          message: decline.message,
          network_decline_code: decline.networkDeclineCode,
          payment_method: paymentMethod(s, p),
          type: 'card_error',
        }
      : null,
    latest_charge: hasCharge ? p.charge : null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action:
      state === 'requires_action'
        ? {
            type: 'use_stripe_sdk',
            use_stripe_sdk: {
              directory_server_encryption: {
                algorithm: 'RSA',
                certificate: '',
                directory_server_id: 'A000000003',
                root_certificate_authorities: [],
              },
              directory_server_name: p.card.brand,
              merchant: s.accountId,
              one_click_authn: null,
              server_transaction_id: s.uuid(),
              three_d_secure_2_source: `payatt_${s.base62(24)}`,
              three_ds_method_url: '',
              three_ds_optimizations: 'kf',
              type: 'stripe_3ds2_fingerprint',
            },
          }
        : null,
    on_behalf_of: null,
    payment_method: attached ? p.paymentMethod : null,
    payment_method_configuration_details: automatic && !bank ? { id: `pmc_1${s.accountCode}${s.base62(13)}`, parent: null } : null,
    payment_method_options: bank
      ? {
          us_bank_account: {
            mandate_options: {},
            verification_method: 'automatic',
          },
        }
      : {
          card: {
            installments: null,
            mandate_options: null,
            network: null,
            request_three_d_secure: 'automatic',
          },
          ...(automatic ? { link: { persistent_token: null } } : {}),
        },
    payment_method_types: types,
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: options.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: state === 'payment_failed' ? 'requires_payment_method' : state,
    transfer_data: null,
    transfer_group: null,
  };
}

// --- Refund ------------------------------------------------------------------------------------

export interface RefundOptions {
  created?: number;
  status?: 'pending' | 'succeeded' | 'failed' | 'canceled';
  /** Whether the acquirer reference number has come back yet. */
  referenceAvailable?: boolean;
}

export function refund(s: Scene, p: Payment, options: RefundOptions = {}): Obj {
  const created = options.created ?? s.now;
  const available = options.referenceAvailable ?? false;
  return {
    id: s.id('re', created, '3'),
    object: 'refund',
    amount: p.amount,
    balance_transaction: s.id('txn', created, '3'),
    charge: p.charge,
    created,
    currency: p.currency,
    customer: p.customer,
    customer_account: null,
    destination_details: {
      card: {
        ...(available ? { reference: s.digits(23) } : {}),
        reference_status: available ? 'available' : 'pending',
        reference_type: 'acquirer_reference_number',
        type: 'refund',
      },
      type: 'card',
    },
    metadata: {},
    payment_intent: p.paymentIntent,
    payment_method: p.paymentMethod,
    reason: s.pick(['requested_by_customer', 'requested_by_customer', 'duplicate', null]),
    receipt_number: null,
    source_transfer_reversal: null,
    status: options.status ?? 'succeeded',
    transfer_reversal: null,
  };
}

// --- SetupIntent -------------------------------------------------------------------------------

export type SetupIntentState = 'requires_payment_method' | 'succeeded' | 'setup_failed' | 'canceled' | 'requires_action';

export function setupIntent(s: Scene, p: Payment, state: SetupIntentState): Obj {
  const id = s.id('seti', p.created);
  const decline = state === 'setup_failed' ? pickDecline(s) : undefined;
  const attached = state === 'succeeded' || state === 'requires_action';
  return {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: { allow_redirects: 'always', enabled: true },
    cancellation_reason: state === 'canceled' ? 'abandoned' : null,
    client_secret: `${id}_secret_${s.base62(32)}`,
    created: p.created,
    customer: p.customer,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: decline
      ? {
          code: decline.code,
          decline_code: decline.declineCode,
          doc_url: `https://docs.stripe.com/error-codes/${decline.code.replace(/_/g, '-')}`,
          message: decline.message,
          payment_method: paymentMethod(s, p, { customer: null }),
          type: 'card_error',
        }
      : null,
    latest_attempt: state === 'requires_payment_method' || state === 'canceled' ? null : s.id('setatt', p.created),
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: attached ? p.paymentMethod : null,
    payment_method_configuration_details: { id: `pmc_1${s.accountCode}${s.base62(13)}`, parent: null },
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: ['card', 'link'],
    single_use_mandate: null,
    status: state === 'setup_failed' ? 'requires_payment_method' : state,
    usage: 'off_session',
  };
}

// --- BalanceTransaction and Dispute ------------------------------------------------------------

export function disputeWithdrawal(s: Scene, p: Payment, dispute: string, created: number): Obj {
  const fee = 1500;
  return {
    id: s.id('txn', created),
    object: 'balance_transaction',
    amount: -p.amount,
    available_on: created,
    balance_type: 'payments',
    created,
    currency: p.currency,
    description: `Chargeback withdrawal for ${p.charge}`,
    exchange_rate: null,
    fee,
    fee_details: [{ amount: fee, application: null, currency: p.currency, description: 'Dispute fee', type: 'stripe_fee' }],
    net: -p.amount - fee,
    reporting_category: 'dispute',
    source: dispute,
    status: 'available',
    type: 'adjustment',
  };
}

export type DisputeState = 'needs_response' | 'under_review' | 'won' | 'lost';

const DISPUTE_REASONS: readonly (readonly [string, string])[] = [
  ['fraudulent', '10.4'],
  ['product_not_received', '13.1'],
  ['duplicate', '12.6.1'],
  ['subscription_canceled', '13.2'],
];

export function dispute(s: Scene, p: Payment, state: DisputeState, created: number): Obj {
  const id = s.id('dp', created);
  const [reason, code] = s.pick(DISPUTE_REASONS);
  const submitted = state !== 'needs_response';
  return {
    id,
    object: 'dispute',
    amount: p.amount,
    balance_transactions: [disputeWithdrawal(s, p, id, created)],
    charge: p.charge,
    created,
    currency: p.currency,
    enhanced_eligibility_types: [],
    evidence: evidence(p, submitted),
    evidence_details: {
      due_by: created + 21 * DAY - (created % DAY) - 1,
      enhanced_eligibility: {},
      has_evidence: submitted,
      past_due: false,
      submission_count: submitted ? 1 : 0,
      submission_method: submitted ? 'manual' : 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    network_reason_code: code,
    payment_intent: p.paymentIntent,
    payment_method_details: {
      card: { brand: p.card.brand, case_type: 'chargeback', network: p.card.brand, network_reason_code: code },
      type: 'card',
    },
    reason,
    status: state,
  };
}

export function evidence(p: Payment, submitted: boolean): Obj {
  return {
    access_activity_log: null,
    billing_address: null,
    cancellation_policy: null,
    cancellation_policy_disclosure: null,
    cancellation_rebuttal: null,
    customer_communication: null,
    customer_email_address: submitted ? p.person.email : null,
    customer_name: submitted ? p.person.name : null,
    customer_purchase_ip: null,
    customer_signature: null,
    duplicate_charge_documentation: null,
    duplicate_charge_explanation: null,
    duplicate_charge_id: null,
    enhanced_evidence: {},
    product_description: submitted ? 'Digital subscription, delivered on purchase.' : null,
    receipt: null,
    refund_policy: null,
    refund_policy_disclosure: null,
    refund_refusal_explanation: null,
    service_date: null,
    service_documentation: null,
    shipping_address: null,
    shipping_carrier: null,
    shipping_date: null,
    shipping_documentation: null,
    shipping_tracking_number: null,
    uncategorized_file: null,
    uncategorized_text: submitted ? 'The customer used the service after the charge.' : null,
  };
}
