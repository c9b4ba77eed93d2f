/**
 * Routing a web `Request` to a provider's API routes, without msw: each route's `:param` path compiled
 * once, tried in order (a handler answering `undefined` passes the request on), and the provider's own
 * error for an operation the emulator does not model, naming it and the nearest ones it does.
 */
import { closestMatches } from '../core/index.js';
import type { ApiRoutes, RouteParams, World } from '../providers/internal.js';

interface Compiled {
  readonly method: string;
  readonly path: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly handler: ApiRoutes['routes'][number]['handler'];
}

/** A router over one provider's API. */
export interface Router {
  readonly provider: string;
  /** The API's host as its base names it, `:params` kept: `api.stripe.com`, `:shop.myshopify.com`. */
  readonly host: string;
  /** Whether `host` (`acme.myshopify.com`) is the API's. */
  servesHost(host: string): boolean;
  /** `METHOD /path` of every operation served. */
  readonly operations: readonly string[];
  /**
   * The answer to `request`, from `world`. Its path is the API's own (`/v1/users` for Clerk, whose base
   * is `https://api.clerk.com/v1`); the base's `:params`, in its host or its path, are the route's too.
   * When the base's host has `:params` and the request's host is not the API's (a standalone server),
   * the path may begin with the API's host: `/acme.myshopify.com/admin/api/2025-10/shop.json`.
   */
  handle(request: Request, world: World): Promise<Response>;
}

/**
 * A `:param` template as a pattern source, each `:name` one capture (within a path segment, as in
 * Shopify's `/orders/:id.json`; within a host label, as in `:shop.myshopify.com`).
 */
function templateSource(template: string, part: 'path' | 'host', names: string[]): string {
  const capture = part === 'host' ? '([^./]+)' : '([^/]+?)';
  return template
    .split(/(:\w+)/)
    .map((piece) => (piece.startsWith(':') ? (names.push(piece.slice(1)), capture) : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
}

function compile(method: string, path: string, handler: Compiled['handler']): Compiled {
  const names: string[] = [];
  const source = templateSource(path, 'path', names);
  return { method, path, pattern: new RegExp(`^${source}/?$`), names, handler };
}

/**
 * A router for `api`.
 * @example
 * const router = createRouter(stripeEmulation.routes());
 * await router.handle(new Request('http://127.0.0.1:12111/v1/customers', { method: 'POST', … }), world);
 */
export function createRouter(api: ApiRoutes): Router {
  const [, host = '', basePath = ''] = /^[a-z]+:\/\/([^/]+)(.*)$/.exec(api.base) ?? [];
  const hostNames: string[] = [];
  const hostPattern = new RegExp(`^${templateSource(host, 'host', hostNames)}$`);
  const compiled = api.routes.map((r) => compile(r.method, `${basePath}${r.path}`, r.handler));
  const operations = compiled.map((r) => `${r.method} ${r.path}`);
  return {
    provider: api.provider,
    host,
    servesHost: (asked) => hostPattern.test(asked),
    operations,
    async handle(request, world) {
      const url = new URL(request.url);
      let path = url.pathname;
      // The host's own `:params` (Shopify's shop), when the request went to the provider's real host;
      // on a standalone server, which has one host for all, the API's host is the path's first segment
      // (`/acme.myshopify.com/admin/api/…`).
      let hostMatch = hostNames.length > 0 ? hostPattern.exec(url.hostname) : null;
      if (hostNames.length > 0 && !hostMatch) {
        const [, first = '', rest = ''] = /^\/([^/]+)(\/.*)?$/.exec(path) ?? [];
        hostMatch = hostPattern.exec(first.toLowerCase());
        if (hostMatch) path = rest || '/';
        else {
          // Without its host the request names no shop: said, not answered for a shop called "undefined".
          const answer = api.unsupported(`The ${api.provider} API is served per host (${api.host}): put it first in the path, as in /${api.host}${path}.`);
          return new Response(answer.body, { status: 404, headers: answer.headers });
        }
      }
      const hostParams = hostMatch ? Object.fromEntries(hostNames.map((name, i) => [name, hostMatch[i + 1]!])) : {};
      for (const route of compiled) {
        if (route.method !== request.method) continue;
        const match = route.pattern.exec(path);
        if (!match) continue;
        const params: RouteParams = { ...hostParams, ...Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)])) };
        const answer = await route.handler(request, params, world);
        if (answer) return answer;
      }
      // The provider's error shape, with the status providers give an unknown URL (404), not the mocks' 501.
      const answer = api.unsupported(unmodelled(api.provider, request.method, path, operations));
      return new Response(answer.body, { status: 404, headers: answer.headers });
    },
  };
}

/** The message for an operation the emulator does not model: what was asked, the nearest it serves, and where the rest are listed. */
export function unmodelled(provider: string, method: string, path: string, operations: readonly string[]): string {
  const asked = `${method} ${path}`;
  const near = closestMatches(asked, operations, 3);
  return (
    `The relaykit emulator does not model ${asked} of ${provider}. ` +
    (near.length > 0 ? `Nearest it serves: ${near.join(', ')}. ` : '') +
    `emulator.operations('${provider}') lists all ${operations.length}; for anything else, mock it in your test.`
  );
}
