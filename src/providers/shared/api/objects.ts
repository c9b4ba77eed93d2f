/** Finding the API objects inside a webhook payload: Stripe and Clerk both mark theirs with `object` and `id`. */
import { isPlainObject } from '../../../core/index.js';
import type { Obj } from './types.js';

/** The object's `id` when it is a non-empty string. */
export function stringId(object: Obj): string | undefined {
  return typeof object.id === 'string' && object.id !== '' ? object.id : undefined;
}

/**
 * Every object inside `value` (not `value` itself) with an `object` kind that `accept` takes and a
 * string `id`, deepest first. Keys in `skip` are not descended into.
 */
export function nestedObjects(value: unknown, accept: (kind: string) => boolean, skip: ReadonlySet<string> = new Set()): Obj[] {
  const found: Obj[] = [];
  const walk = (node: unknown, top: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, false);
      return;
    }
    if (!isPlainObject(node)) return;
    for (const [key, child] of Object.entries(node)) if (!skip.has(key)) walk(child, false);
    if (!top && typeof node.object === 'string' && accept(node.object) && stringId(node)) found.push(node);
  };
  walk(value, true);
  return found;
}
