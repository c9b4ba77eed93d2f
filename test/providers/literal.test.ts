/**
 * `objectOf`: the walkers' objects laid out as a literal lays them out. What callers rely on is that
 * the object is the plain object a key-by-key fill makes: the same own keys in the same order, the
 * same values, the same JSON, whatever the keys are, and a `__proto__` key is a key, not a prototype
 * (an assignment `out[key] = value` would have set the prototype).
 */
import { describe, expect, it } from 'vitest';
import { objectOf } from '../../src/providers/shared/literal.js';

/** The object a key-by-key fill makes, which `objectOf` replaces (each key defined as an own data property, `__proto__` too). */
function filled(keys: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  keys.forEach((key, i) => Object.defineProperty(out, key, { value: values[i], enumerable: true, writable: true, configurable: true }));
  return out;
}

describe('objectOf', () => {
  const cases: Record<string, readonly string[]> = {
    'a repository-sized object': Array.from({ length: 90 }, (_, i) => `field_${i}_url`),
    'keys needing quotes': ['a-b', 'with space', 'quote"d', "apo'strophe", 'back\\slash', 'line\nbreak', '', '$ref', 'ünï'],
    'keys that are numbers': ['id', '200', '1', 'name', '0'],
    'keys naming Object.prototype members': ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'],
  };

  it.each(Object.entries(cases))('makes what a key-by-key fill makes: %s', (_, keys) => {
    const values = keys.map((key, i) => (i % 3 === 0 ? { nested: key } : i % 3 === 1 ? `value of ${key}` : i));
    const made = objectOf(keys)(values as never);
    const expected = filled(keys, values);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect(Object.keys(made)).toEqual(Object.keys(expected));
    expect(JSON.stringify(made)).toBe(JSON.stringify(expected));
    for (const key of keys) expect(Object.getOwnPropertyDescriptor(made, key)).toEqual(Object.getOwnPropertyDescriptor(expected, key));
  });

  it('gives __proto__ as an own key and leaves the prototype alone', () => {
    const made = objectOf(['__proto__', 'id'])([{ polluted: true }, 7]);
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype);
    expect((made as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(made)).toBe('{"__proto__":{"polluted":true},"id":7}');
  });

  it('makes a new object on every call, from one assembler per key list', () => {
    const assemble = objectOf(['id', 'login']);
    expect(objectOf(['id', 'login'])).toBe(assemble);
    expect(objectOf(['login', 'id'])).not.toBe(assemble);
    const first = assemble([1, 'octocat']);
    const second = assemble([2, 'hubot']);
    expect(first).not.toBe(second);
    expect(first).toEqual({ id: 1, login: 'octocat' });
    expect(second).toEqual({ id: 2, login: 'hubot' });
  });
});
