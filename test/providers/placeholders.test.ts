/**
 * No body of any type of any provider carries a placeholder string (a value made only of faker's
 * Latin lorem words, `"despecto"`, which no provider sends), over several seeds. `bench:placeholders`
 * prints the same count as a table.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { builtInProviders } from '../../src/providers/index.js';
import { countStrings, isPlaceholder, placeholders } from '../support/placeholders.js';

const SEEDS = [1, 2, 3, 4, 5];
const T = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('isPlaceholder', () => {
  it.each([
    ['despecto', true],
    ['Vigilo terga.', true],
    ['auctor_turbo', true],
    ['error', false],
    ['in_progress', false],
    ['IN', false],
    ['b3f5e1ad39c57f10b17e56029d6f044e6a4c3e0b', false],
    ['Fix stale invoice cache', false],
    ['', false],
  ])('%j is a placeholder: %s', (text, expected) => {
    expect(isPlaceholder(text)).toBe(expected);
  });
});

describe('every type of every provider, seeds 1-5', () => {
  it.each(builtInProviders.map((provider) => [provider.id, provider.catalog.eventTypes] as const))(
    '%s: no body carries a placeholder string',
    async (provider, types) => {
      const found: string[] = [];
      let strings = 0;
      for (const type of types) {
        for (const seed of SEEDS) {
          const body: unknown = JSON.parse((await buildDelivery(provider, type, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', seed, timestamp: T })).body);
          strings += countStrings(body);
          for (const [path, value] of placeholders(body)) found.push(`${type} seed ${seed} ${path} = ${JSON.stringify(value)}`);
        }
      }
      expect(found).toEqual([]);
      // The sweep saw the bodies' strings, not empty bodies.
      expect(strings).toBeGreaterThan(types.length * SEEDS.length * 5);
    },
  );
});
