/**
 * Fixtures in process: a delivery carrying personal data (signed with a "production" secret by the
 * official library) becomes a scrubbed fixture with no personal string, no signature and no secret,
 * every other byte kept; fakes are deterministic per scrub key; the fixture signed again with the test
 * secret passes each provider's official verifier; malformed fixtures name the file and the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, listEventTypes } from '../../src/harness/build-delivery.js';
import { createFixture, formatFixture, parseFixture, type Fixture } from '../../src/harness/fixture.js';
import { pathText, scalarSpans } from '../../src/harness/json-spans.js';
import { scrubBody } from '../../src/harness/scrub.js';
import { officialDelivery, secrets, type ProviderId } from '../service/official.js';
import { personalCases, productionSecrets } from './capture-cases.js';
import { lower, officialVerify } from './official-verify.js';

const providers = Object.keys(personalCases) as ProviderId[];
const KEY = 'a-project-scrub-key';

interface Case {
  provider: ProviderId;
  captured: { headers: Record<string, string>; body: string };
  fixture: Fixture;
  text: string;
}
const cases: Case[] = [];

beforeAll(async () => {
  for (const provider of providers) {
    const { eventType, data } = personalCases[provider];
    const signed = await officialDelivery(provider, eventType, { secret: productionSecrets[provider], data, seed: 11 });
    // As the store keeps it: names in lower case, plus what a proxy in between adds.
    const headers = { ...lower(signed.headers), host: 'abc.ngrok.app', 'x-forwarded-for': '198.51.100.23', 'content-length': String(signed.body.length) };
    const captured = { headers, body: signed.body };
    const fixture = createFixture({ provider, type: `${provider}.${eventType}`, headers, body: signed.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrubKey: KEY });
    cases.push({ provider, captured, fixture, text: formatFixture(fixture) });
  }
});

describe('relay fixture: scrubbed by default', () => {
  it('keeps no personal string, no production secret and no signature or transport header', () => {
    for (const { provider, fixture, text } of cases) {
      for (const value of [...personalCases[provider].personal, productionSecrets[provider], '198.51.100.23', 'ngrok']) {
        expect(text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1)), `${provider}: ${value}`).toBe(false);
      }
      const names = Object.keys(fixture.headers);
      expect(names.filter((n) => /signature|hmac|^host$|forwarded|content-length/.test(n)), provider).toEqual([]);
      expect(fixture).toMatchObject({ relaykitFixture: 1, provider, eventType: personalCases[provider].eventType, capturedAt: '2026-11-23T10:00:00.000Z' });
      expect(fixture.scrubbed.length, provider).toBeGreaterThan(0);
    }
  });

  it('changes only the listed values: every other byte (ids, amounts, currencies, types, times, spacing) is kept', () => {
    for (const { provider, captured, fixture } of cases) {
      const before = scalarSpans(captured.body);
      const after = scalarSpans(fixture.body);
      expect(after.map((s) => pathText(s.path)), provider).toEqual(before.map((s) => pathText(s.path)));
      const listed = new Set(fixture.scrubbed);
      let changed = 0;
      for (let i = 0; i < before.length; i++) {
        const [a, b] = [before[i]!, after[i]!];
        // The text between two values (keys, spacing, punctuation) is the same everywhere.
        expect(fixture.body.slice(i === 0 ? 0 : after[i - 1]!.end, b.start)).toBe(captured.body.slice(i === 0 ? 0 : before[i - 1]!.end, a.start));
        const same = captured.body.slice(a.start, a.end) === fixture.body.slice(b.start, b.end);
        if (!same) changed++;
        if (!listed.has(pathText(a.path))) expect(same, `${provider} ${pathText(a.path)}`).toBe(true);
        if (/(^|\.)(id|type|currency|amount|created|created_at)$/.test(pathText(a.path))) expect(same, `${provider} kept ${pathText(a.path)}`).toBe(true);
      }
      expect(changed, provider).toBe(listed.size);
    }
  });

  it('draws the same fake for the same value in every file of a fixture set, and others under another key', async () => {
    const stripe = cases.find((c) => c.provider === 'stripe')!;
    const again = createFixture({ provider: 'stripe', type: 'stripe.payment_intent.succeeded', headers: {}, body: stripe.captured.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrubKey: KEY });
    expect(again.body).toBe(stripe.fixture.body);
    // Another event of the same customer, in another file: the same email gets the same fake.
    const other = await buildDelivery('stripe', 'charge.succeeded', { secret: secrets.stripe, seed: 5, data: { receipt_email: personalCases.stripe.data.receipt_email as string } });
    const otherFixture = createFixture({ provider: 'stripe', type: 'charge.succeeded', headers: {}, body: other.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrubKey: KEY });
    const fakeOf = (f: Fixture) => (JSON.parse(f.body) as { data: { object: { receipt_email: string } } }).data.object.receipt_email;
    expect(fakeOf(otherFixture)).toBe(fakeOf(stripe.fixture));
    expect(fakeOf(stripe.fixture)).toMatch(/^[a-z0-9._-]+@example\.com$/);
    const otherKey = createFixture({ provider: 'stripe', type: 'x', headers: {}, body: stripe.captured.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrubKey: 'another-key' });
    expect(fakeOf(otherKey)).not.toBe(fakeOf(stripe.fixture));
  });

  it('keeps the body byte for byte with scrub: false, still without signature headers', () => {
    for (const { provider, captured } of cases) {
      const raw = createFixture({ provider, type: personalCases[provider].eventType, headers: captured.headers, body: captured.body, receivedAt: '2026-11-23T10:00:00.000Z' }, { scrub: false });
      expect(raw.body).toBe(captured.body);
      expect(raw.scrubbed).toEqual([]);
      expect(Object.keys(raw.headers).filter((n) => /signature|hmac/.test(n))).toEqual([]);
    }
  });
});

describe('scrubBody over the whole catalog', () => {
  it('keeps valid JSON, lists exactly what changed, and never touches an id, a type, a currency or a time', async () => {
    let scrubbedTypes = 0;
    for (const provider of providers) {
      for (const eventType of listEventTypes(provider)) {
        const { body } = await buildDelivery(provider, eventType, { secret: secrets[provider], seed: 3, timestamp: 1_790_000_000_000 });
        const result = scrubBody(body, KEY);
        expect(() => JSON.parse(result.body), `${provider} ${eventType}`).not.toThrow();
        const [before, after] = [scalarSpans(body), scalarSpans(result.body)];
        const changed = before.filter((span, i) => body.slice(span.start, span.end) !== result.body.slice(after[i]!.start, after[i]!.end)).map((span) => pathText(span.path));
        expect(changed, `${provider} ${eventType}`).toEqual(result.scrubbed);
        const untouchable = changed.filter((p) => /(^|\.)(id|[a-z_]+_id|type|currency|[a-z_]+_at|created|amount)$/.test(p));
        expect(untouchable, `${provider} ${eventType}`).toEqual([]);
        if (changed.length > 0) scrubbedTypes++;
      }
    }
    // Nearly every fabricated payload names a person, an address or a secret somewhere.
    expect(scrubbedTypes).toBeGreaterThan(100);
  });
});

describe('buildDelivery({ fixture }): signed again with the test secret', () => {
  it('passes the official verifiers, the body byte for byte, with fresh delivery ids unless keepIds', async () => {
    for (const { provider, fixture } of cases) {
      const fresh = await buildDelivery({ fixture, secret: secrets[provider] });
      await expect(officialVerify(provider, secrets[provider], lower(fresh.headers), fresh.body), provider).resolves.toBeUndefined();
      await expect(officialVerify(provider, productionSecrets[provider], lower(fresh.headers), fresh.body), provider).rejects.toThrow();
      const kept = await buildDelivery({ fixture, secret: secrets[provider], keepIds: true });
      await expect(officialVerify(provider, secrets[provider], lower(kept.headers), kept.body), provider).resolves.toBeUndefined();
      expect(kept.body, provider).toBe(fixture.body);
      expect(fresh.deliveryId, provider).not.toBe(kept.deliveryId);
      if (provider === 'stripe') {
        // The event id is in the body: a fresh one changes the body in that value only.
        expect(fresh.body.replace(fresh.deliveryId, kept.deliveryId)).toBe(fixture.body);
        expect(fresh.deliveryId).toMatch(/^evt_[A-Za-z0-9]{24}$/);
      } else {
        expect(fresh.body, provider).toBe(fixture.body);
      }
    }
  });
});

describe('parseFixture', () => {
  const valid = () => JSON.parse(cases.find((c) => c.provider === 'github')!.text) as Record<string, unknown>;
  const table: [string, (f: Record<string, unknown>) => unknown, RegExp][] = [
    ['not JSON', () => '{"relaykitFixture": 1,', /not valid JSON/],
    ['no version', (f) => ({ ...f, relaykitFixture: undefined }), /field "relaykitFixture" is missing/],
    ['a newer version', (f) => ({ ...f, relaykitFixture: 2 }), /field "relaykitFixture" is 2: the file was written by a newer relaykit.*format 1/],
    ['an unknown provider', (f) => ({ ...f, provider: 'acme' }), /field "provider" must be a built-in provider id/],
    ['no event type', (f) => ({ ...f, eventType: '' }), /field "eventType"/],
    ['headers as a list', (f) => ({ ...f, headers: ['a'] }), /field "headers" must be an object/],
    ['a signature header', (f) => ({ ...f, headers: { 'X-Hub-Signature-256': 'sha256=00' } }), /field "headers" holds the signature header "X-Hub-Signature-256"/],
    ['a numeric body', (f) => ({ ...f, body: 42 }), /field "body" must be/],
    ['a body that is not JSON', (f) => ({ ...f, body: '{oops' }), /field "body" is not JSON text/],
    ['a bad capturedAt', (f) => ({ ...f, capturedAt: 'yesterday' }), /field "capturedAt"/],
    ['scrubbed not a list', (f) => ({ ...f, scrubbed: 'all' }), /field "scrubbed"/],
  ];
  it('names the file and the field of each mistake', () => {
    for (const [what, edit, message] of table) {
      const edited = edit(valid());
      const text = typeof edited === 'string' ? edited : JSON.stringify(edited);
      expect(() => parseFixture(text, 'fixtures/pr.json'), what).toThrow(/^fixtures\/pr\.json: /);
      expect(() => parseFixture(text, 'fixtures/pr.json'), what).toThrow(message);
    }
    expect(parseFixture(JSON.stringify(valid()), 'fixtures/pr.json').provider).toBe('github');
    // A body given as a JSON object is sent as JSON.stringify writes it.
    const body = JSON.parse(valid().body as string) as unknown;
    expect(parseFixture(JSON.stringify({ ...valid(), body }), 'f.json').body).toBe(JSON.stringify(body));
  });
});
