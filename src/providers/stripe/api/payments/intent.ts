/**
 * A payment intent as Stripe creates it (`POST /v1/payment_intents`), before any confirmation, and
 * the `last_payment_error` a refused confirmation leaves on it.
 */
import type { Obj, World } from '../../../shared/api/index.js';
import type { Decline } from './cards.js';
import { seconds, stripeOrder } from './objects.js';

/** The fields a new payment intent takes from its caller. */
export interface NewIntent {
  readonly amount: number;
  readonly currency: string;
  readonly customer?: string | null;
  readonly description?: string | null;
  readonly metadata?: Obj;
  /** `automatic_async` (Stripe's default since 2024-04-10), `automatic` or `manual`. */
  readonly captureMethod?: string;
  readonly paymentMethodTypes?: readonly string[];
  readonly receiptEmail?: string | null;
  readonly setupFutureUsage?: string | null;
  readonly at?: number;
}

/**
 * A new payment intent in `requires_payment_method`, not stored.
 * @example
 * const pi = paymentIntentObject(world, { amount: 2000, currency: 'usd' });
 */
export function paymentIntentObject(world: World, input: NewIntent): Obj {
  const id = world.id('pi', 24);
  // Without payment_method_types, Stripe turns on automatic payment methods (since 2023-08-16).
  const automatic = !input.paymentMethodTypes;
  return stripeOrder({
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: input.captureMethod ?? 'automatic_async',
    client_secret: `${id}_${world.id('secret', 25)}`,
    confirmation_method: 'automatic',
    created: seconds(world, input.at),
    currency: input.currency.toLowerCase(),
    customer: input.customer ?? null,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: automatic ? { id: world.id('pmc', 24), parent: null } : null,
    payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: input.paymentMethodTypes ? [...input.paymentMethodTypes] : ['card'],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail ?? null,
    review: null,
    setup_future_usage: input.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
  });
}

/**
 * The card error of a decline as Stripe reports it, on the intent and in the 402 answer.
 * @example
 * cardErrorFields(decline, 'ch_…', paymentMethod); // { code: 'card_declined', decline_code, message, type: 'card_error', … }
 */
export function cardErrorFields(decline: Decline, charge: string | null, paymentMethod: Obj): Obj {
  return stripeOrder({
    advice_code: decline.code === 'card_declined' ? 'try_again_later' : 'do_not_try_again',
    ...(charge ? { charge } : {}),
    code: decline.code,
    decline_code: decline.declineCode,
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    message: decline.message,
    payment_method: paymentMethod,
    type: 'card_error',
  });
}

/**
 * What the buyer's browser is asked to do for 3D Secure (Stripe.js handles `use_stripe_sdk`).
 * @example
 * { ...intent, next_action: threeDSecureAction(world, method.card), status: 'requires_action' }
 */
export function threeDSecureAction(world: World, card: Obj): Obj {
  return stripeOrder({
    type: 'use_stripe_sdk',
    use_stripe_sdk: {
      directory_server_encryption: { algorithm: 'RSA', certificate: '', directory_server_id: 'A000000003', root_certificate_authorities: [] },
      directory_server_name: String(card.brand),
      merchant: 'acct_1RelaykitTest00',
      one_click_authn: null,
      server_transaction_id: world.id('3ds', 24).slice(4),
      three_d_secure_2_source: world.id('payatt', 24),
      three_ds_method_url: '',
      three_ds_optimizations: 'kf',
      type: 'stripe_3ds2_fingerprint',
    },
  });
}
