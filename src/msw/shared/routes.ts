/**
 * Routes of a mocked API: each becomes an msw handler, and together they tell a test what a mock
 * supports when it calls something it does not.
 */
import { http, type HttpHandler, type HttpResponseResolver } from 'msw';
import { unsupportedMessage, type ApiRoutes, type RouteParams } from '../../providers/internal.js';
import type { MockProviderId, ProviderWorld } from '../../emulator/seam.js';

/** The HTTP methods the mocks answer. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One mocked endpoint. `path` is relative to the API base and uses msw's `:param` syntax. */
export interface MockRoute {
  readonly method: RouteMethod;
  readonly path: string;
  readonly resolver: HttpResponseResolver;
}

/** A mocked API: where it lives and what it answers. */
export interface MockApi {
  readonly provider: MockProviderId;
  /** The base every route path is appended to: `https://api.stripe.com`. */
  readonly base: string;
  /** How the host looks in messages: `api.stripe.com`, `<shop>.myshopify.com`. */
  readonly host: string;
  readonly routes: readonly MockRoute[];
  /** The provider's error response for an endpoint the mock does not support. */
  unsupported(message: string): Response;
}

const METHODS = { GET: http.get, POST: http.post, PATCH: http.patch, PUT: http.put, DELETE: http.delete } as const;

/** Shorthand for a route. */
export function route(method: RouteMethod, path: string, resolver: HttpResponseResolver): MockRoute {
  return { method, path, resolver };
}

/**
 * `route` for an API that authenticates every request: `check` (the provider's credential check) runs first, and
 * the error response it returns answers instead of the resolver.
 * @example
 * const r = guardedRoute((request) => checkClerkKey(request, keys));
 * r('GET', '/users', listUsers);
 */
export function guardedRoute(check: (request: Request) => Response | undefined): typeof route {
  return (method, path, resolver) => route(method, path, (info) => check(info.request) ?? resolver(info));
}

/**
 * A provider's web routes as a mocked API over `world`: each route's handler becomes the msw
 * resolver of its endpoint, called with the request, the path parameters and the world.
 * @example
 * apiHandlers(bindRoutes(resendRoutes({ apiKeys }), world), world);
 */
export function bindRoutes(api: ApiRoutes, world: ProviderWorld): MockApi {
  return {
    provider: api.provider as MockProviderId,
    base: api.base,
    host: api.host,
    routes: api.routes.map((r) => route(r.method, r.path, ({ request, params }) => r.handler(request, params as RouteParams, world))),
    unsupported: (message) => api.unsupported(message),
  };
}

/** The endpoints of a mocked API, one per line: `GET /v1/customers/:id` (with `withHost`, `GET api.stripe.com/v1/customers/:id`). */
export function describeRoutes(api: Pick<MockApi, 'routes' | 'base'> & Partial<Pick<MockApi, 'host'>>, withHost = false): string[] {
  const prefix = new URL(api.base.replace(':shop', 'shop')).pathname.replace(/\/$/, '');
  const host = withHost ? (api.host ?? '') : '';
  return api.routes.map((r) => `${r.method.padEnd(6)} ${host}${prefix}${r.path}`);
}


/**
 * Notes an unanswered request in the world and prints `message` the first time its endpoint is
 * seen (one line per distinct endpoint, not one per request).
 */
export function reportUnsupported(world: ProviderWorld, provider: MockProviderId, request: Request, message: string): void {
  if (world.noteUnsupported({ provider, method: request.method, url: request.url })) console.error(message);
}

/** The msw handlers of a mocked API, with a last catch-all that fails unsupported requests clearly. */
export function apiHandlers(api: MockApi, world: ProviderWorld): HttpHandler[] {
  const handlers = api.routes.map((r) => METHODS[r.method](`${api.base}${r.path}`, r.resolver));
  const origin = api.base.replace(/^(https:\/\/[^/]+).*$/, '$1');
  handlers.push(
    http.all(`${origin}/*`, ({ request }) => {
      const message = unsupportedMessage(api, request.method, new URL(request.url));
      reportUnsupported(world, api.provider, request, message);
      return api.unsupported(message);
    }),
  );
  return handlers;
}
