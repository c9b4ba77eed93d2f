/**
 * Shapes: a payload's structure as `npm run gen` reads it from a provider's official schema, written
 * as compact JSON data that payload builders walk with the delivery's seeded faker. The schema says
 * which keys exist and what type each holds; the builder says, through `fill`, what the schema cannot
 * know: the ids, names, urls and times that must agree across one payload (the scene). Every other
 * leaf is drawn here.
 *
 * @example
 * const defs = { Label: { props: { id: 'integer', name: 'string', color: 'string' } } };
 * walkShape({ props: { action: { const: 'labeled' }, label: { ref: 'Label' } } }, { faker, defs, time: isoSeconds(now) });
 * // { action: 'labeled', label: { id: 48213, name: 'vitae', color: 'omnis' } }
 */
import type { JsonValue } from '../../core/index.js';
import { hex, uuidV4 } from './ids.js';
import type { Faker } from './random.js';

/** A leaf drawn from its type alone: `map` is an object of free keys (`metadata`), drawn empty. */
export type ShapeLeaf = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'map' | 'any';

/** The string formats a shape may name; the walker draws a valid string of each. */
export type StringFormat = 'date-time' | 'date' | 'uri' | 'email' | 'uuid' | 'hostname' | 'ipv4' | 'hex' | 'color';

/** One node of a payload's structure. The generator writes these; builders never construct them by hand. */
export type Shape =
  | ShapeLeaf
  /** A named shape of the module's `defs`, so that a resource used in many events is written once. */
  | { readonly ref: string }
  | { readonly const: JsonValue }
  /** One of these values, drawn. */
  | { readonly enum: readonly JsonValue[] }
  | { readonly format: StringFormat }
  /** The inner shape or `null`; the walker draws the inner shape unless it is past `maxDepth`. */
  | { readonly nullable: Shape }
  /** One of these; the walker takes the first, so the generator puts the likeliest branch first. */
  | { readonly anyOf: readonly Shape[] }
  /** An array of `min` items (default 1); past `maxDepth`, empty. */
  | { readonly items: Shape; readonly min?: number }
  /** An object of these keys; `optional` keys (not required by the schema) are dropped past `maxDepth`. */
  | { readonly props: { readonly [key: string]: Shape }; readonly optional?: readonly string[] };

/** Named shapes, by the name `{ ref }` uses. */
export type ShapeDefs = { readonly [name: string]: Shape };

/** The keys from the root to the value being drawn; array items are their index. */
export type ShapePath = readonly (string | number)[];

/** What a walk draws with. */
export interface WalkOptions {
  readonly faker: Faker;
  readonly defs: ShapeDefs;
  /** The value every `date-time` leaf gets unless `fill` gives another: the provider's time format. */
  readonly time: string;
  /**
   * The scene's value for the leaf or object at `path` (its last element is the key), or `undefined`
   * to let the walker draw one. `shape` is the resolved node (never a `ref`). Return values are used as
   * they are, not walked.
   */
  readonly fill?: (path: ShapePath, shape: Exclude<Shape, { ref: string }>) => JsonValue | undefined;
  /** How deep objects and arrays may nest before nullable, optional and array nodes stop (default 12). */
  readonly maxDepth?: number;
}

/**
 * A value of `shape`, drawn with `options.faker`.
 * @example
 * walkShape({ items: { format: 'uuid' }, min: 2 }, { faker: seededFaker(1), defs: {}, time: '' }); // two UUIDs
 */
export function walkShape(shape: Shape, options: WalkOptions): JsonValue {
  const path: (string | number)[] = [];
  const maxDepth = options.maxDepth ?? 12;

  const walk = (node: Shape, depth: number): JsonValue => {
    const resolved = resolve(node, options.defs);
    const filled = options.fill?.(path, resolved);
    if (filled !== undefined) return filled;
    if (typeof resolved === 'string') return drawLeaf(resolved, options.faker, path);
    if ('const' in resolved) return resolved.const;
    if ('enum' in resolved) return resolved.enum[options.faker.number.int(resolved.enum.length - 1)]!;
    if ('format' in resolved) return drawFormat(resolved.format, options);
    if ('nullable' in resolved) return depth > maxDepth ? null : walk(resolved.nullable, depth);
    if ('anyOf' in resolved) return walk(resolved.anyOf[0]!, depth);
    if ('items' in resolved) {
      if (depth > maxDepth) return [];
      const out: JsonValue[] = [];
      for (let i = 0; i < (resolved.min ?? 1); i++) {
        path.push(i);
        out.push(walk(resolved.items, depth + 1));
        path.pop();
      }
      return out;
    }
    const out: Record<string, JsonValue> = {};
    const optional = depth > maxDepth ? resolved.optional : undefined;
    for (const key in resolved.props) {
      if (optional?.includes(key)) continue;
      path.push(key);
      out[key] = walk(resolved.props[key]!, depth + 1);
      path.pop();
    }
    return out;
  };
  return walk(shape, 0);
}

/** `node` with its `ref`s followed. */
export function resolve(node: Shape, defs: ShapeDefs): Exclude<Shape, { ref: string }> {
  let current = node;
  while (typeof current === 'object' && 'ref' in current) {
    const next = defs[current.ref];
    if (next === undefined) throw new Error(`relaykit: the shape "${current.ref}" is not defined.`);
    current = next;
  }
  return current;
}

function drawLeaf(leaf: ShapeLeaf, faker: Faker, path: ShapePath): JsonValue {
  switch (leaf) {
    case 'string':
      return faker.lorem.word();
    case 'integer': {
      const key = path[path.length - 1];
      return typeof key === 'string' && /count|size|total|number|position|line/.test(key)
        ? faker.number.int({ min: 0, max: 40 })
        : faker.number.int({ min: 1, max: 999_999 });
    }
    case 'number':
      return faker.number.float({ min: 0, max: 1000, fractionDigits: 2 });
    case 'boolean':
      return faker.datatype.boolean();
    case 'null':
      return null;
    case 'map':
      return {};
    case 'any':
      return null;
  }
}

function drawFormat(format: StringFormat, options: WalkOptions): string {
  const { faker } = options;
  switch (format) {
    case 'date-time':
      return options.time;
    case 'date':
      return options.time.slice(0, 10);
    case 'uri':
      return `https://example.com/${faker.lorem.word()}`;
    case 'email':
      return faker.internet.email({ provider: 'example.com' }).toLowerCase();
    case 'uuid':
      return uuidV4(faker);
    case 'hostname':
      return `${faker.lorem.word()}.example.com`;
    case 'ipv4':
      return faker.internet.ipv4();
    case 'hex':
      return hex(faker, 40);
    case 'color':
      return hex(faker, 6);
  }
}
