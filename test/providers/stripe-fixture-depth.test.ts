/**
 * Stripe bodies are as deep as Stripe's fixtures: for every snapshot type whose resource has a
 * fixture, every key the fixture shows at any depth (as far as stripe-node types it) is in the
 * body, wherever the body has an object there (a null sub-object is a state the event may leave
 * unset; a polymorphic object carries the sub-object its own `type` names, not the fixture's).
 * `test/providers/generated/stripe-fixture-keys.ts` holds the fixtures' key trees.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { FIXTURE_TREES, NOT_IN_STRIPE_NODE, type KeyTree } from './generated/stripe-fixture-keys.js';

const SEEDS = [1, 2, 3];
/**
 * Fixture keys webhooks of the pinned API version do not send although stripe-node still types
 * them: a charge's `refunds` list is not included since API version 2022-11-15 (providers.md, 1.7).
 */
const NOT_SENT: Readonly<Record<string, readonly string[]>> = { charge: ['refunds'] };
const T = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The paths of `tree`'s keys that `value` lacks, where `value` is an object (arrays: each item). */
export function missingKeys(value: unknown, tree: KeyTree, path: string, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => missingKeys(item, tree, `${path}[${i}]`, out));
    return out;
  }
  if (value === null || typeof value !== 'object') return out;
  const object = value as Record<string, unknown>;
  for (const [key, sub] of Object.entries(tree)) {
    // Another variant's sub-object (the fixture's charge is a card's; this one's type is another).
    const variant = sub !== null && typeof object.type === 'string' && 'type' in tree && key !== object.type;
    if (!(key in object)) {
      if (!variant) out.push(`${path}.${key}`);
    }
    else if (sub !== null) missingKeys(object[key], sub, `${path}.${key}`, out);
  }
  return out;
}

describe('missingKeys', () => {
  it('names the keys a fixture shows that a body lacks, at any depth and in arrays', () => {
    const tree: KeyTree = { id: null, verification: { status: null, document: { front: null } }, lines: { id: null, amount: null }, details: { type: null, card: { brand: null } } };
    const body = { id: 'x', verification: { status: 'verified', document: {} }, lines: [{ id: 'a', amount: 1 }, { id: 'b' }], details: { type: 'card' } };
    expect(missingKeys(body, tree, '$')).toEqual(['$.verification.document.front', '$.lines[1].amount', '$.details.card']);
    // A polymorphic object of another type carries its own sub-object, not the fixture's.
    expect(missingKeys({ id: 'x', details: { type: 'us_bank_account', us_bank_account: {} } }, tree, '$')).toEqual(['$.verification', '$.lines']);
    expect(missingKeys({ id: 'x', verification: null, lines: [], details: null }, tree, '$')).toEqual([]);
  });
});

describe('every Stripe type whose resource has a fixture, seeds 1-3', () => {
  it('has every key the fixture shows, at every depth', async () => {
    const types = getProvider('stripe').catalog.eventTypes;
    const missing = new Map<string, Set<string>>();
    let compared = 0;
    for (const type of types) {
      for (const seed of SEEDS) {
        const event = JSON.parse((await buildDelivery('stripe', type, { secret: 'whsec_depth', seed, timestamp: T })).body) as { data?: { object?: { object?: string } } };
        const object = event.data?.object;
        const tree = typeof object?.object === 'string' ? FIXTURE_TREES[object.object] : undefined;
        if (tree === undefined) continue;
        compared++;
        const skipped = new Set([...(NOT_IN_STRIPE_NODE[object!.object!] ?? []), ...(NOT_SENT[object!.object!] ?? [])]);
        for (const path of missingKeys(object, tree, '$')) {
          if (skipped.has(path.split('.')[1]!)) continue;
          let set = missing.get(type);
          if (set === undefined) missing.set(type, (set = new Set()));
          set.add(path.replace(/\[\d+\]/g, '[]'));
        }
      }
    }
    const report = [...missing].map(([type, paths]) => `${type}: ${[...paths].join(', ')}`);
    expect(report).toEqual([]);
    expect(compared).toBeGreaterThan(200);
  });
});
