/**
 * The scalar values of a JSON text with their places, so that a few values can be rewritten while every
 * other byte of the text (spacing, key order, number spelling, escapes) stays exactly as it was.
 */

/** Where a scalar value (string, number, `true`, `false`, `null`) sits: its path and its span in the text. */
export interface ScalarSpan {
  /** Keys and array indexes from the root. */
  readonly path: readonly (string | number)[];
  readonly start: number;
  readonly end: number;
}

/** Where an object key sits: the path of its value (the key last) and the key's span in the text, quotes included. */
export interface KeySpan {
  readonly path: readonly (string | number)[];
  readonly start: number;
  readonly end: number;
}

/** A span's replacement text (already JSON). */
export interface SpanEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const SCALAR_END = new Set([',', ']', '}', ' ', '\t', '\n', '\r']);

/**
 * Every scalar of `text`, in text order. `text` must be valid JSON (parse it first): this walks it,
 * it does not validate it.
 * @example
 * scalarSpans('{"id": "evt_1", "n": [2]}'); // [{ path: ['id'], start: 7, end: 14 }, { path: ['n', 0], start: 22, end: 23 }]
 */
export function scalarSpans(text: string): ScalarSpan[] {
  return spans(text).scalars;
}

/**
 * Every object key of `text`, in text order (same precondition as `scalarSpans`).
 * @example
 * keySpans('{"a": {"b": 1}}'); // [{ path: ['a'], start: 1, end: 4 }, { path: ['a', 'b'], start: 7, end: 10 }]
 */
export function keySpans(text: string): KeySpan[] {
  return spans(text).keys;
}

function spans(text: string): { scalars: ScalarSpan[]; keys: KeySpan[] } {
  const scalars: ScalarSpan[] = [];
  const keys: KeySpan[] = [];
  const path: (string | number)[] = [];
  let i = 0;
  const skip = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  const string = (): string => {
    const start = i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (): void => {
    skip();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      skip();
      if (text[i] === close) {
        i++;
        return;
      }
      for (let n = 0; ; n++) {
        skip();
        if (c === '{') {
          const start = i;
          path.push(string());
          keys.push({ path: [...path], start, end: i });
          skip();
          i++; // the colon
        } else {
          path.push(n);
        }
        value();
        path.pop();
        skip();
        if (text[i++] !== ',') return;
      }
    }
    const start = i;
    if (c === '"') string();
    else while (i < text.length && !SCALAR_END.has(text[i]!)) i++;
    scalars.push({ path: [...path], start, end: i });
  };
  value();
  return { scalars, keys };
}

/** `text` with each edit's span replaced by its text; edits must not overlap. */
export function applyEdits(text: string, edits: readonly SpanEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** A path as people read it: `data.object.billing_details.email`, `to[0]`. */
export function pathText(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += /^[A-Za-z_$][\w$-]*$/.test(part) ? `${out === '' ? '' : '.'}${part}` : `[${JSON.stringify(part)}]`;
  }
  return out;
}
