/** Event types as users type them, resolved against a built-in's catalog. */
import { closestMatches, RelayError } from '../core/index.js';
import type { BuiltInProvider } from './types.js';

/**
 * The canonical type for `input` (aliases resolved), or a `RelayError` listing close matches.
 * @example
 * resolveEventType(getProvider('shopify'), 'ORDERS_CREATE'); // 'orders/create'
 */
export function resolveEventType(provider: BuiltInProvider, input: string): string {
  const resolved = typeof input === 'string' ? provider.catalog.resolve(input) : undefined;
  if (resolved !== undefined) return resolved;
  const close = closestMatches(String(input), provider.catalog.eventTypes);
  const hint = close.length > 0 ? ` Close matches: ${close.join(', ')}.` : '';
  throw new RelayError(
    'UNKNOWN_EVENT_TYPE',
    `Unknown ${provider.name} event type "${String(input)}".${hint} Run \`relay events ${provider.id}\` for the full list.`,
  );
}

