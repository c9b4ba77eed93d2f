/**
 * Scrubbing a captured body: personal data (emails, names, phone numbers, postal addresses, IP addresses,
 * dates of birth, SSNs, IBANs, card numbers, fingerprints and last4, free-text notes) and secrets
 * (`client_secret`, passwords, tokens, keys, JWTs) are replaced by realistic fakes; ids, amounts,
 * currencies, types and timestamps are kept. Values are judged by their key here, and by their shape
 * wherever they sit (scrub-values.ts): in any string, an object key, a URL's query, a JSON or base64
 * string. Only the scrubbed values' bytes change: the rest of the body stays byte for byte.
 *
 * Fakes are deterministic per fixture set: a fake is drawn from a generator seeded with an HMAC of the
 * value under the project's scrub key, so the same value becomes the same fake in every fixture saved
 * with that key (a customer's email agrees across `customer.created` and `invoice.paid`).
 */
import { RelayError } from '../core/index.js';
import { applyEdits, keySpans, pathText, scalarSpans, type SpanEdit } from './json-spans.js';
import { scrubber, type FakeOf, type Kind } from './scrub-fakes.js';
import { isKeyShaped, scrubString, type ValueContext } from './scrub-values.js';

/** What `scrubBody` did: the body with fakes, and the paths it replaced (`data.object.receipt_email`). */
export interface ScrubResult {
  readonly body: string;
  readonly scrubbed: string[];
}

/** Keys whose string value is personal data, by kind (keys compared in snake_case, lower case). */
const KEY_KINDS: Readonly<Record<string, Kind>> = {
  first_name: 'first-name',
  firstname: 'first-name',
  given_name: 'first-name',
  last_name: 'last-name',
  lastname: 'last-name',
  family_name: 'last-name',
  full_name: 'full-name',
  cardholder_name: 'full-name',
  account_holder_name: 'full-name',
  recipient_name: 'full-name',
  customer_name: 'full-name',
  contact_name: 'full-name',
  billing_name: 'full-name',
  shipping_name: 'full-name',
  login: 'username',
  username: 'username',
  line1: 'street',
  address1: 'street',
  address_line_1: 'street',
  street: 'street',
  street_address: 'street',
  line2: 'street-2',
  address2: 'street-2',
  address_line_2: 'street-2',
  city: 'city',
  postal_code: 'postal-code',
  postcode: 'postal-code',
  zip: 'postal-code',
  zip_code: 'postal-code',
  address: 'address',
  last4: 'last4',
  dynamic_last4: 'last4',
  last_four: 'last4',
  last_four_digits: 'last4',
  credit_card_number: 'card-digits',
  credit_card_bin: 'card-digits',
  iin: 'card-digits',
  bin: 'card-digits',
  fingerprint: 'fingerprint',
  card_number: 'card-number',
  iban: 'iban',
  ssn: 'ssn',
  social_security_number: 'ssn',
  ssn_last_4: 'last4',
  ssn_last4: 'last4',
  dob: 'dob',
  date_of_birth: 'dob',
  birth_date: 'dob',
  birthdate: 'dob',
  birthday: 'dob',
  note: 'text',
  notes: 'text',
  customer_note: 'text',
  memo: 'text',
  comment: 'text',
  body: 'text',
  bio: 'text',
  subject: 'text',
  text: 'text',
  html: 'text',
  latitude: 'coordinate',
  longitude: 'coordinate',
};

/** Objects under these keys describe a person: their `name` is a person's name. */
const PERSON_HOLDERS = new Set([
  'billing_details',
  'shipping',
  'customer',
  'customer_details',
  'billing_address',
  'shipping_address',
  'default_address',
  'author',
  'committer',
  'pusher',
  'individual',
  'person',
  'recipient',
  'cardholder',
  'user',
  'owner',
  'sender',
]);

/** Objects under these keys are a business: their `name` and `display_name` are a business's. */
const BUSINESS_HOLDERS = new Set(['business_profile', 'company', 'shop', 'merchant', 'merchant_data', 'account', 'branding_settings', 'dashboard', 'settings', 'organization']);

/** Keys beside a `name` that make its object a business (a Shopify shop, a Stripe account). */
const BUSINESS_SIBLINGS = /^(myshopify_domain|shop_owner|plan_name|business_type|mcc)$/;

/** Objects under these keys are a date of birth: their `day`, `month` and `year` numbers are personal (Stripe's `individual.dob`). */
const DOB_HOLDERS = new Set(['dob', 'date_of_birth', 'birth_date', 'birthdate', 'birthday']);

/** Lists of `{ name, value }` that customers fill in (Shopify's `note_attributes`): a value is free text unless its name says more. */
const FREE_TEXT_PAIRS = new Set(['note_attributes', 'properties', 'custom_attributes', 'custom_fields', 'additional_fields']);

const SECRET_KEY = /(^|_)(secret|client_secret|password|passwd|passphrase|token|tokens|access_token|refresh_token|id_token|api_key|apikey|private_key|secret_key|signing_secret|jwt)$/;
/** Words that make any key naming them a secret's (`session_jwt`, `cart_token`, `token_value`), unless the key ends in a descriptor. */
const SECRET_WORD = /(^|_)(token|secret|password|passwd|jwt)s?(_|$)/;
/** A key's last word that says it describes a secret rather than holds one (`secret_type`, `token_expires_at`). */
const DESCRIPTOR = /_(type|name|kind|method|status|state|enabled|url|count|id|at|scanning|prefix|hint|last4|created|expires|expiry|length|version)$/;
const JWT = /^eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*$/;
const SECRET_VALUE = new RegExp(`^(sk|rk|pk)_(live|test)_|^whsec_|^gh[pousr]_|^github_pat_|^shp(at|ss|ca|pa)_|^xox[abprse]-|^re_[A-Za-z0-9]{8,}_|${JWT.source}`);
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const NAMED_EMAIL = /^([^<>]*)<([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})>$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IP_KEY = /(^|_)ip(_address)?$/;
const NOTE_KEY = /(^|_)notes?$/;

/** `camelCase` and `kebab-case` keys as `snake_case`. */
function snake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}

/** Ids keep their value whatever they hold (a Shopify cart's id is its token); so do types, currencies and times. */
function isKept(key: string): boolean {
  return key === 'id' || key.endsWith('_id') || key === 'type' || key === 'currency' || key.endsWith('_at') || /(^|_)version$/.test(key);
}

/** A key that holds a secret: `password`, `api_key`, `session_jwt`, `cart_token` (not `secret_type`, not an enum value). */
function isSecretKey(key: string, value: string): boolean {
  if (SECRET_KEY.test(key)) return true;
  return SECRET_WORD.test(key) && !DESCRIPTOR.test(key) && !/^[a-z]+(_[a-z]+)*$/.test(value);
}

/** The kind a string has by its name (a key, a query parameter, a `{ name, value }` pair's name) and its whole value. */
function kindOfName(key: string, value: string, holder = '', siblings?: Readonly<Record<string, unknown>>): Kind | undefined {
  if (isSecretKey(key, value) || SECRET_VALUE.test(value)) return 'secret';
  if (isKept(key)) return undefined;
  if (EMAIL.test(value) || NAMED_EMAIL.test(value)) return 'email';
  if (key.includes('phone') && /\d{4}/.test(value)) return 'phone';
  if (IP_KEY.test(key) || key === 'browser_ip' || IPV4.test(value)) return 'ip';
  const byKey = KEY_KINDS[key];
  if (byKey !== undefined && byKey !== 'coordinate') return byKey;
  if (NOTE_KEY.test(key)) return 'text';
  // A person's display name (a user's, a customer's) is a name, a business's (an account's dashboard) a business's;
  // anything else's (a tax rate's, a meter's) is no one's.
  if (key === 'display_name') return PERSON_HOLDERS.has(holder) ? 'full-name' : BUSINESS_HOLDERS.has(holder) ? 'company' : undefined;
  if (key === 'name') {
    const beside = siblings === undefined ? [] : Object.keys(siblings).map(snake);
    if (BUSINESS_HOLDERS.has(holder) || beside.some((k) => BUSINESS_SIBLINGS.test(k))) return /[a-z]{2,} [A-Za-z]/.test(value) ? 'company' : undefined;
    // An order's or a product's name sits beside an email too: there only a name in words (no digits, no #) is a person's.
    const personal =
      PERSON_HOLDERS.has(holder) ||
      beside.some((k) => k === 'first_name' || k === 'last_name' || k === 'login') ||
      (beside.some((k) => /email|phone/.test(k)) && /^[^\d#@/]+ [^\d#@/]+$/.test(value));
    if (personal) return 'full-name';
  }
  return undefined;
}

/** The kind of personal data or secret a scalar is, by its key and where it sits, or `undefined` to judge it by its shape alone. */
function kindOf(key: string, value: unknown, holder: string, siblings: Readonly<Record<string, unknown>> | undefined): Kind | undefined {
  if (typeof value === 'number') {
    if (KEY_KINDS[key] === 'coordinate') return 'coordinate';
    if (DOB_HOLDERS.has(holder)) return key === 'day' ? 'dob-day' : key === 'month' ? 'dob-month' : key === 'year' ? 'dob-year' : undefined;
    return undefined;
  }
  if (typeof value !== 'string' || value === '') return undefined;
  return kindOfName(key, value, holder, siblings);
}

/** Walks the parsed body and decides, per path, which kind of value each scalar is by its key. */
function decide(json: unknown): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  const walk = (value: unknown, path: (string | number)[], key: string, holder: string, siblings?: Readonly<Record<string, unknown>>) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, i], key, holder, siblings));
    } else if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      // `{ "name": "gift_message", "value": "…" }`: the value is named by `name`.
      const pairName = typeof object.name === 'string' && 'value' in object ? snake(object.name) : undefined;
      for (const [k, v] of Object.entries(object)) {
        if (k === 'value' && pairName !== undefined) {
          const kind = typeof v === 'string' && v !== '' ? (kindOfName(pairName, v, key) ?? (FREE_TEXT_PAIRS.has(key) ? 'text' : undefined)) : undefined;
          if (kind !== undefined) kinds.set(JSON.stringify([...path, k]), kind);
          continue;
        }
        walk(v, [...path, k], snake(k), key, object);
      }
    } else {
      const kind = kindOf(key, value, holder, siblings);
      if (kind !== undefined) kinds.set(JSON.stringify(path), kind);
    }
  };
  walk(json, [], '', '');
  return kinds;
}

/** Occurrences of a personal string inside longer strings are replaced too, if it is this long. */
const MIN_EMBEDDED = 4;

function parseBody(body: string, what: string): unknown {
  if (typeof body !== 'string') throw new RelayError('INVALID_OPTION', `${what}: the body must be the delivery's JSON text (a string), got ${body === null ? 'null' : typeof body}.`);
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new RelayError('INVALID_OPTION', `${what}: the body is not JSON (${(error as Error).message}); only JSON bodies can be scrubbed.`);
  }
}

/**
 * Replaces the personal data and secrets of a JSON body by fakes, keeping every other byte. Values are
 * judged by their key (`email`, `ssn`, `password`, `note`) and by their shape wherever they are: an
 * email, phone number, IP address, card number, IBAN, SSN, JWT, API key or token inside any string or
 * object key, a URL's query, a JSON or base64 string. `scrubKey` makes the fakes deterministic: the same
 * value and key give the same fake in any body.
 * @example
 * const { body, scrubbed } = scrubBody(captured, scrubKey);
 * scrubbed; // ['data.object.receipt_email', 'data.object.billing_details.name', …]
 */
export function scrubBody(body: string, scrubKey: string | Uint8Array): ScrubResult {
  const json = parseBody(body, 'scrubBody');
  return scrubJson(body, json, scrubber(scrubKey));
}

/**
 * A fixture's headers with their secrets and personal data replaced by fakes: a header named as a
 * credential (`x-api-key`, `x-auth-token`) is redrawn whole, any other is scrubbed by value. Delivery ids
 * and timestamps are kept.
 * @example
 * scrubHeaders({ 'x-api-key': 'sk_live_51H…' }, scrubKey); // { 'x-api-key': 'sk_live_83Q…' }
 */
export function scrubHeaders(headers: Readonly<Record<string, string>>, scrubKey: string | Uint8Array): Record<string, string> {
  const fakeOf = scrubber(scrubKey);
  const ctx = valueContext(fakeOf);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = snake(name);
    if (SECRET_HEADER.test(key)) out[name] = String(fakeOf('secret', value));
    else if (isKept(key) || /(^|_)(delivery|timestamp)$/.test(key)) out[name] = isKeyShaped(value) ? String(fakeOf('secret', value)) : value;
    else out[name] = scrubString(value, ctx);
  }
  return out;
}

/** Header names (snake_case) that hold a credential. */
const SECRET_HEADER = /(^|_)(api_?key|key|token|secret|password|passwd|auth|authorization|credentials?|session|cookie|jwt)$/;

function valueContext(fakeOf: FakeOf): ValueContext {
  const ctx: ValueContext = {
    fakeOf,
    json: (text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return undefined;
      }
      return typeof parsed === 'object' && parsed !== null ? scrubJson(text, parsed, fakeOf).body : undefined;
    },
    kindOfName: (name, value) => kindOfName(snake(name), value),
  };
  return ctx;
}

function scrubJson(body: string, json: unknown, fakeOf: FakeOf): ScrubResult {
  const kinds = decide(json);
  const ctx = valueContext(fakeOf);
  const edits: SpanEdit[] = [];
  const scrubbed: { start: number; path: readonly (string | number)[] }[] = [];
  const replaced = new Map<string, string>();
  const rest: { path: readonly (string | number)[]; start: number; end: number; value: string }[] = [];
  for (const span of scalarSpans(body)) {
    const raw = body.slice(span.start, span.end);
    const value = JSON.parse(raw) as unknown;
    const kind = kinds.get(JSON.stringify(span.path));
    if (kind === undefined) {
      if (typeof value === 'string') rest.push({ ...span, value });
      continue;
    }
    // A JWT under a secret's key keeps a JWT's shape (its claims scrubbed, its signature redrawn).
    const replacement = kind === 'secret' && JWT.test(value as string) ? scrubString(value as string, ctx) : fakeOf(kind, value as string | number);
    // A value already masked (GitHub's `"secret": "********"`) has nothing left to scrub.
    if (replacement === value) continue;
    if (typeof value === 'string' && value.length >= MIN_EMBEDDED) replaced.set(value, String(replacement));
    edits.push({ start: span.start, end: span.end, text: JSON.stringify(replacement) });
    scrubbed.push({ start: span.start, path: span.path });
  }
  // A personal value also found inside another string (a URL with a login, a note naming an email) is replaced there too.
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const originals = [...replaced.keys()].sort((a, b) => b.length - a.length);
  const embedded = originals.length === 0 ? undefined : new RegExp(`(?<![A-Za-z0-9])(${originals.map(escape).join('|')})(?![A-Za-z0-9])`, 'g');
  const scrub = (text: string, kept: boolean): string => {
    const byShape = kept ? (isKeyShaped(text) ? String(fakeOf('secret', text)) : text) : scrubString(text, ctx);
    return embedded === undefined || kept ? byShape : byShape.replace(embedded, (found) => replaced.get(found)!);
  };
  for (const span of rest) {
    const key = span.path.at(-1);
    const value = scrub(span.value, typeof key === 'string' && isKept(snake(key)));
    if (value === span.value) continue;
    edits.push({ start: span.start, end: span.end, text: JSON.stringify(value) });
    scrubbed.push({ start: span.start, path: span.path });
  }
  // Object keys are data too (an email as a metadata key): scrubbed by shape, and paths name the fake key.
  const renamed = new Map<string, string>();
  for (const span of keySpans(body)) {
    const key = span.path.at(-1) as string;
    const fake = renamed.get(key) ?? scrubString(key, ctx);
    if (fake === key) continue;
    renamed.set(key, fake);
    edits.push({ start: span.start, end: span.end, text: JSON.stringify(fake) });
    scrubbed.push({ start: span.start, path: span.path });
  }
  const paths = scrubbed
    .sort((a, b) => a.start - b.start)
    .map((s) => pathText(s.path.map((part) => (typeof part === 'string' ? (renamed.get(part) ?? part) : part))));
  // In the order of the body, each path once.
  return { body: applyEdits(body, edits), scrubbed: [...new Set(paths)] };
}
