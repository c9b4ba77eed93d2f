/** Where a Stripe object names another: the ids at its expandable fields. */
import { EXPANDABLE, ID_PREFIXES } from './generated/ids.js';
import type { Obj } from './scene.js';

/** An id a payload names: the key it sits at, the resource it names, and the object holding it. */
export interface Reference {
  readonly key: string;
  readonly kind: string;
  readonly id: string;
  readonly holder: Obj;
  readonly depth: number;
  /** Whether the payload holds the object itself there (a subscription item's `price`), not its id. */
  readonly expanded: boolean;
}

const isObj = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Every id inside `object` (not its own) at a key that names a resource (`customer`, `latest_charge`,
 * `price`, …, stripe-node's expandable fields) with that resource's id prefix, or that resource
 * itself expanded there, shallowest first.
 * @example
 * references(invoice).find((r) => r.kind === 'subscription')?.id; // 'sub_1…' (from parent.subscription_details)
 */
export function references(object: Obj): Reference[] {
  const out: Reference[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    if (!isObj(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const kind = EXPANDABLE[key];
      const prefix = kind === undefined ? undefined : ID_PREFIXES[kind];
      const named = (id: unknown): id is string => typeof id === 'string' && prefix !== undefined && id.startsWith(`${prefix}_`) && id.length > prefix.length + 1;
      if (named(value)) out.push({ key, kind: kind!, id: value, holder: node, depth, expanded: false });
      else if (isObj(value) && named(value.id) && value.object === kind) out.push({ key, kind: kind!, id: value.id, holder: node, depth, expanded: true });
      if (typeof value === 'object') walk(value, depth + 1);
    }
  };
  walk(object, 0);
  return out.sort((a, b) => a.depth - b.depth);
}

