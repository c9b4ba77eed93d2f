/** Writing a provider's route table: a route, and routes behind the provider's credential check. */
import type { ApiRoute, RouteHandler, RouteMethod } from './types.js';

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
