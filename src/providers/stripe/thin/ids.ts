/**
 * Ids of event notifications and of the objects they point at. API v2 ids carry the mode and a
 * shared account segment: `evt_test_65` + 17 + `16` + 25 characters for events, `<prefix>_test_61`
 * + 15 + `16` + 25 for v2 objects (`ed_test_61RM8ltWcTW4mbsxf16RJyfa2xSQLHJJh1sxm7H0KVT6`); the
 * last 25 characters start with the account's 22 (Stripe's documented examples share them between
 * an event and its object). v1 objects keep their v1 prefixes and forms.
 */
import { base62 } from '../../shared/ids.js';
import type { Faker } from '../../shared/random.js';

/** The id prefix of each related object tag (without `_`). Fixed-name objects (capabilities) are separate. */
const PREFIXES: Readonly<Record<string, string>> = {
  account: 'acct',
  application_fee: 'fee',
  'billing.alert': 'alrt',
  'billing.credit_balance_transaction': 'cbtxn',
  'billing.credit_grant': 'credgr',
  'billing.meter': 'mtr',
  'billing_portal.configuration': 'bpc',
  charge: 'ch',
  'checkout.session': 'cs_test',
  'climate.order': 'climorder',
  'climate.product': 'climsku',
  credit_note: 'cn',
  customer: 'cus',
  customer_cash_balance_transaction: 'ccsbtxn',
  dispute: 'dp',
  fee_refund: 'fr',
  file: 'file',
  'financial_connections.account': 'fca',
  'identity.verification_session': 'vs',
  invoice: 'in',
  invoice_payment: 'inpay',
  invoiceitem: 'ii',
  'issuing.authorization': 'iauth',
  'issuing.card': 'ic',
  'issuing.cardholder': 'ich',
  'issuing.dispute': 'idp',
  'issuing.personalization_design': 'ipcd',
  'issuing.token': 'intok',
  'issuing.transaction': 'ipi',
  mandate: 'mandate',
  payment_intent: 'pi',
  payment_link: 'plink',
  payment_method: 'pm',
  payout: 'po',
  person: 'person',
  plan: 'price',
  price: 'price',
  product: 'prod',
  promotion_code: 'promo',
  quote: 'qt',
  'radar.early_fraud_warning': 'issfr',
  refund: 're',
  review: 'prv',
  scheduled_query_run: 'sqr',
  setup_intent: 'seti',
  source: 'src',
  subscription: 'sub',
  subscription_schedule: 'sub_sched',
  tax_id: 'txi',
  tax_rate: 'txr',
  'terminal.reader': 'tmr',
  'test_helpers.test_clock': 'clock',
  topup: 'tu',
  transfer: 'tr',
  'v2.commerce.product_catalog_import': 'pcimp',
  'v2.core.account': 'acct',
  'v2.core.account_person': 'person',
  'v2.core.event_destination': 'ed',
  'v2.money_management.adjustment': 'adj',
  'v2.money_management.financial_account': 'fa',
  'v2.money_management.financial_address': 'finaddr',
  'v2.money_management.inbound_transfer': 'ibt',
  'v2.money_management.outbound_payment': 'obp',
  'v2.money_management.payout_intent': 'poi',
  'v2.money_management.payout_method': 'pmt',
  'v2.money_management.received_credit': 'rc',
  'v2.money_management.recipient_verification': 'recv',
  'v2.money_management.transaction': 'trxn',
};

/** The prefix of an id a url's path parameter takes, by the collection it follows. */
const PARENT_PREFIXES: Readonly<Record<string, string>> = { accounts: 'acct', customers: 'cus', application_fees: 'fee' };

/** v1 ids with a 14-character body (`cus_NffrFeUfNV2Hib`) rather than the 24-character timed one. */
const SHORT = new Set(['cus', 'prod', 'price', 'promo', 'file']);

/** The ids one notification mints: they share the account segment. */
export class ThinIds {
  readonly #faker: Faker;
  readonly #account: string;

  constructor(faker: Faker) {
    this.#faker = faker;
    this.#account = base62(faker, 22);
  }

  /** The generator these ids are drawn from, for the values drawn alongside them. */
  get faker(): Faker {
    return this.#faker;
  }

  /** The notification's id: `evt_test_65…`. */
  event(): string {
    return `evt_test_65${base62(this.#faker, 17)}16${this.#account}${base62(this.#faker, 3)}`;
  }

  /** An id of an object with `tag` (`v2.core.event_destination` → `ed_test_61…`, `charge` → `ch_3…`). */
  object(tag: string): string {
    if (tag === 'capability') return 'card_payments';
    if (tag === 'coupon') return base62(this.#faker, 8);
    const prefix = PREFIXES[tag] ?? tag.replace(/^v2\./, '').split('.').pop()!;
    return this.#v1OrV2(prefix, tag.startsWith('v2.') && prefix !== 'acct');
  }

  /** The id a url's `{param}` after `collection` takes (`accounts` → a connected account). */
  parent(collection: string): string {
    return this.#v1OrV2(PARENT_PREFIXES[collection] ?? collection.replace(/s$/, ''), false);
  }

  /** An API request id: v2 requests are `req_v2…`. */
  request(v2: boolean): string {
    return v2 ? `req_v2${base62(this.#faker, 13)}` : `req_${base62(this.#faker, 14)}`;
  }

  #v1OrV2(prefix: string, v2: boolean): string {
    const f = this.#faker;
    if (v2) return `${prefix}_test_61${base62(f, 15)}16${this.#account}${base62(f, 3)}`;
    if (prefix === 'acct') return `acct_1${base62(f, 15)}`;
    if (prefix === 'cs_test') return `cs_test_a1${base62(f, 56)}`;
    if (prefix === 'mtr') return `mtr_test_61${base62(f, 30)}`;
    return SHORT.has(prefix) ? `${prefix}_${base62(f, 14)}` : `${prefix}_1${base62(f, 23)}`;
  }
}
