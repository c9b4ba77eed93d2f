/** Walking parsed payloads and reading delivery headers, as the payload tests do. */

/**
 * Every object inside `value` (itself included, arrays looked into), with its path (`$.issue.labels[0]`).
 * `O` is the object type the caller reads them as.
 */
export function* objects<O extends object = Record<string, any>>(value: unknown, path = '$'): Generator<[string, O]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objects<O>(item, `${path}[${i}]`);
  } else if (value !== null && typeof value === 'object') {
    yield [path, value as O];
    for (const [key, item] of Object.entries(value)) yield* objects<O>(item, `${path}.${key}`);
  }
}

/** The last key of an `objects` path (`$.issue.labels[0]` → `labels`). */
export const keyOf = (path: string): string => /([^.[\]$]+)(?:\[\d+\])*$/.exec(path)?.[1] ?? '';

/** A header of a delivery, whatever the case of its name. */
export function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}
