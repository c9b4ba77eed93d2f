/**
 * The minimal object of an event type outside the catalog (sent only when the caller allows unknown
 * types: `tax_rate.frobbed`, `widget.created`): the `object` Stripe names the resource with, an id
 * with its usual prefix, `created`, `livemode` and `metadata`, plus a status the verb implies.
 */
import type { Obj, Scene } from './scene.js';

interface ResourceShape {
  /** The `object` value Stripe gives the resource. */
  readonly object: string;
  /** The id prefix, without the underscore. */
  readonly prefix: string;
  /** Short ids have a 14-character random body; others the 24-character timed form. */
  readonly short?: boolean;
  /** Ids that are names rather than random (`card_payments` for a capability). */
  readonly fixed?: boolean;
}

/** Resources as they appear in event types, with Stripe's object names and id prefixes. */
const RESOURCES: Readonly<Record<string, ResourceShape>> = {
  'account.application': { object: 'application', prefix: 'ca', short: true },
  'account.external_account': { object: 'bank_account', prefix: 'ba' },
  application_fee: { object: 'application_fee', prefix: 'fee' },
  'application_fee.refund': { object: 'fee_refund', prefix: 'fr' },
  'billing.alert': { object: 'billing.alert', prefix: 'alrt' },
  'billing.credit_balance_transaction': { object: 'billing.credit_balance_transaction', prefix: 'cbtxn' },
  'billing.credit_grant': { object: 'billing.credit_grant', prefix: 'credgr' },
  'billing.meter': { object: 'billing.meter', prefix: 'mtr' },
  'billing_portal.configuration': { object: 'billing_portal.configuration', prefix: 'bpc' },
  'billing_portal.session': { object: 'billing_portal.session', prefix: 'bps' },
  capability: { object: 'capability', prefix: 'card_payments', fixed: true },
  'charge.refund': { object: 'refund', prefix: 're' },
  'climate.order': { object: 'climate.order', prefix: 'climorder' },
  'climate.product': { object: 'climate.product', prefix: 'climsku' },
  credit_note: { object: 'credit_note', prefix: 'cn' },
  'customer.discount': { object: 'discount', prefix: 'di' },
  'customer.source': { object: 'card', prefix: 'card' },
  'customer.tax_id': { object: 'tax_id', prefix: 'txi' },
  customer_cash_balance_transaction: { object: 'customer_cash_balance_transaction', prefix: 'ccsbtxn' },
  'entitlements.active_entitlement_summary': { object: 'entitlements.active_entitlement_summary', prefix: 'ent' },
  file: { object: 'file', prefix: 'file' },
  'financial_connections.account': { object: 'financial_connections.account', prefix: 'fca' },
  'identity.verification_session': { object: 'identity.verification_session', prefix: 'vs' },
  invoice_payment: { object: 'invoice_payment', prefix: 'inpay' },
  invoiceitem: { object: 'invoiceitem', prefix: 'ii' },
  issuing_authorization: { object: 'issuing.authorization', prefix: 'iauth' },
  issuing_card: { object: 'issuing.card', prefix: 'ic' },
  issuing_cardholder: { object: 'issuing.cardholder', prefix: 'ich' },
  issuing_dispute: { object: 'issuing.dispute', prefix: 'idp' },
  issuing_personalization_design: { object: 'issuing.personalization_design', prefix: 'ipcd' },
  issuing_token: { object: 'issuing.token', prefix: 'intok' },
  issuing_transaction: { object: 'issuing.transaction', prefix: 'ipi' },
  mandate: { object: 'mandate', prefix: 'mandate' },
  payment_link: { object: 'payment_link', prefix: 'plink' },
  person: { object: 'person', prefix: 'person' },
  plan: { object: 'plan', prefix: 'price' },
  promotion_code: { object: 'promotion_code', prefix: 'promo' },
  quote: { object: 'quote', prefix: 'qt' },
  'radar.early_fraud_warning': { object: 'radar.early_fraud_warning', prefix: 'issfr' },
  'reporting.report_run': { object: 'reporting.report_run', prefix: 'frr' },
  review: { object: 'review', prefix: 'prv' },
  'sigma.scheduled_query_run': { object: 'scheduled_query_run', prefix: 'sqr' },
  source: { object: 'source', prefix: 'src' },
  'source.transaction': { object: 'source_transaction', prefix: 'srctxn' },
  tax_rate: { object: 'tax_rate', prefix: 'txr' },
  'tax.settings': { object: 'tax.settings', prefix: 'taxset' },
  'terminal.reader': { object: 'terminal.reader', prefix: 'tmr' },
  'test_helpers.test_clock': { object: 'test_helpers.test_clock', prefix: 'clock' },
  'three_d_secure.authentication': { object: 'three_d_secure', prefix: 'tds' },
  topup: { object: 'topup', prefix: 'tu' },
  transfer: { object: 'transfer', prefix: 'tr' },
  'treasury.credit_reversal': { object: 'treasury.credit_reversal', prefix: 'credrev' },
  'treasury.debit_reversal': { object: 'treasury.debit_reversal', prefix: 'debrev' },
  'treasury.financial_account': { object: 'treasury.financial_account', prefix: 'fa' },
  'treasury.inbound_transfer': { object: 'treasury.inbound_transfer', prefix: 'ibt' },
  'treasury.outbound_payment': { object: 'treasury.outbound_payment', prefix: 'obp' },
  'treasury.outbound_transfer': { object: 'treasury.outbound_transfer', prefix: 'obt' },
  'treasury.received_credit': { object: 'treasury.received_credit', prefix: 'rc' },
  'treasury.received_debit': { object: 'treasury.received_debit', prefix: 'rd' },
  // Resources of catalogued types, for verbs outside the catalog.
  account: { object: 'account', prefix: 'acct' },
  charge: { object: 'charge', prefix: 'ch' },
  'charge.dispute': { object: 'dispute', prefix: 'dp' },
  'checkout.session': { object: 'checkout.session', prefix: 'cs_test' },
  coupon: { object: 'coupon', prefix: 'co' },
  customer: { object: 'customer', prefix: 'cus', short: true },
  'customer.subscription': { object: 'subscription', prefix: 'sub' },
  invoice: { object: 'invoice', prefix: 'in' },
  payment_intent: { object: 'payment_intent', prefix: 'pi' },
  payment_method: { object: 'payment_method', prefix: 'pm' },
  payout: { object: 'payout', prefix: 'po' },
  price: { object: 'price', prefix: 'price' },
  product: { object: 'product', prefix: 'prod', short: true },
  refund: { object: 'refund', prefix: 're' },
  setup_intent: { object: 'setup_intent', prefix: 'seti' },
  subscription_schedule: { object: 'subscription_schedule', prefix: 'sub_sched' },
};

/** Namespaces whose resources keep the dotted name as their `object` (`treasury.received_credit`). */
const NAMESPACES = new Set([
  'apps',
  'billing',
  'billing_portal',
  'checkout',
  'climate',
  'entitlements',
  'financial_connections',
  'identity',
  'issuing',
  'radar',
  'reporting',
  'reserve',
  'tax',
  'terminal',
  'test_helpers',
  'treasury',
]);

/** The object name and id prefix for a resource, known or derived. */
export function resourceShape(resource: string): ResourceShape {
  const known = RESOURCES[resource];
  if (known) return known;
  const parts = resource.split('.');
  const object = NAMESPACES.has(parts[0]!) ? resource : parts[parts.length - 1]!;
  const last = parts[parts.length - 1]!;
  // Derived prefix: initials of a snake_case name (`widget_thing` → `wt`), else the first four letters.
  const words = last.split('_').filter((w) => w.length > 0);
  const prefix = words.length > 1 ? words.map((w) => w[0]).join('') : last.slice(0, 4);
  return { object, prefix };
}

/** The status a verb implies, when it implies one. */
const VERB_STATUS: Readonly<Record<string, string>> = {
  canceled: 'canceled',
  succeeded: 'succeeded',
  failed: 'failed',
  closed: 'closed',
  created: 'pending',
  processing: 'processing',
  posted: 'posted',
  returned: 'returned',
  reversed: 'reversed',
  paid: 'paid',
  verified: 'verified',
  expired: 'expired',
  activated: 'active',
  deactivated: 'inactive',
  reactivated: 'active',
  disabled: 'disabled',
  rejected: 'rejected',
  submitted: 'submitted',
  voided: 'void',
};

/**
 * The minimal object for `<resource>.<verb>`.
 * @example
 * genericObject(scene, 'widget_thing', 'created'); // { id: 'wt_1…', object: 'widget_thing', created, livemode: false, metadata: {}, status: 'pending' }
 */
export function genericObject(s: Scene, resource: string, verb: string): Obj {
  const shape = resourceShape(resource);
  const created = verb === 'created' ? s.now : s.now - s.int(60, 30 * 86_400);
  const id = shape.fixed ? shape.prefix : shape.short ? s.shortId(shape.prefix) : s.id(shape.prefix, created);
  const status = VERB_STATUS[verb];
  return {
    id,
    object: shape.object,
    created,
    livemode: false,
    metadata: {},
    ...(status !== undefined ? { status } : {}),
    ...(verb === 'deleted' ? { deleted: true } : {}),
  };
}
