/**
 * The fakes that scrubbing puts in place of personal data and secrets, one kind at a time. A fake has the
 * original's shape (its format, separators, length, prefix) so that a fixture stays valid for the handler
 * that reads it, and uses reserved values where the world has them: `@example.com` mail, 555-01xx phone
 * numbers, documentation IP ranges (RFC 5737, RFC 3849), never-issued SSNs. Internal to the scrubber.
 */
import { createHmac } from 'node:crypto';
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { RelayError } from '../core/index.js';

/** What a scrubbed value is, which decides its fake. */
export type Kind =
  | 'email'
  | 'full-name'
  | 'first-name'
  | 'last-name'
  | 'company'
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
  | 'card-number'
  | 'fingerprint'
  | 'iban'
  | 'ssn'
  | 'dob'
  | 'dob-day'
  | 'dob-month'
  | 'dob-year'
  | 'secret'
  | 'text'
  | 'coordinate';

/** A value's fake: the same for the same kind and value under one key, never the value itself. */
export type FakeOf = (kind: Kind, value: string | number) => string | number;

/**
 * `value`'s characters redrawn class by class (digit for digit, letter for letter), keeping a known
 * prefix; a hex value (`c1-b3f5e1…`, a digest) stays hex.
 */
function redraw(f: Faker, value: string, keep: number): string {
  const rest = value.slice(keep);
  const hex = /[a-fA-F]/.test(rest) && (/^[0-9a-f-]*$/.test(rest) || /^[0-9A-F-]*$/.test(rest));
  let out = value.slice(0, keep);
  for (const c of rest) {
    if (hex && /[0-9a-fA-F]/.test(c)) {
      const digit = f.string.hexadecimal({ length: 1, prefix: '' });
      out += /[A-F]/.test(c) || (/\d/.test(c) && /[A-F]/.test(rest)) ? digit.toUpperCase() : digit.toLowerCase();
    } else if (/[0-9]/.test(c)) out += f.string.numeric(1);
    else if (/[a-z]/.test(c)) out += f.string.alpha({ casing: 'lower' });
    else if (/[A-Z]/.test(c)) out += f.string.alpha({ casing: 'upper' });
    else out += c;
  }
  return out;
}

/** How much of a secret is its format (`sk_live_`, `pi_123_secret_`, `Bearer `), kept as is. */
function secretPrefix(value: string): number {
  const clientSecret = value.indexOf('_secret_');
  if (clientSecret > 0) return clientSecret + '_secret_'.length;
  return /^((Bearer|Basic|token) |[a-z]{2,10}_((live|test)_)?|github_pat_|xox[a-z]-)/.exec(value)?.[0].length ?? 0;
}

/** `value` with its digits replaced, in order, by `digits` (spaces, dashes, dots and brackets kept). */
function placeDigits(value: string, digits: string): string {
  let i = 0;
  return value.replace(/\d/g, () => digits[i++] ?? '0');
}

function digitsOf(f: Faker, length: number): string {
  return f.string.numeric({ length, allowLeadingZeros: true });
}

/** A phone number of the original's format: a US number (or a 10-digit remainder) is NPA-555-01xx, the fictional range. */
function fakePhone(f: Faker, value: string): string {
  const count = value.replace(/\D/g, '').length;
  const npa = `${f.number.int({ min: 2, max: 9 })}${digitsOf(f, 2)}`;
  const fictional = `${npa}55501${digitsOf(f, 2)}`;
  if (count <= 10) return placeDigits(value, fictional.slice(10 - count));
  // The country code (at most three digits) is kept; what follows ends with the fictional range.
  const code = value.replace(/\D/g, '').slice(0, count - 10);
  return placeDigits(value, code + fictional);
}

/** An address of the documentation ranges: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24, 2001:db8::/32. */
function fakeIp(f: Faker, value: string): string {
  if (value.includes(':')) {
    const group = () => f.number.int(0xffff).toString(16);
    return `2001:db8:${group()}:${group()}::${group()}`;
  }
  return `${f.helpers.arrayElement(['192.0.2', '198.51.100', '203.0.113'])}.${f.number.int({ min: 1, max: 254 })}`;
}

/** Luhn check digit of `payload` (the digits before it). */
function luhnDigit(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when `digits` pass the Luhn check, as every card number does. */
export function luhnValid(digits: string): boolean {
  return digits.length > 1 && luhnDigit(digits.slice(0, -1)) === digits.at(-1);
}

/** A card number of the same brand digit, length and grouping that passes the Luhn check. */
function fakeCard(f: Faker, value: string): string {
  const digits = value.replace(/\D/g, '');
  const payload = digits[0]! + digitsOf(f, digits.length - 2);
  return placeDigits(value, payload + luhnDigit(payload));
}

/** ISO 13616 check: the IBAN moved round and read as a number is 1 modulo 97. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/ /g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

function mod97(text: string): number {
  let rest = 0;
  for (const c of text) {
    const n = /\d/.test(c) ? c : String(c.charCodeAt(0) - 55);
    for (const d of n) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/** An IBAN of the same country, length and spacing, its account part redrawn and its check digits right. */
function fakeIban(f: Faker, value: string): string {
  const compact = value.replace(/ /g, '');
  const bban = redraw(f, compact.slice(4), 0);
  const check = String(98 - mod97(`${bban}${compact.slice(0, 2)}00`)).padStart(2, '0');
  let fake = compact.slice(0, 2) + check + bban;
  // Spaces go back where they were.
  return value.replace(/[^ ]/g, () => {
    const c = fake[0]!;
    fake = fake.slice(1);
    return c;
  });
}

/** A date of birth in the original's format: an adult's, never the original. */
function fakeDob(f: Faker, value: string): string {
  const date = f.date.between({ from: '1950-01-01T00:00:00Z', to: '2004-12-31T00:00:00Z' });
  const [y, m, d] = [String(date.getUTCFullYear()), String(date.getUTCMonth() + 1).padStart(2, '0'), String(date.getUTCDate()).padStart(2, '0')];
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return `${y}-${m}-${d}${value.slice(10)}`;
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return `${m}/${d}/${y}`;
  return redraw(f, value, 0);
}

function fakeEmail(f: Faker): string {
  return f.internet.email({ firstName: f.person.firstName(), lastName: f.person.lastName(), provider: 'example.com' }).toLowerCase();
}

const NAMED_EMAIL = /^([^<>]*)<([^<>@\s]+@[^<>\s]+)>$/;

/** Free text as lorem of about the same number of words (one sentence at most twelve words long). */
function fakeText(f: Faker, text: string): string {
  if (text.trimStart().startsWith('<')) return `<p>${f.lorem.sentence()}</p>`;
  const words = text.split(/\s+/).filter(Boolean).length;
  return words > 12 ? f.lorem.sentence() : f.lorem.sentence(Math.max(1, words));
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
    case 'company':
      return f.company.name();
    case 'username':
      return f.internet.username().toLowerCase().replace(/[^a-z0-9-]/g, '-');
    case 'phone':
      return fakePhone(f, text);
    case 'ip':
      return fakeIp(f, text);
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
    case 'card-number':
      return fakeCard(f, text);
    case 'iban':
      return fakeIban(f, text);
    case 'ssn':
      // Numbers beginning with 9 are never issued as SSNs.
      return placeDigits(text, `9${digitsOf(f, 8)}`);
    case 'dob':
      return fakeDob(f, text);
    case 'dob-day':
      return f.number.int({ min: 1, max: 28 });
    case 'dob-month':
      return f.number.int({ min: 1, max: 12 });
    case 'dob-year':
      return f.number.int({ min: 1950, max: 2004 });
    case 'card-digits':
    case 'fingerprint':
      return redraw(f, text, 0);
    case 'secret':
      return redraw(f, text, secretPrefix(text));
    case 'text':
      return fakeText(f, text);
    case 'coordinate':
      return Number(f.location.latitude({ max: 60, min: -60, precision: 4 }));
  }
}

// A generator of its own, so that seeding it never touches the instance anything else draws from.
const FakerClass = englishFaker.constructor as new (options: { locale: LocaleDefinition }) => Faker;
const scrubFaker = new FakerClass({ locale: englishFaker.rawDefinitions });

/**
 * A scrubber with the project's key: it maps each value to its fake, the same each time, drawn from a
 * generator seeded with an HMAC of the value under the key (so a fake says nothing of its value without the key).
 */
export function scrubber(scrubKey: string | Uint8Array): FakeOf {
  if (!(typeof scrubKey === 'string' || scrubKey instanceof Uint8Array) || scrubKey.length === 0) {
    throw new RelayError('INVALID_OPTION', 'scrubBody: the scrub key must be a non-empty string or Uint8Array (the project\'s key: `.relay/scrub-key` or RELAY_SCRUB_KEY), so that fakes are the same across a fixture set.');
  }
  return (kind, value) => {
    // A fake that happens to equal its value would keep it: draw again.
    for (let round = 0; ; round++) {
      const digest = createHmac('sha256', scrubKey).update(`${kind}\0${typeof value}\0${String(value)}${round === 0 ? '' : `\0${round}`}`).digest();
      scrubFaker.seed([digest.readUInt32BE(0), digest.readUInt32BE(4), digest.readUInt32BE(8), digest.readUInt32BE(12)]);
      const out = fake(kind, value, scrubFaker);
      if (out !== value || round === 8) return out;
    }
  };
}
