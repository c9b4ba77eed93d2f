/**
 * Sibling fields that GitHub always sends in agreement, drawn as one pair per object:
 *
 * - a run's `status` and `conclusion` (check runs and suites, workflow runs and jobs, a deployment
 *   review's `workflow_job_runs`): a conclusion only once the run is `completed`, and a completed run
 *   always has one; the event's own run takes the status its action names (`workflow_job.queued`);
 * - a nested issue's or discussion's `state` and `state_reason` (a transferred issue's `new_issue`):
 *   an open one has none or `reopened`, a closed one why it closed. The event's own object takes its
 *   state from the action (the walker's planner does that).
 */
import type { JsonValue } from '../../core/index.js';
import { resolve, type Shape, type ShapeDefs, type ShapePath } from '../shared/shape.js';
import { fact, placeOf, type Places } from './routes.js';

type Node = Exclude<Shape, { ref: string }>;
type Pair = readonly [string, string | null];

/** Pairs GitHub sends, the likeliest repeated, by the pair's two keys. */
const PAIRS: Readonly<Record<string, { readonly second: string; readonly pairs: readonly Pair[]; readonly nested?: boolean }>> = {
  status: {
    second: 'conclusion',
    pairs: [
      ['completed', 'success'],
      ['completed', 'success'],
      ['completed', 'failure'],
      ['completed', 'cancelled'],
      ['completed', 'skipped'],
      ['in_progress', null],
      ['queued', null],
      ['waiting', null],
    ],
  },
  state: {
    second: 'state_reason',
    nested: true,
    pairs: [
      ['open', null],
      ['open', 'reopened'],
      ['closed', 'completed'],
      ['closed', 'not_planned'],
      ['closed', 'resolved'],
      ['closed', 'duplicate'],
    ],
  },
};
const FIRST_OF = new Map(Object.entries(PAIRS).map(([first, { second }]) => [second, first]));

/** What the schema allows at one key: its listed values (any, when a plain string), and null. */
interface Allowed {
  readonly values: readonly JsonValue[] | undefined;
  readonly nullable: boolean;
}

function allowed(node: Node, defs: ShapeDefs): Allowed {
  // Some forms allow only null (a deployment review's `workflow_job_run.conclusion`).
  if (node === 'null') return { values: [], nullable: true };
  const inner = typeof node === 'object' && 'nullable' in node ? resolve(node.nullable, defs) : node;
  const values = typeof inner === 'object' && 'enum' in inner ? inner.enum : undefined;
  return { values, nullable: inner !== node || (values?.includes(null) ?? false) };
}

const fits = (value: JsonValue, { values, nullable }: Allowed) => (value === null ? nullable : values === undefined || values.includes(value));

/**
 * The planner of these pairs for one event's walk: `plan(path, node)` answers a maker for either key
 * of an object that has both (the pair is drawn once per object and body; the maker answers
 * `undefined`, letting the walk draw, at an object that has only one of them), or `undefined` for
 * any other place. The keys' allowed values are gathered as the walk is compiled.
 */
export function siblingPairs(defs: ShapeDefs, action: string | undefined) {
  const places = new Map<string, { first?: Allowed; second?: Allowed }>();
  return (path: ShapePath, node: Node): { maybe: (body: Places) => JsonValue | undefined } | undefined => {
    const last = path.length - 1;
    const key = path[last];
    if (typeof key !== 'string') return undefined;
    const firstKey = key in PAIRS ? key : FIRST_OF.get(key);
    if (firstKey === undefined) return undefined;
    const { pairs, nested } = PAIRS[firstKey]!;
    const top = path.length === 2;
    if (nested && top) return undefined;
    const name = `${firstKey} ${placeOf(path, last)}`;
    let place = places.get(name);
    if (place === undefined) places.set(name, (place = {}));
    const index = key === firstKey ? 0 : 1;
    const side = index === 0 ? 'first' : 'second';
    // A nullable node is planned before its inner node, at the same path: the first answer stands.
    if (place[side] !== undefined) return undefined;
    place[side] = allowed(node, defs);
    return {
      maybe: (body) => {
        const { first, second } = places.get(name)!;
        if (first === undefined || second === undefined) return undefined;
        const pair = fact(body, name, () => {
          // The event's own run has the status its action names, when it is one.
          const wanted = top && pairs.some(([value]) => value === action) && fits(action!, first) ? action : undefined;
          const options = pairs.filter(([a, b]) => fits(a, first) && fits(b, second) && (wanted === undefined || a === wanted));
          return options.length > 0 ? body.scene.pick(options) : pairs[0]!;
        });
        return pair[index]!;
      },
    };
  };
}
