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
  return copyTree(value) as T;
}

/**
 * The copy of `value`. An object's keys and values are read with `Object.keys` and `Object.values`, not
 * one property read a key: the world copies objects of many shapes on every read and write, and a read
 * by key on so many shapes is V8's slowest.
 */
function copyTree(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      out[i] = typeof item === 'object' && item !== null ? copyTree(item) : item;
    }
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = proto === null ? Object.create(null) : {};
  const keys = Object.keys(value);
  const values = Object.values(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const member = values[i];
    const copied = typeof member === 'object' && member !== null ? copyTree(member) : member;
    // Assigning `__proto__` would set the copy's prototype instead of a key.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copied, enumerable: true, writable: true, configurable: true });
    else out[key] = copied;
  }
  return out;
}
