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

/**
 * Resources as they appear in event types, with their id prefixes, and Stripe's object name where it is
 * not the one `objectName` derives (`customer.source` is a `card`).
 */
const RESOURCES: Readonly<Record<string, Omit<ResourceShape, 'object'> & { readonly object?: string }>> = {
  'account.application': { prefix: 'ca', short: true },
  'account.external_account': { object: 'bank_account', prefix: 'ba' },
  application_fee: { prefix: 'fee' },
  'application_fee.refund': { object: 'fee_refund', prefix: 'fr' },
  'billing.alert': { prefix: 'alrt' },
  'billing.credit_balance_transaction': { prefix: 'cbtxn' },
  'billing.credit_grant': { prefix: 'credgr' },
  'billing.meter': { prefix: 'mtr' },
  'billing_portal.configuration': { prefix: 'bpc' },
  'billing_portal.session': { prefix: 'bps' },
  capability: { prefix: 'card_payments', fixed: true },
  'charge.refund': { prefix: 're' },
  'climate.order': { prefix: 'climorder' },
  'climate.product': { prefix: 'climsku' },
  credit_note: { prefix: 'cn' },
  'customer.discount': { prefix: 'di' },
  'customer.source': { object: 'card', prefix: 'card' },
  'customer.tax_id': { prefix: 'txi' },
  customer_cash_balance_transaction: { prefix: 'ccsbtxn' },
  'entitlements.active_entitlement_summary': { prefix: 'ent' },
  file: { prefix: 'file' },
  'financial_connections.account': { prefix: 'fca' },
  'identity.verification_session': { prefix: 'vs' },
  invoice_payment: { prefix: 'inpay' },
  invoiceitem: { prefix: 'ii' },
  issuing_authorization: { object: 'issuing.authorization', prefix: 'iauth' },
  issuing_card: { object: 'issuing.card', prefix: 'ic' },
  issuing_cardholder: { object: 'issuing.cardholder', prefix: 'ich' },
  issuing_dispute: { object: 'issuing.dispute', prefix: 'idp' },
  issuing_personalization_design: { object: 'issuing.personalization_design', prefix: 'ipcd' },
  issuing_token: { object: 'issuing.token', prefix: 'intok' },
  issuing_transaction: { object: 'issuing.transaction', prefix: 'ipi' },
  mandate: { prefix: 'mandate' },
  payment_link: { prefix: 'plink' },
  person: { prefix: 'person' },
  plan: { prefix: 'price' },
  promotion_code: { prefix: 'promo' },
  quote: { prefix: 'qt' },
  'radar.early_fraud_warning': { prefix: 'issfr' },
  'reporting.report_run': { prefix: 'frr' },
  review: { prefix: 'prv' },
  'sigma.scheduled_query_run': { prefix: 'sqr' },
  source: { prefix: 'src' },
  'source.transaction': { object: 'source_transaction', prefix: 'srctxn' },
  tax_rate: { prefix: 'txr' },
  'tax.settings': { prefix: 'taxset' },
  'terminal.reader': { prefix: 'tmr' },
  'test_helpers.test_clock': { prefix: 'clock' },
  'three_d_secure.authentication': { object: 'three_d_secure', prefix: 'tds' },
  topup: { prefix: 'tu' },
  transfer: { prefix: 'tr' },
  'treasury.credit_reversal': { prefix: 'credrev' },
  'treasury.debit_reversal': { prefix: 'debrev' },
  'treasury.financial_account': { prefix: 'fa' },
  'treasury.inbound_transfer': { prefix: 'ibt' },
  'treasury.outbound_payment': { prefix: 'obp' },
  'treasury.outbound_transfer': { prefix: 'obt' },
  'treasury.received_credit': { prefix: 'rc' },
  'treasury.received_debit': { prefix: 'rd' },
  // Resources of catalogued types, for verbs outside the catalog.
  account: { prefix: 'acct' },
  charge: { prefix: 'ch' },
  'charge.dispute': { prefix: 'dp' },
  'checkout.session': { prefix: 'cs_test' },
  coupon: { prefix: 'co' },
  customer: { prefix: 'cus', short: true },
  'customer.subscription': { prefix: 'sub' },
  invoice: { prefix: 'in' },
  payment_intent: { prefix: 'pi' },
  payment_method: { prefix: 'pm' },
  payout: { prefix: 'po' },
  price: { prefix: 'price' },
  product: { prefix: 'prod', short: true },
  refund: { prefix: 're' },
  setup_intent: { prefix: 'seti' },
  subscription_schedule: { prefix: 'sub_sched' },
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

/** The `object` Stripe names a resource with: the dotted name in a namespace (`treasury.received_credit`), else its last name. */
function objectName(resource: string): string {
  const parts = resource.split('.');
  return NAMESPACES.has(parts[0]!) ? resource : parts[parts.length - 1]!;
}

/** The object name and id prefix for a resource, known or derived. */
export function resourceShape(resource: string): ResourceShape {
  if (Object.hasOwn(RESOURCES, resource)) return { object: objectName(resource), ...RESOURCES[resource]! };
  const object = objectName(resource);
  const last = resource.slice(resource.lastIndexOf('.') + 1);
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
