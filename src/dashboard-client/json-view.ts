/**
 * A JSON value as a collapsible tree: objects and arrays are `<details>` (open to `openDepth`), leaves
 * are text coloured by type. Every key and string goes in as text.
 */
import { h, type Child } from './dom.js';

/** The tree of `value`. */
export function jsonTree(value: unknown, openDepth = 2): HTMLElement {
  return h('div', { class: 'json' }, node(undefined, value, 0, openDepth));
}

function node(key: string | undefined, value: unknown, depth: number, openDepth: number): HTMLElement {
  const label: Child = key === undefined ? null : [h('span', { class: 'json-key' }, key), ': '];
  if (typeof value === 'object' && value !== null) {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
    if (entries.length === 0) return h('div', { class: 'json-leaf' }, label, h('span', { class: 'json-punct' }, Array.isArray(value) ? '[]' : '{}'));
    return h(
      'details',
      { class: 'json-node', open: depth < openDepth },
      h('summary', {}, label, h('span', { class: 'json-punct' }, summary)),
      h('div', { class: 'json-children' }, entries.map(([k, v]) => node(k, v, depth + 1, openDepth))),
    );
  }
  const kind = value === null ? 'null' : typeof value;
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return h('div', { class: 'json-leaf' }, label, h('span', { class: `json-${kind}` }, text));
}

/** Opens or closes every node under `root`. */
export function setOpen(root: Element, open: boolean): void {
  for (const details of root.querySelectorAll('details')) details.open = open;
}
