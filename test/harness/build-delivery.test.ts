import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery, listEventTypes } from '../../src/index.js';
import { getProvider } from '../../src/providers/index.js';

const secrets: Record<string, string> = {
  stripe: 'whsec_test_secret',
  github: 'gh-secret',
  clerk: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  shopify: 'shpss_secret',
  resend: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
const firstType: Record<string, string> = {
  stripe: 'payment_intent.succeeded',
  github: 'pull_request.opened',
  clerk: 'user.created',
  shopify: 'orders/create',
  resend: 'email.delivered',
};
const at = Date.UTC(2026, 10, 21, 16, 0, 0);

describe.each(Object.keys(secrets))('buildDelivery(%s)', (provider) => {
  const secret = secrets[provider]!;
  const type = firstType[provider]!;

  it('returns a POST to the mount path with a body the provider verifies', async () => {
    const delivery = await buildDelivery(provider, type, { secret, timestamp: at });
    expect(delivery).toMatchObject({ provider, method: 'POST', path: `/api/webhook/${provider}` });
    const plugin = getProvider(provider);
    expect(await plugin.verify({ headers: delivery.headers, body: delivery.body, secrets: [secret], now: at })).toEqual({ ok: true });
    const normalized = plugin.normalize({ headers: delivery.headers, body: delivery.body, json: JSON.parse(delivery.body) });
    expect(normalized).toMatchObject({ ok: true, event: { eventType: delivery.eventType, deliveryId: delivery.deliveryId } });
  });


  it('gives each unseeded delivery its own delivery id and reports the seed it drew', async () => {
    const a = await buildDelivery(provider, type, { secret, timestamp: at });
    const b = await buildDelivery(provider, type, { secret, timestamp: at });
    expect(a.deliveryId).not.toBe(b.deliveryId);
    const again = await buildDelivery(provider, type, { secret, timestamp: at, seed: a.seed });
    expect(again.body).toBe(a.body);
  });

  it('signs the body, not a re-serialization: changing it breaks verification', async () => {
    const delivery = await buildDelivery(provider, type, { secret, timestamp: at });
    const reserialized = JSON.stringify(JSON.parse(delivery.body), null, delivery.body.includes('\n') ? 0 : 2);
    const result = await getProvider(provider).verify({ headers: delivery.headers, body: reserialized, secrets: [secret], now: at });
    expect(result).toMatchObject({ ok: false, reason: 'signature_mismatch' });
  });

  it('applies extra headers last', async () => {
    const delivery = await buildDelivery(provider, type, { secret, headers: { 'X-Test-Run': '42', 'Content-Type': 'text/plain' } });
    expect(delivery.headers['X-Test-Run']).toBe('42');
    expect(delivery.headers['Content-Type']).toBe('text/plain');
    const lower = await buildDelivery(provider, type, { secret, headers: { 'content-type': 'text/csv' } });
    expect(Object.entries(lower.headers).filter(([name]) => name.toLowerCase() === 'content-type')).toEqual([['content-type', 'text/csv']]);
  });

  it('lists its catalog', () => {
    expect(listEventTypes(provider)).toContain(type);
  });
});

describe('buildDelivery input errors', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads the secret from the provider env var', async () => {
    vi.stubEnv('GITHUB_WEBHOOK_SECRET', 'from-env');
    const delivery = await buildDelivery('github', 'push');
    expect(await getProvider('github').verify({ headers: delivery.headers, body: delivery.body, secrets: ['from-env'], now: Date.now() })).toEqual({ ok: true });
  });

  it('names the env var to set when no secret is given', async () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    await expect(buildDelivery('stripe', 'charge.succeeded')).rejects.toMatchObject({
      code: 'MISSING_SECRET',
      message: expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is not set\. .*export STRIPE_WEBHOOK_SECRET=whsec_/),
    });
  });

  it('lists close matches for an unknown event type and points at relay events', async () => {
    await expect(buildDelivery('github', 'pull_request.opend', { secret: 'x' })).rejects.toMatchObject({
      code: 'UNKNOWN_EVENT_TYPE',
      message: expect.stringMatching(/Unknown GitHub event type "pull_request\.opend"\. Close matches: pull_request\.opened.*relay events github/),
    });
  });

  it('names an unknown event type before a missing secret', async () => {
    vi.stubEnv('GITHUB_WEBHOOK_SECRET', '');
    await expect(buildDelivery('github', 'pul_request.opened')).rejects.toMatchObject({
      code: 'UNKNOWN_EVENT_TYPE',
      message: expect.stringContaining('Close matches: pull_request.opened'),
    });
  });

  it('rejects data that is not an object', async () => {
    await expect(buildDelivery('stripe', 'charge.succeeded', { secret: 'whsec_x', data: [1] as never })).rejects.toMatchObject({
      code: 'INVALID_DATA',
      message: expect.stringContaining('got an array'),
    });
  });

  it.each([
    [{ seed: 1.5 }, /seed must be an integer/],
    [{ timestamp: Number.NaN }, /timestamp must be a valid Date/],
    [{ timestamp: new Date('nope') }, /timestamp must be a valid Date/],
    [{ headers: { 'Bad Header': 'x' } }, /"Bad Header" is not valid/],
  ])('rejects %o', async (options, message) => {
    await expect(buildDelivery('stripe', 'charge.succeeded', { secret: 'whsec_x', ...options })).rejects.toThrow(message);
  });

  it('names the built-ins for an unknown provider', async () => {
    await expect(buildDelivery('shopfy', 'orders/create')).rejects.toThrow('Unknown provider "shopfy". Did you mean "shopify"?');
  });
});
