/** Calling a slice's routes as a router would: no msw, a web Request, the path's `:params`, and a world. */
import type { ApiRoutes, RouteParams, World } from '../../src/providers/internal.js';

/** Finds the first route of `api` that answers `method path` (relative to its base) and returns its answer. */
export async function callRoute(api: ApiRoutes, world: World, method: string, path: string, options: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; base?: Record<string, string> } = {}): Promise<Response> {
  for (const route of api.routes) {
    if (route.method !== method) continue;
    const names: string[] = [];
    const pattern = new RegExp(`^${route.path.replace(/:(\w+)/g, (_m, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(path);
    if (!match) continue;
    // The base's own `:params` (Shopify's `:shop` and `:version`) come from the caller.
    const params: RouteParams = { ...options.base, ...Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
    const base = api.base.replace(/:(\w+)/g, (_m, name: string) => options.base?.[name] ?? name);
    // A JSON body, or a form body as Stripe takes them.
    const body = options.form ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body);
    const type = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const request = new Request(`${base}${path}`, { method, headers: { 'content-type': type, ...options.headers }, body });
    const answer = await route.handler(request, params, world);
    if (answer) return answer;
  }
  throw new Error(`no route of ${api.provider} answers ${method} ${path}`);
}
