/**
 * The payment objects an emulated Stripe writes, as API version 2026-10-28 renders them (the keys of
 * the payload builders in `../../payments.ts`), drawn from the world's ids and clock only: a payment
 * method of a test card, a charge, and the balance transaction a settled charge makes.
 */
import { isPlainObject } from '../../../../core/index.js';
import type { Obj, World } from '../../../shared/api/index.js';
import { cardPaymentDetails, chargeResource, type PaymentMethodCard } from '../../resources/charge.js';
import type { Decline, TestCard } from './cards.js';

/**
 * `value` with every object's keys in Stripe's order: `id`, `object`, then alphabetical.
 * @example
 * stripeOrder({ status: 'ok', object: 'charge', id: 'ch_1' }); // { id, object, status }
 */
export function stripeOrder<T>(value: T): T {
  // Most objects are built in order already: those (and arrays of them) are returned as they are, not
  // copied, and walking them allocates nothing (this runs on every object an emulated write stores).
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let items: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const ordered = stripeOrder(item);
      if (ordered !== item) (items ??= value.slice())[i] = ordered;
    }
    return (items ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  const keys = Object.keys(value);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = compareKeys(keys[i - 1]!, keys[i]!) <= 0;
  let members: Map<string, unknown> | undefined;
  for (const key of keys) {
    const member = value[key];
    const ordered = stripeOrder(member);
    if (ordered !== member) (members ??= new Map()).set(key, ordered);
  }
  if (sorted && !members) return value;
  if (!sorted) keys.sort(compareKeys);
  return Object.fromEntries(keys.map((k): [string, unknown] => [k, members?.has(k) ? members.get(k) : value[k]])) as T;
}

const rank = (key: string): number => (key === 'id' ? 0 : key === 'object' ? 1 : 2);

/**
 * Stripe's key order as a comparator: `id`, `object`, then alphabetical.
 * @example
 * ['status', 'object', 'id'].sort(compareKeys); // ['id', 'object', 'status']
 */
export const compareKeys = (a: string, b: string): number => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Unix seconds of `at` (milliseconds), or of the world's clock.
 * @example
 * seconds(world); // 1764158400
 */
export function seconds(world: World, at?: number): number {
  return Math.floor((at ?? world.now()) / 1000);
}

/**
 * `n` decimal digits drawn from the world's ids (so a seeded world repeats them).
 * @example
 * digits(world, 6); // '418203'
 */
export function digits(world: World, n: number): string {
  return [...world.id('d', n).slice(2)].map((c) => String(c.charCodeAt(0) % 10)).join('');
}

/** A stable fingerprint of a card number (the same card, the same fingerprint, as Stripe gives). */
function fingerprint(number: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let h = 2166136261;
  let out = '';
  for (let i = 0; i < 16; i++) {
    for (const c of `${number}:${i}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
    out += alphabet[h % 62];
  }
  return out;
}

const DISPLAY_BRAND: Readonly<Record<TestCard['brand'], string>> = { visa: 'visa', mastercard: 'mastercard', amex: 'american_express' };

/**
 * `metadata[…]` as Stripe stores it (strings), merged over `current`; `metadata=''` clears it.
 * @example
 * mergeMetadata({ a: '1', b: '2' }, { b: '', c: '3' }); // { a: '1', c: '3' }
 */
export function mergeMetadata(current: unknown, raw: unknown): Obj {
  if (raw === '') return {};
  const out: Obj = isPlainObject(current) ? { ...current } : {};
  for (const [k, v] of Object.entries(isPlainObject(raw) ? raw : {})) {
    if (v === '') delete out[k];
    else out[k] = String(v);
  }
  return out;
}

/**
 * A card payment method of `card`, unattached unless `customer`.
 * @example
 * world.put('stripe', 'payment_method', paymentMethodObject(world, testCardOf('pm_card_visa')!));
 */
export function paymentMethodObject(world: World, card: TestCard, options: { customer?: string | null; metadata?: Obj; at?: number } = {}): Obj {
  const created = seconds(world, options.at);
  return stripeOrder({
    id: world.id('pm', 24),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null, tax_id: null },
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: DISPLAY_BRAND[card.brand],
      exp_month: 12,
      exp_year: new Date(created * 1000).getUTCFullYear() + 3,
      fingerprint: fingerprint(card.number),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created,
    customer: options.customer ?? null,
    customer_account: null,
    livemode: false,
    metadata: options.metadata ?? {},
    type: 'card',
  });
}

/** What a charge is made of. */
export interface ChargeParts {
  readonly paymentIntent: Obj;
  readonly paymentMethod: Obj;
  /** `uncaptured`: authorized, waiting for capture (manual capture). */
  readonly state: 'succeeded' | 'failed' | 'uncaptured';
  readonly decline?: Decline;
  readonly at?: number;
}

/**
 * The charge a payment intent's confirmation makes, without its balance transaction (`withBalance` adds it).
 * @example
 * chargeObject(world, { paymentIntent: pi, paymentMethod: pm, state: 'succeeded' });
 */
export function chargeObject(world: World, parts: ChargeParts): Obj {
  const { paymentIntent: pi, paymentMethod: pm, state, decline } = parts;
  const created = seconds(world, parts.at);
  const amount = Number(pi.amount);
  const failed = state === 'failed';
  return stripeOrder(chargeResource({
    id: mintedWith(world, 'ch', String(pi.id)),
    amount,
    billingDetails: pm.billing_details,
    calculatedStatementDescriptor: 'RELAYKIT TEST',
    captured: state === 'succeeded',
    created,
    currency: pi.currency,
    customer: pi.customer ?? null,
    description: pi.description ?? null,
    failure: decline,
    metadata: pi.metadata,
    outcome: {
      advice_code: decline ? (decline.code === 'card_declined' ? 'try_again_later' : 'do_not_try_again') : null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: decline?.outcome.networkStatus ?? 'approved_by_network',
      reason: decline?.outcome.reason ?? null,
      risk_level: decline?.outcome.riskLevel ?? 'normal',
      risk_score: decline?.outcome.riskLevel === 'highest' ? 95 : 20,
      seller_message: decline?.outcome.seller ?? 'Payment complete.',
      type: decline?.outcome.type ?? 'authorized',
    },
    paid: !failed,
    paymentIntent: pi.id,
    paymentMethod: pm.id,
    paymentMethodDetails: cardPaymentDetails(pm.card as PaymentMethodCard, {
      amount,
      amountAuthorized: failed ? null : amount,
      authorizationCode: failed ? null : digits(world, 6),
      captureBefore: state === 'uncaptured' ? created + 7 * 86_400 : null,
      networkTransactionId: failed ? null : digits(world, 15),
    }),
    receiptEmail: pi.receipt_email ?? null,
    receiptUrl: failed ? null : `https://pay.stripe.com/receipts/payment/${world.id('CAcaFwoVYWNjdF8x', 48).slice(17)}`,
    status: failed ? 'failed' : 'succeeded',
  }));
}

/**
 * An id minted together with `sibling` (`pi_3Qv…`): Stripe's ids of one payment share everything but
 * the last 8 characters (its version, time and account), as a charge's does with its intent's.
 * @example
 * mintedWith(world, 'ch', 'pi_3QvAbCdEfGhIjKlM1a2b3c4d'); // 'ch_3QvAbCdEfGhIjKlM…'
 */
export function mintedWith(world: World, prefix: string, sibling: string): string {
  const body = sibling.slice(sibling.lastIndexOf('_') + 1);
  return body.length === 24 ? `${prefix}_${body.slice(0, -8)}${world.id('x', 8).slice(2)}` : world.id(prefix, 24);
}

/** Stripe's US card pricing: 2.9% + 30¢. */
function cardFee(amount: number): number {
  return Math.round(amount * 0.029) + 30;
}

/**
 * A balance transaction for `amount` (negative for money out), stored; its id.
 * @example
 * const txn = recordBalanceTransaction(world, { amount: 2000, currency: 'usd', source: 'ch_…', type: 'charge' });
 */
export function recordBalanceTransaction(world: World, parts: { amount: number; currency: string; source: string; type: 'charge' | 'refund' | 'adjustment'; fee?: number; description?: string | null; at?: number }): Obj {
  const created = seconds(world, parts.at);
  const fee = parts.fee ?? (parts.type === 'charge' ? cardFee(parts.amount) : 0);
  const category = parts.type === 'adjustment' ? 'dispute' : parts.type;
  const txn = stripeOrder({
    id: parts.source.startsWith('ch_') ? mintedWith(world, 'txn', parts.source) : world.id('txn', 24),
    object: 'balance_transaction',
    amount: parts.amount,
    available_on: created + 2 * 86_400,
    balance_type: 'payments',
    created,
    currency: parts.currency,
    description: parts.description ?? null,
    exchange_rate: null,
    fee,
    fee_details: fee ? [{ amount: fee, application: null, currency: parts.currency, description: parts.type === 'adjustment' ? 'Dispute fee' : 'Stripe processing fees', type: 'stripe_fee' }] : [],
    net: parts.amount - fee,
    reporting_category: category,
    source: parts.source,
    status: 'pending',
    type: parts.type,
  });
  return world.put('stripe', 'balance_transaction', txn);
}
