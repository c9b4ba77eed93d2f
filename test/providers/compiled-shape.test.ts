/**
 * `compileShape` against `walkShape`: for every event shape of every generated catalog, the compiled
 * walk makes exactly what the interpreted walk makes from the same seed, with no filler and with a
 * filler decided from the path (drawing from the faker in the same order, so the two stay equal
 * past the first difference in what they draw).
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import * as clerk from '../../src/providers/clerk/generated/shapes.js';
import * as github from '../../src/providers/github/generated/shapes.js';
import * as resend from '../../src/providers/resend/generated/shapes.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { compileShape, walkShape, type DrawContext, type FillPlan, type Shape, type ShapeDefs, type ShapePath } from '../../src/providers/shared/shape.js';
import * as shopify from '../../src/providers/shopify/generated/shapes.js';
import * as stripe from '../../src/providers/stripe/generated/shapes.js';

const catalogs = { clerk, github, resend, shopify, stripe } as unknown as Record<string, { defs: ShapeDefs; events: Record<string, Shape> }>;
const time = '2026-01-01T00:00:00Z';

/** A filler of the kind providers write: ids by key, a fixed name, a drawn count, and the walker elsewhere. */
function staticFill(path: ShapePath): ((faker: DrawContext['faker']) => unknown) | undefined {
  const key = path[path.length - 1];
  if (key === 'id') return (faker) => `id_${faker.number.int(99_999)}`;
  if (key === 'name') return () => 'relaykit';
  if (typeof key === 'string' && key.endsWith('_count')) return (faker) => faker.number.int(5);
  return undefined;
}

function compare(maxDepth: number, withFill: boolean): string[] {
  const failures: string[] = [];
  for (const [provider, { defs, events }] of Object.entries(catalogs)) {
    for (const [type, shape] of Object.entries(events)) {
      const plan = withFill
        ? (path: ShapePath): FillPlan<DrawContext> | undefined => {
            const fill = staticFill(path);
            return fill && { always: ({ faker }) => fill(faker) as never };
          }
        : undefined;
      const make = compileShape<DrawContext>(shape, { defs, maxDepth, ...(plan ? { plan } : {}) });
      for (const seed of [1, 2]) {
        const walkFaker = seededFaker(seed);
        const walked = walkShape(shape, {
          faker: walkFaker,
          defs,
          time,
          maxDepth,
          ...(withFill ? { fill: (path: ShapePath) => staticFill(path)?.(walkFaker) as never } : {}),
        });
        const compiled = make({ faker: seededFaker(seed), time });
        if (!isDeepStrictEqual(compiled, walked)) failures.push(`${provider} ${type} seed ${seed}`);
      }
    }
  }
  return failures;
}

describe('compileShape', () => {
  it('makes what walkShape makes, for every event shape of every catalog, with no filler', () => {
    expect(compare(6, false)).toEqual([]);
  });

  it('makes what walkShape makes with a filler decided from the path', () => {
    expect(compare(6, true)).toEqual([]);
  });

  it('uses a `maybe` filler when it answers and draws when it does not', () => {
    const shape: Shape = { props: { id: 'integer', name: 'string' } };
    const make = compileShape<DrawContext & { known?: string }>(shape, {
      defs: {},
      plan: (path) => (path[0] === 'name' ? { maybe: (context) => context.known } : undefined),
    });
    expect(make({ faker: seededFaker(1), time, known: 'octocat' })).toMatchObject({ name: 'octocat' });
    const drawn = make({ faker: seededFaker(1), time }) as { name: unknown };
    expect(typeof drawn.name).toBe('string');
    expect(drawn.name).not.toBe('octocat');
  });
});
