/** The reference service. */
export { createRelay, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES_IN_FLIGHT, DEFAULT_STORE_PATH } from './relay.js';
export { MAX_JSON_DEPTH } from './routes.js';
export { INTERRUPTED } from './recovery.js';
export type { Recovery } from './recovery.js';
export type { Mount, Relay, RelayOptions } from './relay.js';
export type { DashboardOptions, DeliveryBuilder } from './dashboard/index.js';
export type { Handler, HandlerContext, Handlers, RelayEvent } from './handlers.js';
export type { ListenOptions, Listening, RequestLogEntry } from './node.js';
export type { Settled } from './runner.js';
export type { ExecutionDetail, ExecutionJson, LogJson, StepJson } from './views.js';
