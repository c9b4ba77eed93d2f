/** Writing a provider's route table: a route, and routes behind the provider's credential check. */
import { prefixed } from '../../../core/index.js';
import type { ApiRoute, ApiRoutes, RouteHandler, RouteMethod } from './types.js';

/** Shorthand for a route. */
export function route(method: RouteMethod, path: string, handler: RouteHandler): ApiRoute {
  return { method, path, handler };
}

/**
 * `route` for an API that authenticates every request: `check` (the provider's credential check)
 * runs first, and the error response it returns answers instead of the handler.
 * @example
 * const r = guardedRoute((request) => checkResendKey(request, keys));
 * r('GET', '/emails/:id', getEmail);
 */
export function guardedRoute(check: (request: Request) => Response | undefined): typeof route {
  return (method, path, handler) => route(method, path, (request, params, world) => check(request) ?? handler(request, params, world));
}

/**
 * The one-line message for a request no route of `api` answers: the endpoint, the `server.use(…)`
 * line that mocks it, and where the full list of what the mock serves is.
 */
export function unsupportedMessage(api: Pick<ApiRoutes, 'provider' | 'host' | 'base'> & { readonly routes: readonly unknown[] }, method: string, url: URL): string {
  return prefixed(
    `the ${api.provider} mock has no handler for ${method} ${url.pathname} (${api.host}). ` +
      `Mock it with server.use(http.${method.toLowerCase()}('${url.origin}${url.pathname}', resolver)); ` +
      `supportedEndpoints('${api.provider}') lists the ${api.routes.length} endpoints it serves.`,
  );
}
