/**
 * Fabricating a signed delivery from a built-in's builder: the one path every caller shares. It
 * imports faker, so only `loadFabricator` (fabricator.ts) loads it, on first use.
 */
import { isPlainObject, RelayError, type JsonObject } from '../core/index.js';
import { resolveEventType } from './event-types.js';
import { seededFaker } from './shared/random.js';
import type { BuiltInProvider, PayloadBuilder } from './types.js';

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

/**
 * Builds and signs one delivery synchronously. `body` is exactly the string that was signed; user
 * headers are applied last and may override any other.
 */
export function fabricate(provider: BuiltInProvider, builder: PayloadBuilder, options: FabricateOptions): FabricatedDelivery {
  const eventType = resolveEventType(provider, options.eventType, { allowUnknown: options.allowUnknownType === true });
  const built = builder.build({
    eventType,
    faker: seededFaker(options.seed),
    now: options.timestamp,
    data: checkData(options.data),
  });
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
