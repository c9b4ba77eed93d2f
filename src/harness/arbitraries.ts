/**
 * fast-check arbitraries of valid signed deliveries, and the plan they share with the forgeries:
 * provider, secret, event types and base time are resolved once, when the arbitrary is created;
 * every value is then drawn from fast-check (event type, payload seed, clock skew, `data` override)
 * and built synchronously through `fabricate`, so shrinking and replay by seed are deterministic.
 *
 * Payload builders load asynchronously (they pull in faker): `preloadBuilders()` must have resolved
 * before an arbitrary is created. The `relaykit/fast-check` entry awaits it at the top level.
 */
import fc from 'fast-check';
import { mountPath, RelayError, type JsonObject } from '../core/index.js';
import {
  builtInProviders,
  getProvider,
  hasDeliveryObservers,
  loadFabricator,
  notifyDelivery,
  resolveEventType,
} from '../providers/index.js';
import type { BuiltInProvider, Fabricator } from '../providers/index.js';
import { resolveSecret, type Delivery } from './build-delivery.js';

/** How far in the past a valid delivery may be signed, in seconds: a minute inside the 300 s window, so it stays valid while the property runs. */
export const VALID_PAST_SECONDS = 240;
/** How far in the future a valid delivery may be signed (clock skew), in seconds. */
export const VALID_FUTURE_SECONDS = 30;

const ready = new Map<string, Fabricator>();

/**
 * Loads the payload builders of the five built-ins, once. Arbitraries build synchronously, so this
 * must resolve before one is created; `relaykit/fast-check` awaits it when it is imported.
 * @example
 * await preloadBuilders();
 * const deliveries = deliveryArbitrary('stripe', { secret: 'whsec_test' });
 */
export async function preloadBuilders(): Promise<void> {
  await Promise.all(
    builtInProviders.map(async (plugin) => {
      if (!ready.has(plugin.id)) ready.set(plugin.id, await loadFabricator(plugin));
    }),
  );
}

/** Options shared by every arbitrary: what is resolved once, when the arbitrary is created. */
export interface PlanOptions {
  /** The secret (several while rotating). Default: the provider's env var, e.g. `STRIPE_WEBHOOK_SECRET`. */
  secret?: string | readonly string[];
  /** The verifier's clock the deliveries are timed against: a `Date` or epoch ms. Default: `Date.now()` when the arbitrary is created. */
  now?: Date | number;
}

/** Everything an arbitrary needs to build deliveries synchronously. */
export interface Plan {
  readonly plugin: BuiltInProvider;
  /** Builds and signs the provider's deliveries synchronously. */
  readonly fabricate: Fabricator;
  readonly secret: string | readonly string[];
  /** The first secret: the one a single-signature scheme (GitHub, Shopify) signs with. */
  readonly firstSecret: string;
  /** Canonical event types to draw from. */
  readonly eventTypes: readonly string[];
  /** Base time, epoch milliseconds. */
  readonly now: number;
}

/** Resolves and checks the options once; `caller` names the function in error messages. */
export function resolvePlan(
  provider: string,
  options: PlanOptions & { eventTypes?: readonly string[] | undefined },
  caller: string,
): Plan {
  if (options === null || typeof options !== 'object') {
    throw new RelayError('INVALID_OPTION', `${caller}: options must be an object, got ${options === null ? 'null' : typeof options}.`);
  }
  const plugin = getProvider(provider);
  const fabricate = ready.get(plugin.id);
  if (fabricate === undefined) {
    throw new RelayError(
      'INVALID_OPTION',
      `${caller}: the ${plugin.name} payload builder is not loaded yet. Import from "relaykit/fast-check", which loads the builders when it is imported.`,
    );
  }
  const now = resolveNow(options.now, caller);
  const secret = resolveSecret(plugin, options.secret);
  try {
    // Sign once now, so a secret the scheme cannot use (a Svix secret that is not base64) fails here, not mid-run.
    plugin.sign({ body: '{}', secret, timestamp: now, deliveryId: 'msg_relaykit_check' });
  } catch (cause) {
    throw new RelayError('INVALID_SECRET', `${caller}: the ${plugin.name} secret cannot sign: ${(cause as Error).message}`, { cause });
  }
  const firstSecret = typeof secret === 'string' ? secret : secret[0]!;
  return { plugin, fabricate, secret, firstSecret, eventTypes: resolveEventTypes(plugin, options.eventTypes, caller), now };
}

function resolveNow(now: Date | number | undefined, caller: string): number {
  if (now === undefined) return Date.now();
  const ms = now instanceof Date ? now.getTime() : now;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new RelayError('INVALID_OPTION', `${caller}: now must be a valid Date or epoch milliseconds, got ${String(now)}.`);
  }
  return ms;
}

function resolveEventTypes(plugin: BuiltInProvider, given: readonly string[] | undefined, caller: string): readonly string[] {
  if (given === undefined) {
    // A webhook endpoint receives snapshot events or notifications, never both: the default is the former.
    const own = plugin.catalog.eventTypes.filter((type) => !plugin.catalog.notificationTypes?.has(type));
    return [...new Set(own.map((type) => resolveEventType(plugin, type)))];
  }
  if (!Array.isArray(given) || given.length === 0) {
    throw new RelayError(
      'INVALID_OPTION',
      `${caller}: eventTypes must be a non-empty array of ${plugin.name} event types (run \`relay events ${plugin.id}\`), or left out for the whole catalog.`,
    );
  }
  return [...new Set(given.map((type) => resolveEventType(plugin, type)))];
}

/** What fast-check draws for one delivery. */
export interface DeliveryDraw {
  readonly eventType: string;
  /** The payload seed: shrinks towards 0. */
  readonly seed: number;
  /** Seconds between the base time and the signature's time: shrinks towards 0. */
  readonly skewSeconds: number;
  readonly data: JsonObject | undefined;
}

// Keys an override leaves alone: the ones providers and verifiers route on.
const RESERVED_KEYS = new Set([
  'action', 'api_version', 'constructor', 'created', 'data', 'event', 'id', 'livemode', 'object', 'prototype',
  'repository', 'sender', 'installation', 'organization', 'type', 'topic',
]);

/**
 * The default `data` overrides: mostly none, otherwise one to three new snake_case keys with small
 * JSON values (unicode strings included), deep-merged into the main resource. Keys providers and
 * verifiers route on (`id`, `type`, `action`, …) are left alone.
 * @example
 * // The defaults plus a fixed amount, for a handler that reads data.object.amount:
 * deliveryArbitrary('stripe', {
 *   eventTypes: ['payment_intent.succeeded'],
 *   data: dataOverrideArbitrary.map((data) => ({ ...data, amount: 2000 })),
 * });
 */
export const dataOverrideArbitrary: fc.Arbitrary<JsonObject | undefined> = fc.option(
  fc.dictionary(
    fc.stringMatching(/^[a-z][a-z0-9_]{2,19}$/).filter((key) => !RESERVED_KEYS.has(key)),
    fc.jsonValue({ maxDepth: 2, stringUnit: 'grapheme' }),
    { minKeys: 1, maxKeys: 3 },
  ) as fc.Arbitrary<JsonObject>,
  { nil: undefined, freq: 2 },
);

/** Draws the inputs of one valid delivery; `data` is the override arbitrary, or `false` for none. */
export function drawArbitrary(plan: Plan, data: fc.Arbitrary<Record<string, unknown> | undefined> | false): fc.Arbitrary<DeliveryDraw> {
  return fc.record({
    eventType: fc.constantFrom(...plan.eventTypes),
    seed: fc.nat({ max: 2 ** 31 - 1 }),
    skewSeconds: fc.integer({ min: -VALID_PAST_SECONDS, max: VALID_FUTURE_SECONDS }),
    data: (data === false ? fc.constant(undefined) : data) as fc.Arbitrary<JsonObject | undefined>,
  });
}

/** The delivery's time for a draw, epoch ms. */
function drawTime(plan: Plan, draw: DeliveryDraw): number {
  return plan.now + draw.skewSeconds * 1000;
}

/** Builds and signs the delivery of a draw; `timestamp` and `secret` replace the draw's for forgeries. */
export function buildDraw(plan: Plan, draw: DeliveryDraw, replace: { timestamp?: number; secret?: string | readonly string[] } = {}): Delivery {
  const timestamp = replace.timestamp ?? drawTime(plan, draw);
  const built = plan.fabricate({
    eventType: draw.eventType,
    data: draw.data,
    secret: replace.secret ?? plan.secret,
    seed: draw.seed,
    timestamp,
  });
  return {
    provider: plan.plugin.id,
    eventType: built.eventType,
    method: 'POST',
    path: mountPath(plan.plugin.id),
    headers: built.headers,
    body: built.body,
    deliveryId: built.deliveryId,
    seed: draw.seed,
    timestamp,
  };
}

/** Options of `deliveryArbitrary`. */
export interface DeliveryArbitraryOptions extends PlanOptions {
  /** Event types to draw from (aliases allowed). Default: the provider's whole catalog. */
  eventTypes?: readonly string[];
  /**
   * The `data` overrides deep-merged into the main resource: an arbitrary of JSON objects (or
   * `undefined`), or `false` for none. Default: none or a few new keys with small JSON values.
   */
  data?: fc.Arbitrary<Record<string, unknown> | undefined> | false;
}

/**
 * Valid, correctly signed deliveries of a built-in provider: any catalogued event type (or the given
 * ones), any payload seed, `data` overrides, and a signature time within the tolerance of the
 * scheme (between 240 s before and 30 s after `now`). Values are the `Delivery` objects
 * `buildDelivery` returns; each is a pure function of fast-check's draw, the secret and `now`.
 * @example
 * import fc from 'fast-check';
 * import { deliveryArbitrary } from 'relaykit/fast-check';
 *
 * await fc.assert(
 *   fc.asyncProperty(deliveryArbitrary('stripe', { eventTypes: ['payment_intent.succeeded'] }), async (delivery) => {
 *     const response = await POST(new Request('http://test/api/webhook', { method: 'POST', headers: delivery.headers, body: delivery.body }));
 *     expect(response.status).toBe(200);
 *   }),
 * );
 */
export function deliveryArbitrary(provider: string, options: DeliveryArbitraryOptions = {}): fc.Arbitrary<Delivery> {
  const plan = resolvePlan(provider, options, 'deliveryArbitrary');
  const data = options.data ?? dataOverrideArbitrary;
  // Duck-typed: a second copy of fast-check in the tree has its own Arbitrary class.
  if (data !== false && (typeof data !== 'object' || data === null || typeof (data as fc.Arbitrary<unknown>).generate !== 'function')) {
    throw new RelayError('INVALID_OPTION', 'deliveryArbitrary: data must be a fast-check arbitrary of JSON objects, or false for no overrides.');
  }
  return drawArbitrary(plan, data).map((draw) => {
    const delivery = buildDraw(plan, draw);
    if (hasDeliveryObservers()) {
      notifyDelivery({ provider: delivery.provider, eventType: delivery.eventType, headers: delivery.headers, body: delivery.body });
    }
    return delivery;
  });
}
