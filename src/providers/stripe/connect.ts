/** Account-level objects: a connected Account, the Balance, and Payouts to the bank account. */
import { publicIpv4 } from '../shared/random.js';
import { DAY, timeCode, type Obj, type Scene } from './scene.js';

export interface AccountOptions {
  /** Onboarding finished: charges and payouts enabled, nothing due. */
  complete: boolean;
}

/** The bank account payouts go to: `ba_…` minted on the account (this one unless `code` names another). */
export function bankAccountId(s: Scene, created = s.now - 200 * DAY, code = s.accountCode): string {
  return s.id('ba', created, '1', code);
}

function requirements(due: readonly string[]): Obj {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}

const ONBOARDING_DUE = ['business_profile.url', 'external_account', 'tos_acceptance.date', 'tos_acceptance.ip'];

/** A connected account's id, `acct_1` + creation time + its own ten-character code. */
export function connectedAccountId(created: number, code: string): string {
  return `acct_1${timeCode(created)}${code}`;
}

/** A connected Express account, as `account.updated` delivers it to the platform. */
export function account(s: Scene, code: string, created: number, options: AccountOptions): Obj {
  const id = connectedAccountId(created, code);
  const person = s.person;
  const name = s.business;
  const slug = name.toLowerCase().replace(/[^a-z]/g, '');
  const status = options.complete ? 'active' : 'inactive';
  return {
    id,
    object: 'account',
    business_profile: {
      annual_revenue: null,
      estimated_worker_count: null,
      mcc: s.pick(['5734', '5817', '5999', '7372', '8299']),
      minority_owned_business_designation: null,
      name,
      product_description: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: options.complete ? `https://${slug}.example.com` : null,
    },
    business_type: 'individual',
    capabilities: { card_payments: status, transfers: status },
    charges_enabled: options.complete,
    controller: {
      fees: { payer: 'application' },
      is_controller: true,
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
      type: 'application',
    },
    country: 'US',
    created,
    default_currency: 'usd',
    details_submitted: options.complete,
    email: person.email,
    external_accounts: {
      object: 'list',
      data: options.complete ? [bankAccount(s, id, code, created)] : [],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    future_requirements: requirements([]),
    metadata: {},
    payouts_enabled: options.complete,
    requirements: requirements(options.complete ? [] : ONBOARDING_DUE),
    settings: {
      bacs_debit_payments: { display_name: null, service_user_number: null },
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_issuing: { tos_acceptance: { date: null, ip: null } },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: s.descriptor.slice(0, 10).trim(),
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: name, timezone: 'Etc/UTC' },
      invoices: { default_account_tax_ids: null, hosted_payment_method_save: 'offer' },
      payments: {
        statement_descriptor: s.descriptor,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      payouts: {
        debit_negative_balances: true,
        schedule: { delay_days: 2, interval: 'daily' },
        statement_descriptor: null,
      },
      sepa_debit_payments: {},
    },
    // Accepted during onboarding, from the browser that completed it.
    tos_acceptance: options.complete
      ? { date: created + 600, ip: publicIpv4(s.faker), user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15' }
      : { date: null, ip: null, user_agent: null },
    type: 'express',
  };
}

function bankAccount(s: Scene, account: string, code: string, created: number): Obj {
  return {
    id: bankAccountId(s, created + 300, code),
    object: 'bank_account',
    account,
    account_holder_name: null,
    account_holder_type: null,
    account_type: null,
    available_payout_methods: ['standard', 'instant'],
    bank_name: 'STRIPE TEST BANK',
    country: 'US',
    currency: 'usd',
    default_for_currency: true,
    fingerprint: s.base62(16),
    future_requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    last4: '6789',
    metadata: {},
    requirements: { currently_due: [], errors: [], past_due: [], pending_verification: [] },
    routing_number: '110000000',
    status: 'new',
  };
}

/** What `account.updated` reports as changed when onboarding completes. */
export function onboardingPrevious(complete: Obj): Obj {
  return {
    business_profile: { ...(complete.business_profile as Obj), url: null },
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    details_submitted: false,
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_DUE),
  };
}

export function balance(s: Scene): Obj {
  const available = s.int(10, 5000) * 100 + s.int(0, 99);
  const pending = s.int(0, 2000) * 100 + s.int(0, 99);
  return {
    object: 'balance',
    available: [{ amount: available, currency: s.currency, source_types: { card: available } }],
    connect_reserved: [{ amount: 0, currency: s.currency }],
    livemode: false,
    pending: [{ amount: pending, currency: s.currency, source_types: { card: pending } }],
    refund_and_dispute_prefunding: {
      available: [{ amount: 0, currency: s.currency }],
      pending: [{ amount: 0, currency: s.currency }],
    },
  };
}

export type PayoutState = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

const PAYOUT_FAILURES: readonly (readonly [string, string])[] = [
  ['account_closed', 'The bank account has been closed.'],
  ['no_account', 'The bank account details on file are probably incorrect. No bank account could be located with those details.'],
  ['insufficient_funds', 'Your Stripe account has insufficient funds to cover the payout.'],
];

export function payout(s: Scene, state: PayoutState, created: number): Obj {
  const amount = s.int(50, 20_000) * 100 + s.int(0, 99);
  const failure = state === 'failed' ? s.pick(PAYOUT_FAILURES) : null;
  const arrival = created - (created % DAY) + 2 * DAY;
  return {
    id: s.id('po', created),
    object: 'payout',
    amount,
    application_fee: null,
    application_fee_amount: null,
    arrival_date: arrival,
    automatic: true,
    balance_transaction: s.id('txn', created),
    created,
    currency: s.currency,
    description: 'STRIPE PAYOUT',
    destination: bankAccountId(s),
    failure_balance_transaction: failure ? s.id('txn', s.now) : null,
    failure_code: failure ? failure[0] : null,
    failure_message: failure ? failure[1] : null,
    livemode: false,
    metadata: {},
    method: 'standard',
    original_payout: null,
    payout_method: null,
    reconciliation_status: state === 'paid' ? 'completed' : 'in_progress',
    reversed_by: null,
    source_type: 'card',
    statement_descriptor: null,
    status: state,
    trace_id: { status: state === 'paid' ? 'supported' : 'pending', value: null },
    type: 'bank_account',
  };
}
