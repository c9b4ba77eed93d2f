import type { EventCatalog } from '../types.js';

/** A catalog that accepts exactly its listed types. */
export function exactCatalog(eventTypes: readonly string[]): EventCatalog {
  const known = new Set(eventTypes);
  return {
    eventTypes: Object.freeze([...eventTypes]),
    resolve: (input) => (known.has(input) ? input : undefined),
  };
}
