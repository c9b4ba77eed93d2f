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

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('every catalog type of every provider', () => {
  // One test per provider, looping over its catalog: a test per type (about a thousand) would spend
  // more time in the runner than in the builders.
  it.each(builtInProviders.map((provider) => [provider.id, provider.catalog.eventTypes] as const))(
    '%s: for every type, same seed and time give the same bytes; another seed another body',
    async (provider, types) => {
      const secret = secrets[provider]!;
      const random = vi.spyOn(Math, 'random');
      const problems: string[] = [];
      for (const type of types) {
        vi.useFakeTimers({ now: Date.UTC(2001, 0, 1) });
        const a = await buildDelivery(provider, type, { secret, seed: 11, timestamp: T });
        vi.setSystemTime(Date.UTC(2031, 6, 1));
        const b = await buildDelivery(provider, type, { secret, seed: 11, timestamp: T });
        const c = await buildDelivery(provider, type, { secret, seed: 12, timestamp: T });
        vi.useRealTimers();
        if (b.body !== a.body || JSON.stringify(b.headers) !== JSON.stringify(a.headers)) problems.push(`${type}: seed 11 built two different deliveries`);
        if (c.body === a.body) problems.push(`${type}: seeds 11 and 12 built the same body`);
        if (c.deliveryId === a.deliveryId) problems.push(`${type}: seeds 11 and 12 share a delivery id`);
      }
      expect(problems).toEqual([]);
      expect(random).not.toHaveBeenCalled();
      expect(types.length).toBeGreaterThan(30);
    },
  );
});

describe('golden deliveries (fixtures/golden)', () => {
  it.each(Object.entries(goldenTypes))('%s %s is rebuilt byte for byte from seed 42', async (provider, type) => {
    const secret = secrets[provider]!;
    const delivery = await buildDelivery(provider, type, { secret, seed: 42, timestamp: T });
    const golden = { provider, eventType: type, seed: 42, timestamp: T, secret, headers: delivery.headers, body: delivery.body };
    await expect(`${JSON.stringify(golden, null, 2)}\n`).toMatchFileSnapshot(`../../fixtures/golden/${provider}-${type.replace('/', '-')}.json`);
  });
});
