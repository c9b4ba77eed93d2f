/** What a provider's API routes and world adapter are written with: web helpers and the World and route types. */
export type {
  ApiRoute,
  ApiRoutes,
  ClientOptions,
  EmulatedDelivery,
  EmulatedEndpoint,
  Obj,
  OutboxAppend,
  OutboxEvent,
  OutboxWriter,
  ProviderEmulation,
  RouteHandler,
  RouteMethod,
  RouteParams,
  World,
  WorldAdapter,
  WorldPutOptions,
  WorldScope,
} from './types.js';
export { guardedRoute, route, unsupportedMessage } from './routes.js';
export { intParam, jsonResponse, nowSeconds, readJson, readJsonObject } from './http.js';
export { authorization, bearerToken, credentialAccepted, redactKey } from './credentials.js';
export type { CredentialOption } from './credentials.js';
export { base62, nextNumericId, prefixedId, uuid } from './ids.js';
export { cursorPage, decodePageToken, encodePageToken, linkHeader, numberedPage, withQuery } from './pagination.js';
export type { CursorPage, NumberedPage } from './pagination.js';
export { decodeForm } from './form.js';
export { nestedObjects, stringId } from './objects.js';
export { withOutbox } from './world.js';
