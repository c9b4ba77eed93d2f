/**
 * Flow payloads agree with themselves: every id that names an object of a flow names the flow's object,
 * in every event of the flow, and an object that appears in several events keeps its id (regression:
 * issue 26, `checkout-subscription` seed 7 named three other subscriptions and a new invoice in each
 * invoice event's lines). Stripe ids are shaped as single triggers make them: version, creation time,
 * the flow's one account, random. Table-driven over every flow of the flows registry, a few seeds each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../src/harness/build-delivery.js';
import { buildFlow } from '../../src/harness/flows/index.js';
import { flowDefinitions } from '../../src/harness/flows/registry.js';
import { ID_PREFIXES } from '../../src/providers/stripe/generated/ids.js';
import { timeCode } from '../../src/providers/stripe/scene.js';
import { secrets, type ProviderId } from '../service/official.js';

const T = Date.UTC(2026, 10, 1, 12);
const SEEDS = [1, 2, 7];
type Json = Record<string, unknown>;

/** An object that holds a scalar, and its path. */
interface Holder {
  readonly node: Json;
  readonly path: string;
}

/** Calls `visit` on every scalar inside `value`, with its path and the objects holding it, outermost first. */
function scalars(value: unknown, visit: (scalar: unknown, path: string, holders: readonly Holder[]) => void, path = '', holders: readonly Holder[] = []): void {
  if (Array.isArray(value)) value.forEach((item, i) => scalars(item, visit, `${path}[${i}]`, holders));
  else if (value !== null && typeof value === 'object') {
    const inside = [...holders, { node: value as Json, path }];
    for (const [key, child] of Object.entries(value)) scalars(child, visit, path === '' ? key : `${path}.${key}`, inside);
  } else visit(value, path, holders);
}

// --- Stripe ------------------------------------------------------------------------------------

const PREFIXES = new Set([...Object.values(ID_PREFIXES), 'il', 'req', 'evt']);
/** Ids whose body is 24 characters: version, five of time, ten of the account, eight random. */
const LONG = /^([a-z]+(?:_[a-z]+)*)_([13][0-9A-Za-z]{23})$/;
const SHORT = /^(cus|si|prod|req)_[0-9A-Za-z]{14}$/;
const SESSION = /^cs_test_[abc]1[0-9A-Za-z]{56}$/;
/** Kinds an object has several of in one flow: balance transactions and invoice lines belong to the object that holds them; events and requests to their event. */
const PER_OWNER = new Set(['txn', 'il']);
const PER_EVENT = new Set(['evt', 'req']);

/** Stripe ids inside a string (a `client_secret` starts with its PaymentIntent's, a hosted invoice URL holds the account's). */
const ID_TOKEN = /(?<![0-9A-Za-z_])(?:cs_test_[abc]1[0-9A-Za-z]{56}|[a-z]+(?:_[a-z]+)*_(?:[0-9A-Za-z]{24}|[0-9A-Za-z]{16}|[0-9A-Za-z]{14}))(?![0-9A-Za-z])/g;

/** The prefix of a Stripe id (`cs_test` for a Checkout Session), or `undefined` for any other string. */
function stripePrefix(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (SESSION.test(value)) return 'cs_test';
  const match = /^([a-z]+(?:_[a-z]+)*)_([0-9A-Za-z]{14}|[0-9A-Za-z]{16}|[0-9A-Za-z]{24})$/.exec(value);
  return match && PREFIXES.has(match[1]!) && /[0-9A-Z]/.test(match[2]!) ? match[1] : undefined;
}

/** The Stripe ids in a scalar: itself, or those inside it. */
const idsIn = (value: unknown): string[] => (typeof value === 'string' ? [...value.matchAll(ID_TOKEN)].map((m) => m[0]).filter((id) => stripePrefix(id) !== undefined) : []);

function stripeProblems(deliveries: readonly Delivery[]): string[] {
  const problems: string[] = [];
  const events = deliveries.map((d) => JSON.parse(d.body) as Json & { id: string; type: string; created: number; data: { object: Json } });
  const account = events[0]!.id.slice(10, 20);
  // The flow's objects: the resources its events deliver.
  const objects = new Map<string, Set<string>>();
  for (const { data } of events) {
    const prefix = stripePrefix(data.object.id);
    if (prefix !== undefined) (objects.get(prefix) ?? objects.set(prefix, new Set()).get(prefix)!).add(data.object.id as string);
  }
  const byKind = new Map<string, Set<string>>();
  const byPlace = new Map<string, string>();
  for (const [index, event] of events.entries()) {
    const where = (path: string) => `event ${index} ${event.type} ${path}`;
    if (event.id.slice(5, 10) !== timeCode(event.created)) problems.push(`${where('id')}: ${event.id} does not carry the event's time`);
    const main = event.data.object;
    const minted = LONG.exec(String(main.id))?.[2]?.slice(1, 6);
    if (typeof main.created === 'number' && minted !== undefined && minted !== timeCode(main.created)) {
      problems.push(`${where('data.object.id')}: ${String(main.id)} was not minted at its created time`);
    }
    scalars(event, (value, path, holders) => {
      for (const id of idsIn(value)) check(id, stripePrefix(id)!, path, holders);
    });
    function check(id: string, prefix: string, path: string, holders: readonly Holder[]): void {
      // Shape: as `Scene.id` makes them, on the flow's one account, minted before their event.
      if (LONG.test(id) || prefix === 'acct') {
        if (!id.includes(account)) problems.push(`${where(path)}: ${id} is not an id of the flow's account ${account}`);
        const time = id.slice(prefix.length + 2, prefix.length + 7);
        // A payment method configuration's id carries the account, not a time.
        if (prefix !== 'pmc' && (time > timeCode(event.created) || time < timeCode(event.created - 5 * 365 * 86_400))) {
          problems.push(`${where(path)}: ${id} was minted after its event or years before`);
        }
      } else if (!SHORT.test(id) && !SESSION.test(id)) problems.push(`${where(path)}: ${id} is not shaped as Stripe's ids`);
      if (PER_EVENT.has(prefix)) return;
      // References: an id of a kind the flow delivers names one of the flow's objects.
      const own = objects.get(prefix);
      if (own !== undefined && !own.has(id)) problems.push(`${where(path)}: ${id} is none of the flow's ${prefix} objects (${[...own].join(', ')})`);
      // An object keeps its id: one per kind in the flow, or per holder for the kinds that belong to one.
      if (PER_OWNER.has(prefix)) {
        const owner = [...holders].reverse().find(({ node }) => node.id !== id && objects.get(stripePrefix(node.id) ?? '')?.has(node.id as string));
        const key = owner === undefined ? path : `${owner.node.id as string} ${path.slice(owner.path.length)}`;
        const before = byPlace.get(key);
        if (before !== undefined && before !== id) problems.push(`${where(path)}: ${id}, where an earlier event had ${before}`);
        byPlace.set(key, id);
      } else if (own === undefined) {
        const seen = byKind.get(prefix) ?? byKind.set(prefix, new Set()).get(prefix)!;
        seen.add(id);
        if (seen.size > 1) problems.push(`${where(path)}: ${id} is a second ${prefix} object of a flow that has one (${[...seen][0]})`);
      }
    }
  }
  return problems;
}

// --- the table ---------------------------------------------------------------------------------

const CHECKS: Partial<Record<string, (deliveries: readonly Delivery[]) => string[]>> = {
  stripe: stripeProblems,
};

describe('every flow of every provider names its own objects in every event', () => {
  const built = new Map<string, Delivery[]>();
  beforeAll(async () => {
    for (const flow of flowDefinitions) {
      for (const seed of SEEDS) {
        built.set(`${flow.provider}/${flow.name}/${seed}`, await buildFlow(flow.provider, flow.name, { secret: secrets[flow.provider as ProviderId], seed, timestamp: T }));
      }
    }
  });

  it.each(flowDefinitions.filter((flow) => CHECKS[flow.provider] !== undefined).map((flow) => [flow.provider, flow.name]))('%s %s', (provider, name) => {
    const check = CHECKS[provider];
    expect(check, `no check for ${provider}`).toBeDefined();
    const problems = SEEDS.flatMap((seed) => check!(built.get(`${provider}/${name}/${seed}`)!).map((problem) => `seed ${seed} ${problem}`));
    expect(problems).toEqual([]);
  });
});
