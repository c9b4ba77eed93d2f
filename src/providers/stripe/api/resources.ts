/** The Stripe resources the mock serves: each object kind and the collection path it lives under. */
import { STRIPE_PATHS } from '../generated/paths.js';

/** Object kind (`object` field) → collection path under `/v1`. */
export const STRIPE_COLLECTIONS: Readonly<Record<string, string>> = Object.freeze({
  account: 'accounts',
  balance_transaction: 'balance_transactions',
  charge: 'charges',
  'checkout.session': 'checkout/sessions',
  coupon: 'coupons',
  customer: 'customers',
  dispute: 'disputes',
  'entitlements.feature': 'entitlements/features',
  event: 'events',
  'identity.verification_report': 'identity/verification_reports',
  invoice: 'invoices',
  'issuing.physical_bundle': 'issuing/physical_bundles',
  payment_intent: 'payment_intents',
  payment_method: 'payment_methods',
  payout: 'payouts',
  plan: 'plans',
  price: 'prices',
  product: 'products',
  refund: 'refunds',
  setup_intent: 'setup_intents',
  shipping_rate: 'shipping_rates',
  subscription: 'subscriptions',
  subscription_item: 'subscription_items',
  subscription_schedule: 'subscription_schedules',
  'terminal.location': 'terminal/locations',
});

/** Kinds whose objects can be updated with `POST /v1/<collection>/:id`. */
export const STRIPE_UPDATABLE: readonly string[] = [
  'charge',
  'coupon',
  'customer',
  'dispute',
  'invoice',
  'payment_intent',
  'payment_method',
  'payout',
  'price',
  'product',
  'refund',
  'setup_intent',
  'subscription',
  'subscription_item',
  'subscription_schedule',
];

/** Where the world keeps a Checkout Session's line items (`{ id: session id, data }`): the kind `impliedObjects` gives them. */
export const LINE_ITEMS_KIND = 'checkout.session.line_items';

/** Every kind the world may hold for Stripe, including ones reached only through a parent. */
export const STRIPE_KINDS: readonly string[] = [...new Set([...Object.keys(STRIPE_COLLECTIONS), 'line_item', ...Object.keys(STRIPE_PATHS)])];
