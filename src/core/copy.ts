/** A deep copy of JSON-like data, several times cheaper than `structuredClone` for the small objects provider APIs hold. */

/**
 * A deep copy of `value`: plain objects (own enumerable keys, in order, `__proto__` kept as a key) and
 * arrays are copied member by member; primitives are themselves; anything else (a `Date`, a typed
 * array, a `Map`) goes through `structuredClone`. The data has no cycles: it is what an API answers.
 * @example
 * const stored = copyData(customer);
 * stored.metadata === customer.metadata; // false
 */
export function copyData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyData(value[i] as unknown);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    const member = copyData((value as Record<string, unknown>)[key]);
    // Assigning `__proto__` would set the copy's prototype instead of a key.
    if (key === '__proto__') Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
    else out[key] = member;
  }
  return out as T;
}
