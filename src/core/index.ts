/**
 * The ground floor under every layer (DESIGN.md, "Layout"): the one error class, the library's
 * message prefix and its one "Unknown provider" wording, the environment variables and defaults, the
 * service's paths, the execution statuses, the 2xx test, base62 ids, the JSON deep merge and "did you
 * mean" suggestions. It imports nothing of the project, so any layer may import it
 * (.dependency-cruiser.mjs).
 *
 * @example
 * import { RelayError, closestMatches } from '../core/index.js';
 * throw new RelayError('UNKNOWN_PROVIDER', `Did you mean ${closestMatches('strpe', ['stripe'])[0]}?`);
 */
export { RelayError } from './errors.js';
export type { RelayErrorCode } from './errors.js';
export { MESSAGE_PREFIX, prefixed } from './message.js';
export { copyData, copySorted } from './copy.js';
export { deepMerge, isPlainObject } from './merge.js';
export type { JsonObject, JsonValue } from './merge.js';
export { closestMatches } from './suggest.js';
export { unknownProviderMessage } from './unknown-provider.js';
export type { UnknownProviderWording } from './unknown-provider.js';
export { ENV_NAMES, DEFAULT_BASE_URL, DEFAULT_STORE_PATH, serviceBaseUrl, defaultBaseUrl, apiTokenFromEnv } from './env.js';
export type { Env, BaseUrlSource } from './env.js';
export { MOUNT_PREFIX, MOUNT_PATH_PATTERN, mountPath, apiPaths } from './paths.js';
export type { ExecutionsQuery } from './paths.js';
export { EXECUTION_STATUSES, STEP_STATUSES, SETTLED_STATUSES, isExecutionStatus, isSettled } from './statuses.js';
export type { ExecutionStatus, StepStatus } from './statuses.js';
export { isSuccessStatus } from './http.js';
export { BASE62_ALPHABET, base62, randomBase62 } from './ids/base62.js';
