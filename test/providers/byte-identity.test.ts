/**
 * The bytes every built-in makes today, pinned: for every catalog type of every provider, seeds 1-3
 * (GitHub with and without an App), a digest of the headers and the body of the delivery built at a
 * fixed time. A refactor that must leave bodies alone (moving a provider into its own folder, say)
 * proves it here; a change that means to alter bodies regenerates the files on purpose with `-u` and
 * says which types moved. The digests are sha256 of the sorted headers and the body, first 16 hex digits.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { builtInProviders } from '../../src/providers/index.js';

const T = Date.UTC(2026, 5, 1, 9, 30, 0);
const seeds = [1, 2, 3];
const secrets: Record<string, string> = {
  stripe: 'whsec_bytes',
  github: 'github-bytes',
  clerk: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  shopify: 'shpss_bytes',
  resend: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

function digest(headers: Record<string, string>, body: string): string {
  const sorted = Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(sorted)).update('\n').update(body).digest('hex').slice(0, 16);
}

describe('the bytes of every type of every provider', () => {
  it.each(builtInProviders.map((provider) => [provider.id, provider.catalog.eventTypes] as const))(
    '%s: every type, seeds 1-3, matches the pinned digests',
    async (provider, types) => {
      const variants: [string, { app?: boolean }][] = provider === 'github' ? [['', {}], [' app', { app: true }]] : [['', {}]];
      const digests: Record<string, string> = {};
      for (const type of types) {
        for (const seed of seeds) {
          for (const [suffix, options] of variants) {
            const delivery = await buildDelivery(provider, type, { secret: secrets[provider]!, seed, timestamp: T, ...options });
            digests[`${type} ${seed}${suffix}`] = digest(delivery.headers as Record<string, string>, delivery.body);
          }
        }
      }
      expect(Object.keys(digests).length).toBe(types.length * seeds.length * variants.length);
      await expect(`${JSON.stringify(digests, null, 1)}\n`).toMatchFileSnapshot(`./__digests__/${provider}.json`);
    },
  );
});
