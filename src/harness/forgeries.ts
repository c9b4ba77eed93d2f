/**
 * fast-check arbitraries of forged deliveries: requests a correct verifier must reject, each built
 * from a valid delivery and labelled with how it was forged. Every forgery is really invalid: a
 * tampered body differs by one byte, another secret differs from every configured one, a stale
 * timestamp is signed correctly but lies outside the window, and so on.
 */
import fc from 'fast-check';
import { builtInProviders, getProvider, RelayError, type SigningScheme, type TimestampWindow } from '../providers/index.js';
import { buildDraw, drawArbitrary, resolvePlan, type DeliveryDraw, type Plan, type PlanOptions } from './arbitraries.js';
import type { Delivery } from './build-delivery.js';

/** How a forgery was made. */
export type ForgeryKind =
  /** One byte of the body changed after signing (inside a JSON string, so the body still parses). */
  | 'tampered-body'
  /** Signed correctly, but with a secret other than the configured one(s). */
  | 'wrong-secret'
  /** Signed correctly, at a time outside the scheme's tolerance (Stripe, Svix: Clerk and Resend). */
  | 'timestamp-out-of-tolerance'
  /** A signature header left out. */
  | 'missing-signature'
  /** A signature header that does not follow the scheme's format. */
  | 'malformed-signature'
  /** Signed with the same secret, but in another provider's scheme and headers. */
  | 'foreign-scheme'
  /** The signature headers of one valid delivery sent with the body of another. */
  | 'moved-signature';

/** A delivery a correct verifier must reject, with how it was forged. */
export interface Forgery extends Delivery {
  readonly kind: ForgeryKind;
  /** What exactly was done, e.g. `byte 412 changed from "3" to "8"`. */
  readonly detail: string;
}

/** Every header a scheme sends that carries or feeds the signature: the signed ones, the MAC, its fallbacks. */
function sentHeaders({ headers }: SigningScheme): readonly string[] {
  return [...(headers.signed ?? []), headers.signature, ...(headers.fallbacks ?? [])];
}

/** The HMAC key a secret stands for, to compare secrets by what they sign with. */
function keyOf({ secret: format }: SigningScheme, secret: string): string {
  if (format.key === 'utf8') return secret;
  return Buffer.from(secret.startsWith(format.prefix) ? secret.slice(format.prefix.length) : secret, 'base64').toString('hex');
}

/** A secret of the scheme's format made of `bytes` (as many as the format holds). */
function secretFrom({ secret: format }: SigningScheme, bytes: Uint8Array): string {
  return format.prefix + Buffer.from(bytes.subarray(0, format.bytes)).toString(format.encoding);
}

const ALL_KINDS: readonly ForgeryKind[] = [
  'tampered-body',
  'wrong-secret',
  'timestamp-out-of-tolerance',
  'missing-signature',
  'malformed-signature',
  'foreign-scheme',
  'moved-signature',
];

/**
 * The forgery kinds that apply to a built-in provider: all of them, except
 * `timestamp-out-of-tolerance` where the provider's scheme signs no time (GitHub, Shopify).
 * @example
 * forgeryKinds('github'); // ['tampered-body', 'wrong-secret', 'missing-signature', …]
 */
export function forgeryKinds(provider: string): readonly ForgeryKind[] {
  return getProvider(provider).scheme.timestamp === null ? ALL_KINDS.filter((kind) => kind !== 'timestamp-out-of-tolerance') : ALL_KINDS;
}

/** Checks a `kinds` option against what the provider's scheme supports. */
export function resolveKinds(plan: Plan, kinds: readonly ForgeryKind[] | undefined, caller: string): readonly ForgeryKind[] {
  const available = forgeryKinds(plan.plugin.id);
  if (kinds === undefined) return available;
  if (!Array.isArray(kinds) || kinds.length === 0) {
    throw new RelayError('INVALID_OPTION', `${caller}: kinds must be a non-empty array of ${available.join(', ')}, or left out for all.`);
  }
  for (const kind of kinds) {
    if (!available.includes(kind)) {
      const why = ALL_KINDS.includes(kind)
        ? `${plan.plugin.name} signatures cover no timestamp, so there is no tolerance to step outside of`
        : 'it is not a forgery kind';
      throw new RelayError('INVALID_OPTION', `${caller}: "${String(kind)}" does not apply to ${plan.plugin.id}: ${why}. Kinds: ${available.join(', ')}.`);
    }
  }
  return [...new Set(kinds)];
}

// ---------------------------------------------------------------------------------------------
// Header helpers

function withoutHeaders(headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const lower = new Set(names.map((name) => name.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!lower.has(name.toLowerCase())) out[name] = value;
  return out;
}

function pickHeaders(headers: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const lower = new Set(names.map((name) => name.toLowerCase()));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (lower.has(name.toLowerCase())) out[name] = value;
  return out;
}

function forgery(delivery: Delivery, kind: ForgeryKind, detail: string, change: { headers?: Record<string, string>; body?: string }): Forgery {
  return { ...delivery, ...change, kind, detail };
}

// ---------------------------------------------------------------------------------------------
// One arbitrary per kind

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
const isAlnum = (code: number) => isDigit(code) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * Where one byte can change and leave valid JSON with the same keys, as an attacker editing an
 * amount or an id would: ASCII letters and digits inside string values (not keys; escapes skipped),
 * and digits of numbers after their first (so no leading zero appears).
 */
function tamperablePositions(body: string): number[] {
  const positions: number[] = [];
  let pending: number[] = [];
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (inString) {
      if (code === 0x22) {
        inString = false;
        let next = i + 1;
        while (body[next] === ' ' || body[next] === '\n' || body[next] === '\r' || body[next] === '\t') next++;
        if (body[next] !== ':') positions.push(...pending);
      } else if (code === 0x5c) i += body[i + 1] === 'u' ? 5 : 1;
      else if (isAlnum(code)) pending.push(i);
    } else if (code === 0x22) {
      inString = true;
      pending = [];
    } else if (isDigit(code) && isDigit(body.charCodeAt(i - 1))) positions.push(i);
  }
  return positions;
}

/** `c` moved `shift` places (1–9) within its class: digits stay digits, letters keep their case. */
function rotate(c: string, shift: number): string {
  const code = c.charCodeAt(0);
  const [base, size] = code <= 0x39 ? [0x30, 10] : code <= 0x5a ? [0x41, 26] : [0x61, 26];
  return String.fromCharCode(base + ((code - base + shift) % size));
}

function tamperedBody(plan: Plan): fc.Arbitrary<Forgery> {
  return fc.record({ draw: drawArbitrary(plan, false), at: fc.nat(), shift: fc.integer({ min: 1, max: 9 }) }).map(({ draw, at, shift }) => {
    const delivery = buildDraw(plan, draw);
    const { body } = delivery;
    const positions = tamperablePositions(body);
    // Every catalogued payload holds strings; the fallback only guards a body without any.
    const index = positions.length > 0 ? positions[at % positions.length]! : at % body.length;
    const from = body[index]!;
    const to = positions.length > 0 ? rotate(from, shift) : from === ' ' ? '!' : ' ';
    const byte = Buffer.byteLength(body.slice(0, index));
    return forgery(delivery, 'tampered-body', `byte ${byte} of the body changed from "${from}" to "${to}" after signing`, {
      body: body.slice(0, index) + to + body.slice(index + 1),
    });
  });
}

function wrongSecret(plan: Plan, scheme: SigningScheme): fc.Arbitrary<Forgery> {
  const configured = new Set((typeof plan.secret === 'string' ? [plan.secret] : plan.secret).map((s) => keyOf(scheme, s)));
  return fc.record({ draw: drawArbitrary(plan, false), bytes: fc.uint8Array({ minLength: 24, maxLength: 24 }) }).map(({ draw, bytes }) => {
    const key = Uint8Array.from(bytes);
    let other = secretFrom(scheme, key);
    // Flip bits until the secret signs with another key than every configured one.
    for (let i = 0; configured.has(keyOf(scheme, other)); i++) {
      key[i % key.length]! ^= 1 << (i % 8);
      other = secretFrom(scheme, key);
    }
    const delivery = buildDraw(plan, draw, { secret: other });
    return forgery(delivery, 'wrong-secret', `signed with another secret (${other.slice(0, 12)}…) instead of the configured one`, {});
  });
}

/** Future stale timestamps are this far beyond the window, so they stay outside it while the property runs. */
const FUTURE_MARGIN_SECONDS = 600;

function staleTimestamp(plan: Plan, scheme: SigningScheme, window: TimestampWindow): fc.Arbitrary<Forgery> {
  const directions = window.enforced === 'both' ? (['past', 'future'] as const) : (['past'] as const);
  const tolerance = window.toleranceSeconds;
  return fc
    .record({ draw: drawArbitrary(plan, false), direction: fc.constantFrom(...directions), beyond: fc.integer({ min: 1, max: 7 * 24 * 3600 }) })
    .map(({ draw, direction, beyond }) => {
      const base = Math.floor(plan.now / 1000);
      const offset = tolerance + beyond + (direction === 'future' ? FUTURE_MARGIN_SECONDS : 0);
      const timestamp = (direction === 'past' ? base - offset : base + offset) * 1000;
      const delivery = buildDraw(plan, draw, { timestamp });
      const allowed = window.enforced === 'both' ? `±${tolerance}` : `${tolerance}`;
      return forgery(
        delivery,
        'timestamp-out-of-tolerance',
        `signed correctly ${offset} s ${direction === 'past' ? 'before' : 'after'} now (${scheme.name} allows ${allowed} s)`,
        {},
      );
    });
}

function missingSignature(plan: Plan, { headers }: SigningScheme): fc.Arbitrary<Forgery> {
  // Each signed header alone breaks the MAC. Fallback signature headers go with the MAC header: a
  // verifier may fall back on them, which is fine when they are absent.
  const variants = [...(headers.signed ?? []).map((name) => [name]), [headers.signature, ...(headers.fallbacks ?? [])]];
  return fc.record({ draw: drawArbitrary(plan, false), variant: fc.constantFrom(...variants) }).map(({ draw, variant }) => {
    const delivery = buildDraw(plan, draw);
    return forgery(delivery, 'missing-signature', `without the ${variant.join(' and ')} header${variant.length > 1 ? 's' : ''}`, {
      headers: withoutHeaders(delivery.headers, variant),
    });
  });
}

function malformedSignature(plan: Plan, scheme: SigningScheme): fc.Arbitrary<Forgery> {
  const sent = sentHeaders(scheme);
  return fc.record({ draw: drawArbitrary(plan, false), variant: fc.constantFrom(...scheme.malformations) }).map(({ draw, variant }) => {
    const delivery = buildDraw(plan, draw);
    return forgery(delivery, 'malformed-signature', variant.name, {
      headers: { ...withoutHeaders(delivery.headers, sent), ...variant.apply(pickHeaders(delivery.headers, sent)) },
    });
  });
}

function foreignScheme(plan: Plan, scheme: SigningScheme): fc.Arbitrary<Forgery> {
  // Built-ins that sign alike share one scheme object: count it once.
  const others = [...new Set(builtInProviders.map((provider) => provider.scheme))].filter((other) => other !== scheme);
  const sent = sentHeaders(scheme);
  return fc.record({ draw: drawArbitrary(plan, false), other: fc.constantFrom(...others) }).map(({ draw, other }) => {
    const delivery = buildDraw(plan, draw);
    const { body, timestamp, deliveryId } = delivery;
    return forgery(delivery, 'foreign-scheme', `signed with the configured secret in ${other.name}'s scheme and headers, not ${scheme.name}'s`, {
      headers: { ...withoutHeaders(delivery.headers, sent), ...other.sign({ secret: plan.firstSecret, body, timestamp, deliveryId }) },
    });
  });
}

function movedSignature(plan: Plan, scheme: SigningScheme): fc.Arbitrary<Forgery> {
  const sent = sentHeaders(scheme);
  return fc.record({ from: drawArbitrary(plan, false), onto: drawArbitrary(plan, false) }).map(({ from, onto }) => {
    const signed = buildDraw(plan, from);
    let target: DeliveryDraw = onto;
    let delivery = buildDraw(plan, target);
    // Equal draws give equal bodies, whose signatures are the same: step the seed until the bodies differ.
    while (delivery.body === signed.body) {
      target = { ...target, seed: (target.seed + 1) % 2 ** 31 };
      delivery = buildDraw(plan, target);
    }
    return forgery(delivery, 'moved-signature', `the signature of another ${signed.eventType} delivery (payload seed ${from.seed}) sent with this body`, {
      headers: { ...withoutHeaders(delivery.headers, sent), ...pickHeaders(signed.headers, sent) },
    });
  });
}

/** The arbitrary of one forgery kind (the plan and kind already checked). */
export function kindArbitrary(plan: Plan, kind: ForgeryKind): fc.Arbitrary<Forgery> {
  const { scheme } = plan.plugin;
  switch (kind) {
    case 'tampered-body':
      return tamperedBody(plan);
    case 'wrong-secret':
      return wrongSecret(plan, scheme);
    case 'timestamp-out-of-tolerance':
      return staleTimestamp(plan, scheme, scheme.timestamp!);
    case 'missing-signature':
      return missingSignature(plan, scheme);
    case 'malformed-signature':
      return malformedSignature(plan, scheme);
    case 'foreign-scheme':
      return foreignScheme(plan, scheme);
    case 'moved-signature':
      return movedSignature(plan, scheme);
  }
}

/** Options of `forgeryArbitrary`. */
export interface ForgeryArbitraryOptions extends PlanOptions {
  /** Only these kinds. Default: every kind that applies to the provider (`forgeryKinds(provider)`). */
  kinds?: readonly ForgeryKind[];
  /** Event types the forged deliveries are built from (aliases allowed). Default: the whole catalog. */
  eventTypes?: readonly string[];
}

/**
 * Deliveries a correct verifier must reject, each labelled with its `kind` and a `detail`:
 * a tampered body byte, a signature made with another secret, a timestamp outside the tolerance
 * (Stripe and Svix only), a missing or malformed signature header, another provider's scheme, and a
 * valid signature moved onto another body. Each is built from a valid delivery of the catalog.
 * @example
 * import fc from 'fast-check';
 * import { forgeryArbitrary } from 'relaykit/fast-check';
 *
 * fc.assert(
 *   fc.property(forgeryArbitrary('github', { secret }), (forgery) => {
 *     expect(verifySignature(forgery.headers, forgery.body, secret), forgery.kind).toBe(false);
 *   }),
 * );
 */
export function forgeryArbitrary(provider: string, options: ForgeryArbitraryOptions = {}): fc.Arbitrary<Forgery> {
  const plan = resolvePlan(provider, options, 'forgeryArbitrary');
  const kinds = resolveKinds(plan, options.kinds, 'forgeryArbitrary');
  return fc.oneof(...kinds.map((kind) => kindArbitrary(plan, kind)));
}
