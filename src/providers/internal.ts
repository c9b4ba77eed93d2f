/**
 * The providers' second door, for relaykit's own layers only (the emulator and msw): the pieces of
 * the slices' API routes and world adapters, and the web helpers they are written with. Not a public
 * subpath; `relaykit/providers` (index.ts) is what users import.
 */
export type {
  ApiRoute,
  ApiRoutes,
  Obj,
  OutboxEvent,
  OutboxWriter,
  RouteHandler,
  RouteMethod,
  RouteParams,
  World,
  WorldAdapter,
  WorldPutOptions,
  WorldScope,
} from './shared/api/types.js';
export { guardedRoute, route } from './shared/api/routes.js';
export { intParam, jsonResponse, nowSeconds, readJson, readJsonObject } from './shared/api/http.js';
export { authorization, bearerToken, credentialAccepted, redactKey } from './shared/api/credentials.js';
export type { CredentialOption } from './shared/api/credentials.js';
export { base62, nextNumericId, prefixedId, uuid } from './shared/api/ids.js';
export { cursorPage, decodePageToken, encodePageToken, linkHeader, numberedPage, withQuery } from './shared/api/pagination.js';
export type { CursorPage, NumberedPage } from './shared/api/pagination.js';
export { decodeForm } from './shared/api/form.js';
export { nestedObjects, stringId } from './shared/api/objects.js';
