/**
 * Resend's mirrored fields (src/providers/resend/mirrors.ts): a `data` override of one path of a
 * group moves every other path of that group the payload has; paths the override does not touch,
 * and groups it sets more than once, stay as given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../../src/core/index.js';
import { builder } from '../../src/providers/resend/build.js';
import { resendEventTypes } from '../../src/providers/resend/catalog.js';
import { mirrorGroups } from '../../src/providers/resend/mirrors.js';
import { seededFaker } from '../../src/providers/shared/random.js';

const now = 1_767_225_600_000;

function data(eventType: string, seed: number, override?: JsonObject): JsonObject {
  return (JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: override }).body) as { data: JsonObject }).data;
}

function at(value: JsonValue | undefined, path: readonly string[]): { found: boolean; value?: JsonValue } {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !(key in node)) return { found: false };
    node = node[key];
  }
  return { found: true, value: node! };
}

/** `{ a: { b: value } }` for the path `['a', 'b']`. */
function nest(path: readonly string[], value: JsonValue): JsonObject {
  return path.reduceRight<JsonValue>((inner, key) => ({ [key]: inner }), value) as JsonObject;
}

/** A value of the kind the path holds: addresses for `to`, folders, times, subjects, ids. */
function valueFor(path: readonly string[]): fc.Arbitrary<JsonValue> {
  const key = path[path.length - 1]!;
  if (key === 'to' || key === 'received_for') return fc.array(fc.emailAddress(), { minLength: 1, maxLength: 3 });
  if (key === 'folder' || (key === 'to' && path.length === 1)) return fc.constantFrom('inbox', 'archive', 'spam', 'trash');
  if (key.endsWith('_at')) return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (key === 'subject') return fc.string({ minLength: 1, maxLength: 30 });
  return fc.uuid();
}

const cases = resendEventTypes.flatMap((type) => mirrorGroups(type).flatMap((group) => group.map((path) => ({ type, group, path }))));

describe('Resend mirrored fields', () => {
  it('has groups for the types that repeat a value, and each group names paths the built payload has', () => {
    expect(cases.length).toBeGreaterThan(40);
    expect(new Set(cases.map((c) => c.type)).size).toBe(16);
    for (const { type, group } of cases) {
      const builds = [1, 2, 3, 4, 5, 6].map((seed) => data(type, seed));
      // In some seed at least two paths of the group are there, or the group mirrors nothing.
      expect(Math.max(...builds.map((b) => group.filter((p) => at(b, p).found).length)), `${type} ${JSON.stringify(group)}`).toBeGreaterThanOrEqual(2);
      for (const built of builds) {
        const values = group.filter((p) => at(built, p).found && at(built, p).value !== null).map((p) => JSON.stringify(at(built, p).value));
        expect(new Set(values).size, `${type} ${JSON.stringify(group)}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('an override of one path moves its mirrors and nothing else', () => {
    const arbitrary = fc.constantFrom(...cases).chain((c) => fc.record({ c: fc.constant(c), seed: fc.integer({ min: 1, max: 10_000 }), value: valueFor(c.path) }));
    fc.assert(
      fc.property(arbitrary, ({ c, seed, value }) => {
        const plain = data(c.type, seed);
        const moved = data(c.type, seed, nest(c.path, value));
        for (const path of c.group) {
          const before = at(plain, path);
          const label = `${c.type} ${path.join('.')}`;
          if (path === c.path) expect(at(moved, path).value, label).toEqual(value);
          else if (!before.found) expect(at(moved, path).found, label).toBe(false);
          // A standalone draft has no thread: its `thread_id` stays null.
          else if (before.value === null) expect(at(moved, path).value, label).toBeNull();
          else expect(at(moved, path).value, label).toEqual(value);
        }
        // Every other field is as built: undo the group and compare.
        const undo = structuredClone(moved) as Record<string, JsonValue>;
        for (const path of c.group) {
          const before = at(plain, path);
          if (!before.found) {
            if (!(path[0]! in plain)) delete undo[path[0]!];
            continue;
          }
          let node = undo;
          for (const key of path.slice(0, -1)) node = node[key] as Record<string, JsonValue>;
          node[path[path.length - 1]!] = before.value!;
        }
        expect(undo).toEqual(plain);
      }),
      { numRuns: 150, seed: 20261123 },
    );
  });

  it('keeps both values when an override sets two paths of a group', () => {
    const moved = data('inbox.thread.created', 5, { thread_id: 'a0000000-0000-4000-8000-000000000001', thread: { id: 'b0000000-0000-4000-8000-000000000002' } });
    expect(moved.thread_id).toBe('a0000000-0000-4000-8000-000000000001');
    expect((moved.thread as JsonObject).id).toBe('b0000000-0000-4000-8000-000000000002');
  });

  it('moves nothing for an override of a field no group holds', () => {
    const plain = data('inbox.draft.sent', 9);
    expect(data('inbox.draft.sent', 9, { source: 'agent' })).toEqual({ ...plain, source: 'agent' });
  });
});
