/**
 * The checks the project applies to built Stripe deliveries (test/providers/stripe-payloads.test.ts,
 * stripe-types.test.ts), as functions over any object an emulated Stripe writes or an event it appends:
 * id shapes, Stripe's key order, the generated shape's fields and leaf types, one customer per object,
 * and, for a batch, stripe-node's own types with excess-property checks.
 *
 * @example
 * expect(stripeObjectProblems(paymentIntent)).toEqual([]);
 * expect(stripeEventTypeProblems(world.outbox.pending())).toEqual([]);
 */
import { isDeepStrictEqual } from 'node:util';
import Stripe from 'stripe';
import { beforeEach, expect } from 'vitest';
import { createWorld, type ProviderWorld } from '../../src/emulator/index.js';
import { useProviderServer } from '../msw/support.js';
import { isPlainObject } from '../../src/core/index.js';
import { stripeAdapter, type OutboxEvent } from '../../src/providers/internal.js';
import { resolve, type Shape } from '../../src/providers/shared/shape.js';
import { DECIMAL_FIELDS } from '../../src/providers/stripe/generated/ids.js';
import { defs, events } from '../../src/providers/stripe/generated/shapes.js';
import { STRIPE_ID_SHAPES, walkObjects } from '../support/stripe-ids.js';
import { typecheck } from '../support/typecheck.js';

type Json = Record<string, unknown>;

/** The generated shape of a resource by its `object` (`payment_intent` → `PaymentIntent`). */
const SHAPE_OF: ReadonlyMap<string, Shape> = new Map(
  Object.entries(defs).flatMap(([name, node]): [string, Shape][] => {
    const kind = typeof node === 'object' && 'props' in node ? node.props.object : undefined;
    return !name.includes('.') && typeof kind === 'object' && 'const' in kind ? [[String(kind.const), node]] : [];
  }),
);

/**
 * Fields the generated shapes call required that Stripe leaves out unless expanded: a charge's
 * `refunds` (not included by default since API version 2022-11-15; stripe-node types it optional).
 */
const ABSENT_UNLESS_EXPANDED: ReadonlySet<string> = new Set(['$.refunds']);

/** What is wrong with `value` against `shape`: missing required keys, wrong leaf types, values outside an enum. */
function shapeProblems(value: unknown, shape: Shape, path: string, out: string[], depth = 0): void {
  const node = resolve(shape, defs);
  if (depth > 8) return;
  if (typeof node === 'string') {
    const ok =
      node === 'any' ||
      (node === 'string' && typeof value === 'string') ||
      (node === 'integer' && Number.isInteger(value)) ||
      (node === 'number' && typeof value === 'number') ||
      (node === 'boolean' && typeof value === 'boolean') ||
      (node === 'null' && value === null) ||
      (node === 'map' && isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string'));
    if (!ok) out.push(`${path}: expected ${node}, got ${JSON.stringify(value)}`);
    return;
  }
  if ('const' in node) {
    if (value !== node.const) out.push(`${path}: expected ${JSON.stringify(node.const)}, got ${JSON.stringify(value)}`);
  } else if ('enum' in node) {
    if (!node.enum.includes(value as never)) out.push(`${path}: ${JSON.stringify(value)} is not one of ${node.enum.slice(0, 8).join(', ')}${node.enum.length > 8 ? ', …' : ''}`);
  } else if ('format' in node) {
    if (typeof value !== 'string') out.push(`${path}: expected a ${node.format} string, got ${JSON.stringify(value)}`);
  } else if ('nullable' in node) {
    if (value !== null) shapeProblems(value, node.nullable, path, out, depth);
  } else if ('anyOf' in node) {
    const any = node.anyOf.some((branch) => {
      const tried: string[] = [];
      shapeProblems(value, branch, path, tried, depth);
      return tried.length === 0;
    });
    if (!any) out.push(`${path}: matches none of its ${node.anyOf.length} shapes`);
  } else if ('items' in node) {
    if (!Array.isArray(value)) out.push(`${path}: expected an array, got ${JSON.stringify(value)}`);
    else value.forEach((item, i) => shapeProblems(item, node.items, `${path}[${i}]`, out, depth + 1));
  } else if (!isPlainObject(value)) {
    out.push(`${path}: expected an object, got ${JSON.stringify(value)}`);
  } else {
    for (const [key, child] of Object.entries(node.props)) {
      if (!(key in value)) {
        if (!node.optional?.includes(key) && !ABSENT_UNLESS_EXPANDED.has(`${path}.${key}`)) out.push(`${path}.${key}: missing`);
      } else shapeProblems(value[key], child, `${path}.${key}`, out, depth + 1);
    }
  }
}

/**
 * What a Stripe object (a payment intent, a charge, …) gets wrong against what the project checks
 * built deliveries for; empty when nothing. `eventType` also checks it against that event's shape.
 * @example
 * expect(stripeObjectProblems(await stripe.charges.retrieve(id) as never)).toEqual([]);
 */
export function stripeObjectProblems(object: Json, eventType?: string): string[] {
  const out: string[] = [];
  walkObjects(object, (node, path) => {
    const shape = typeof node.object === 'string' ? STRIPE_ID_SHAPES[node.object] : undefined;
    if (shape && 'id' in node && !(typeof node.id === 'string' && shape.test(node.id))) out.push(`${path}.id: ${JSON.stringify(node.id)} is not a ${String(node.object)} id (${shape.source})`);
    const keys = Object.keys(node);
    const rest = keys.filter((k) => k !== 'id' && k !== 'object');
    const head = keys.slice(0, keys.length - rest.length);
    const wantedHead = ['id', 'object'].filter((k) => k in node);
    if (head.join() !== wantedHead.join() || rest.join() !== [...rest].sort().join()) out.push(`${path}: keys are not id, object, then alphabetical: ${keys.join(', ')}`);
    if ('created' in node && node.created !== null && !(Number.isInteger(node.created) && (node.created as number) < 1e11)) out.push(`${path}.created: ${JSON.stringify(node.created)} is not unix seconds`);
    if ('livemode' in node && node.livemode !== false) out.push(`${path}.livemode: a test-mode object has livemode false`);
  });
  const customers = new Set(JSON.stringify(object).match(/"cus_[0-9A-Za-z]{14}"/g) ?? []);
  if (customers.size > 1) out.push(`$: names ${customers.size} customers (${[...customers].join(', ')})`);
  const shape = eventType ? events[eventType] : SHAPE_OF.get(String(object.object));
  if (eventType && !shape) out.push(`${eventType}: not a catalogued Stripe event type`);
  if (shape) shapeProblems(object, shape, '$', out);
  return out;
}

const DECIMAL_KEYS = new Set([...DECIMAL_FIELDS].map((field) => field.slice(field.lastIndexOf('.') + 1)));

/** `value` as a TypeScript expression; decimal strings under stripe-node's `Decimal` keys become `Stripe.Decimal.from(…)`. */
function literal(value: unknown, key = ''): string {
  if (typeof value === 'string' && DECIMAL_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(value)) return `Stripe.Decimal.from(${JSON.stringify(value)})`;
  if (Array.isArray(value)) return `[${value.map((v) => literal(v)).join(', ')}]`;
  if (isPlainObject(value)) return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${literal(v, k)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/**
 * stripe-node's verdict on events' objects: each `data` type-checks, under `strict` and with
 * excess-property checks, as the `data.object` of `Extract<Stripe.Event, { type }>`. One program for
 * the whole batch (a few seconds): pass every event of a test file at once. Empty when all pass.
 * @example
 * expect(stripeEventTypeProblems(world.outbox.pending())).toEqual([]);
 */
export function stripeEventTypeProblems(list: readonly { readonly type: string; readonly data: Json }[]): string[] {
  const file = 'test/.generated/stripe-emulator-events.ts';
  const lines = [`import Stripe from 'stripe';`];
  list.forEach(({ type, data }, i) => lines.push(`export const o${i} = ${literal(data)} satisfies Extract<Stripe.Event, { type: ${JSON.stringify(type)} }>['data']['object'];`));
  return typecheck({ [file]: lines.join('\n') }).map((d) => {
    const line = /:(\d+):/.exec(d)?.[1];
    const event = line ? list[Number(line) - 2] : undefined;
    return event ? `${event.type} ${String(event.data.id)}: ${d.slice(d.indexOf(' ') + 1)}` : d;
  });
}

/** How stripe-node reads back each kind of object an emulated payment writes. */
const RETRIEVERS: Readonly<Record<string, (stripe: Stripe, id: string) => Promise<unknown>>> = {
  payment_intent: (stripe, id) => stripe.paymentIntents.retrieve(id),
  charge: (stripe, id) => stripe.charges.retrieve(id),
  payment_method: (stripe, id) => stripe.paymentMethods.retrieve(id),
  refund: (stripe, id) => stripe.refunds.retrieve(id),
  dispute: (stripe, id) => stripe.disputes.retrieve(id),
  setup_intent: (stripe, id) => stripe.setupIntents.retrieve(id),
  customer: (stripe, id) => stripe.customers.retrieve(id),
  balance_transaction: (stripe, id) => stripe.balanceTransactions.retrieve(id),
  invoice: (stripe, id) => stripe.invoices.retrieve(id),
  subscription: (stripe, id) => stripe.subscriptions.retrieve(id),
  'checkout.session': (stripe, id) => stripe.checkout.sessions.retrieve(id),
};

/** An event's object beside what stripe-node retrieves for its id now. */
export interface Readback {
  readonly type: string;
  readonly id: string;
  readonly emitted: Json;
  readonly retrieved: unknown;
}

/**
 * For each object the events report, the last event's object and what `stripe.<resource>.retrieve`
 * answers now: right after the operation they must be equal (what the event carried is what is
 * stored). Objects of kinds with no retriever here are reported with `retrieved: undefined`.
 * @example
 * for (const r of await readBack(stripe, events)) expect(r.retrieved, `${r.type} ${r.id}`).toEqual(r.emitted);
 */
export async function readBack(stripe: Stripe, list: readonly { readonly type: string; readonly data: Json }[]): Promise<Readback[]> {
  const last = new Map<string, { type: string; data: Json }>();
  for (const event of list) last.set(String(event.data.id), event);
  const out: Readback[] = [];
  for (const [id, { type, data }] of last) {
    const retrieve = RETRIEVERS[String(data.object)];
    out.push({ type, id, emitted: data, retrieved: retrieve ? JSON.parse(JSON.stringify(await retrieve(stripe, id))) : undefined });
  }
  return out;
}

/** The top-level fields where two objects differ, for a readable problem line. */
function differingKeys(a: unknown, b: unknown): string[] {
  if (!isPlainObject(a) || !isPlainObject(b)) return ['(whole value)'];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !isDeepStrictEqual(a[k], b[k]));
}

/** What one API operation did: its result (or the error it threw), the events it appended, and what is wrong with them. */
export interface Operation<T> {
  readonly result: T | undefined;
  readonly error: unknown;
  readonly events: OutboxEvent[];
  /** The event types, in order. */
  readonly types: string[];
  /** Every event object's `stripeObjectProblems`, and every object whose last event differs from its retrieval. */
  readonly problems: string[];
}

/**
 * Runs `call` (stripe-node against the emulated Stripe of `world`) and checks what it appended:
 * the events since the call began are drained and returned with their problems.
 * @example
 * const op = await operation(stripe, world, () => stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }));
 * expect(op.types).toEqual(['payment_intent.created']);
 * expect(op.problems).toEqual([]);
 */
export async function operation<T>(stripe: Stripe, world: { readonly outbox: { drain(): OutboxEvent[] } }, call: () => Promise<T> | T): Promise<Operation<T>> {
  world.outbox.drain();
  let result: T | undefined;
  let error: unknown;
  try {
    result = await call();
  } catch (caught) {
    error = caught;
  }
  const events = world.outbox.drain();
  const problems = events.flatMap((e) => stripeObjectProblems(e.data, e.type).map((p) => `${e.type} ${String(e.data.id)} ${p}`));
  for (const r of await readBack(stripe, events)) {
    if (!isDeepStrictEqual(r.retrieved, r.emitted)) problems.push(`${r.type} ${r.id}: retrieve differs in ${differingKeys(r.emitted, r.retrieved).join(', ')}`);
  }
  return { result, error, events, types: events.map((e) => e.type), problems };
}

/** A seeded emulated Stripe for one test file, the stripe-node client that talks to it through msw, and a checked runner. */
export interface EmulatedStripe {
  readonly world: ProviderWorld;
  readonly stripe: Stripe;
  /** Every event the file's operations appended, for one `stripeEventTypeProblems` batch at the end. */
  readonly seen: OutboxEvent[];
  /** `operation`, expecting no problems, keeping the events in `seen`. */
  run<T>(call: () => Promise<T> | T): Promise<Operation<T>>;
}

/**
 * Starts msw over a new seeded world (reset before each test, so each test draws the same ids) and
 * makes a stripe-node client for it (no retries). Call at the top of a test file.
 * @example
 * const { stripe, world, run } = useEmulatedStripe({ now: Date.UTC(2026, 10, 26) });
 * const op = await run(() => stripe.customers.create({ email: 'ada@example.com' }));
 */
export function useEmulatedStripe(options: { readonly now: number; readonly seed?: number; readonly key?: string }): EmulatedStripe {
  const key = options.key ?? 'sk_test_emulated_payments';
  const world = createWorld({ adapters: [stripeAdapter], seed: options.seed ?? 7, now: () => options.now });
  useProviderServer({ providers: ['stripe'], stripe: { apiKey: key }, world });
  const stripe = new Stripe(key, { maxNetworkRetries: 0 });
  const seen: OutboxEvent[] = [];
  beforeEach(() => world.reset());
  return {
    world,
    stripe,
    seen,
    async run(call) {
      const op = await operation(stripe, world, call);
      seen.push(...op.events);
      expect(op.problems).toEqual([]);
      return op;
    },
  };
}
