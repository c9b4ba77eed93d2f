/**
 * The seeded generator behind every payload. One faker instance, re-seeded per delivery: builds are
 * synchronous, so a seed fully determines a body. Only payload builders import this module, so faker
 * loads when a delivery is first built, not when a plugin is merely verified.
 */
import type { Faker as FakerType, LocaleDefinition, Randomizer } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

export type Faker = FakerType;

/**
 * sfc32 (a small, fast chaotic generator) behind faker's `Randomizer` interface. faker's default
 * Mersenne Twister takes about 30 µs to seed, more than building most payloads; this seeds in well
 * under a microsecond. Each `next()` combines two 32-bit outputs into a 53-bit fraction, as faker's
 * own randomizer does, so large integer ranges stay uniform.
 */
function sfc32Randomizer(): Randomizer {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  return {
    next: () => ((next32() >>> 5) * 67_108_864 + (next32() >>> 6)) / 9_007_199_254_740_992,
    seed: (seed) => {
      // splitmix32 spreads the seed (or the seed words) over the four state words.
      let s = 0x9e3779b9;
      for (const word of typeof seed === 'number' ? [seed] : seed) s = Math.imul(s ^ (word | 0) ^ Math.floor(word / 2 ** 32), 0x85ebca6b);
      const mix = (): number => {
        s = (s + 0x9e3779b9) | 0;
        let z = s;
        z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
        z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
        return (z ^ (z >>> 15)) | 0;
      };
      a = mix();
      b = mix();
      c = mix();
      d = mix();
      for (let i = 0; i < 12; i++) next32();
    },
  };
}

const randomizer = sfc32Randomizer();
// The en locale entry exports only an instance; its constructor is faker's `Faker` class.
const FakerClass = englishFaker.constructor as new (options: { locale: LocaleDefinition; randomizer: Randomizer }) => Faker;
const faker = new FakerClass({ locale: englishFaker.rawDefinitions, randomizer });

/** The shared generator, seeded for one build. */
export function seededFaker(seed: number): Faker {
  randomizer.seed(seed);
  return faker;
}

/** An integer in `[min, max]`. */
export function between(faker: Faker, min: number, max: number): number {
  return faker.number.int({ min, max });
}

/** One of `items`. */
export function pick<T>(faker: Faker, items: readonly T[]): T {
  return items[faker.number.int(items.length - 1)]!;
}

/** A public IPv4 address: no private, loopback, link-local or multicast range. */
export function publicIpv4(faker: Faker): string {
  const first = pick(faker, [23, 24, 31, 45, 50, 66, 67, 71, 73, 76, 81, 82, 86, 88, 92, 98, 99, 103, 108, 109, 122, 141, 174, 185, 188, 203, 212]);
  return `${first}.${between(faker, 0, 255)}.${between(faker, 0, 255)}.${between(faker, 1, 254)}`;
}
