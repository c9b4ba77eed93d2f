/** Checkout Sessions as API version 2026-10-28 renders them, in `payment`, `subscription` and `setup` mode. */
import { address, type Payment } from './payments.js';
import { DAY, type Obj, type Scene } from './scene.js';

export type SessionMode = 'payment' | 'subscription' | 'setup';

export interface SessionOptions {
  mode: SessionMode;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  /** Whether the PaymentIntent exists yet (it does not for sessions that expired unpaid). */
  withPaymentIntent: boolean;
  created: number;
  subscription?: string | null;
  invoice?: string | null;
  /** Setup mode: the SetupIntent that collected the payment method. */
  setupIntent?: string | null;
}

/** A 58-character body that starts `a1` (`b1` for subscription mode), as live session ids do. */
export function sessionId(s: Scene, mode: SessionMode): string {
  return `cs_test_${mode === 'payment' ? 'a1' : mode === 'subscription' ? 'b1' : 'c1'}${s.base62(56)}`;
}

export function checkoutSession(s: Scene, p: Payment, options: SessionOptions): Obj {
  const subscriptionMode = options.mode === 'subscription';
  const setupMode = options.mode === 'setup';
  const id = sessionId(s, options.mode);
  const person = p.person;
  const done = options.status === 'complete';
  const bank = p.method === 'us_bank_account';
  const domain = `${s.business.toLowerCase().replace(/[^a-z]/g, '')}.example.com`;
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: options.mode === 'payment' && !bank },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: setupMode ? null : p.amount,
    amount_total: setupMode ? null : p.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    branding_settings: {
      background_color: '#ffffff',
      border_style: 'rounded',
      button_color: '#0074d4',
      display_name: s.business,
      font_family: 'default',
      icon: null,
      logo: null,
    },
    cancel_url: `https://${domain}/cart`,
    client_reference_id: null,
    client_secret: null,
    collected_information: done ? { business_name: null, individual_name: null, shipping_details: null } : null,
    consent: null,
    consent_collection: null,
    created: options.created,
    currency: setupMode ? null : p.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: done ? p.customer : null,
    customer_account: null,
    customer_creation: subscriptionMode ? 'always' : 'if_required',
    customer_details: done
      ? {
          address: bank ? address(person.address) : { city: null, country: 'US', line1: null, line2: null, postal_code: person.address.postal_code, state: null },
          business_name: null,
          email: person.email,
          individual_name: null,
          name: person.name,
          phone: null,
          tax_exempt: 'none',
          tax_ids: [],
        }
      : null,
    customer_email: null,
    discounts: [],
    expires_at: options.created + DAY,
    integration_identifier: null,
    invoice: options.invoice ?? null,
    invoice_creation: options.mode !== 'payment'
      ? null
      : {
          enabled: false,
          invoice_data: {
            account_tax_ids: null,
            custom_fields: null,
            description: null,
            footer: null,
            issuer: null,
            metadata: {},
            rendering_options: null,
          },
        },
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: {},
    mode: options.mode,
    origin_context: null,
    payment_intent: options.withPaymentIntent && options.mode === 'payment' ? p.paymentIntent : null,
    payment_link: null,
    payment_method_collection: subscriptionMode ? 'always' : 'if_required',
    payment_method_configuration_details: bank ? null : { id: `pmc_1${s.accountCode}${s.base62(13)}`, parent: null },
    payment_method_options: bank
      ? { us_bank_account: { financial_connections: { permissions: ['payment_method'], prefetch: [] }, verification_method: 'automatic' } }
      : { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: bank ? ['us_bank_account'] : ['card', 'link'],
    payment_status: options.paymentStatus,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: options.mode !== 'payment'
      ? null
      : { allow_redisplay_filters: ['always'], payment_method_remove: 'disabled', payment_method_save: null },
    setup_intent: options.setupIntent ?? null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: options.status,
    submit_type: null,
    subscription: options.subscription ?? null,
    success_url: `https://${domain}/success?session_id={CHECKOUT_SESSION_ID}`,
    total_details: setupMode ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: options.status === 'open' ? `https://checkout.stripe.com/c/pay/${id}#${s.base62(120)}` : null,
    wallet_options: null,
  };
}
