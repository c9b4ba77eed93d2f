/** `buildDelivery`: a realistic, correctly signed delivery for a built-in provider. */
import { randomInt } from 'node:crypto';
// Faker is evaluated with the harness, not inside a first buildDelivery: evaluating it seeds faker's
// default instance from Math.random, and building a delivery calls no Math.random (a test spying on it
// would see the call). The payload builders and the seeded generator still load on first use, through
// loadFabricator, so that importing relaykit/providers loads no faker.
import '@faker-js/faker/locale/en';
import { mountPath, RelayError } from '../core/index.js';
import { getProvider, hasDeliveryObservers, loadFabricator, notifyDelivery, resolveEventType, unknownTypeWarning } from '../providers/index.js';
import type { BuiltInProvider, EventData, KnownEventType } from '../providers/index.js';
import { readFixture, type Fixture } from './fixture.js';
import { signFixture } from './fixture-delivery.js';

/**
 * Options of `buildDelivery`. `D` is the type of `data`: for a catalogued type of a built-in, a deep
 * partial of the provider's official type for that event (`EventData`), so a misspelt field is a type
 * error; any JSON object otherwise.
 */
export interface BuildDeliveryOptions<D = Record<string, unknown>> {
  /** Deep-merged into the main resource (Stripe `data.object`, Clerk and Resend `data`, the GitHub and Shopify body). */
  data?: D;
  /** The signing secret (several: one signature each, where the scheme allows). Default: the provider's env var. */
  secret?: string | readonly string[];
  /** Same seed and timestamp give byte-identical body and headers. Default: random. */
  seed?: number;
  /** When the delivery is made: a `Date` or epoch milliseconds. Default: now. */
  timestamp?: Date | number;
  /** Extra headers, applied last (they may replace any other). */
  headers?: Record<string, string>;
  /** Where the provider's `<PROVIDER>_WEBHOOK_SECRET` is read when `secret` is not given. Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Send a type relaykit does not know in the provider's generic envelope (with a `warning`), rather
   * than refuse it with `UNKNOWN_EVENT_TYPE`. For types a provider added after this release.
   */
  allowUnknownType?: boolean;
  /**
   * GitHub only: deliver as a GitHub App receives it (`installation` in the body, the App as hook
   * target); `true` draws the App and installation ids from the seed. Events GitHub sends only to Apps
   * are App deliveries without it.
   */
  app?: boolean | { id?: number; installationId?: number };
}

/**
 * Options of `buildDelivery({ fixture })`: a fixture (or its file) signed again with the test secret at
 * `timestamp`, its body byte for byte, with fresh delivery ids unless `keepIds` (Stripe's event id is in
 * the body: a fresh one changes the body in that value only).
 */
export interface FixtureDeliveryOptions extends Pick<BuildDeliveryOptions, 'secret' | 'timestamp' | 'headers' | 'env'> {
  /** A fixture (`relay fixture save`), or the path of its file. */
  fixture: Fixture | string;
  /** Keep the fixture's delivery ids (a redelivery) instead of fresh ones. Default `false`. */
  keepIds?: boolean;
}

/** A signed delivery, ready to POST. */
export interface Delivery {
  readonly provider: string;
  /** The canonical event type (`orders/create` for `ORDERS_CREATE`). */
  readonly eventType: string;
  readonly method: 'POST';
  /** `/api/webhook/<provider>`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Exactly the string that was signed. */
  readonly body: string;
  /** The provider's delivery id: Stripe event id, `X-GitHub-Delivery`, `svix-id` or `X-Shopify-Webhook-Id`. */
  readonly deliveryId: string;
  /** The seed the payload was drawn from: pass it back to rebuild the same bytes. `0` for a fixture's delivery. */
  readonly seed: number;
  /** The delivery's time, epoch milliseconds. */
  readonly timestamp: number;
  /**
   * Set when `allowUnknownType` let through a type outside the provider's catalog: says the payload is
   * a generic envelope and names the closest known types.
   */
  readonly warning?: string;
}

/** The secret to sign with: the option, else the provider's env var in `env`, else a `RelayError` naming the variable. */
export function resolveSecret(
  provider: BuiltInProvider,
  secret: string | readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | readonly string[] {
  const value = secret ?? env[provider.secretEnv];
  const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) {
    throw new RelayError(
      'MISSING_SECRET',
      `${provider.secretEnv} is not set. Set it to the secret your service verifies ${provider.name} webhooks with ` +
        `(e.g. export ${provider.secretEnv}=${provider.generateSecret()}), or pass { secret }.`,
    );
  }
  return value;
}

/** `timestamp` as epoch milliseconds (default: now), or a `RelayError` for anything that is not a valid time. */
export function resolveTimestamp(timestamp: Date | number | undefined): number {
  if (timestamp === undefined) return Date.now();
  const ms = timestamp instanceof Date ? timestamp.getTime() : timestamp;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new RelayError('INVALID_OPTION', `timestamp must be a valid Date or epoch milliseconds, got ${String(timestamp)}.`);
  }
  return ms;
}

function resolveSeed(seed: number | undefined): number {
  // A fresh 31-bit seed, which the delivery reports so that it can be rebuilt.
  if (seed === undefined) return randomInt(0, 2 ** 31 - 1);
  if (!Number.isSafeInteger(seed)) throw new RelayError('INVALID_OPTION', `seed must be an integer, got ${String(seed)}.`);
  return seed;
}

function checkFlag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new RelayError('INVALID_OPTION', `${name} must be true or false, got ${JSON.stringify(value)}.`);
  return value;
}

/** The `headers` option, checked: header names and string values, else a `RelayError`. */
export function checkHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new RelayError('INVALID_OPTION', `headers must map header names to strings; "${name}" is not valid.`);
    }
  }
  return headers;
}

/**
 * Builds a realistic, correctly signed delivery for a built-in provider. Every input is checked
 * before anything is built: the provider and the event type first (a typo is named even when no
 * secret is set yet), then the secret, seed, timestamp and headers.
 * @example
 * const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', {
 *   secret: 'whsec_test', data: { amount: 2000 }, seed: 42,
 * });
 * await fetch(`http://localhost:3000${delivery.path}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
 */
export async function buildDelivery(options: FixtureDeliveryOptions): Promise<Delivery>;
export async function buildDelivery<P extends string, T extends KnownEventType<P> | (string & {})>(
  provider: P,
  eventType: T,
  options?: BuildDeliveryOptions<EventData<P, T>>,
): Promise<Delivery>;
export async function buildDelivery(
  providerOrFixture: string | FixtureDeliveryOptions,
  eventType = '',
  options: BuildDeliveryOptions = {},
): Promise<Delivery> {
  if (typeof providerOrFixture === 'object' && providerOrFixture !== null) return fixtureDelivery(providerOrFixture);
  const plugin = getProvider(providerOrFixture);
  const allowUnknownType = checkFlag('allowUnknownType', options.allowUnknownType);
  const type = resolveEventType(plugin, eventType, { allowUnknown: allowUnknownType });
  const secret = resolveSecret(plugin, options.secret, options.env);
  const seed = resolveSeed(options.seed);
  const timestamp = resolveTimestamp(options.timestamp);
  const headers = checkHeaders(options.headers);
  const fabricate = await loadFabricator(plugin);
  const built = fabricate({ eventType: type, data: options.data as never, secret, seed, timestamp, headers, allowUnknownType, app: options.app });
  const warning = allowUnknownType ? unknownTypeWarning(plugin, built.eventType) : undefined;
  return observed(plugin, built.eventType, built, seed, timestamp, warning);
}

/**
 * A fixture signed again (see `FixtureDeliveryOptions`).
 * @example
 * const delivery = await buildDelivery({ fixture: 'fixtures/refund.json', secret: 'whsec_test' });
 */
async function fixtureDelivery(options: FixtureDeliveryOptions): Promise<Delivery> {
  const source = typeof options.fixture === 'string' ? options.fixture : 'the fixture';
  const fixture = typeof options.fixture === 'string' ? await readFixture(options.fixture) : options.fixture;
  if (typeof fixture !== 'object' || fixture === null || typeof fixture.provider !== 'string') {
    throw new RelayError('INVALID_OPTION', 'fixture must be a fixture object (relay fixture save) or the path of its file.');
  }
  const plugin = getProvider(fixture.provider);
  const secret = resolveSecret(plugin, options.secret, options.env);
  const timestamp = resolveTimestamp(options.timestamp);
  const headers = checkHeaders(options.headers);
  const keepIds = checkFlag('keepIds', options.keepIds);
  const signed = signFixture(plugin, fixture, { secret, timestamp, headers, keepIds }, source);
  return observed(plugin, fixture.eventType, signed, 0, timestamp, undefined);
}

/** The delivery `signed` makes, told to the delivery observers (relaykit/msw's world) first. */
export function observed(
  plugin: BuiltInProvider,
  eventType: string,
  signed: { readonly headers: Record<string, string>; readonly body: string; readonly deliveryId: string },
  seed: number,
  timestamp: number,
  warning: string | undefined,
): Delivery {
  if (hasDeliveryObservers()) notifyDelivery({ provider: plugin.id, eventType, headers: signed.headers, body: signed.body });
  return {
    provider: plugin.id,
    eventType,
    method: 'POST',
    path: mountPath(plugin.id),
    headers: signed.headers,
    body: signed.body,
    deliveryId: signed.deliveryId,
    seed,
    timestamp,
    ...(warning !== undefined ? { warning } : {}),
  };
}

/**
 * The event types a built-in provider can fabricate.
 * @example
 * listEventTypes('resend'); // ['email.sent', 'email.scheduled', …]
 */
export function listEventTypes(provider: string): readonly string[] {
  return getProvider(provider).catalog.eventTypes;
}
