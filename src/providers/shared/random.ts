/**
 * The seeded generator behind every payload. One faker instance, re-seeded per delivery: builds are
 * synchronous, so a seed fully determines a body. Only payload builders import this module, so faker
 * loads when a delivery is first built, not when a plugin is merely verified.
 */
import { randomInt } from 'node:crypto';
import { faker } from '@faker-js/faker/locale/en';

export type Faker = typeof faker;

/** A fresh 31-bit seed, for deliveries built without one. */
export function randomSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/** The shared generator, seeded for one build. */
export function seededFaker(seed: number): Faker {
  faker.seed(seed);
  return faker;
}
