/**
 * Fabricating a signed delivery from a built-in's builder: the one path every caller shares. It
 * imports faker, so only `loadFabricator` (fabricator.ts) loads it, on first use.
 */
import { isPlainObject, RelayError, type JsonObject } from '../core/index.js';
import { resolveEventType } from './event-types.js';
import { seededFaker } from './shared/random.js';
import type { AppDelivery, BuiltInProvider, PayloadBuilder } from './types.js';

/** What `fabricate` builds and signs. */
export interface FabricateOptions {
  /** The event type as the user typed it (aliases allowed). */
  eventType: string;
  data?: JsonObject | undefined;
  secret: string | readonly string[];
  seed: number;
  /** Epoch milliseconds. */
  timestamp: number;
  headers?: Readonly<Record<string, string>> | undefined;
  /** Build a type the catalog does not list as the provider's generic envelope, rather than refuse it. */
  allowUnknownType?: boolean | undefined;
  /** GitHub only: deliver as a GitHub App receives it; `true` draws the App and installation ids. */
  app?: boolean | AppDelivery | undefined;
  /** Rewrites the built body before it is signed (a flow's events made to name the flow's objects): the body and delivery id signed and returned. */
  settle?: ((built: { readonly eventType: string; readonly body: string; readonly deliveryId: string; readonly headers: Readonly<Record<string, string>> }) => { readonly body: string; readonly deliveryId: string }) | undefined;
}

/** A built and signed delivery, before `buildDelivery` adds its request fields. */
export interface FabricatedDelivery {
  /** The canonical event type. */
  readonly eventType: string;
  readonly deliveryId: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Checks the `data` override: a plain JSON object or nothing. */
export function checkData(data: unknown): JsonObject | undefined {
  if (data === undefined) return undefined;
  if (!isPlainObject(data)) {
    throw new RelayError(
      'INVALID_DATA',
      `data must be a JSON object to merge into the event's main resource, got ${Array.isArray(data) ? 'an array' : data === null ? 'null' : typeof data}.`,
    );
  }
  return data as JsonObject;
}

/** Checks the `app` option: GitHub only, `true` or positive integer ids. */
export function checkApp(provider: BuiltInProvider, app: unknown): AppDelivery | undefined {
  if (app === undefined || app === false) return undefined;
  if (provider.id !== 'github') {
    throw new RelayError('INVALID_OPTION', `app makes a GitHub App delivery; ${provider.name} has no Apps. Drop the app option (--app) for ${provider.id}.`);
  }
  if (app === true) return {};
  const ids = isPlainObject(app) ? app : undefined;
  const valid = (value: unknown) => value === undefined || (Number.isSafeInteger(value) && (value as number) > 0);
  if (!ids || !valid(ids.id) || !valid(ids.installationId) || Object.keys(ids).some((key) => key !== 'id' && key !== 'installationId')) {
    throw new RelayError('INVALID_OPTION', `app must be true or { id, installationId } with positive integer ids, got ${JSON.stringify(app)}.`);
  }
  return { id: ids.id as number | undefined, installationId: ids.installationId as number | undefined };
}

/**
 * Builds and signs one delivery synchronously. `body` is exactly the string that was signed; user
 * headers are applied last and may override any other.
 */
export function fabricate(provider: BuiltInProvider, builder: PayloadBuilder, options: FabricateOptions): FabricatedDelivery {
  const eventType = resolveEventType(provider, options.eventType, { allowUnknown: options.allowUnknownType === true });
  const drawn = builder.build({
    eventType,
    faker: seededFaker(options.seed),
    now: options.timestamp,
    data: checkData(options.data),
    app: checkApp(provider, options.app),
  });
  const built = options.settle ? { ...drawn, ...options.settle({ ...drawn, eventType, headers: options.headers ? overrideHeaders(drawn.headers, options.headers) : drawn.headers }) } : drawn;
  const signature = provider.sign({
    body: built.body,
    secret: options.secret,
    timestamp: options.timestamp,
    deliveryId: built.deliveryId,
  });
  return {
    eventType,
    deliveryId: built.deliveryId,
    headers: options.headers ? overrideHeaders({ ...built.headers, ...signature }, options.headers) : { ...built.headers, ...signature },
    body: built.body,
  };
}

/** `extra` applied over `headers`, case-insensitively: `stripe-signature` replaces `Stripe-Signature`. */
function overrideHeaders(headers: Record<string, string>, extra: Readonly<Record<string, string>>): Record<string, string> {
  const replaced = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!replaced.has(name.toLowerCase())) result[name] = value;
  return Object.assign(result, extra);
}
