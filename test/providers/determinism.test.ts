/**
 * What every built-in promises about randomness and time, for every catalog type: the seed and the
 * delivery time fully determine the bytes; nothing comes from Math.random or the wall clock; and a
 * golden delivery per provider pins today's exact bytes (regenerate on purpose with `-u`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { builtInProviders } from '../../src/providers/index.js';

const T = Date.UTC(2026, 0, 15, 12, 0, 0);
const secrets: Record<string, string> = {
  stripe: 'whsec_golden',
  github: 'github-golden',
  clerk: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  shopify: 'shpss_golden',
  resend: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
const goldenTypes: Record<string, string> = {
  stripe: 'payment_intent.succeeded',
  github: 'pull_request.opened',
  clerk: 'user.created',
  shopify: 'orders/create',
  resend: 'email.delivered',
};

const cases = builtInProviders.flatMap((provider) => provider.catalog.eventTypes.map((type) => [provider.id, type] as const));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('every catalog type of every provider', () => {
  it.each(cases)('%s %s: same seed and time give the same bytes; another seed another body', async (provider, type) => {
    const secret = secrets[provider]!;
    const random = vi.spyOn(Math, 'random');
    vi.useFakeTimers({ now: Date.UTC(2001, 0, 1) });
    const a = await buildDelivery(provider, type, { secret, seed: 11, timestamp: T });
    vi.setSystemTime(Date.UTC(2031, 6, 1));
    const b = await buildDelivery(provider, type, { secret, seed: 11, timestamp: T });
    const c = await buildDelivery(provider, type, { secret, seed: 12, timestamp: T });
    expect(b.body).toBe(a.body);
    expect(b.headers).toEqual(a.headers);
    expect(c.body).not.toBe(a.body);
    expect(c.deliveryId).not.toBe(a.deliveryId);
    expect(random).not.toHaveBeenCalled();
  });
});

describe('golden deliveries (fixtures/golden)', () => {
  it.each(Object.entries(goldenTypes))('%s %s is rebuilt byte for byte from seed 42', async (provider, type) => {
    const secret = secrets[provider]!;
    const delivery = await buildDelivery(provider, type, { secret, seed: 42, timestamp: T });
    const golden = { provider, eventType: type, seed: 42, timestamp: T, secret, headers: delivery.headers, body: delivery.body };
    await expect(`${JSON.stringify(golden, null, 2)}\n`).toMatchFileSnapshot(`../../fixtures/golden/${provider}-${type.replace('/', '-')}.json`);
  });
});
