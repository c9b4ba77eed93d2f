/**
 * Where the harness delivers: a base URL, a fetch handler (a Next.js route's `POST`, a Hono app), a
 * relaykit service, or a node `http.Server` / request listener (Express), each reached the way it
 * is served in production, and each answer read into one `TargetResponse` shape.
 */
import { createServer, request as httpRequest, Server, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultBaseUrl, DEFAULT_BASE_URL, isSuccessStatus, RelayError } from '../core/index.js';

/** A web-standard handler: `(request) => response`. */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** A node `http` request listener, e.g. an Express app. */
export type NodeListener = (req: IncomingMessage, res: ServerResponse, ...rest: never[]) => void;

/** An object with a `fetch(request)` method: a relaykit service, a Hono app, … */
export interface FetchObject {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * A delivery target. A function taking one parameter is a fetch handler; one taking two or more
 * (`(req, res)`, `(req, res, next)`) is a node request listener.
 */
export type Target = string | URL | FetchHandler | FetchObject | NodeListener | Server;

/** A request the harness sends. */
export interface OutgoingRequest {
  readonly method: 'GET' | 'POST';
  /** Absolute path on the target, e.g. `/api/webhook/stripe`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** A target's answer, read whole. */
export interface TargetResponse {
  /** The URL the request went to (`http://relay.local/…` for in-process handlers). */
  readonly url: string;
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The response body as text. */
  readonly body: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
}

/**
 * The service's reason for an answer other than 2xx, when it gives one: relaykit's service names it in
 * `X-Relay-Error-Detail` (e.g. which header is missing, or how old the timestamp is), where the body
 * keeps the spec's one-phrase `{"error": "Invalid webhook signature"}`.
 */
export function errorDetail(response: Pick<TargetResponse, 'status' | 'headers'>): string | undefined {
  return isSuccessStatus(response.status) ? undefined : response.headers['x-relay-error-detail'] || undefined;
}

/** The base URL used for in-process targets, which have no address of their own. */
export const IN_PROCESS_ORIGIN = 'http://relay.local';

/** The default base URL: the Vitest plugin's service, else `SERVICE_BASE_URL`, else `http://localhost:3000` (src/core/env.ts). */
export { defaultBaseUrl };

/** `<base>` joined with an absolute `path`, keeping any path prefix of the base (`http://h/app` + `/api/x` → `http://h/app/api/x`). */
export function joinUrl(base: string | URL, path: string): string {
  let parsed: URL;
  try {
    parsed = new URL(String(base));
  } catch {
    throw new RelayError('INVALID_OPTION', `"${String(base)}" is not a valid URL; give a base URL such as ${DEFAULT_BASE_URL}.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RelayError('INVALID_OPTION', `"${String(base)}" is not an http(s) URL; give a base URL such as ${DEFAULT_BASE_URL}.`);
  }
  const prefix = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.origin}${prefix}${path}${parsed.search}`;
}

function describe(target: unknown): string {
  if (target === null) return 'null';
  if (typeof target === 'function') return `a function of ${target.length} parameters`;
  return typeof target === 'object' ? `an object without a fetch method` : `${typeof target} ${JSON.stringify(target)}`;
}

/** Sends `request` to `target` and reads the whole answer. */
export async function send(target: Target | undefined, request: OutgoingRequest): Promise<TargetResponse> {
  const resolved = target ?? defaultBaseUrl();
  if (typeof resolved === 'string' || resolved instanceof URL) return sendToUrl(joinUrl(resolved, request.path), request);
  if (resolved instanceof Server) return withServer(resolved, (base) => sendToUrl(joinUrl(base, request.path), request));
  if (typeof resolved === 'function') {
    if (resolved.length >= 2) {
      const server = listenerServer(resolved as NodeListener);
      return withServer(server, (base) => sendToUrl(joinUrl(base, request.path), request));
    }
    return sendInProcess(resolved as FetchHandler, request);
  }
  if (typeof resolved === 'object' && resolved !== null && typeof (resolved as FetchObject).fetch === 'function') {
    const object = resolved as FetchObject;
    return sendInProcess((r) => object.fetch(r), request);
  }
  throw new RelayError(
    'INVALID_OPTION',
    `target must be a base URL, a fetch handler (request) => response, an object with fetch(request), ` +
      `a node request listener (req, res) or an http.Server; got ${describe(resolved)}.`,
  );
}

/**
 * A server (not listening yet) for a node request listener, which it calls with a `next` that answers
 * what nobody else did: a middleware (Express, Probot's `createNodeMiddleware`) that passes the request
 * on would otherwise leave it without an answer, and the harness waiting.
 */
export function listenerServer(listener: NodeListener): Server {
  const withNext = listener as (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
  return createServer((req, res) =>
    withNext(req, res, (error?: unknown) => {
      if (res.headersSent || res.writableEnded) return;
      const [status, message] =
        error === undefined || error === null
          ? [404, `nothing answered ${req.method} ${req.url}: the request listener passed it on (next()). If your app receives webhooks at another route, give its path (e.g. path: '/api/github/webhooks').`]
          : [500, `the request listener passed an error on (next(error)): ${error instanceof Error ? error.message : String(error)}`];
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(message);
    }),
  );
}

function toRequest(url: string, request: OutgoingRequest): Request {
  return new Request(url, { method: request.method, headers: request.headers, body: request.body });
}

async function sendInProcess(handler: FetchHandler, request: OutgoingRequest): Promise<TargetResponse> {
  const url = `${IN_PROCESS_ORIGIN}${request.path}`;
  const response = await handler(toRequest(url, request));
  if (!(response instanceof Response)) {
    throw new RelayError('INVALID_OPTION', `the fetch handler target returned ${describe(response)} instead of a Response.`);
  }
  return read(url, response);
}

/**
 * Sends over node:http(s), not global fetch: Node 20's fetch loads undici on first use, tens of
 * milliseconds that dominate a `relay trigger` process sending one request. (msw intercepts both.)
 */
async function sendToUrl(url: string, request: OutgoingRequest): Promise<TargetResponse> {
  const open = url.startsWith('https:') ? (await import('node:https')).request : httpRequest;
  return new Promise<TargetResponse>((resolve, reject) => {
    const unreachable = (cause: NodeJS.ErrnoException) =>
      reject(
        new RelayError('UNREACHABLE', `could not reach ${url} (${cause.code ?? cause.message}). Is the service running? Start one with \`relay dev\`.`, {
          cause,
        }),
      );
    let outgoing: ClientRequest;
    try {
      outgoing = open(url, { method: request.method, headers: request.headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', unreachable);
        response.on('close', () => {
          if (!response.complete) unreachable(Object.assign(new Error('the connection closed before the response ended'), { code: 'ECONNRESET' }));
        });
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve(answer(url, response.statusCode ?? 0, headers, Buffer.concat(chunks).toString('utf8')));
        });
      });
    } catch (cause) {
      // node:http validates header names and values before connecting.
      reject(new RelayError('INVALID_OPTION', `cannot send to ${url}: ${(cause as Error).message}.`, { cause }));
      return;
    }
    outgoing.on('error', unreachable);
    outgoing.end(request.body);
  });
}

async function read(url: string, response: Response): Promise<TargetResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return answer(url, response.status, headers, await response.text());
}

function answer(url: string, status: number, headers: Record<string, string>, body: string): TargetResponse {
  let json: unknown;
  if (body !== '') {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  return { url, status, headers, body, json };
}

// A server that is not listening is started on an ephemeral loopback port for as long as any call
// needs it, then closed; one that is already listening is used where it is.
const started = new WeakMap<Server, { base: Promise<string>; users: number }>();

async function withServer<T>(server: Server, use: (base: string) => Promise<T>): Promise<T> {
  if (server.listening && !started.has(server)) return use(baseOf(server));
  let entry = started.get(server);
  if (!entry) {
    const base = new Promise<string>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve(baseOf(server));
      });
    });
    entry = { base, users: 0 };
    started.set(server, entry);
  }
  entry.users += 1;
  try {
    return await use(await entry.base);
  } finally {
    entry.users -= 1;
    if (entry.users === 0) {
      started.delete(server);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
    }
  }
}

function baseOf(server: Server): string {
  const address = server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') {
    throw new RelayError('INVALID_OPTION', 'the http.Server target listens on a pipe, not a TCP port; listen on a port or pass its URL.');
  }
  const host = address.family === 'IPv6' ? `[${address.address === '::' ? '::1' : address.address}]` : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * `to` as an http(s) URL, to be posted to exactly (no `/api/webhook/<provider>` added).
 * @example
 * exactUrl('http://localhost:4000/webhooks/stripe').pathname; // '/webhooks/stripe'
 */
export function exactUrl(to: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(to));
  } catch {
    throw new RelayError('INVALID_OPTION', `"${String(to)}" is not a valid URL; give the full URL of your route, such as http://localhost:4000/webhooks/stripe.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RelayError('INVALID_OPTION', `"${String(to)}" is not an http(s) URL; give the full URL of your route, such as http://localhost:4000/webhooks/stripe.`);
  }
  return url;
}

/**
 * Where a delivery goes, as `triggerWebhook`, `deliver`, `triggerMany`, `triggerFlow`, `replay` and
 * `assertIdempotent` take it: `target` at `path`, or exactly `to`.
 */
export interface RouteOptions {
  /** A base URL, a fetch handler, an object with `fetch`, a node request listener or an `http.Server`. */
  target?: Target;
  /**
   * The URL path `target` receives this provider's webhooks at, starting with "/" (Probot's
   * `/api/github/webhooks`, a Next.js `app/api/stripe/route.ts`'s `/api/stripe`). Default `/api/webhook/<provider>`.
   */
  path?: string;
  /** Post to exactly this URL (a user's own route, `http://localhost:4000/webhooks/stripe`) instead of `<target><path>`. */
  to?: string | URL;
}

/** A checked route: what to send to, and the path on it (`undefined`: the delivery's own `/api/webhook/<provider>`). */
export interface Route {
  readonly target: Target | undefined;
  readonly path: string | undefined;
}

/**
 * `path` checked: the URL path a target receives webhooks at, starting with "/" and free of spaces,
 * control characters and a fragment; `undefined` stays `undefined`. `who` prefixes the message.
 * @example
 * checkRoutePath('/api/github/webhooks'); // '/api/github/webhooks'
 * checkRoutePath('api/github'); // throws INVALID_OPTION: … must start with "/" …
 */
export function checkRoutePath(path: unknown, who?: string): string | undefined {
  if (path === undefined) return undefined;
  if (typeof path !== 'string' || !path.startsWith('/') || /[\s\u0000-\u001f\u007f#]/.test(path)) {
    const why = typeof path === 'string' && path.startsWith('/') ? 'must not hold spaces, control characters or a "#"' : 'must start with "/"';
    throw new RelayError(
      'INVALID_OPTION',
      `${who ? `${who}: ` : ''}path is the URL path the target receives webhooks at (e.g. "/api/github/webhooks") and ${why}; got ${JSON.stringify(path)}.`,
    );
  }
  return path;
}

/**
 * `options` as the target and the path to post to: `to` (an exact URL) becomes its origin and its path;
 * `path` stays on `target`. `path` and `to` together, or a bad `path` or `to`, throw `INVALID_OPTION`.
 * @example
 * resolveRoute({ target: middleware, path: '/api/github/webhooks' }); // { target: middleware, path: '/api/github/webhooks' }
 * resolveRoute({ to: 'http://localhost:4000/hooks?x=1' }); // { target: 'http://localhost:4000', path: '/hooks?x=1' }
 */
export function resolveRoute(options: RouteOptions, who?: string): Route {
  const path = checkRoutePath(options.path, who);
  if (options.to === undefined) return { target: options.target, path };
  if (path !== undefined) {
    throw new RelayError(
      'INVALID_OPTION',
      `${who ? `${who}: ` : ''}path is the route on target and to an exact URL (its own path included): give one of them, not both.`,
    );
  }
  const url = exactUrl(options.to);
  return { target: url.origin, path: `${url.pathname}${url.search}` };
}
