/**
 * Fields a handler branches on agree with their siblings in every body of every type, seeds 1-5:
 * a run's `conclusion` with its `status`, an issue's `state_reason` with its `state` and the action,
 * a Stripe resource's status with its time (`canceled_at` of a canceled one), and a polymorphic
 * object's `type` with the sub-object it names.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { builtInProviders } from '../../src/providers/index.js';
import { objects } from '../support/json.js';

const SEEDS = [1, 2, 3, 4, 5];
const T = Date.UTC(2026, 0, 15, 12, 0, 0);

type Obj = Record<string, unknown>;
/** A rule: the problem with `object` (at `path` of a body of `type`), or undefined. */
type Rule = (object: Obj, path: string, type: string) => string | undefined;

const RULES: Readonly<Record<string, readonly Rule[]>> = {
  github: [
    (o) =>
      'conclusion' in o && typeof o.status === 'string' && (o.status === 'completed') !== (o.conclusion !== null)
        ? `status ${o.status} with conclusion ${String(o.conclusion)}`
        : undefined,
    (o) => (o.state === 'open' && 'state_reason' in o && o.state_reason !== null && o.state_reason !== 'reopened' ? `open with state_reason ${String(o.state_reason)}` : undefined),
    (o) => (o.state === 'closed' && o.state_reason === 'reopened' ? 'closed with state_reason reopened' : undefined),
    (o, path, type) => (path === '$.issue' && type === 'issues.reopened' && o.state_reason !== 'reopened' ? `reopened issue with state_reason ${String(o.state_reason)}` : undefined),
  ],
  stripe: [
    (o, path) => {
      const at = `${String(o.status)}_at`;
      return path === '$.data.object' && typeof o.status === 'string' && at in o && o[at] === null ? `status ${o.status} without ${at}` : undefined;
    },
    (o) => {
      const named = typeof o.type === 'string' && o.type in o ? o[o.type] : undefined;
      return named === null ? `type ${String(o.type)} with ${String(o.type)}: null` : undefined;
    },
  ],
};

describe('siblings agree in every body, seeds 1-5', () => {
  it.each(Object.keys(RULES))('%s', async (id) => {
    const provider = builtInProviders.find((p) => p.id === id)!;
    const problems: string[] = [];
    let checked = 0;
    for (const type of provider.catalog.eventTypes) {
      for (const seed of SEEDS) {
        const body: unknown = JSON.parse((await buildDelivery(id, type, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', seed, timestamp: T })).body);
        for (const [path, object] of objects<Obj>(body)) {
          checked++;
          for (const rule of RULES[id]!) {
            const problem = rule(object, path, type);
            if (problem !== undefined) problems.push(`${type} seed ${seed} ${path}: ${problem}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(provider.catalog.eventTypes.length * SEEDS.length);
  });
});
