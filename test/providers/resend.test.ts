import { Resend } from 'resend';
import { Webhook } from 'svix';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { builtEventTypes } from '../../src/providers/resend/build.js';
import { resendEventTypes } from '../../src/providers/resend/catalog.js';
import { resend } from '../../src/providers/resend/index.js';

/** Fixed clock for every test: 2026-01-01T00:00:00Z. svix and resend's verify read `Date.now()`. */
const T = 1_767_225_600_000;
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const types = [...resendEventTypes];
const emailTypes = types.filter((t) => t.startsWith('email.') && t !== 'email.received');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const RESOURCE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/;
const EVENT_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ADDRESS = /^[^@\s<>]+@[a-z0-9.-]+\.[a-z]+$/;

beforeEach(() => {
  vi.useFakeTimers({ now: T, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Json = Record<string, unknown>;

function build(eventType: string, options: Parameters<typeof buildDelivery>[2] = {}): Promise<Delivery> {
  return buildDelivery('resend', eventType, { secret, seed: 42, timestamp: T, ...options });
}

/** resend's verifier, called as its docs show (header keys id, timestamp, signature). */
function resendVerify(delivery: Pick<Delivery, 'headers' | 'body'>, webhookSecret = secret): unknown {
  return new Resend('re_test').webhooks.verify({
    payload: delivery.body,
    headers: { id: delivery.headers['svix-id']!, timestamp: delivery.headers['svix-timestamp']!, signature: delivery.headers['svix-signature']! },
    webhookSecret,
  });
}

function objects(value: unknown): Json[] {
  if (Array.isArray(value)) return value.flatMap(objects);
  if (value === null || typeof value !== 'object') return [];
  return [value as Json, ...Object.values(value).flatMap(objects)];
}

describe('the Resend catalog', () => {
  it('has a builder for exactly the catalogued types', () => {
    expect([...builtEventTypes].sort()).toEqual([...resendEventTypes].sort());
  });
});

describe('Resend deliveries, checked by the official verifiers', () => {
  it.each(types)("%s is accepted by resend's webhooks.verify and by svix Webhook.verify", async (type) => {
    const delivery = await build(type);
    expect(resendVerify(delivery)).toEqual(JSON.parse(delivery.body));
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({ type });
  });

  it('is still accepted with a timestamp 300 s in the future, the edge of the replay window', async () => {
    const delivery = await build('email.delivered', { timestamp: T + 300_000 });
    expect(resendVerify(delivery)).toMatchObject({ type: 'email.delivered' });
  });
});

describe('Resend deliveries the official verifiers reject', () => {
  it('rejects a body changed after signing', async () => {
    const delivery = await build('email.bounced');
    const tampered = { ...delivery, body: delivery.body.replace('"type":"email.bounced"', '"type":"email.delivered"') };
    expect(tampered.body).not.toBe(delivery.body);
    expect(() => resendVerify(tampered)).toThrow(/No matching signature/);
    expect(() => new Webhook(secret).verify(tampered.body, tampered.headers)).toThrow(/No matching signature/);
  });

  it('rejects a delivery signed with another secret', async () => {
    const delivery = await build('email.bounced');
    const other = resend.generateSecret();
    expect(() => resendVerify(delivery, other)).toThrow(/No matching signature/);
    expect(() => new Webhook(other).verify(delivery.body, delivery.headers)).toThrow(/No matching signature/);
  });

  it('rejects a timestamp 301 s old', async () => {
    const delivery = await build('email.opened', { timestamp: T - 301_000 });
    expect(() => resendVerify(delivery)).toThrow(/timestamp too old/);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).toThrow(/timestamp too old/);
  });

  it('rejects a timestamp 301 s in the future', async () => {
    const delivery = await build('email.opened', { timestamp: T + 301_000 });
    expect(() => resendVerify(delivery)).toThrow(/timestamp too new/);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).toThrow(/timestamp too new/);
  });
});

describe('Resend payloads look like real deliveries', () => {
  let deliveries: Map<string, { delivery: Delivery; event: Json; data: Json }>;
  beforeEach(async () => {
    deliveries = new Map();
    for (const type of types) {
      const delivery = await build(type);
      const event = JSON.parse(delivery.body) as Json;
      deliveries.set(type, { delivery, event, data: event.data as Json });
    }
  });
  const get = (type: string) => deliveries.get(type)!;

  it('wraps every type in { created_at, data, type } with created_at in ISO 8601 ms Z, just before the delivery', () => {
    for (const type of types) {
      const { event } = get(type);
      expect(Object.keys(event)).toEqual(['created_at', 'data', 'type']);
      expect(event.type).toBe(type);
      expect(event.created_at).toMatch(EVENT_TIME);
      const at = Date.parse(event.created_at as string);
      expect(at, type).toBeLessThanOrEqual(T);
      expect(at, type).toBeGreaterThan(T - 1000);
    }
  });

  it('serializes compact JSON with keys in alphabetical order at every depth', () => {
    for (const type of types) {
      const { delivery, event } = get(type);
      expect(delivery.body).toBe(JSON.stringify(event));
      for (const object of objects(event)) expect(Object.keys(object), type).toEqual(Object.keys(object).sort());
    }
  });

  it('gives email events the BaseEmailEventData fields, with UUIDs, microsecond times and Name <address> senders', () => {
    for (const type of emailTypes) {
      const { data, event } = get(type);
      expect(data.email_id, type).toMatch(UUID);
      expect(data.created_at, type).toMatch(RESOURCE_TIME);
      expect(Date.parse(data.created_at as string), type).toBeLessThan(Date.parse(event.created_at as string));
      expect(data.from, type).toMatch(/^[^<>]+ <[^@\s<>]+@[a-z0-9.-]+\.[a-z]+>$/);
      expect(data.to, type).toEqual([expect.stringMatching(ADDRESS)]);
      expect(data.subject, type).toEqual(expect.any(String));
      expect(data.message_id, type).toMatch(/^<0100[0-9a-f]{12}-[0-9a-f-]{36}-000000@email\.amazonses\.com>$/);
      expect(data.tags, type).toEqual({ category: expect.stringMatching(/^[a-z_]+$/) });
      for (const key of ['broadcast_id', 'template_id']) if (key in data) expect(data[key], type).toMatch(UUID);
    }
  });

  it('adds bounce, click, failed and suppressed only to their own events', () => {
    const extras = { 'email.bounced': 'bounce', 'email.clicked': 'click', 'email.failed': 'failed', 'email.suppressed': 'suppressed' } as Record<string, string>;
    for (const type of emailTypes) {
      for (const [owner, key] of Object.entries(extras)) expect(key in get(type).data, `${type} ${key}`).toBe(type === owner);
    }
    expect(get('email.bounced').data.bounce).toEqual({ message: expect.any(String), subType: expect.any(String), type: expect.stringMatching(/^(Permanent|Transient)$/) });
    const click = get('email.clicked').data.click as Json;
    expect(Object.keys(click)).toEqual(['ipAddress', 'link', 'timestamp', 'userAgent']);
    expect(click.link).toMatch(/^https:\/\//);
    expect(click.timestamp).toMatch(EVENT_TIME);
    expect(get('email.failed').data.failed).toEqual({ reason: 'reached_daily_quota' });
    expect(get('email.suppressed').data.suppressed).toEqual({ message: expect.any(String), type: expect.any(String) });
  });

  it('describes a received email by its metadata and attachments, without a body', async () => {
    const data = get('email.received').data;
    expect(Object.keys(data)).toEqual(['attachments', 'bcc', 'cc', 'created_at', 'email_id', 'from', 'message_id', 'received_for', 'subject', 'to']);
    expect(data.received_for).toEqual(data.to);
    for (const a of data.attachments as Json[]) {
      expect(Object.keys(a)).toEqual(['content_disposition', 'content_id', 'content_type', 'filename', 'id']);
      expect(a.id).toMatch(UUID);
    }
    const counts = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map(async (seed) => (JSON.parse((await build('email.received', { seed })).body) as { data: { attachments: unknown[] } }).data.attachments.length));
    expect(Math.max(...counts)).toBeGreaterThan(0);
  });

  it('shapes contact and domain events as ContactEventData, ContactTopicsEventData and DomainEventData', () => {
    for (const type of ['contact.created', 'contact.updated', 'contact.deleted']) {
      const data = get(type).data;
      expect(Object.keys(data), type).toEqual(['audience_id', 'created_at', 'email', 'first_name', 'id', 'last_name', 'segment_ids', 'unsubscribed', 'updated_at']);
      expect(data.id).toMatch(UUID);
      expect(data.created_at).toMatch(RESOURCE_TIME);
      expect(data.updated_at).toMatch(RESOURCE_TIME);
      expect(data.email).toMatch(ADDRESS);
      expect(Date.parse(data.created_at as string)).toBeLessThanOrEqual(Date.parse(data.updated_at as string));
    }
    expect(get('contact.created').data.created_at).toBe(get('contact.created').data.updated_at);
    expect(get('contact.topics.updated').data).toEqual({ email: expect.stringMatching(ADDRESS), topics: expect.arrayContaining([{ id: expect.stringMatching(UUID), subscription: expect.stringMatching(/^opt_(in|out)$/) }]) });
    for (const type of ['domain.created', 'domain.updated', 'domain.deleted']) {
      const data = get(type).data;
      expect(Object.keys(data), type).toEqual(['created_at', 'id', 'name', 'records', 'region', 'status']);
      const records = data.records as Json[];
      expect(records.map((r) => `${r.record}/${r.type}`)).toEqual(['SPF/MX', 'SPF/TXT', 'DKIM/TXT']);
      expect(records[0]).toMatchObject({ priority: 10, ttl: 'Auto', value: `feedback-smtp.${data.region}.amazonses.com` });
      expect(records[2]!.value).toMatch(/^p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQ[A-Za-z0-9+/]+IDAQAB$/);
      for (const r of records) expect(r.status).toBe(data.status);
    }
    expect(get('domain.created').data.status).toBe('not_started');
  });

  it('sends the Svix headers plus Accept: */*, with the msg_ id as svix-id and delivery id', () => {
    const { delivery } = get('email.delivered');
    expect(delivery.deliveryId).toMatch(/^msg_[0-9A-Za-z]{27}$/);
    expect(delivery.headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': expect.stringMatching(/^Svix-Webhooks\/1\.84\.0 \(sender-[a-z0-9]{5}; \+https:\/\/www\.svix\.com\/http-sender\/\)$/),
      Accept: '*/*',
      'svix-id': delivery.deliveryId,
      'svix-timestamp': String(T / 1000),
      'svix-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
  });

  it('deep-merges data into data: objects merge, arrays and scalars replace, the rest stays as built', async () => {
    const plain = JSON.parse((await build('email.bounced')).body) as Json;
    const merged = await build('email.bounced', { data: { to: ['bounce@example.com'], bounce: { subType: 'MailboxFull' }, tags: null } });
    const event = JSON.parse(merged.body) as Json;
    const plainData = plain.data as Json;
    expect(event.data).toEqual({
      ...plainData,
      to: ['bounce@example.com'],
      bounce: { ...(plainData.bounce as Json), subType: 'MailboxFull' },
      tags: null,
    });
    expect(event.created_at).toBe(plain.created_at);
    expect(resendVerify(merged)).toMatchObject({ data: { to: ['bounce@example.com'] } });
  });



});
