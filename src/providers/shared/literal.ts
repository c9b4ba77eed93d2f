/**
 * Objects assembled as an object literal makes them. An object grown key by key with computed keys
 * (`out[key] = value`) turns into a hash table in V8 once it passes a dozen or so keys: slower to
 * fill, slower to read and about 25% slower to serialize. A literal with the keys written out gets a
 * fixed layout at any size. The payload walkers know an object's keys only at run time, so each key
 * list gets its literal once, as a small generated function, shared by every list of the same keys.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';

/** Makes an object of a fixed key list from its values, given in the list's order. */
export type Assemble = (values: readonly JsonValue[]) => JsonObject;

const assemblers = new Map<string, Assemble>();

/**
 * The assembler of objects with `keys`, in that order; made once per key list.
 * @example
 * objectOf(['id', 'name'])([7, 'octocat']); // { id: 7, name: 'octocat' }
 */
export function objectOf(keys: readonly string[]): Assemble {
  const signature = JSON.stringify(keys);
  let assemble = assemblers.get(signature);
  if (!assemble) assemblers.set(signature, (assemble = literal(keys)));
  return assemble;
}

function literal(keys: readonly string[]): Assemble {
  // `__proto__` written as a plain key would set the prototype; computed, it is an own key like any other.
  const fields = keys.map((key, i) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: v[${i}]`);
  try {
    return new Function('v', `return { ${fields.join(', ')} };`) as Assemble;
  } catch {
    // A runtime that forbids generated code (a content security policy) still gets the same objects.
    return (values) => {
      const out: JsonObject = {};
      for (let i = 0; i < keys.length; i++) Object.defineProperty(out, keys[i]!, { value: values[i], enumerable: true, writable: true, configurable: true });
      return out;
    };
  }
}
