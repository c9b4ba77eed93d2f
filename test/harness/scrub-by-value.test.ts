/**
 * Scrubbing by value (issue 26, "fixtures keep secrets and personal data"): the values an attack planted
 * in captured deliveries, and that survived `relay fixture save`, are gone from the fixture in every form
 * (as text, percent-encoded, inside base64, JSON strings and JWTs), while the body stays valid and keeps
 * its ids, times and amounts; fakes keep the original's shape. Then a property test: values of each kind,
 * planted in random places of real bodies, in random wrappings, never survive.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { createFixture, formatFixture } from '../../src/harness/fixture.js';
import { scrubBody } from '../../src/harness/scrub.js';
import { secrets, type ProviderId } from '../service/official.js';
import { leaks } from './leaks.js';

const KEY = 'a-project-scrub-key';
const JWT = `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"user_2NNEqL2nrIRdJ194ndJqAHwEfxC","email":"jane.doe@corp.example","exp":1790000000}').toString('base64url')}.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c`;

interface Case {
  readonly what: string;
  readonly provider: ProviderId;
  readonly eventType: string;
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  /** Strings that must not be readable anywhere in the fixture. */
  readonly planted: readonly string[];
}

const cases: Case[] = [
  { what: 'a header x-api-key: sk_live_…', provider: 'stripe', eventType: 'payment_intent.succeeded', headers: { 'x-api-key': 'sk_live_51HxYzAbCdEfGhIjKlMnOpQrStUv' }, planted: ['sk_live_51HxYzAbCdEfGhIjKlMnOpQrStUv', '51HxYzAbCdEfGhIjKlMnOpQrStUv'] },
  { what: 'an API token in another header', provider: 'github', eventType: 'push', headers: { 'x-debug-note': 'sent by ops, token ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5' }, planted: ['ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5'] },
  { what: 'metadata.ssn', provider: 'stripe', eventType: 'customer.created', data: { metadata: { ssn: '078-05-1120' } }, planted: ['078-05-1120'] },
  { what: 'metadata.dob', provider: 'stripe', eventType: 'customer.created', data: { metadata: { dob: '1984-03-07' } }, planted: ['1984-03-07'] },
  { what: 'metadata.iban', provider: 'stripe', eventType: 'customer.created', data: { metadata: { iban: 'DE89370400440532013000' } }, planted: ['DE89370400440532013000', '370400440532013000'] },
  { what: 'metadata.session_jwt', provider: 'stripe', eventType: 'customer.created', data: { metadata: { session_jwt: JWT } }, planted: [JWT, 'jane.doe@corp.example', 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c'] },
  { what: 'an IPv6 address in metadata', provider: 'stripe', eventType: 'customer.created', data: { metadata: { last_seen_from: '2a00:1450:4001:82b::200e' } }, planted: ['2a00:1450:4001:82b::200e'] },
  { what: 'a free-text metadata.delivery_note', provider: 'stripe', eventType: 'checkout.session.completed', data: { metadata: { delivery_note: 'Leave it with Mrs Hudson at 221B Baker Street' } }, planted: ['Hudson', '221B Baker Street'] },
  { what: 'an email as a metadata key', provider: 'stripe', eventType: 'customer.created', data: { metadata: { 'jane.doe@corp.example': 'vip' } }, planted: ['jane.doe@corp.example'] },
  {
    what: "a token and an email in a URL's query",
    provider: 'stripe',
    eventType: 'charge.succeeded',
    data: { receipt_url: 'https://pay.stripe.com/receipts/payment/abc?token=Zq8Lk2Pn5Rt7Vx9Bc1Df3Gh&email=jane.doe%40example.com' },
    planted: ['Zq8Lk2Pn5Rt7Vx9Bc1Df3Gh', 'jane.doe@example.com'],
  },
  { what: "Shopify landing_site's query", provider: 'shopify', eventType: 'orders/create', data: { landing_site: '/products/mug?utm_source=mail&email=jane.doe%40corp.example&sid=Hh7Kk2Lm4Np6Qr8St0Uv2Wx' }, planted: ['jane.doe@corp.example', 'Hh7Kk2Lm4Np6Qr8St0Uv2Wx'] },
  { what: 'an email inside a base64 string', provider: 'stripe', eventType: 'customer.created', data: { metadata: { ref: Buffer.from('customer jane.doe@corp.example').toString('base64') } }, planted: ['jane.doe@corp.example'] },
  { what: 'an email inside a JSON string (metadata.json_blob)', provider: 'stripe', eventType: 'customer.created', data: { metadata: { json_blob: JSON.stringify({ contact: 'jane.doe@corp.example', tier: 'gold' }) } }, planted: ['jane.doe@corp.example'] },
  { what: 'an email inside a JSON string (Clerk unsafe_metadata.blob)', provider: 'clerk', eventType: 'user.created', data: { unsafe_metadata: { blob: JSON.stringify({ backup: 'jane.doe@corp.example', phone: '+1 415 555 0199' }) } }, planted: ['jane.doe@corp.example', '+1 415 555 0199'] },
  {
    what: 'Shopify note_attributes names and emails',
    provider: 'shopify',
    eventType: 'orders/create',
    data: { note_attributes: [{ name: 'Recipient', value: 'Mary Watson' }, { name: 'Contact', value: 'mary.watson@corp.example' }, { name: 'gift_for', value: 'John Watson, 221B Baker Street' }] },
    planted: ['Mary Watson', 'mary.watson@corp.example', 'John Watson'],
  },
  { what: 'a phone number in a GitHub commit message', provider: 'github', eventType: 'push', data: { head_commit: { message: 'Fix checkout; questions to +1 415 555 0199 or (415) 555-0142' } }, planted: ['+1 415 555 0199', '(415) 555-0142'] },
  { what: 'a card number and an IPv4 address in free text', provider: 'shopify', eventType: 'orders/create', data: { tags: 'paid with 4111 1111 1111 1111 from 81.2.69.160' }, planted: ['4111 1111 1111 1111', '81.2.69.160'] },
  { what: 'Slack and Stripe restricted keys in strings', provider: 'resend', eventType: 'email.delivered', data: { tags: { webhook: 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp', restricted: 'rk_live_51HqLyjWDarjtT1zdp7dcXYZ' } }, planted: ['xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOp', 'rk_live_51HqLyjWDarjtT1zdp7dcXYZ'] },
  { what: 'a long high-entropy token under a plain key', provider: 'stripe', eventType: 'customer.created', data: { metadata: { ref: 'q8Z3mK1vX7pL0wN5tR2yB9cF4hJ6sD8gA1eU3iO7' } }, planted: ['q8Z3mK1vX7pL0wN5tR2yB9cF4hJ6sD8gA1eU3iO7'] },
];

async function fixtureOf(c: Case) {
  const delivery = await buildDelivery(c.provider, c.eventType, { secret: secrets[c.provider], seed: 4, timestamp: 1_790_000_000_000, ...(c.data ? { data: c.data } : {}) });
  const headers = { ...Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k.toLowerCase(), v])), ...c.headers };
  return { delivery, fixture: createFixture({ provider: c.provider, type: c.eventType, headers, body: delivery.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrubKey: KEY }) };
}

describe('relay fixture save: planted secrets and personal data (issue 26)', () => {
  it.each(cases)('removes $what', async (c) => {
    const { delivery, fixture } = await fixtureOf(c);
    // Each planted value was in the delivery as sent…
    expect(leaks(JSON.stringify({ headers: c.headers ?? {}, body: delivery.body }), c.planted)).toEqual(c.planted);
    // …and none is readable in the fixture file, in any form.
    expect(leaks(formatFixture(fixture), c.planted)).toEqual([]);
    const before = JSON.parse(delivery.body) as Record<string, unknown>;
    const after = JSON.parse(fixture.body) as Record<string, unknown>;
    expect(after.id).toEqual(before.id);
  });

  it('scrubBody replaces a nested phone and email (the issue\'s call) with values of the same shape', () => {
    const { body, scrubbed } = scrubBody('{"user":{"phone":"+1 415 555 0199","email":"a.b@corp.com"}}', KEY);
    expect(leaks(body, ['+1 415 555 0199', 'a.b@corp.com'])).toEqual([]);
    const user = (JSON.parse(body) as { user: { phone: string; email: string } }).user;
    expect(user.phone).toMatch(/^\+1 \d{3} 555 01\d\d$/);
    expect(user.email).toMatch(/@example\.com$/);
    expect(scrubbed).toEqual(['user.phone', 'user.email']);
  });

  it('keeps fakes shaped like the originals: a valid IBAN, a Luhn-valid card, a documentation IP, a never-issued SSN, a decodable JWT', () => {
    const body = JSON.stringify({
      metadata: { iban: 'GB82 WEST 1234 5698 7654 32', card: '4242-4242-4242-4242', from: '81.2.69.160', v6: '2a00:1450:4001:82b::200e', ssn: '078-05-1120', token: JWT, id: 'cus_NffrFeUfNV2Hib' },
      created: 1790000000,
      amount: 2000,
      sha: '6dcb09b5b57875f334f61aebed695e2e4193db5e',
      uuid: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    });
    const out = JSON.parse(scrubBody(body, KEY).body) as { metadata: { iban: string; card: string; from: string; v6: string; ssn: string; token: string; id: string }; created: number; amount: number; sha: string; uuid: string };
    const m = out.metadata;
    expect(m.iban).toMatch(/^GB\d\d [A-Z]{4} \d{4} \d{4} \d{4} \d\d$/);
    const ibanNumber = `${m.iban.replace(/ /g, '').slice(4)}${m.iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    expect(BigInt(ibanNumber) % 97n).toBe(1n);
    expect(m.card).toMatch(/^4\d{3}-\d{4}-\d{4}-\d{4}$/);
    const digits = m.card.replace(/-/g, '').split('').map(Number);
    expect(digits.reverse().reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) % 10).toBe(0);
    expect(m.from).toMatch(/^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d+$/);
    expect(m.v6).toMatch(/^2001:db8:/);
    expect(m.ssn).toMatch(/^9\d\d-\d\d-\d{4}$/);
    const [header, claims] = m.token.split('.');
    expect(header).toBe(JWT.split('.')[0]);
    const decoded = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(decoded).toMatchObject({ sub: 'user_2NNEqL2nrIRdJ194ndJqAHwEfxC', exp: 1790000000 });
    expect(decoded.email).toMatch(/@example\.com$/);
    expect(m.id).toBe('cus_NffrFeUfNV2Hib');
    expect([out.created, out.amount, out.sha, out.uuid]).toEqual([1790000000, 2000, '6dcb09b5b57875f334f61aebed695e2e4193db5e', '72d3162e-cc78-11e3-81ab-4c9367dc0958']);
  });

  it("names a business by a business's name, never a person's (Stripe account settings)", async () => {
    const { body } = await buildDelivery('stripe', 'account.updated', { secret: secrets.stripe, seed: 4 });
    const before = JSON.parse(body) as { data: { object: { business_profile: { name: string }; settings: { dashboard: { display_name: string } } } } };
    const after = JSON.parse(scrubBody(body, KEY).body) as typeof before;
    const names = [after.data.object.business_profile.name, after.data.object.settings.dashboard.display_name];
    expect(names).not.toContain(before.data.object.business_profile.name);
    // faker's company names: "Lockman Inc", "Runolfsson - Kuhn", "Pouros, Weissnat and Lockman", "Gutmann LLC", …
    for (const name of names) expect(name).toMatch(/( Inc| LLC| Group| and |-|, )/);
    // A tax rate's display name belongs to no one: kept.
    const tax = await buildDelivery('stripe', 'tax_rate.created', { secret: secrets.stripe, seed: 4, data: { display_name: 'Sales Tax' } });
    expect((JSON.parse(scrubBody(tax.body, KEY).body) as { data: { object: { display_name: string } } }).data.object.display_name).toBe('Sales Tax');
  });

  it('refuses a missing scrub key and a body that is not JSON with a message naming the fix', () => {
    expect(() => (scrubBody as (body: string) => unknown)('{"a":1}')).toThrow(/scrub key must be a non-empty string/);
    expect(() => scrubBody('{oops', KEY)).toThrow(/scrubBody: the body is not JSON/);
  });
});

// ---- property test -------------------------------------------------------------------------------

const lower = (n: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: n, maxLength: n + 6 });
const digits = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: n, maxLength: n });
const base62 = (n: number) => fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'), minLength: n, maxLength: n });

function luhnComplete(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let d = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return payload + String((10 - (sum % 10)) % 10);
}

function ibanOf(country: string, bban: string): string {
  const number = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return `${country}${String(98n - (BigInt(number) % 97n)).padStart(2, '0')}${bban}`;
}

/** Values of each kind the scrubber must find by shape alone. */
const planted = fc.oneof(
  fc.tuple(lower(2), lower(2), lower(3), fc.constantFrom('com', 'org', 'io', 'co.uk', 'de')).map(([a, b, d, tld]) => `${a}.${b}@${d}.${tld}`),
  fc.tuple(digits(3), digits(4), fc.integer({ min: 2, max: 9 }), digits(2)).chain(([a, b, first, c]) =>
    fc.constantFrom(`+1 ${first}${c} ${a} ${b}`, `(${first}${c}) ${a}-${b}`, `+1${first}${c}${a}${b}`, `+44 20 ${b} ${a}${c[0]}`),
  ),
  fc.tuple(fc.integer({ min: 11, max: 223 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 })).map((o) => o.join('.')),
  fc.array(fc.integer({ min: 1, max: 0xffff }), { minLength: 8, maxLength: 8 }).map((g) => `2a00:${g.slice(1).map((n) => n.toString(16)).join(':')}`),
  base62(24).map((s) => `sk_live_${s}`),
  base62(24).map((s) => `rk_test_${s}`),
  base62(36).map((s) => `ghp_${s}`),
  fc.tuple(digits(10), digits(12), base62(24)).map(([a, b, c]) => `xoxb-${a}-${b}-${c}`),
  fc.tuple(base62(6), base62(43)).map(([sub, sig]) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(`{"sub":"u_${sub}"}`).toString('base64url')}.${sig}`),
  base62(44).filter((s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s)),
  fc.tuple(digits(14), fc.constantFrom('', ' ', '-')).map(([d, sep]) => luhnComplete(`4${d}`).replace(/(\d{4})(?=\d)/g, `$1${sep}`)),
  fc.tuple(fc.constantFrom('DE', 'FR', 'NL'), digits(18)).map(([country, bban]) => ibanOf(country, bban)),
  fc.tuple(fc.integer({ min: 1, max: 665 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 })).map(([a, g, s]) => `${String(a).padStart(3, '0')}-${String(g).padStart(2, '0')}-${String(s).padStart(4, '0')}`),
);

type Wrap = (value: string) => { value: unknown; asKey?: boolean };
const wraps: Record<string, Wrap> = {
  whole: (v) => ({ value: v }),
  sentence: (v) => ({ value: `Please reach me at ${v} before Friday.` }),
  query: (v) => ({ value: `https://shop.example/thanks?ref=abc&q=${encodeURIComponent(v)}#top` }),
  relativeQuery: (v) => ({ value: `/products/mug?utm_source=mail&c=${encodeURIComponent(v)}` }),
  json: (v) => ({ value: JSON.stringify({ contact: v, tier: 'gold' }) }),
  base64: (v) => ({ value: Buffer.from(`contact: ${v}`).toString('base64') }),
  base64url: (v) => ({ value: Buffer.from(JSON.stringify({ c: v })).toString('base64url') }),
  key: (v) => ({ value: 'x', asKey: true }),
};

const SAMPLES: [ProviderId, string][] = [
  ['stripe', 'payment_intent.succeeded'],
  ['stripe', 'customer.subscription.created'],
  ['github', 'push'],
  ['github', 'pull_request.opened'],
  ['clerk', 'user.created'],
  ['shopify', 'orders/create'],
  ['resend', 'email.delivered'],
];

/** Every object of a parsed body (the places a planted value can go). */
function objectsOf(value: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) value.forEach((v) => objectsOf(v, out));
  else if (value !== null && typeof value === 'object') {
    out.push(value as Record<string, unknown>);
    Object.values(value).forEach((v) => objectsOf(v, out));
  }
  return out;
}

describe('scrubBody: planted values in random places of real bodies (property)', () => {
  it('never lets a planted email, phone, IP, key, token, JWT, card, IBAN or SSN survive, and keeps the body JSON', async () => {
    const bodies = await Promise.all(SAMPLES.map(([p, t]) => buildDelivery(p, t, { secret: secrets[p], seed: 9, timestamp: 1_790_000_000_000 }).then((d) => d.body)));
    await fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bodies.length - 1 }),
        fc.nat(),
        fc.array(fc.tuple(planted, fc.constantFrom(...Object.keys(wraps)), fc.nat(), fc.constantFrom('info', 'extra', 'label', 'custom', 'x_field', 'ref')), { minLength: 1, maxLength: 3 }),
        (which, pretty, plants) => {
          const parsed = JSON.parse(bodies[which]!) as unknown;
          const places = objectsOf(parsed);
          for (const [i, [value, wrap, at, key]] of plants.entries()) {
            const place = places[at % places.length]!;
            const wrapped = wraps[wrap]!(value);
            if (wrapped.asKey) place[value] = wrapped.value;
            else place[`${key}_${i}`] = wrapped.value;
          }
          const body = JSON.stringify(parsed, null, pretty % 2 === 0 ? 2 : undefined);
          const result = scrubBody(body, KEY);
          expect(() => JSON.parse(result.body)).not.toThrow();
          expect(leaks(result.body, plants.map(([value]) => value))).toEqual([]);
        },
      ),
      { numRuns: 200, seed: Number(process.env.FC_SEED ?? 26), verbose: true },
    );
  });
});
