/** copyData: the world's copies of JSON-like data, cheaper than structuredClone and as safe. */
import { describe, expect, it } from 'vitest';
import { copyData, copySorted } from '../../src/core/index.js';

describe('copyData', () => {
  it('copies every level: equal, key order kept, nothing shared', () => {
    const original = { id: 'cus_1', metadata: { plan: 'pro' }, items: [{ n: 1 }, [2, null]], missing: undefined, ok: true };
    const copy = copyData(original);
    expect(copy).toStrictEqual(original);
    expect(Object.keys(copy)).toEqual(Object.keys(original));
    copy.metadata.plan = 'free';
    (copy.items[0] as { n: number }).n = 9;
    expect(original.metadata.plan).toBe('pro');
    expect(original.items[0]).toEqual({ n: 1 });
  });

  it('keeps a "__proto__" key a key, and a null-prototype object one', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyData(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { x: { y: 1 } });
    const bareCopy = copyData(bare);
    expect(Object.getPrototypeOf(bareCopy)).toBeNull();
    expect(bareCopy.x).not.toBe(bare.x);
  });

  it('copies own keys only, even while Object.prototype has an enumerable key (polluted)', () => {
    const original = { id: 'cus_1', metadata: { plan: 'pro' }, items: [{ n: 1 }] };
    Object.defineProperty(Object.prototype, 'polluted', { value: 'yes', enumerable: true, configurable: true, writable: true });
    try {
      const copy = copyData(original);
      expect(Object.keys(copy)).toEqual(['id', 'metadata', 'items']);
      expect(Object.hasOwn(copy, 'polluted')).toBe(false);
      expect(Object.hasOwn(copy.metadata, 'polluted')).toBe(false);
      expect(Object.hasOwn(copy.items[0]!, 'polluted')).toBe(false);
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
  });

  it('hands what is not plain data (a Date, bytes) to structuredClone, and primitives back as they are', () => {
    const when = new Date(1_767_225_600_000);
    const copy = copyData({ when, bytes: new Uint8Array([1, 2]) });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(when.getTime());
    expect([...copy.bytes]).toEqual([1, 2]);
    expect([copyData('a'), copyData(1), copyData(null), copyData(undefined)]).toEqual(['a', 1, null, undefined]);
  });
});

describe('copySorted', () => {
  const alphabetical = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it('copies with every object\'s keys in the order given, arrays included, and says it reordered', () => {
    const original = { b: 1, a: { d: [{ y: 1, x: 2 }], c: 3 } };
    const { copy, reordered } = copySorted(original, alphabetical);
    expect(reordered).toBe(true);
    expect(JSON.stringify(copy)).toBe('{"a":{"c":3,"d":[{"x":2,"y":1}]},"b":1}');
    expect(Object.keys(original)).toEqual(['b', 'a']);
    expect(copy.a).not.toBe(original.a);
  });

  it('keeps data already in order as it is, and says it did not reorder', () => {
    const original = { a: { c: 3, d: [1, { e: null }] }, b: 'x' };
    const { copy, reordered } = copySorted(original, alphabetical);
    expect(reordered).toBe(false);
    expect(copy).toStrictEqual(original);
    expect(copy.a.d).not.toBe(original.a.d);
  });

  it('keeps a "__proto__" key a key when it sorts', () => {
    const parsed = JSON.parse('{"z": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const { copy } = copySorted(parsed, alphabetical);
    expect(Object.keys(copy)).toEqual(['__proto__', 'z']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });
});

