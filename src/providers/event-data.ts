/**
 * The type of each event's `data` override, per provider and event type: a deep partial of what the
 * provider's official schema says the override merges into (Stripe's `data.object`, Clerk's and
 * Resend's `data`, the GitHub and Shopify body). Types only, generated with the catalogs by
 * `npm run gen` into each provider's folder: nothing here exists at run time.
 * @example
 * const data: EventData<'stripe', 'payment_intent.succeeded'> = { amount: 2000, metadata: { orderId: '42' } };
 * const typo: EventData<'stripe', 'payment_intent.succeeded'> = { amont: 1 }; // type error
 */
import type { BuiltIns } from './registry.js';

/**
 * Each built-in's event types, mapped to the full type of what their `data` merges into: read off the
 * registry's built-ins (each slice states its own, `BuiltInProvider<Id, Data>`), so no list of providers
 * is kept here. Stripe's holds its snapshot events (`data.object`) and event notifications (the thin event).
 */
export type EventDataMap = { [P in BuiltIns[number] as P['id']]: NonNullable<P['~eventData']> };

/**
 * Every key optional, all the way down (array items too: an array in `data` replaces the whole array),
 * and any key may be set to `null`: a schema does not always say which fields a provider nulls, and
 * `null` in `data` replaces a value, as the merge documents.
 */
export type DeepPartial<T> = T extends readonly (infer Item)[]
  ? readonly DeepPartial<Item>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

/** The event types of a built-in, as `buildDelivery` suggests them; any string for another provider id. */
export type KnownEventType<P extends string> = P extends keyof EventDataMap ? keyof EventDataMap[P] & string : string;

/**
 * What `data` may hold for `eventType` of `provider`: a deep partial of the official type for a
 * catalogued type, any JSON object otherwise (an alias such as Shopify's `ORDERS_CREATE`, an unknown
 * type sent with `allowUnknownType`, a custom provider).
 */
export type EventData<P extends string, T extends string> = P extends keyof EventDataMap
  ? T extends keyof EventDataMap[P]
    ? DeepPartial<EventDataMap[P][T]>
    : Record<string, unknown>
  : Record<string, unknown>;
