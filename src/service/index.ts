/** The reference service. */
export { createRelay, DEFAULT_MAX_BODY_BYTES, DEFAULT_STORE_PATH } from './relay.js';
export type { Mount, Relay, RelayOptions } from './relay.js';
export type { Handler, HandlerContext, Handlers, RelayEvent } from './handlers.js';
export type { ListenOptions, Listening } from './node.js';
export type { ExecutionDetail, ExecutionJson, LogJson, StepJson } from './views.js';
