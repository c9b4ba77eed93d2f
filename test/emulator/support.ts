/** Calling a slice's routes through the emulator's router, without msw or a server: a web Request and a world. */
import { createRouter } from '../../src/emulator/router.js';
import type { ApiRoutes, World } from '../../src/providers/internal.js';

/**
 * The answer of `api`'s router to `method path` (relative to its base, whose `:params`, such as
 * Shopify's `:shop` and `:version`, come from `options.base`).
 */
export async function callRoute(api: ApiRoutes, world: World, method: string, path: string, options: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; base?: Record<string, string> } = {}): Promise<Response> {
  const base = api.base.replace(/:(\w+)/g, (_m, name: string) => options.base?.[name] ?? name);
  // A JSON body, or a form body as Stripe takes them.
  const body = options.form ? new URLSearchParams(options.form).toString() : options.body === undefined ? undefined : JSON.stringify(options.body);
  const type = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
  const request = new Request(`${base}${path}`, { method, headers: { 'content-type': type, ...options.headers }, body });
  return createRouter(api).handle(request, world);
}
