/**
 * The ground floor under every layer (DESIGN.md, "Layout"): the one error class, the library's
 * message prefix, the JSON deep merge and "did you mean" suggestions. It imports nothing of the
 * project, so any layer may import it (.dependency-cruiser.mjs).
 *
 * @example
 * import { RelayError, closestMatches } from '../core/index.js';
 * throw new RelayError('UNKNOWN_PROVIDER', `Did you mean ${closestMatches('strpe', ['stripe'])[0]}?`);
 */
export { RelayError } from './errors.js';
export type { RelayErrorCode } from './errors.js';
export { MESSAGE_PREFIX, prefixed } from './message.js';
export { deepMerge, isPlainObject } from './merge.js';
export type { JsonObject, JsonValue } from './merge.js';
export { closestMatches } from './suggest.js';
