import { verifyWebhook } from '@clerk/backend/webhooks';
import { Webhook } from 'svix';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { clerkEventTypes } from '../../src/providers/clerk/catalog.js';
import { builtEventTypes } from '../../src/providers/clerk/build.js';
import { clerk } from '../../src/providers/clerk/index.js';

/** Fixed clock for every test: 2026-01-01T00:00:00Z. svix and @clerk/backend read `Date.now()`. */
const T = 1_767_225_600_000;
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const types = [...clerkEventTypes];

beforeEach(() => {
  vi.useFakeTimers({ now: T, toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Json = Record<string, unknown>;

function request(delivery: Pick<Delivery, 'headers' | 'body'>): Request {
  return new Request('https://app.example.com/api/webhooks/clerk', { method: 'POST', headers: delivery.headers, body: delivery.body });
}

function build(eventType: string, options: Parameters<typeof buildDelivery>[2] = {}): Promise<Delivery> {
  return buildDelivery('clerk', eventType, { secret, seed: 42, timestamp: T, ...options });
}

/** Every object in `value`, with the key it hangs under (`''` at the top and in arrays). */
function objects(value: unknown, key = ''): Array<{ key: string; object: Json }> {
  if (Array.isArray(value)) return value.flatMap((item) => objects(item, key));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Json;
  return [{ key, object }, ...Object.entries(object).flatMap(([k, v]) => objects(v, k))];
}

/** The creation time encoded in a KSUID-based id (`user_2vX…`), in Unix seconds. */
function ksuidSeconds(id: string): number {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let value = 0n;
  for (const c of id.slice(id.lastIndexOf('_') + 1)) value = value * 62n + BigInt(alphabet.indexOf(c));
  return Number(value >> 128n) + 1_400_000_000;
}

describe('the Clerk catalog', () => {
  it('has a builder for exactly the catalogued types', () => {
    expect([...builtEventTypes].sort()).toEqual([...clerkEventTypes].sort());
  });
});

describe('Clerk deliveries, checked by the official verifiers', () => {
  it.each(types)('%s is accepted by @clerk/backend verifyWebhook and by svix Webhook.verify', async (type) => {
    const delivery = await build(type);
    const event = await verifyWebhook(request(delivery), { signingSecret: secret });
    expect(event.type).toBe(type);
    expect(event).toEqual(JSON.parse(delivery.body));
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toEqual(JSON.parse(delivery.body));
  });

  it('is still accepted with a timestamp 300 s old, the edge of the replay window', async () => {
    const delivery = await build('user.created', { timestamp: T - 300_000 });
    await expect(verifyWebhook(request(delivery), { signingSecret: secret })).resolves.toMatchObject({ type: 'user.created' });
  });
});

describe('Clerk deliveries the official verifiers reject', () => {
  const wrongSecret = clerk.generateSecret();

  it('rejects a body changed after signing', async () => {
    const delivery = await build('user.created');
    const tampered = { ...delivery, body: delivery.body.replace(/"timestamp":(\d+)/, (_, ms: string) => `"timestamp":${Number(ms) + 1}`) };
    expect(tampered.body).not.toBe(delivery.body);
    await expect(verifyWebhook(request(tampered), { signingSecret: secret })).rejects.toThrow(/Unable to verify incoming webhook: No matching signature/);
    expect(() => new Webhook(secret).verify(tampered.body, tampered.headers)).toThrow(/No matching signature/);
  });

  it('rejects a delivery signed with another secret', async () => {
    const delivery = await build('user.created');
    await expect(verifyWebhook(request(delivery), { signingSecret: wrongSecret })).rejects.toThrow(/No matching signature/);
    expect(() => new Webhook(wrongSecret).verify(delivery.body, delivery.headers)).toThrow(/No matching signature/);
  });

  it('rejects a timestamp 301 s old', async () => {
    const delivery = await build('session.created', { timestamp: T - 301_000 });
    await expect(verifyWebhook(request(delivery), { signingSecret: secret })).rejects.toThrow(/timestamp too old/);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).toThrow(/timestamp too old/);
  });

  it('rejects a timestamp 301 s in the future', async () => {
    const delivery = await build('session.created', { timestamp: T + 301_000 });
    await expect(verifyWebhook(request(delivery), { signingSecret: secret })).rejects.toThrow(/timestamp too new/);
    expect(() => new Webhook(secret).verify(delivery.body, delivery.headers)).toThrow(/timestamp too new/);
  });
});

describe('Clerk payloads look like real deliveries', () => {
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

  it('wraps every type in { data, event_attributes, instance_id, object: "event", timestamp, type }', () => {
    for (const type of types) {
      const { event } = get(type);
      expect(Object.keys(event)).toEqual(['data', 'event_attributes', 'instance_id', 'object', 'timestamp', 'type']);
      expect(event).toMatchObject({ object: 'event', type });
      expect(event.instance_id).toMatch(/^ins_[0-9A-Za-z]{27}$/);
      const http = (event.event_attributes as { http_request: Json }).http_request;
      expect(Object.keys(http)).toEqual(['client_ip', 'user_agent']);
    }
  });

  it('names the browser for request-driven events and leaves http_request empty for scheduled billing events', () => {
    const { http_request: web } = get('user.created').event.event_attributes as { http_request: Json };
    expect(web.client_ip).toMatch(/^\d{1,3}(\.\d{1,3}){3}$/);
    expect(web.user_agent).toMatch(/^Mozilla\/5\.0 \(/);
    expect(get('subscriptionItem.ended').event.event_attributes).toEqual({ http_request: { client_ip: '', user_agent: '' } });
  });

  it('serializes compact JSON with keys in alphabetical order at every depth', () => {
    for (const type of types) {
      const { delivery, event } = get(type);
      expect(delivery.body).toBe(JSON.stringify(event));
      for (const { object } of objects(event)) {
        const keys = Object.keys(object);
        expect(keys, `${type}: ${keys.join(',')}`).toEqual([...keys].sort());
      }
    }
  });

  it('uses prefix + 27 base62 ids whose prefix matches what they name', () => {
    const prefixOf: Record<string, string> = {
      user_id: 'user_',
      organization_id: 'org_',
      instance_id: 'ins_',
      client_id: 'client_',
      email_address_id: 'idn_',
      phone_number_id: 'idn_',
      primary_email_address_id: 'idn_',
      payer_id: 'cpayer_',
      plan_id: 'cplan_',
      product_id: 'cprd_',
      payment_source_id: 'cps_',
      payment_id: 'cpa_',
      latest_payment_id: 'cpa_',
      statement_id: 'cstmt_',
      created_by: 'user_',
    };
    for (const type of types) {
      for (const { object } of objects(get(type).event)) {
        for (const [key, value] of Object.entries(object)) {
          // A user payer's organization fields are empty strings, as Clerk sends them.
          if (typeof value !== 'string' || (value === '' && object.object === 'commerce_payer')) continue;
          if (key === 'id' || prefixOf[key]) expect(value, `${type} ${key}`).toMatch(/^[a-z]+_[0-9A-Za-z]{27}$/);
          if (prefixOf[key]) expect(value.startsWith(prefixOf[key]!), `${type} ${key}=${value}`).toBe(true);
        }
      }
    }
    const idPrefix: Record<string, string> = {
      user: 'user_',
      session: 'sess_',
      organization: 'org_',
      organizationMembership: 'orgmem_',
      organizationInvitation: 'orginv_',
      organizationDomain: 'orgdmn_',
      role: 'role_',
      permission: 'perm_',
      email: 'ema_',
      sms: 'sms_',
      waitlistEntry: 'wle_',
      paymentAttempt: 'cpayatt_',
      subscription: 'csub_',
      subscriptionItem: 'csubi_',
    };
    for (const type of types) expect(get(type).data.id, type).toMatch(new RegExp(`^${idPrefix[type.split('.')[0]!]}`));
  });

  it('encodes the creation time in the KSUID of a newly created resource', () => {
    for (const type of types.filter((t) => t.endsWith('.created'))) {
      const { data } = get(type);
      if (typeof data.created_at !== 'number') continue;
      expect(Math.abs(ksuidSeconds(String(data.id)) - Math.floor(data.created_at / 1000)), type).toBeLessThanOrEqual(1);
    }
    expect(ksuidSeconds(get('user.created').delivery.deliveryId)).toBe(T / 1000);
  });

  it('keeps cross-references consistent', () => {
    const userData = get('user.created').data;
    const emails = userData.email_addresses as Json[];
    expect(emails.map((e) => e.id)).toContain(userData.primary_email_address_id);
    expect(emails[0]!.email_address).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    for (const type of ['session.created', 'session.ended', 'session.removed', 'session.revoked']) {
      const data = get(type).data;
      const sessionUser = data.user as Json;
      expect(data.user_id).toBe(sessionUser.id);
      expect((sessionUser.email_addresses as Json[]).map((e) => e.id)).toContain(sessionUser.primary_email_address_id);
      expect(sessionUser.last_sign_in_at).toBeLessThanOrEqual(data.last_active_at as number);
    }
    expect(get('session.created').data).toMatchObject({ status: 'active' });
    expect(get('session.revoked').data).toMatchObject({ status: 'revoked' });
    const membership = get('organizationMembership.created').data;
    expect(membership.organization).toMatchObject({ object: 'organization' });
    expect((membership.public_user_data as Json).user_id).toMatch(/^user_/);
    expect(get('organizationInvitation.accepted').data).toMatchObject({ status: 'accepted', user_id: expect.stringMatching(/^user_/) });
    const subscription = get('subscription.created').data;
    const payer = subscription.payer as Json;
    expect(subscription.payer_id).toBe(payer.id);
    const [item] = subscription.items as Json[];
    expect(item!.plan_id).toBe((item!.plan as Json).id);
    const attempt = get('paymentAttempt.updated').data;
    expect(attempt).toMatchObject({ status: 'paid', instance_id: get('paymentAttempt.updated').event.instance_id });
    expect((attempt.payment_source as Json).id).toMatch(/^cps_/);
    expect((attempt.payment_source as Json).gateway_external_account_id).toBe((attempt.payee as Json).gateway_external_id);
    const totals = attempt.totals as Record<string, Json>;
    expect(totals.grand_total!.amount).toBe((totals.subtotal!.amount as number) + (totals.tax_total!.amount as number));
    expect(totals.subtotal!.amount_formatted).toBe(`$${((totals.subtotal!.amount as number) / 100).toFixed(2)}`);
    expect(item!.subscription_id).toBe(subscription.id);
    for (const type of ['organizationDomain.created', 'organizationDomain.updated']) {
      const domain = get(type).data;
      expect((domain.public_organization_data as Json).id).toBe(domain.organization_id);
      expect(domain.affiliation_email_address).toMatch(new RegExp(`@${String(domain.name).replace('.', '\\.')}$`));
    }
    for (const type of ['organizationInvitation.created', 'organizationInvitation.revoked', 'organizationInvitation.accepted']) {
      const invite = get(type).data;
      expect(((invite.data as Json).public_organization_data as Json).id).toBe(invite.organization_id);
      expect((invite.public_inviter_data as Json).user_id).toBe(invite.inviter_id);
      expect(invite.role_name).toBe(invite.role === 'org:admin' ? 'Admin' : 'Member');
    }
    const session = get('session.created').data;
    expect((session.latest_activity as Json).ip_address).toBe((get('session.created').event.event_attributes as { http_request: Json }).http_request.client_ip);
  });

  it('reports deleted resources as { deleted: true, id, object }', () => {
    expect(get('user.deleted').data).toEqual({ deleted: true, external_id: expect.stringMatching(/^[0-9a-f-]{36}$/), id: expect.stringMatching(/^user_/), object: 'user' });
    expect(get('role.deleted').data).toEqual({ deleted: true, id: expect.stringMatching(/^role_/), object: 'role', slug: null });
    expect(get('permission.deleted').data).toEqual({ deleted: true, id: expect.stringMatching(/^perm_/), object: 'permission' });
    expect(get('organization.deleted').data).toEqual({ deleted: true, id: expect.stringMatching(/^org_/), object: 'organization', slug: expect.any(String) });
    expect(get('organizationDomain.deleted').data).toEqual({ deleted: true, id: expect.stringMatching(/^orgdmn_/), object: 'organization_domain' });
  });

  it('dates everything from the delivery time: event a little before it, resources before the event', () => {
    for (const type of types) {
      const { event } = get(type);
      const timestamp = event.timestamp as number;
      expect(timestamp, type).toBeLessThanOrEqual(T);
      expect(timestamp, type).toBeGreaterThan(T - 1000);
      for (const { object } of objects(event.data)) {
        if (typeof object.created_at === 'number') expect(object.created_at, `${type} created_at`).toBeLessThanOrEqual(timestamp);
        if (typeof object.updated_at === 'number') expect(object.updated_at, `${type} updated_at`).toBeLessThanOrEqual(timestamp);
        if (typeof object.created_at === 'number' && typeof object.updated_at === 'number') {
          expect(object.created_at, type).toBeLessThanOrEqual(object.updated_at);
        }
      }
      if (type.endsWith('.created') && typeof (event.data as Json).created_at === 'number') {
        expect(timestamp - ((event.data as Json).created_at as number), type).toBeLessThan(2000);
      }
    }
    const later = objects(get('session.created').event).find(({ key }) => key === 'data')!.object;
    expect(later.expire_at as number).toBeGreaterThan(T);
  });

  it('sends the Svix headers, with the msg_ id as svix-id and delivery id', () => {
    const { delivery } = get('user.created');
    expect(delivery.deliveryId).toMatch(/^msg_[0-9A-Za-z]{27}$/);
    expect(delivery.headers).toMatchObject({
      'Content-Type': 'application/json',
      'User-Agent': expect.stringMatching(/^Svix-Webhooks\/1\.84\.0 \(sender-[a-z0-9]{5}; \+https:\/\/www\.svix\.com\/http-sender\/\)$/),
      'svix-id': delivery.deliveryId,
      'svix-timestamp': String(T / 1000),
      'svix-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(Object.keys(delivery.headers)).toHaveLength(5);
  });

  it('deep-merges data into data: objects merge, arrays and scalars replace, the rest stays as built', async () => {
    const plain = JSON.parse((await build('user.created')).body) as Json;
    // external_id has no mirror (mirrors are tested in clerk-mirrors.test.ts).
    const merged = await build('user.created', { data: { external_id: 'ada-1', public_metadata: { plan: 'pro' }, web3_wallets: ['x'], username: null } });
    const event = JSON.parse(merged.body) as Json;
    const data = event.data as Json;
    expect(data).toEqual({ ...(plain.data as Json), external_id: 'ada-1', public_metadata: { plan: 'pro' }, web3_wallets: ['x'], username: null });
    expect({ ...event, data: undefined }).toEqual({ ...plain, data: undefined });
    expect(Object.keys(data)).toEqual(Object.keys(data).sort());
    await expect(verifyWebhook(request(merged), { signingSecret: secret })).resolves.toMatchObject({ data: { external_id: 'ada-1' } });
  });



});
