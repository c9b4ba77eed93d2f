/**
 * Scrubbing by value: whatever a string holds that is shaped like personal data or a secret is replaced,
 * whatever key it sits under. Emails, phone numbers, IPv4 and IPv6 addresses, SSNs, IBANs (checked),
 * card numbers (Luhn-checked), JWTs, API keys of known formats (`sk_live_`, `rk_live_`, `ghp_`, `xoxb-`,
 * …) and long high-entropy tokens are found anywhere in a string; a URL's query parameters are decoded
 * and scrubbed one by one (by name: `token=`, `key=`, and by value); a string that is JSON, or base64 of
 * text, is decoded, scrubbed and encoded again as it was. Ids with a prefix (`cus_…`, `user_…`), hex
 * digests (commit SHAs), UUIDs and dates are left as they are. Internal to the scrubber.
 */
import { isIPv6 } from 'node:net';
import type { FakeOf, Kind } from './scrub-fakes.js';
import { ibanValid, luhnValid } from './scrub-fakes.js';

/** What scrubbing a string needs from the body's scrubber. */
export interface ValueContext {
  readonly fakeOf: FakeOf;
  /** Scrubs a JSON text found inside a string (by key and by value), or `undefined` if it is not JSON. */
  readonly json: (text: string) => string | undefined;
  /** The kind a named value has by its name alone (`email`, `phone`, `password`), if any. */
  readonly kindOfName: (name: string, value: string) => Kind | undefined;
}

/** Strings nested deeper than this (base64 in a query in JSON in …) are scanned as plain text. */
const MAX_DEPTH = 4;

const EMAIL = String.raw`(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`;
const JWT = String.raw`eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*`;
// Keys of known formats: Stripe, webhook secrets, GitHub, Shopify, Slack, AWS, Google, GitLab, npm, Resend.
const KEY = String.raw`(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9+/=]{8,}|gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|shp(?:at|ss|ca|pa)_[A-Za-z0-9]{16,}|xox[abprse]-[A-Za-z0-9-]{8,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20}|npm_[A-Za-z0-9]{36}|re_[A-Za-z0-9]{8,}_[A-Za-z0-9_]{8,}`;
const URL_TEXT = String.raw`\b(?:https?|wss?|ftp)://[^\s"'<>]+`;
const IBAN = String.raw`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b`;
const CARD = String.raw`(?<![\w/.#=+-])\d(?:[ -]?\d){12,18}(?![\w/.-])`;
const SSN = String.raw`(?<![\w/.-])\d{3}-\d{2}-\d{4}(?![\w-])`;
const PHONE = String.raw`(?<![\w+/.-])\+\d[\d ().-]{6,18}\d(?![\w])|(?<![\w+(/.-])(?:\(\d{3}\) ?|\d{3}[ .-])\d{3}[ .-]\d{4}(?![\w-])`;
const IPV4 = String.raw`(?<![\w./-])(?:\d{1,3}\.){3}\d{1,3}(?!\w|\.\d)`;
const IPV6 = String.raw`(?<![\w:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:(?<=:)\d{1,3}(?:\.\d{1,3}){3})?(?![\w:])`;
const TOKEN = String.raw`(?<![\w+/=.-])[A-Za-z0-9_+=-]{32,}(?![\w+/=.-])`;

// One pass, leftmost match first; at one place, the order below wins (a URL before the email in it).
const SHAPED = new RegExp(
  [URL_TEXT, JWT, KEY, EMAIL, IBAN, CARD, SSN, PHONE, IPV6, IPV4, TOKEN].map((source, i) => `(?<k${i}>${source})`).join('|'),
  'g',
);
const NAMES = ['url', 'jwt', 'key', 'email', 'iban', 'card', 'ssn', 'phone', 'ipv6', 'ipv4', 'token'] as const;

/** An id with a type prefix (`cus_…`, `user_2N…`, `PR_kw…`): kept, as ids are. */
const PREFIXED_ID = /^[A-Za-z][A-Za-z0-9]{0,15}_[A-Za-z0-9]/;

/** Bits per character of `text` (its own character frequencies). */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const c of text) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / text.length) * Math.log2(n / text.length);
  return bits;
}

/**
 * A long run of letters and digits that reads as a random token: mixed case and digits, no type prefix,
 * high entropy. A commit SHA (hex, one case), a UUID (dashes) and a word are not.
 */
export function isToken(text: string): boolean {
  if (text.length < 32 || PREFIXED_ID.test(text)) return false;
  // A slash belongs to standard base64, never beside URL-safe base64's `-` and `_` (a path is not a token).
  if (!/^[A-Za-z0-9_+=-]+$/.test(text) && !/^[A-Za-z0-9+][A-Za-z0-9+/]*={0,2}$/.test(text)) return false;
  if (!/[a-z]/.test(text) || !/[A-Z]/.test(text) || !/\d/.test(text)) return false;
  return entropy(text) >= 4;
}

const KEY_OR_JWT = new RegExp(`^(?:${KEY}|${JWT})$`);

/** Card brands by prefix and length (Visa, Mastercard, Amex, Discover, JCB, Diners): a number that fits none is an id. */
const CARD_BRANDS: readonly [RegExp, readonly number[]][] = [
  [/^4/, [13, 16, 19]],
  [/^(5[1-5]|2(22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/, [16]],
  [/^3[47]/, [15]],
  [/^(6011|65|64[4-9])/, [16, 17, 18, 19]],
  [/^35(2[89]|[3-8]\d)/, [16, 17, 18, 19]],
  [/^3(0[0-5]|[68])/, [14, 15, 16, 17, 18, 19]],
];

/** A card number: a known brand's prefix and length, and the Luhn check. */
function isCardNumber(digits: string): boolean {
  return CARD_BRANDS.some(([prefix, lengths]) => prefix.test(digits) && lengths.includes(digits.length)) && luhnValid(digits);
}

/** A value that is, as a whole, a key of a known format (`sk_live_…`, `ghp_…`) or a JWT. */
export function isKeyShaped(text: string): boolean {
  return KEY_OR_JWT.test(text);
}

/** A value that is, as a whole, a known key format, a JWT or a token. */
export function isSecretShaped(text: string): boolean {
  return KEY_OR_JWT.test(text) || isToken(text);
}

/** The replacement of one shaped match, or `undefined` to keep it. */
function replaceMatch(name: (typeof NAMES)[number], found: string, ctx: ValueContext, depth: number): string | undefined {
  const fake = (kind: Kind, value: string) => String(ctx.fakeOf(kind, value));
  switch (name) {
    case 'url': {
      // Punctuation that ends a sentence is not part of the URL.
      const tail = /[.,;:!?)\]]+$/.exec(found)?.[0] ?? '';
      return scrubUrl(found.slice(0, found.length - tail.length), ctx, depth) + tail;
    }
    case 'jwt':
      return scrubJwt(found, ctx, depth);
    case 'key':
      return fake('secret', found);
    case 'email':
      return fake('email', found);
    case 'iban': {
      // The match may run into the next word: the longest prefix that checks is the IBAN.
      for (let end = found.length; end >= 15; end--) {
        const candidate = found.slice(0, end);
        if (!candidate.endsWith(' ') && ibanValid(candidate)) return fake('iban', candidate) + found.slice(end);
      }
      return undefined;
    }
    case 'card':
      return isCardNumber(found.replace(/\D/g, '')) ? fake('card-number', found) : undefined;
    case 'ssn':
      return fake('ssn', found);
    case 'phone': {
      const digits = found.replace(/\D/g, '').length;
      return digits >= 8 && digits <= 15 ? fake('phone', found) : undefined;
    }
    case 'ipv6':
      return isIPv6(found) && /[0-9A-Fa-f]/.test(found) ? fake('ip', found) : undefined;
    case 'ipv4':
      return found.split('.').every((part) => Number(part) <= 255) ? fake('ip', found) : undefined;
    case 'token':
      return isToken(found) ? fake('secret', found) : undefined;
  }
}

/** `text` with every shaped value in it replaced (free text: a commit message, a note, a header). */
export function scrubText(text: string, ctx: ValueContext, depth = 0): string {
  return text.replace(SHAPED, (found, ...rest) => {
    const groups = rest.at(-1) as Record<string, string | undefined>;
    const at = NAMES.findIndex((_, i) => groups[`k${i}`] !== undefined);
    // An scp-style Git remote (`git@github.com:owner/repo.git`) names a host, not a mailbox.
    if (NAMES[at] === 'email' && /^git@/.test(found)) return found;
    return replaceMatch(NAMES[at]!, found, ctx, depth) ?? found;
  });
}

/** Text that base64 (standard or URL-safe) decodes to, if `value` is base64 of printable UTF-8 text. */
function base64Text(value: string): { text: string; url: boolean; padded: boolean } | undefined {
  if (value.length < 16 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(value) || (/[+/]/.test(value) && /[-_]/.test(value))) return undefined;
  const url = /[-_]/.test(value);
  const bytes = Buffer.from(value, url ? 'base64url' : 'base64');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text)) return undefined;
  const padded = value.endsWith('=');
  if (encodeBase64(text, url, padded) !== value) return undefined;
  return { text, url, padded };
}

function encodeBase64(text: string, url: boolean, padded: boolean): string {
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const alphabet = url ? encoded.replace(/\+/g, '-').replace(/\//g, '_') : encoded;
  return padded ? alphabet : alphabet.replace(/=+$/, '');
}

/** A JWT with its claims scrubbed (ids and times kept) and its signature redrawn: shaped as one, valid for nothing. */
function scrubJwt(token: string, ctx: ValueContext, depth: number): string {
  const [header, payload, signature = ''] = token.split('.');
  let claims = payload!;
  try {
    const json = Buffer.from(payload!, 'base64url').toString('utf8');
    const scrubbed = ctx.json(json);
    if (scrubbed !== undefined && depth < MAX_DEPTH) claims = Buffer.from(scrubbed, 'utf8').toString('base64url');
    else claims = String(ctx.fakeOf('secret', payload!));
  } catch {
    claims = String(ctx.fakeOf('secret', payload!));
  }
  return `${header}.${claims}.${signature === '' ? '' : String(ctx.fakeOf('secret', signature))}`;
}

/** Names of query parameters that carry a credential: their value is redrawn whatever it looks like. */
const SECRET_PARAM = /(^|[_-])(token|key|secret|password|passwd|pwd|sig|signature|code|auth|session|sid|jwt|otp|credential|apikey)s?$/i;

function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** `value` encoded as `raw` was: percent-encoded if it was, spaces as `+` if they were. */
function encodeParam(value: string, raw: string): string {
  if (raw.includes('%')) {
    const encoded = encodeURIComponent(value);
    return raw.includes('+') ? encoded.replace(/%20/g, '+') : encoded;
  }
  return value.replace(/[\s&#%+?=]/g, (c) => (c === ' ' && raw.includes('+') ? '+' : encodeURIComponent(c)));
}

/** A query string (`a=1&b=2`, no `?`) with each parameter scrubbed by its name and its value. */
function scrubQuery(query: string, ctx: ValueContext, depth: number): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decodeParam(rawName);
      const scrubbedName = scrubString(name, ctx, depth + 1);
      const nameOut = scrubbedName === name ? rawName : encodeParam(scrubbedName, rawName);
      if (eq < 0) return nameOut;
      const raw = pair.slice(eq + 1);
      const value = decodeParam(raw);
      if (value === '') return `${nameOut}=`;
      const byName = SECRET_PARAM.test(name) ? 'secret' : ctx.kindOfName(name, value);
      const scrubbed = byName !== undefined ? String(ctx.fakeOf(byName, value)) : scrubString(value, ctx, depth + 1);
      return `${nameOut}=${scrubbed === value ? raw : encodeParam(scrubbed, raw)}`;
    })
    .join('&');
}

/** A URL (absolute or a path with a query) with its user info, host, path segments, query and fragment scrubbed. */
export function scrubUrl(url: string, ctx: ValueContext, depth = 0): string {
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? undefined : url.slice(hash + 1);
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const mark = beforeHash.indexOf('?');
  const query = mark < 0 ? undefined : beforeHash.slice(mark + 1);
  let base = mark < 0 ? beforeHash : beforeHash.slice(0, mark);
  const authority = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]*@)?([^/]*)/i.exec(base);
  let head = '';
  if (authority) {
    const [all, scheme, userinfo, host] = authority;
    const user = userinfo === undefined ? '' : `${String(ctx.fakeOf('secret', userinfo.slice(0, -1)))}@`;
    head = scheme! + user + scrubText(host!, ctx, depth + 1);
    base = base.slice(all.length);
  }
  const path = base
    .split('/')
    .map((segment) => {
      // A number in a path is an id (`/orders/450789469`), whatever digits it has.
      if (/^\d+$/.test(segment)) return segment;
      const decoded = decodeParam(segment.replace(/\+/g, '%2B'));
      const scrubbed = scrubString(decoded, ctx, depth + 1);
      return scrubbed === decoded ? segment : encodeParam(scrubbed, segment).replace(/%2F/gi, '/');
    })
    .join('/');
  let out = head + path;
  if (query !== undefined) out += `?${scrubQuery(query, ctx, depth)}`;
  if (fragment !== undefined) out += `#${fragment.includes('=') ? scrubQuery(fragment, ctx, depth) : scrubText(fragment, ctx, depth + 1)}`;
  return out;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const RELATIVE_WITH_QUERY = /^[^\s?#]*\?[^\s#]*=[^\s]*$/;
const FORM = /^[^\s=&?#/]+=[^\s&]*(&[^\s=&]+=[^\s&]*)*$/;

/**
 * `value` with whatever it holds that is personal or secret replaced, judged by its shape alone: as a
 * whole (JSON, a URL, base64 of text, a JWT, a key, a token) and then piece by piece (free text).
 * @example
 * scrubString('call +1 415 555 0199', ctx); // 'call +1 738 555 0143'
 */
export function scrubString(value: string, ctx: ValueContext, depth = 0): string {
  if (value.length < 3) return value;
  if (depth >= MAX_DEPTH) return scrubText(value, ctx, depth);
  const trimmed = value.trim();
  if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
    const json = ctx.json(value);
    if (json !== undefined) return json;
  }
  if (ABSOLUTE_URL.test(value) || RELATIVE_WITH_QUERY.test(value)) return scrubUrl(value, ctx, depth);
  if (FORM.test(value) && (value.includes('&') || !/=$/.test(value))) return scrubQuery(value, ctx, depth);
  const decoded = base64Text(value);
  if (decoded !== undefined) {
    const scrubbed = scrubString(decoded.text, ctx, depth + 1);
    return scrubbed === decoded.text ? value : encodeBase64(scrubbed, decoded.url, decoded.padded);
  }
  if (isSecretShaped(value) && !new RegExp(`^${JWT}$`).test(value)) return String(ctx.fakeOf('secret', value));
  return scrubText(value, ctx, depth);
}
