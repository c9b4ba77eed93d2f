/**
 * Decoding of `application/x-www-form-urlencoded` bodies with bracket keys, as Stripe's API takes
 * them: `metadata[order]=1&expand[0]=customer&items[0][price]=price_1`.
 */
import type { Obj } from './types.js';

type Node = Obj | unknown[];

/** Splits `a[b][0]` into `['a', 'b', '0']`. */
function segments(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const out = [key.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(key.slice(first))) !== null) out.push(match[1]!);
  return out;
}

function assign(target: Node, path: string[], value: string): void {
  const [head, ...rest] = path;
  if (head === undefined || head === '__proto__' || head === 'constructor' || head === 'prototype') return;
  const container = target as Record<string, unknown>;
  if (Array.isArray(target) && head === '') {
    if (rest.length === 0) target.push(value);
    else {
      const child: Node = rest[0] === '' || /^\d+$/.test(rest[0]!) ? [] : {};
      target.push(child);
      assign(child, rest, value);
    }
    return;
  }
  if (rest.length === 0) {
    container[head] = value;
    return;
  }
  let child = container[head];
  if (typeof child !== 'object' || child === null) {
    child = rest[0] === '' || /^\d+$/.test(rest[0]!) ? [] : {};
    container[head] = child;
  }
  assign(child as Node, rest, value);
}

/** Turns sparse index arrays into dense ones (`expand[1]` alone becomes a one-item list). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (typeof value === 'object' && value !== null) {
    const out: Obj = {};
    for (const [k, v] of Object.entries(value)) out[k] = compact(v);
    return out;
  }
  return value;
}

/**
 * Decodes bracket-keyed form parameters into nested objects and arrays.
 * @example
 * decodeForm(new URLSearchParams('metadata[a]=1&expand[0]=customer')); // { metadata: { a: '1' }, expand: ['customer'] }
 */
export function decodeForm(params: URLSearchParams): Obj {
  const root: Obj = {};
  for (const [key, value] of params) assign(root, segments(key), value);
  return compact(root) as Obj;
}
