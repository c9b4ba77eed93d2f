/**
 * `npm run gen clerk`: reads Clerk's webhooks OpenAPI (`clerk/openapi-specs`, `webhooks/2025-04-15.yml`,
 * not published on npm), adds the keys @clerk/backend's `WebhookEvent` types declare beyond it
 * (scripts/gen/clerk-sdk.ts) and those Clerk's examples show beyond both, and writes
 * - `src/providers/clerk/generated/shapes.ts`: each event type's `data` shape, resources shared as `defs`;
 * - `src/providers/clerk/generated/data-types.ts`: `ClerkEventData`, the type of each event's `data`;
 * - `test/providers/generated/clerk-examples.ts`: for the tests, the key paths (and JSON types) of
 *   Clerk's example payload of each type. Facts only: no example values are copied.
 *
 * No YAML parser is among the project's dependencies, so the generator reads the spec as JSON, from
 * the path in `CLERK_WEBHOOKS_SPEC`:
 *
 *   git -C <clone> show HEAD:webhooks/2025-04-15.yml |
 *     python3 -c 'import sys, yaml, json; json.dump(yaml.safe_load(sys.stdin), sys.stdout)' > /tmp/clerk-webhooks.json
 *   CLERK_WEBHOOKS_SPEC=/tmp/clerk-webhooks.json npm run gen clerk
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve, type Shape, type ShapeDefs } from '../../src/providers/shared/shape.js';
import { mergeSdkKeys } from './clerk-sdk.js';
import { generatedHeader, shapesModule, typesModule, writeModule } from './shapes.js';

/** The spec's file and version, named in the generated headers. */
export const SOURCE = "Clerk's webhooks OpenAPI (clerk/openapi-specs webhooks/2025-04-15.yml)";

/** An OpenAPI 3.0 schema object, as far as Clerk's spec uses it. */
interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly nullable?: boolean;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly format?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly allOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly anyOf?: readonly Schema[];
  readonly additionalProperties?: boolean | Schema;
}

interface MediaType {
  readonly schema: Schema;
  readonly example?: unknown;
  readonly examples?: Readonly<Record<string, { readonly $ref?: string; readonly value?: unknown }>>;
}

interface Spec {
  readonly 'x-webhooks': Readonly<Record<string, { post: { requestBody: { content: { 'application/json': MediaType } } } }>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, Schema>>;
    readonly examples?: Readonly<Record<string, { readonly value: unknown }>>;
  };
}

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** Turns the spec's schemas into shapes; `defs` collects every component schema an event reaches. */
export class ShapeReader {
  readonly defs: Record<string, Shape> = {};
  constructor(private readonly spec: Spec) {}

  /** The shape of `schema`; component refs become `{ ref }` defs. */
  shape(schema: Schema): Shape {
    const inner = this.bare(schema);
    return schema.nullable && !(typeof inner === 'object' && 'nullable' in inner) ? { nullable: inner } : inner;
  }

  private bare(schema: Schema): Shape {
    if (schema.$ref) return this.ref(schema.$ref);
    if (schema.allOf) {
      if (schema.allOf.length === 1 && schema.allOf[0]!.$ref && !schema.properties) return this.ref(schema.allOf[0]!.$ref);
      return this.object(this.flatten(schema));
    }
    const branches = schema.oneOf ?? schema.anyOf;
    if (branches) return branches.length === 1 ? this.bare(branches[0]!) : { anyOf: branches.map((b) => this.bare(b)) };
    if (schema.enum) {
      const values = schema.enum.filter((v) => v !== null);
      return values.length === 1 ? { const: values[0]! } : { enum: values };
    }
    switch (schema.type) {
      case 'string':
        return schema.format === 'email' ? { format: 'email' } : 'string';
      case 'integer':
      case 'number':
      case 'boolean':
        return schema.type;
      case 'array':
        return { items: schema.items ? this.shape(schema.items) : 'any' };
      default:
        return schema.properties ? this.object(schema) : schema.type === 'object' ? 'map' : 'any';
    }
  }

  private ref(ref: string): Shape {
    const name = refName(ref);
    if (!(name in this.defs)) {
      this.defs[name] = 'any'; // placeholder while the def's own refs are read
      const schema = this.spec.components.schemas[name];
      if (!schema) throw new Error(`gen clerk: the spec has no schema "${name}".`);
      this.defs[name] = this.bare(schema);
    }
    return { ref: name };
  }

  /** An `allOf`'s branches merged into one object schema (later branches win a key). */
  flatten(schema: Schema): { properties: Record<string, Schema>; required: string[] } {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    const add = (part: Schema): void => {
      if (part.$ref) return add(this.spec.components.schemas[refName(part.$ref)]!);
      for (const branch of part.allOf ?? []) add(branch);
      Object.assign(properties, part.properties ?? {});
      required.push(...(part.required ?? []));
    };
    add(schema);
    return { properties, required };
  }

  private object(schema: Schema): Shape {
    const properties = schema.properties ?? {};
    const keys = Object.keys(properties).sort();
    const props: Record<string, Shape> = {};
    for (const key of keys) props[key] = this.shape(properties[key]!);
    const optional = keys.filter((key) => !(schema.required ?? []).includes(key));
    return optional.length > 0 ? { props, optional } : { props };
  }
}

/** What an event type's request body says of `data`: its schema (the body's `allOf` merged). */
function dataSchema(reader: ShapeReader, media: MediaType): Schema {
  const { properties } = reader.flatten(media.schema);
  const data = properties.data;
  if (!data) throw new Error('gen clerk: an event body without `data`.');
  return data;
}

function example(spec: Spec, media: MediaType): unknown {
  if (media.example !== undefined) return media.example;
  const first = Object.values(media.examples ?? {})[0];
  if (first?.value !== undefined) return first.value;
  if (first?.$ref) return spec.components.examples?.[refName(first.$ref)]?.value;
  return undefined;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;

/**
 * Every key path of `value` (`data.email_addresses[].id`) with its JSON type, `null` when the example
 * holds null at every occurrence (so that only the key's presence can be checked). Where `shape` says
 * the value is a free-form map (`public_metadata`), the example's own keys are not facts of the spec
 * and are left out.
 */
export function keyPaths(value: unknown, shape: Shape | undefined, defs: ShapeDefs, prefix = '', out = new Map<string, string>()): Map<string, string> {
  const node = shape === undefined ? undefined : unwrap(shape, defs);
  if (node === 'map') return out;
  if (Array.isArray(value)) {
    const items = typeof node === 'object' && 'items' in node ? node.items : undefined;
    for (const item of value) keyPaths(item, items, defs, `${prefix}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix === '' ? key : `${prefix}.${key}`;
      const type = jsonType(child);
      if (out.get(path) === undefined || out.get(path) === 'null') out.set(path, type);
      keyPaths(child, childShape(node, key, defs), defs, path, out);
    }
  }
  return out;
}

/** `shape` with refs followed and `nullable` unwrapped. */
function unwrap(shape: Shape, defs: ShapeDefs): Shape {
  let node = resolve(shape, defs);
  while (typeof node === 'object' && 'nullable' in node) node = resolve(node.nullable, defs);
  return node;
}

/** The shape of `key` in an object of shape `node` (the first `anyOf` branch that has it). */
function childShape(node: Shape | undefined, key: string, defs: ShapeDefs): Shape | undefined {
  if (node === undefined || typeof node !== 'object') return undefined;
  if ('props' in node) return node.props[key];
  if ('anyOf' in node) {
    for (const branch of node.anyOf) {
      const found = childShape(unwrap(branch, defs), key, defs);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The shape of a value that only Clerk's example shows: its JSON type; every key of an object optional. */
function exampleShape(value: unknown): Shape {
  if (value === null) return 'any';
  if (Array.isArray(value)) return { items: value.length > 0 ? exampleShape(value[0]) : 'any' };
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const props: Record<string, Shape> = {};
    for (const key of keys) props[key] = exampleShape((value as Record<string, unknown>)[key]);
    return keys.length > 0 ? { props, optional: keys } : 'map';
  }
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

/**
 * `node` widened to what Clerk's example `value` sends, where the spec's own schemas fall short: keys
 * the example shows beyond the spec become optional ones (`sms.created`'s `created_at`, a payment
 * item's `plan.is_prorated`), a null where the spec has none makes the key nullable (`role.deleted`'s
 * `slug`), and an enum gains the example's value (`session.pending`'s status `pending`). Defs are
 * changed in place; an `anyOf` grows in the branch whose `object` the value names (else the first).
 */
function addExampleKeys(node: Shape, value: unknown, defs: Record<string, Shape>): Shape {
  if (value === null) return node === 'any' || node === 'null' || (typeof node === 'object' && 'nullable' in node) ? node : { nullable: node };
  if (typeof node === 'object' && 'enum' in node && typeof value === 'string' && !node.enum.includes(value)) return { enum: [...node.enum, value] };
  if (typeof value !== 'object' || typeof node !== 'object') return node;
  if ('ref' in node) {
    defs[node.ref] = addExampleKeys(defs[node.ref]!, value, defs);
    return node;
  }
  if ('nullable' in node) return { nullable: addExampleKeys(node.nullable, value, defs) };
  if ('anyOf' in node) {
    const named = (value as Record<string, unknown>).object;
    const index = Math.max(0, node.anyOf.findIndex((branch) => {
      const b = resolve(branch, defs);
      return typeof b === 'object' && 'props' in b && typeof b.props.object === 'object' && 'const' in b.props.object && b.props.object.const === named;
    }));
    return { anyOf: node.anyOf.map((branch, i) => (i === index ? addExampleKeys(branch, value, defs) : branch)) };
  }
  if ('items' in node) {
    if (!Array.isArray(value)) return node;
    let items = node.items;
    for (const item of value) items = addExampleKeys(items, item, defs);
    return { ...node, items };
  }
  if (!('props' in node) || Array.isArray(value)) return node;
  const props: Record<string, Shape> = { ...node.props };
  const optional = [...(node.optional ?? [])];
  for (const [key, child] of Object.entries(value)) {
    if (key in props) props[key] = addExampleKeys(props[key]!, child, defs);
    else {
      props[key] = exampleShape(child);
      optional.push(key);
    }
  }
  const sorted: Record<string, Shape> = {};
  for (const key of Object.keys(props).sort()) sorted[key] = props[key]!;
  return optional.length > 0 ? { props: sorted, optional: optional.sort() } : { props: sorted };
}

/** The test facts module: each type's example key paths as `path:type` strings, shared lists written once. */
function examplesModule(examples: Readonly<Record<string, readonly string[]>>): string {
  const lists = new Map<string, string>();
  const constants: string[] = [];
  const entries: string[] = [];
  for (const type of Object.keys(examples).sort()) {
    const text = JSON.stringify(examples[type]);
    let name = lists.get(text);
    if (!name) {
      name = `k${lists.size}`;
      lists.set(text, name);
      constants.push(`const ${name} = ${text};`);
    }
    entries.push(`  ${JSON.stringify(type)}: ${name},`);
  }
  return [
    generatedHeader(SOURCE),
    '/**',
    " * The key paths of Clerk's example payload for each event type, with the JSON type the example holds",
    ' * there (`null` when the example only shows the key). `[]` stands for every item of an array.',
    ' */',
    ...constants,
    `export const clerkExampleKeys: { readonly [eventType: string]: readonly string[] } = {\n${entries.join('\n')}\n};`,
    '',
  ].join('\n');
}

/** Reads the spec at `CLERK_WEBHOOKS_SPEC` and writes the generated modules. */
export function generate(): void {
  const file = process.env.CLERK_WEBHOOKS_SPEC;
  const how = "set CLERK_WEBHOOKS_SPEC to Clerk's webhooks/2025-04-15.yml converted to JSON (see scripts/gen/clerk.ts; no YAML parser is installed)";
  if (!file) {
    // The spec is not on npm: a plain `npm run gen` keeps the committed modules; `npm run gen clerk` asks for it.
    if (!process.argv.slice(2).includes('clerk')) return void console.log(`gen clerk: skipped (${how}); the committed modules stay.`);
    throw new Error(`gen clerk: ${how}.`);
  }
  if (!file.endsWith('.json')) throw new Error(`gen clerk: ${file} is not JSON; ${how}.`);
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Spec;
  if (!spec['x-webhooks'] || !spec.components?.schemas) throw new Error(`gen clerk: ${file} has no x-webhooks / components.schemas; is it Clerk's webhooks spec?`);
  const reader = new ShapeReader(spec);
  const events: Record<string, Shape> = {};
  const examples: Record<string, string[]> = {};
  for (const type of Object.keys(spec['x-webhooks']).sort()) {
    const media = spec['x-webhooks'][type]!.post.requestBody.content['application/json'];
    events[type] = reader.shape(dataSchema(reader, media));
    const paths = keyPaths(example(spec, media), { props: { data: events[type]! } }, reader.defs);
    examples[type] = [...paths].map(([path, t]) => `${path}:${t}`).sort();
  }
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const notInSdk = mergeSdkKeys(root, reader.defs, events);
  for (const type of Object.keys(events)) {
    const media = spec['x-webhooks'][type]!.post.requestBody.content['application/json'];
    const data = (example(spec, media) as { data?: unknown } | undefined)?.data;
    events[type] = addExampleKeys(events[type]!, data, reader.defs);
  }
  console.log(`gen clerk: ${Object.keys(events).length} event types; not in @clerk/backend's WebhookEvent: ${notInSdk.join(', ') || 'none'}`);
  const defs: ShapeDefs = reader.defs;
  writeModule(`${root}src/providers/clerk/generated/shapes.ts`, shapesModule(SOURCE, defs, events));
  writeModule(`${root}src/providers/clerk/generated/data-types.ts`, typesModule(SOURCE, 'ClerkEventData', defs, events));
  writeModule(`${root}test/providers/generated/clerk-examples.ts`, examplesModule(examples));
}
