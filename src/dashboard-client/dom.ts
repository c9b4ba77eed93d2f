/**
 * A tiny DOM builder: elements from a tag, attributes and children. Strings always become text nodes
 * (never HTML), so whatever a payload holds is shown as text.
 */

/** What may be a child: nodes, text, nothing, or lists of them. */
export type Child = Node | string | number | null | undefined | false | readonly Child[];

/** Attributes (strings, numbers, booleans: `false` leaves it out) and `on<event>` listeners. */
export type Props = Record<string, string | number | boolean | undefined | null | ((event: Event) => void)>;

/** An element: `h('a', { href: '#/' }, 'Executions')`. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined && value !== null) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

/** Appends children to `parent`. */
export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(typeof child === 'object' ? (child as Node) : document.createTextNode(String(child)));
  }
}

/** Replaces `parent`'s children. */
export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A local date and time with milliseconds, for timestamps. */
export function time(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`;
}

/** A status badge. */
export function badge(status: string): HTMLElement {
  return h('span', { class: `badge badge-${status}` }, status);
}
