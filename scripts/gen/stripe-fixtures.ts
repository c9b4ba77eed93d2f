/**
 * Stripe's fixtures at every depth, for `gen stripe`: the keys each fixture shows, as a tree, read
 * beside stripe-node's types so that the builder's shapes keep every optional key a fixture shows at
 * any depth (a person's `verification.document`, a tax id's `owner.customer`), and the test can
 * compare bodies with the fixtures at every depth. Only keys stripe-node types at that place count:
 * where the fixture and the types of the pinned version disagree, the types win.
 */
import type { Shape } from '../../src/providers/shared/shape.js';

/** The keys of a fixture object, each with the tree of its value when that is an object (arrays: their items' keys, merged), else null. */
export type KeyTree = { [key: string]: KeyTree | null };

/** The key tree of a fixture value, or null for a scalar, an empty array or an empty object. */
export function keyTree(value: unknown): KeyTree | null {
  if (Array.isArray(value)) {
    let merged: KeyTree | null = null;
    for (const item of value) merged = mergeTrees(merged, keyTree(item));
    return merged;
  }
  if (value === null || typeof value !== 'object') return null;
  const entries = Object.entries(value);
  if (entries.length === 0) return null;
  return Object.fromEntries(entries.map(([key, item]) => [key, keyTree(item)]));
}

function mergeTrees(a: KeyTree | null, b: KeyTree | null): KeyTree | null {
  if (a === null) return b;
  if (b === null) return a;
  const out: KeyTree = { ...a };
  for (const [key, tree] of Object.entries(b)) out[key] = mergeTrees(out[key] ?? null, tree);
  return out;
}

type Props = Record<string, Shape>;
interface ObjectShape {
  props: Props;
  optional?: string[];
}

/** What the fixtures show beside stripe-node's types. */
export interface FixtureDepth {
  /** Per def name, the keys the fixtures show at the def's places. */
  readonly kept: Map<string, Set<string>>;
  /** Per inline object node (an `ApiList`'s), the keys the fixtures show there. */
  readonly inline: WeakMap<object, Set<string>>;
  /** Per `object` name, the fixture's tree cut to the keys stripe-node types (`map` values such as `metadata` not looked into). */
  readonly trees: Record<string, KeyTree>;
}

/**
 * Walks every fixture's tree beside the def of its `object` (the first def whose `object` is that
 * name), recording the keys shown at each def and inline object and the typed tree.
 */
export function fixtureDepth(defs: Record<string, ObjectShape>, fixtures: Record<string, KeyTree>): FixtureDepth {
  const kept = new Map<string, Set<string>>();
  const inline = new WeakMap<object, Set<string>>();
  const add = (set: Set<string>, keys: Iterable<string>) => {
    for (const key of keys) set.add(key);
  };

  const walk = (shape: Shape, tree: KeyTree): KeyTree | null => {
    if (typeof shape !== 'object') return null;
    if ('nullable' in shape) return walk(shape.nullable, tree);
    if ('items' in shape) return walk(shape.items, tree);
    if ('anyOf' in shape) {
      // The branch whose keys the fixture shows most of.
      let best: { shape: Shape; score: number } | undefined;
      for (const branch of shape.anyOf) {
        const props = propsOf(branch);
        const score = props === undefined ? -1 : Object.keys(tree).filter((key) => key in props).length;
        if (score > (best?.score ?? 0)) best = { shape: branch, score };
      }
      return best === undefined ? null : walk(best.shape, tree);
    }
    if ('ref' in shape) {
      const def = defs[shape.ref];
      if (def === undefined) return null;
      let set = kept.get(shape.ref);
      if (set === undefined) kept.set(shape.ref, (set = new Set()));
      return objectTree(def.props, tree, set);
    }
    if ('props' in shape) {
      let set = inline.get(shape);
      if (set === undefined) inline.set(shape, (set = new Set()));
      return objectTree(shape.props, tree, set);
    }
    return null;
  };
  const objectTree = (props: Props, tree: KeyTree, set: Set<string>): KeyTree => {
    const keys = Object.keys(tree).filter((key) => key in props);
    add(set, keys);
    const out: KeyTree = {};
    for (const key of keys) {
      const sub = tree[key];
      out[key] = sub === null || props[key] === 'map' ? null : walk(props[key]!, sub!);
    }
    return out;
  };
  const propsOf = (shape: Shape): Props | undefined => {
    if (typeof shape !== 'object') return undefined;
    if ('ref' in shape) return defs[shape.ref]?.props;
    if ('nullable' in shape) return propsOf(shape.nullable);
    return 'props' in shape ? shape.props : undefined;
  };

  const byObject = new Map<string, string>();
  for (const [name, def] of Object.entries(defs)) {
    const object = def.props.object;
    if (object && typeof object === 'object' && 'const' in object && !byObject.has(String(object.const))) byObject.set(String(object.const), name);
  }
  const trees: Record<string, KeyTree> = {};
  for (const [object, tree] of Object.entries(fixtures)) {
    const name = byObject.get(object);
    if (name !== undefined) trees[object] = walk({ ref: name }, tree) ?? {};
  }
  return { kept, inline, trees };
}
