/**
 * Shapes: a payload's structure as `npm run gen` reads it from a provider's official schema, written
 * as compact JSON data that payload builders walk with the delivery's seeded faker. The schema says
 * which keys exist and what type each holds; the builder says, through `fill`, what the schema cannot
 * know: the ids, names, urls and times that must agree across one payload (the scene). Every other
 * leaf is drawn here; a plain string in the form its key names (`text.ts`: a colour at `color`, a
 * title at `title`), never a placeholder word.
 *
 * @example
 * const defs = { Label: { props: { id: 'integer', name: 'string', color: 'string' } } };
 * walkShape({ props: { action: { const: 'labeled' }, label: { ref: 'Label' } } }, { faker, defs, time: isoSeconds(now) });
 * // { action: 'labeled', label: { id: 48213, name: 'Quiet harbor', color: '3fa2c1' } }
 */
import type { JsonValue } from '../../core/index.js';
import { hex, uuidV4 } from './ids.js';
import { objectOf, type Assemble } from './literal.js';
import type { Faker } from './random.js';
import { drawText, textKind } from './text.js';

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
    if (typeof resolved === 'string') return drawLeaf(resolved, options.faker, path[path.length - 1]);
    if ('const' in resolved) return resolved.const;
    if ('enum' in resolved) return resolved.enum[options.faker.number.int(resolved.enum.length - 1)]!;
    if ('format' in resolved) return drawFormat(resolved.format, options.faker, options.time);
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
    const optional = depth > maxDepth ? resolved.optional : undefined;
    const { keys, assemble } = optional ? layoutOf(Object.keys(resolved.props).filter((key) => !optional.includes(key))) : fullLayout(resolved);
    const drawn: JsonValue[] = new Array(keys.length);
    for (let i = 0; i < keys.length; i++) {
      path.push(keys[i]!);
      drawn[i] = walk(resolved.props[keys[i]!]!, depth + 1);
      path.pop();
    }
    return assemble(drawn);
  };
  return walk(shape, 0);
}

/** An object node's keys and their assembler. */
interface Layout {
  readonly keys: readonly string[];
  readonly assemble: Assemble;
}

const layouts = new WeakMap<object, Layout>();
const layoutOf = (keys: readonly string[]): Layout => ({ keys, assemble: objectOf(keys) });

/** The layout of an object node with every key, read once per node. */
function fullLayout(node: { readonly props: Readonly<Record<string, Shape>> }): Layout {
  let layout = layouts.get(node);
  if (!layout) layouts.set(node, (layout = layoutOf(Object.keys(node.props))));
  return layout;
}

/** What a compiled walk draws with: the delivery's faker and time, and whatever its fillers need. */
export interface DrawContext {
  readonly faker: Faker;
  /** The value every `date-time` leaf gets unless a filler gives another. */
  readonly time: string;
}

/** Makes one value of a compiled walk from the delivery's context. */
export type Producer<C> = (context: C) => JsonValue;

/**
 * The scene's filler for one place of the shape, decided once when the walk is compiled: `always`
 * makes the value there; `maybe` makes it or answers `undefined` to let the walker draw.
 */
export type FillPlan<C> = { readonly always: Producer<C> } | { readonly maybe: (context: C) => JsonValue | undefined };

/** What a compiled walk is planned with. */
export interface CompileOptions<C> {
  readonly defs: ShapeDefs;
  /** The filler for the node at `path` (decided from the path and the node alone), or `undefined` to draw it. */
  readonly plan?: (path: ShapePath, shape: Exclude<Shape, { ref: string }>) => FillPlan<C> | undefined;
  /** As in {@link WalkOptions}. */
  readonly maxDepth?: number;
}

/**
 * {@link walkShape} split in two: the decisions that depend only on the shape and the place (which
 * keys, which filler, which leaf draw) are taken once here; the returned producer only draws and
 * fills. For a body built many times from one shape, whose fillers can be decided from the path: it
 * makes what `walkShape` with the equivalent `fill` makes, drawing from the faker in the same order.
 * @example
 * const make = compileShape<DrawContext>({ props: { id: 'integer', at: { format: 'date-time' } } }, { defs: {} });
 * make({ faker: seededFaker(1), time: '2026-01-01T00:00:00Z' }); // { id: 48213, at: '2026-01-01T00:00:00Z' }
 */
export function compileShape<C extends DrawContext>(shape: Shape, options: CompileOptions<C>): Producer<C> {
  const path: (string | number)[] = [];
  const maxDepth = options.maxDepth ?? 12;

  const compile = (node: Shape, depth: number): Producer<C> => {
    const resolved = resolve(node, options.defs);
    const plan = options.plan?.(path, resolved);
    if (plan && 'always' in plan) return plan.always;
    const draw = drawer(resolved, depth);
    if (!plan) return draw;
    const { maybe } = plan;
    return (context) => {
      const filled = maybe(context);
      return filled !== undefined ? filled : draw(context);
    };
  };
  const drawer = (resolved: Exclude<Shape, { ref: string }>, depth: number): Producer<C> => {
    if (typeof resolved === 'string') {
      const key = path[path.length - 1];
      if (resolved === 'string') {
        const kind = textKind(key);
        return ({ faker }) => drawText(kind, faker);
      }
      return ({ faker }) => drawLeaf(resolved, faker, key);
    }
    if ('const' in resolved) return () => resolved.const;
    if ('enum' in resolved) {
      const values = resolved.enum;
      return ({ faker }) => values[faker.number.int(values.length - 1)]!;
    }
    if ('format' in resolved) return ({ faker, time }) => drawFormat(resolved.format, faker, time);
    if ('nullable' in resolved) return depth > maxDepth ? () => null : compile(resolved.nullable, depth);
    if ('anyOf' in resolved) return compile(resolved.anyOf[0]!, depth);
    if ('items' in resolved) {
      if (depth > maxDepth) return () => [];
      const items: Producer<C>[] = [];
      for (let i = 0; i < (resolved.min ?? 1); i++) {
        path.push(i);
        items.push(compile(resolved.items, depth + 1));
        path.pop();
      }
      return (context) => items.map((item) => item(context));
    }
    const optional = depth > maxDepth ? resolved.optional : undefined;
    const keys: string[] = [];
    const values: Producer<C>[] = [];
    for (const key in resolved.props) {
      if (optional?.includes(key)) continue;
      path.push(key);
      keys.push(key);
      values.push(compile(resolved.props[key]!, depth + 1));
      path.pop();
    }
    const assemble = objectOf(keys);
    return (context) => {
      // Drawn in key order, then laid out at once.
      const drawn: JsonValue[] = new Array(values.length);
      for (let i = 0; i < values.length; i++) drawn[i] = values[i]!(context);
      return assemble(drawn);
    };
  };
  return compile(shape, 0);
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

/**
 * A leaf's value, by its `key`: a string of the form the key names (`textKind`); an integer at a
 * key that names a count is a small count, not an id.
 */
function drawLeaf(leaf: ShapeLeaf, faker: Faker, key: string | number | undefined): JsonValue {
  switch (leaf) {
    case 'string':
      return drawText(textKind(key), faker);
    case 'integer':
      return isCountKey(key) ? faker.number.int({ min: 0, max: 40 }) : faker.number.int({ min: 1, max: 999_999 });
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

/** Integers at these keys are small counts (0-40); others are drawn as ids. */
const isCountKey = (key: string | number | undefined): boolean => typeof key === 'string' && /count|size|total|number|position|line/.test(key);

function drawFormat(format: StringFormat, faker: Faker, time: string): string {
  switch (format) {
    case 'date-time':
      return time;
    case 'date':
      return time.slice(0, 10);
    case 'uri':
      return drawText('url', faker);
    case 'email':
      return faker.internet.email({ provider: 'example.com' }).toLowerCase();
    case 'uuid':
      return uuidV4(faker);
    case 'hostname':
      return drawText('host', faker);
    case 'ipv4':
      return faker.internet.ipv4();
    case 'hex':
      return hex(faker, 40);
    case 'color':
      return hex(faker, 6);
  }
}
