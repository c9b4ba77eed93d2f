/**
 * `listFlows` and `buildFlow`: a flow's events built as signed deliveries that share ids the way the
 * provider's would. The ids are drawn once from the flow's seed and given to every event through
 * `data`; each event gets its own seed (so its own event and delivery ids) and its own time.
 */
import { closestMatches, deepMerge, isPlainObject, RelayError } from '../../core/index.js';
import { deriveSeed, getProvider, hashText, loadFabricator, mainResourceOf, seededRng, type BuiltInProvider } from '../../providers/index.js';
import { checkHeaders, observed, resolveSecret, resolveTimestamp, type BuildDeliveryOptions, type Delivery } from '../build-delivery.js';
import type { AnyFlow, BuiltEvent, FlowContext, FlowInfo } from './define.js';
import { infoOf } from './define.js';
import { allFlows, flowsOf } from './registry.js';

/** Per-event `data`: by event type (merged into every event of that type), or a function of the event. */
export type FlowData =
  | Readonly<Record<string, Record<string, unknown>>>
  | ((event: { readonly type: string; readonly index: number }) => Record<string, unknown> | undefined);

/** Options of `buildFlow`: those of `buildDelivery` (for every event), and per-event `data`. */
export interface BuildFlowOptions extends Omit<BuildDeliveryOptions, 'data' | 'allowUnknownType' | 'timestamp'> {
  /** Fields deep-merged into events' main resources after the flow's own (ids, statuses, times). */
  data?: FlowData;
  /**
   * When the flow begins: a `Date` or epoch milliseconds. Each event is built (and signed) at this time
   * plus its offset in the flow. Default: now.
   */
  timestamp?: Date | number;
}

/** The headers of the first delivery that every later one of the flow carries the same. */
function sharedHeaders(plugin: BuiltInProvider, headers: Readonly<Record<string, string>>): Record<string, string> {
  const names = new Set((plugin.flows?.sharedHeaders ?? []).map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name.toLowerCase())));
}

/**
 * The flows relaykit can send, for one provider or all.
 * @example
 * listFlows('stripe').map((flow) => flow.name); // ['checkout-subscription', 'card-payment', …]
 */
export function listFlows(provider?: string): FlowInfo[] {
  return (provider === undefined ? allFlows() : flowsOf(getProvider(provider))).map(infoOf);
}

/** The definition of `provider`'s flow `name`, or a `RelayError` naming the flows it has. */
export function findFlow(provider: string, name: string): AnyFlow {
  const plugin = getProvider(provider);
  const { id } = plugin;
  const own = flowsOf(plugin);
  const found = own.find((flow) => flow.name === name);
  if (found) return found;
  const close = closestMatches(String(name), own.map((flow) => flow.name), 1);
  const hint = close.length > 0 ? ` Did you mean ${close[0]}?` : '';
  throw new RelayError('UNKNOWN_FLOW', `Unknown ${id} flow "${String(name)}".${hint} ${id} flows: ${own.map((flow) => flow.name).join(', ')}.`);
}

/** The flow's seed: the option, else a fresh one (reported on the result, to replay it). */
export function resolveFlowSeed(seed: number | undefined): number {
  if (seed === undefined) return Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new RelayError('INVALID_OPTION', `seed must be an integer, got ${String(seed)}.`);
  return seed;
}

function userData(data: FlowData | undefined, type: string, index: number): Record<string, unknown> | undefined {
  if (data === undefined) return undefined;
  const value = typeof data === 'function' ? data({ type, index }) : data[type];
  if (value !== undefined && !isPlainObject(value)) {
    throw new RelayError('INVALID_DATA', `data for ${type} must be a JSON object to merge into the event's main resource, got ${Array.isArray(value) ? 'an array' : typeof value}.`);
  }
  return value;
}

function checkFlowData(data: unknown): FlowData | undefined {
  if (data === undefined || typeof data === 'function') return data as FlowData | undefined;
  if (!isPlainObject(data)) {
    throw new RelayError('INVALID_DATA', 'data of a flow maps event types to objects ({ "invoice.paid": { … } }), or is a function of { type, index }.');
  }
  return data as FlowData;
}

/** The scalars inside `value`, as JSON. */
function scalarsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (value !== null && typeof value === 'object') for (const item of Object.values(value)) scalarsOf(item, into);
  else if (value !== undefined) into.add(JSON.stringify(value));
  return into;
}

/**
 * Builds a flow's deliveries in the provider's order, each signed at its own time (the flow's start plus
 * its offset). Every event has its own event and delivery ids; the resources they describe share theirs.
 * @example
 * const deliveries = await buildFlow('stripe', 'checkout-subscription', { secret: 'whsec_test', seed: 7 });
 * deliveries.map((d) => d.eventType); // ['customer.created', 'payment_method.attached', …]
 */
export async function buildFlow(provider: string, name: string, options: BuildFlowOptions = {}): Promise<Delivery[]> {
  const definition = findFlow(provider, name);
  const plugin = getProvider(provider);
  const { data: dataOption, timestamp, seed: seedOption, headers, ...rest } = options;
  const data = checkFlowData(dataOption);
  const seed = resolveFlowSeed(seedOption);
  const start = resolveTimestamp(timestamp);
  const secret = resolveSecret(plugin, rest.secret, rest.env);
  checkHeaders(headers);
  const salted = (seed ^ hashText(`${plugin.id}/${definition.name}`)) >>> 0;
  const unix = (at: number) => Math.floor(start / 1000) + at;
  const ids = definition.ids(seededRng(salted), { unix });
  const identity = definition.identity?.(ids);
  const fabricate = await loadFabricator(plugin);
  // Parsed on demand: most steps never read an earlier event, and parsing every body would cost as much as building it.
  const bodies: string[] = [];
  const mains: Record<string, unknown>[] = [];
  const main = (index: number) => (mains[index] ??= bodies[index] === undefined ? {} : mainResourceOf(plugin, JSON.parse(bodies[index]!)));
  const context: FlowContext<unknown> = {
    ids,
    unix,
    ms: (at) => start + at * 1000,
    iso: (at) => new Date(start + at * 1000).toISOString(),
    main,
  };
  const deliveries: Delivery[] = [];
  let fields: Record<string, unknown> = {};
  let headersOfFlow: Record<string, string> = {};
  for (const [index, step] of definition.steps.entries()) {
    const own = deepMerge(fields, step.data?.(context));
    const at = start + step.at * 1000;
    const seedOfStep = deriveSeed(salted, index);
    // None for providers without shared headers: an empty object would still go through the override path.
    const given = headers !== undefined || Object.keys(headersOfFlow).length > 0 ? { ...headersOfFlow, ...headers } : undefined;
    const theirs = userData(data, step.type, index);
    // The flow's identity rewrites each built body before it is signed: what the caller's data gave stays.
    const kept = identity === undefined ? undefined : scalarsOf(theirs);
    const settle = identity === undefined ? undefined : (built: Omit<BuiltEvent, 'given'>) => identity({ ...built, given: kept! });
    const built = fabricate({ eventType: step.type, data: deepMerge(own, theirs) as never, secret, seed: seedOfStep, timestamp: at, headers: given, app: rest.app, settle });
    const delivery = observed(plugin, built.eventType, built, seedOfStep, at, undefined);
    deliveries.push(delivery);
    bodies.push(delivery.body);
    if (index === 0) {
      fields = plugin.flows?.sharedFields?.(main(0)) ?? {};
      headersOfFlow = sharedHeaders(plugin, delivery.headers);
    }
  }
  return deliveries;
}
