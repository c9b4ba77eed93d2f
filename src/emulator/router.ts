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
  /** `METHOD /path` of every operation served. */
  readonly operations: readonly string[];
  /** The answer to `request` (its path relative to the API's root), from `world`. */
  handle(request: Request, world: World): Promise<Response>;
}

function compile(method: string, path: string, handler: Compiled['handler']): Compiled {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? (names.push(segment.slice(1)), '([^/]+)') : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, path, pattern: new RegExp(`^${source}/?$`), names, handler };
}

/**
 * A router for `api`.
 * @example
 * const router = createRouter(stripeEmulation.routes());
 * await router.handle(new Request('http://127.0.0.1:12111/v1/customers', { method: 'POST', … }), world);
 */
export function createRouter(api: ApiRoutes): Router {
  const compiled = api.routes.map((r) => compile(r.method, r.path, r.handler));
  const operations = compiled.map((r) => `${r.method} ${r.path}`);
  return {
    provider: api.provider,
    operations,
    async handle(request, world) {
      const path = new URL(request.url).pathname;
      for (const route of compiled) {
        if (route.method !== request.method) continue;
        const match = route.pattern.exec(path);
        if (!match) continue;
        const params: RouteParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
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
