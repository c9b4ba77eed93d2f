/**
 * Scrubbing a captured body: personal data (emails, names, phone numbers, postal addresses, IP addresses,
 * card fingerprints and last4, free-text notes) and secrets (`client_secret`, tokens, keys) are replaced by
 * realistic fakes; ids, amounts, currencies, types and timestamps are kept. Only the scrubbed values'
 * bytes change: the rest of the body stays byte for byte.
 *
 * Fakes are deterministic per fixture set: a fake is drawn from a generator seeded with an HMAC of the
 * value under the project's scrub key, so the same value becomes the same fake in every fixture saved
 * with that key (a customer's email agrees across `customer.created` and `invoice.paid`).
 */
import { createHmac } from 'node:crypto';
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { applyEdits, pathText, scalarSpans, type SpanEdit } from './json-spans.js';

/** What `scrubBody` did: the body with fakes, and the paths it replaced (`data.object.receipt_email`). */
export interface ScrubResult {
  readonly body: string;
  readonly scrubbed: string[];
}

type Kind =
  | 'email'
  | 'full-name'
  | 'first-name'
  | 'last-name'
  | 'username'
  | 'phone'
  | 'ip'
  | 'street'
  | 'street-2'
  | 'city'
  | 'postal-code'
  | 'address'
  | 'last4'
  | 'card-digits'
  | 'fingerprint'
  | 'secret'
  | 'text'
  | 'coordinate';

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
  display_name: 'full-name',
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

const SECRET_KEY = /(^|_)(secret|client_secret|password|passwd|token|access_token|refresh_token|id_token|api_key|apikey|private_key|secret_key|signing_secret)$/;
const SECRET_VALUE = /^(sk|rk|pk)_(live|test)_|^whsec_|^gh[pousr]_|^github_pat_|^shp(at|ss|ca|pa)_|^xox[abp]-|^re_[A-Za-z0-9]{8,}_/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const NAMED_EMAIL = /^([^<>]*)<([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})>$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IP_KEY = /(^|_)ip(_address)?$/;

/** `camelCase` and `kebab-case` keys as `snake_case`. */
function snake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/-/g, '_').toLowerCase();
}

/** Ids keep their value whatever they hold (a Shopify cart's id is its token); so do types, currencies and times. */
function isKept(key: string): boolean {
  return key === 'id' || key.endsWith('_id') || key === 'type' || key === 'currency' || key.endsWith('_at');
}

/** The kind of personal data or secret a scalar is, or `undefined` to keep it. */
function kindOf(key: string, value: unknown, holder: string, siblings: Readonly<Record<string, unknown>> | undefined): Kind | undefined {
  if (typeof value === 'number') return KEY_KINDS[key] === 'coordinate' ? 'coordinate' : undefined;
  if (typeof value !== 'string' || value === '') return undefined;
  if (SECRET_KEY.test(key) || SECRET_VALUE.test(value)) return 'secret';
  if (isKept(key)) return undefined;
  if (EMAIL.test(value) || NAMED_EMAIL.test(value)) return 'email';
  if (key.includes('phone') && /\d{4}/.test(value)) return 'phone';
  if (IP_KEY.test(key) || key === 'browser_ip' || IPV4.test(value)) return 'ip';
  const byKey = KEY_KINDS[key];
  if (byKey !== undefined && byKey !== 'coordinate') return byKey;
  if (key === 'name') {
    // An order's or a product's name sits beside an email too: there only a name in words (no digits, no #) is a person's.
    const beside = siblings === undefined ? [] : Object.keys(siblings).map(snake);
    const personal =
      PERSON_HOLDERS.has(holder) ||
      beside.some((k) => k === 'first_name' || k === 'last_name' || k === 'login') ||
      (beside.some((k) => /email|phone/.test(k)) && /^[^\d#@/]+ [^\d#@/]+$/.test(value));
    if (personal) return 'full-name';
  }
  return undefined;
}

/** `value`'s characters redrawn class by class (digit for digit, letter for letter), keeping a known prefix. */
function redraw(f: Faker, value: string, keep: number): string {
  let out = value.slice(0, keep);
  for (const c of value.slice(keep)) {
    if (/[0-9]/.test(c)) out += f.string.numeric(1);
    else if (/[a-z]/.test(c)) out += f.string.alpha({ casing: 'lower' });
    else if (/[A-Z]/.test(c)) out += f.string.alpha({ casing: 'upper' });
    else out += c;
  }
  return out;
}

/** How much of a secret is its format (`sk_live_`, `pi_123_secret_`), kept as is. */
function secretPrefix(value: string): number {
  const clientSecret = value.indexOf('_secret_');
  if (clientSecret > 0) return clientSecret + '_secret_'.length;
  return /^([a-z]{2,10}_((live|test)_)?|xox[abp]-)/.exec(value)?.[0].length ?? 0;
}

function fakeEmail(f: Faker): string {
  return f.internet.email({ firstName: f.person.firstName(), lastName: f.person.lastName(), provider: 'example.com' }).toLowerCase();
}

/** The fake of a value of a kind, drawn from `f`. */
function fake(kind: Kind, value: string | number, f: Faker): string | number {
  const text = String(value);
  switch (kind) {
    case 'email': {
      const named = NAMED_EMAIL.exec(text);
      return named ? `${named[1]!.trim() === '' ? '' : `${f.person.fullName()} `}<${fakeEmail(f)}>` : fakeEmail(f);
    }
    case 'full-name':
      return f.person.fullName();
    case 'first-name':
      return f.person.firstName();
    case 'last-name':
      return f.person.lastName();
    case 'username':
      return f.internet.username().toLowerCase().replace(/[^a-z0-9-]/g, '-');
    case 'phone':
      return `+1${f.string.numeric({ length: 10, allowLeadingZeros: false })}`;
    case 'ip':
      return text.includes(':') ? f.internet.ipv6() : `${f.number.int({ min: 23, max: 99 })}.${f.number.int(255)}.${f.number.int(255)}.${f.number.int({ min: 1, max: 254 })}`;
    case 'street':
      return f.location.streetAddress();
    case 'street-2':
      return f.location.secondaryAddress();
    case 'city':
      return f.location.city();
    case 'postal-code':
      return f.location.zipCode('#####');
    case 'address':
      return f.location.streetAddress({ useFullAddress: true });
    case 'last4':
      return f.string.numeric(4);
    case 'card-digits':
    case 'fingerprint':
      return redraw(f, text, 0);
    case 'secret':
      return redraw(f, text, secretPrefix(text));
    case 'text':
      return text.trimStart().startsWith('<') ? `<p>${f.lorem.sentence()}</p>` : f.lorem.sentence();
    case 'coordinate':
      return Number(f.location.latitude({ max: 60, min: -60, precision: 4 }));
  }
}

// A generator of its own, so that seeding it never touches the instance anything else draws from.
const FakerClass = englishFaker.constructor as new (options: { locale: LocaleDefinition }) => Faker;
const scrubFaker = new FakerClass({ locale: englishFaker.rawDefinitions });

/** A scrubber with the project's key: `fakeOf` maps each value to its fake, the same each time. */
function scrubber(scrubKey: string | Uint8Array) {
  return (kind: Kind, value: string | number): string | number => {
    const digest = createHmac('sha256', scrubKey).update(`${kind}\0${typeof value}\0${String(value)}`).digest();
    scrubFaker.seed([digest.readUInt32BE(0), digest.readUInt32BE(4), digest.readUInt32BE(8), digest.readUInt32BE(12)]);
    return fake(kind, value, scrubFaker);
  };
}

/** Walks the parsed body and decides, per path, which kind of value each scalar is. */
function decide(json: unknown): Map<string, Kind> {
  const kinds = new Map<string, Kind>();
  const walk = (value: unknown, path: (string | number)[], key: string, holder: string, siblings?: Readonly<Record<string, unknown>>) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, [...path, i], key, holder, siblings));
    } else if (value !== null && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      for (const [k, v] of Object.entries(object)) walk(v, [...path, k], snake(k), key, object);
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

/**
 * Replaces the personal data and secrets of a JSON body by fakes, keeping every other byte.
 * `scrubKey` makes the fakes deterministic: the same value and key give the same fake in any body.
 * @example
 * const { body, scrubbed } = scrubBody(captured, scrubKey);
 * scrubbed; // ['data.object.receipt_email', 'data.object.billing_details.name', …]
 */
export function scrubBody(body: string, scrubKey: string | Uint8Array): ScrubResult {
  const kinds = decide(JSON.parse(body));
  const fakeOf = scrubber(scrubKey);
  const edits: SpanEdit[] = [];
  const scrubbed: { start: number; path: string }[] = [];
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
    const replacement = fakeOf(kind, value as string | number);
    // A value already masked (GitHub's `"secret": "********"`) has nothing left to scrub.
    if (replacement === value) continue;
    if (typeof value === 'string' && value.length >= MIN_EMBEDDED) replaced.set(value, String(replacement));
    edits.push({ start: span.start, end: span.end, text: JSON.stringify(replacement) });
    scrubbed.push({ start: span.start, path: pathText(span.path) });
  }
  // A personal value also found inside another string (a URL with a login, a note naming an email) is replaced there too.
  if (replaced.size > 0) {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const originals = [...replaced.keys()].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`(?<![A-Za-z0-9])(${originals.map(escape).join('|')})(?![A-Za-z0-9])`, 'g');
    for (const span of rest) {
      const key = span.path.at(-1);
      if (typeof key === 'string' && isKept(snake(key))) continue;
      pattern.lastIndex = 0;
      if (!pattern.test(span.value)) continue;
      const value = span.value.replace(pattern, (found) => replaced.get(found)!);
      edits.push({ start: span.start, end: span.end, text: JSON.stringify(value) });
      scrubbed.push({ start: span.start, path: pathText(span.path) });
    }
  }
  // In the order of the body.
  return { body: applyEdits(body, edits), scrubbed: scrubbed.sort((a, b) => a.start - b.start).map((s) => s.path) };
}
