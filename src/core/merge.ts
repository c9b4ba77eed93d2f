/** JSON values and the deep merge that `data:` / `--data` overrides go through. */

/** JSON values as payloads hold them. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

/**
 * Whether `value` is a plain object (an object literal, `JSON.parse` output or `Object.create(null)`),
 * not an array, a class instance or `null`: only those merge key by key.
 * @example
 * isPlainObject({ a: 1 }); // true
 * isPlainObject([1]);      // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep-merges `patch` into `base` without mutating either: objects merge key by key, arrays and
 * scalars replace, `null` sets null. Keys of `base` keep their order; new keys are appended.
 * @example
 * deepMerge({ a: { x: 1, y: 2 }, b: [1] }, { a: { y: 3 }, b: [2] }); // { a: { x: 1, y: 3 }, b: [2] }
 */
export function deepMerge<T extends Record<string, unknown>>(base: T, patch: Record<string, unknown> | undefined): T {
  if (patch === undefined) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    // A patch from user JSON must not reach the prototype chain.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : value;
  }
  return out as T;
}
