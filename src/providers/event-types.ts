/** Event types as users type them, resolved against a built-in's catalog. */
import { closestMatches, RelayError } from '../core/index.js';
import type { BuiltInProvider } from './types.js';

/** How `resolveEventType` treats a type the catalog does not list. */
export interface ResolveEventTypeOptions {
  /**
   * Let it through as typed: the builder sends the provider's generic envelope around a minimal
   * object. Off by default, so that a typo fails before anything is signed.
   */
  readonly allowUnknown?: boolean;
}

/**
 * The canonical type for `input` (aliases resolved), or a `RelayError` `UNKNOWN_EVENT_TYPE` listing
 * close matches. With `allowUnknown`, an uncatalogued type comes back as typed.
 * @example
 * resolveEventType(getProvider('shopify'), 'ORDERS_CREATE'); // 'orders/create'
 * resolveEventType(getProvider('stripe'), 'payment_intent.succeded'); // throws: Close matches: payment_intent.succeeded
 */
export function resolveEventType(provider: BuiltInProvider, input: string, options: ResolveEventTypeOptions = {}): string {
  const resolved = typeof input === 'string' ? provider.catalog.resolve(input) : undefined;
  if (resolved !== undefined) return resolved;
  if (options.allowUnknown === true && typeof input === 'string' && /^\S+$/.test(input)) return input;
  if (options.allowUnknown === true) {
    throw new RelayError('UNKNOWN_EVENT_TYPE', `An event type must be a non-empty string without spaces, got ${JSON.stringify(input)}.`);
  }
  const close = closestMatches(String(input), provider.catalog.eventTypes);
  const hint = close.length > 0 ? ` Close matches: ${close.join(', ')}.` : '';
  throw new RelayError(
    'UNKNOWN_EVENT_TYPE',
    `Unknown ${provider.name} event type "${String(input)}".${hint} Run \`relay events ${provider.id}\` for the full list; ` +
      `to send a type relaykit does not know in a generic envelope, pass allowUnknownType: true (relay trigger --allow-unknown-type).`,
  );
}

/**
 * The warning a delivery of a type outside the catalog carries, or `undefined` for a catalogued type.
 * @example
 * unknownTypeWarning(getProvider('stripe'), 'payment_intent.succeded');
 * // 'payment_intent.succeded is not a Stripe event type relaykit knows: its payload is a generic envelope. Close matches: …'
 */
export function unknownTypeWarning(provider: BuiltInProvider, eventType: string): string | undefined {
  if (provider.catalog.resolve(eventType) !== undefined) return undefined;
  const close = closestMatches(eventType, provider.catalog.eventTypes);
  return (
    `${eventType} is not a ${provider.name} event type relaykit knows: its payload is a generic envelope.` +
    (close.length > 0 ? ` Close matches: ${close.join(', ')}.` : '')
  );
}
