/**
 * Every catalogued Stripe type's `data.object` is the resource Stripe sends (its `object` name and
 * id prefix) and carries every top-level key of that resource's fixture in Stripe's OpenAPI
 * fixtures (`stripe/openapi` `openapi/fixtures3.json`; facts read by `npm run gen stripe` into
 * `test/providers/generated/stripe-fixture-keys.ts`).
 */
import { describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/stripe/build.js';
import { stripeEventTypes } from '../../src/providers/stripe/catalog.js';
import { ID_PREFIXES } from '../../src/providers/stripe/generated/ids.js';
import { defs, events } from '../../src/providers/stripe/generated/shapes.js';
import { resolve, type Shape } from '../../src/providers/shared/shape.js';
import { FIXTURE_KEYS, NOT_IN_STRIPE_NODE } from './generated/stripe-fixture-keys.js';

type Json = Record<string, unknown>;
const NOW = Date.UTC(2026, 10, 21, 16, 29, 56);
const SEEDS = [1, 2, 3];

/**
 * Fixture keys a webhook of the pinned API version leaves out, on purpose: a Charge's `refunds` list
 * is includable only (`expand[]=refunds`) since API version 2022-11-15, and stripe-node types it optional.
 */
const NOT_IN_WEBHOOKS: Readonly<Record<string, readonly string[]>> = { charge: ['refunds'] };

/** The `object` names stripe-node's type for the event allows (one, or a union's branches). */
function objectNames(shape: Shape): string[] {
  const node = resolve(shape, defs);
  if (typeof node === 'object' && 'anyOf' in node) return node.anyOf.flatMap(objectNames);
  if (typeof node === 'object' && 'props' in node) {
    const object = node.props.object;
    return object !== undefined && typeof object === 'object' && 'const' in object ? [String(object.const)] : [];
  }
  return [];
}

const built = stripeEventTypes.flatMap((type) =>
  SEEDS.map((seed) => {
    const event = JSON.parse(builder.build({ eventType: type, faker: seededFaker(seed), now: NOW, data: undefined }).body) as Json;
    return { type, seed, object: (event.data as { object: Json }).object };
  }),
);

describe('stripe data.object against the OpenAPI fixtures', () => {
  it('is the resource stripe-node types the event with, for every type and seed', () => {
    const wrong = built.filter(({ type, object }) => !objectNames(events[type]!).includes(object.object as string));
    expect(wrong.map(({ type, seed, object }) => `${type} (${seed}): ${String(object.object)}`)).toEqual([]);
    expect(built).toHaveLength(275 * SEEDS.length);
  });

  it("carries every key of the resource's fixture, for every type that has a fixture", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const { type, seed, object } of built) {
      const name = object.object as string;
      const keys = FIXTURE_KEYS[name];
      if (keys === undefined) continue;
      checked++;
      const absent = keys.filter(
        (key) => !(key in object) && !NOT_IN_STRIPE_NODE[name]?.includes(key) && !NOT_IN_WEBHOOKS[name]?.includes(key),
      );
      if (absent.length > 0) missing.push(`${type} (${seed}) ${name}: ${absent.join(', ')}`);
    }
    expect(missing).toEqual([]);
    // Only apps.install and three_d_secure.authentication have no fixture (10 types).
    expect(checked).toBe(265 * SEEDS.length);
  });

  it('gives each resource the id prefix of its fixture (an upcoming invoice has its own)', () => {
    const wrong = built.filter(({ type, object }) => {
      const prefix = type === 'invoice.upcoming' ? 'upcoming_in' : ID_PREFIXES[object.object as string];
      return prefix !== undefined && !String(object.id).startsWith(`${prefix}_`);
    });
    expect(wrong.map(({ type, object }) => `${type}: ${String(object.id)}`)).toEqual([]);
  });

  it('leaves out only the fixture keys stripe-node no longer has (documented, few)', () => {
    expect(NOT_IN_STRIPE_NODE).toEqual({ invoice: ['subscription'] });
  });
});
