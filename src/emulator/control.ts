/**
 * The emulator's own HTTP API, under `/_relaykit/` on the standalone server: what a test in another
 * process (a Jest worker, a test written in any language against `relay emulate`) does with the
 * emulator besides calling the providers' APIs: wait until it has settled, read what it sent, reset it,
 * add a webhook endpoint, and run the providers' test helpers (complete a Checkout, install a GitHub
 * App). `connectEmulator()` (remote.ts) is its client. Errors are relaykit's: JSON `{ "error": string }`.
 *
 *   GET  /_relaykit                          what is emulated: each provider's base URL, client options, helpers
 *   POST /_relaykit/settled                  answers once every delivery due now has been answered
 *   GET  /_relaykit/deliveries?provider=&type=&status=
 *   POST /_relaykit/reset
 *   GET  /_relaykit/endpoints/<provider>     the enabled webhook endpoints, with their secrets
 *   POST /_relaykit/endpoints/<provider>     { url, secret?, events? } → { id, url, secret }
 *   POST /_relaykit/helpers/<provider>/<name>  [arg, …] → { result }
 */
import { RelayError } from '../core/index.js';
import type { ClientOptions } from '../providers/internal.js';
import type { EmulatorDelivery } from './dispatcher.js';

/** The path every control route starts with. A provider's API never uses it. */
export const CONTROL_PATH = '/_relaykit';

/** One emulated provider, as a client in another process needs it. */
export interface EmulatedProviderInfo {
  /** Where its API is served: `http://127.0.0.1:12111/github`. */
  readonly baseUrl: string;
  /** The options its official SDK takes to call `baseUrl` (`{ host, port, protocol }` for Stripe). */
  readonly clientOptions: ClientOptions;
  /** The environment variables its SDK reads its base URL from, set to `baseUrl` (`RESEND_BASE_URL`); often none. */
  readonly env: Readonly<Record<string, string>>;
  /** Its test helpers' names (`completeCheckout`), run through `POST /_relaykit/helpers/<provider>/<name>`. */
  readonly helpers: readonly string[];
}

/**
 * A listening emulator, described: what `GET /_relaykit` answers and the test context hands to workers.
 * @example
 * const info: EmulatorInfo = { url: 'http://127.0.0.1:12111', providers: { stripe: { baseUrl: 'http://127.0.0.1:12111', clientOptions: { host: '127.0.0.1', port: 12111, protocol: 'http' }, env: {}, helpers: ['completeCheckout', 'completeAuthentication'] } } };
 */
export interface EmulatorInfo {
  readonly url: string;
  readonly providers: Readonly<Record<string, EmulatedProviderInfo>>;
}

/** A webhook endpoint as `endpoints()` lists it and `addWebhook()` answers. */
export interface EndpointInfo {
  readonly id: string;
  readonly url: string;
  readonly secret: string;
}

/** Which deliveries to list. */
export interface DeliveriesFilter {
  readonly provider?: string;
  readonly type?: string;
  readonly status?: EmulatorDelivery['status'];
}

/** What the control routes need of the emulator they control. */
export interface Controlled {
  info(): EmulatorInfo;
  settled(): Promise<void>;
  deliveries(filter?: DeliveriesFilter): EmulatorDelivery[];
  reset(): void;
  endpoints(provider: string): EndpointInfo[];
  addWebhook(provider: string, endpoint: { url: string; secret?: string; events?: readonly string[] }): EndpointInfo;
  /** Runs `provider`'s helper `name` with `args`; `undefined` when it has no such helper. */
  runHelper(provider: string, name: string, args: unknown[]): { found: false } | { found: true; result: unknown };
}

const STATUSES: readonly string[] = ['pending', 'delivered', 'failed'];

function answer(status: number, body: unknown): Response {
  return Response.json(body, { status });
}

function failure(status: number, message: string): Response {
  return answer(status, { error: message });
}

/** The request's JSON body, or a 400 answer saying what was wrong. */
async function jsonBody(request: Request, shape: string): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: failure(400, `The body must be JSON (${shape}), got ${JSON.stringify(text.slice(0, 80))}.`) };
  }
}

function methodNotAllowed(allowed: string, path: string): Response {
  return new Response(JSON.stringify({ error: `${path} answers ${allowed} only.` }), { status: 405, headers: { 'content-type': 'application/json', allow: allowed } });
}

/** A user's mistake said as a 4xx; anything else is a fault of the emulator and goes on as one. */
function refusal(caught: unknown): Response {
  if (caught instanceof RelayError) return failure(caught.code === 'UNKNOWN_PROVIDER' || caught.code === 'NOT_FOUND' ? 404 : 400, caught.message);
  throw caught;
}

const ROUTES = [
  'GET /_relaykit',
  'POST /_relaykit/settled',
  'GET /_relaykit/deliveries',
  'POST /_relaykit/reset',
  'GET|POST /_relaykit/endpoints/<provider>',
  'POST /_relaykit/helpers/<provider>/<name>',
];

/**
 * Answers a request whose path starts with `/_relaykit`.
 * @example
 * if (url.pathname.startsWith(CONTROL_PATH)) return control(request, emulator);
 */
export async function control(request: Request, emulator: Controlled): Promise<Response> {
  const url = new URL(request.url);
  const parts = url.pathname.slice(CONTROL_PATH.length).split('/').filter(Boolean).map(decodeURIComponent);
  const method = request.method;
  const [head, ...rest] = parts;
  try {
    if (head === undefined) return method === 'GET' ? answer(200, emulator.info()) : methodNotAllowed('GET', url.pathname);
    if (head === 'settled' && rest.length === 0) {
      if (method !== 'POST') return methodNotAllowed('POST', url.pathname);
      await emulator.settled();
      return answer(200, { settled: true, deliveries: emulator.deliveries().length });
    }
    if (head === 'deliveries' && rest.length === 0) {
      if (method !== 'GET') return methodNotAllowed('GET', url.pathname);
      const filter: { provider?: string; type?: string; status?: EmulatorDelivery['status'] } = {};
      for (const [name, value] of url.searchParams) {
        if (name === 'provider' || name === 'type') filter[name] = value;
        else if (name === 'status') {
          if (!STATUSES.includes(value)) return failure(400, `status must be one of ${STATUSES.join(', ')}, got "${value}".`);
          filter.status = value as EmulatorDelivery['status'];
        } else return failure(400, `deliveries filters by provider, type and status; "${name}" is none of them.`);
      }
      return answer(200, { data: emulator.deliveries(filter) });
    }
    if (head === 'reset' && rest.length === 0) {
      if (method !== 'POST') return methodNotAllowed('POST', url.pathname);
      emulator.reset();
      return answer(200, { reset: true });
    }
    if (head === 'endpoints' && rest.length === 1) {
      const provider = rest[0]!;
      if (method === 'GET') return answer(200, { data: emulator.endpoints(provider) });
      if (method !== 'POST') return methodNotAllowed('GET, POST', url.pathname);
      const body = await jsonBody(request, '{ url, secret?, events? }');
      if (!body.ok) return body.response;
      const endpoint = body.value as { url?: unknown; secret?: unknown; events?: unknown } | undefined;
      if (typeof endpoint !== 'object' || endpoint === null || Array.isArray(endpoint) || typeof endpoint.url !== 'string') {
        return failure(400, `POST ${url.pathname} takes { url, secret?, events? } with url a string, got ${JSON.stringify(endpoint ?? null)}.`);
      }
      return answer(200, emulator.addWebhook(provider, endpoint as { url: string; secret?: string; events?: string[] }));
    }
    if (head === 'helpers' && rest.length === 2) {
      if (method !== 'POST') return methodNotAllowed('POST', url.pathname);
      const [provider, name] = rest as [string, string];
      const body = await jsonBody(request, 'the list of the helper\'s arguments, [arg, …]');
      if (!body.ok) return body.response;
      const args = body.value === undefined ? [] : body.value;
      if (!Array.isArray(args)) return failure(400, `POST ${url.pathname} takes the helper's arguments as a JSON list, [arg, …], got ${JSON.stringify(args)}.`);
      const ran = emulator.runHelper(provider, name, args);
      if (!ran.found) {
        const known = emulator.info().providers[provider]?.helpers ?? [];
        return failure(404, `${provider} has no test helper "${name}". Its helpers: ${known.length > 0 ? known.join(', ') : 'none'}.`);
      }
      return answer(200, { result: (await ran.result) ?? null });
    }
    return failure(404, `The relaykit emulator has no control route ${method} ${url.pathname}. Its routes: ${ROUTES.join(', ')}.`);
  } catch (caught) {
    return refusal(caught);
  }
}
