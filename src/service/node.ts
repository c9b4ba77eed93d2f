/**
 * The node:http adapter around any `RelayHandler`: an `IncomingMessage` becomes a `RelayRequest` (the
 * body streamed under the size limit and the shared body budget), the `RelayResponse` is written back. Requests Node's own
 * parser refuses, a request without `Host`, and `CONNECT` or upgrade requests, get the service's JSON
 * error shape too. An answer sent before the body was read is followed by a lingering close, so that
 * it reaches the client instead of a reset. Close stops accepting, answers requests in flight with
 * `Connection: close`, refuses later ones on open connections, and force-closes what is left after a
 * grace period.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { prefixed } from '../core/index.js';
import { error, type RelayHandler, type RelayRequest, type RelayResponse, type RequestScope } from './http.js';

/** Where `listen` binds, and what it accepts. */
export interface ListenOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Extra `Host` names the executions API answers to. Bound to a loopback address, the service
   * answers the API only for loopback names (`localhost`, `127.0.0.1`, `[::1]`), against DNS
   * rebinding; list the names you reach it by (`relay.test`), or `'*'` for any. Default:
   * `RELAY_ALLOWED_HOSTS` (comma-separated). Webhook routes answer any `Host`, as tunnels need.
   */
  allowedHosts?: readonly string[];
  /** Called once per answered request, e.g. to log it. */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * How long `close()` lets requests in flight finish before it destroys every connection left.
   * Default 5000 ms.
   */
  shutdownGraceMs?: number;
}

/** How long `close()` waits for requests in flight by default. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

/**
 * How long a connection answered before its body was read keeps reading (and discarding) after the
 * answer. Closing it at once while the client still sends makes the kernel reset it, and a reset
 * destroys the answer in the client's buffer before the client reads it (EPIPE instead of a 413).
 */
const LINGER_MS = 5_000;

/** One answered request, as `onRequest` sees it. */
export interface RequestLogEntry {
  /** When the request arrived. */
  readonly at: Date;
  /** `-` when Node's HTTP parser refused the request before its method was known. */
  readonly method: string;
  /** `-` when unknown, as for `method`. */
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** The provider of a webhook route. */
  readonly provider?: string;
  /** The execution the request made, found, replayed or retried. */
  readonly executionId?: string;
  /** The delivery was a redelivery of one already stored. */
  readonly deduplicated?: boolean;
  /** The delivery was stored as a capture (`relay capture`). */
  readonly captured?: boolean;
  /** Why it failed, for non-2xx answers: the error message and detail. */
  readonly reason?: string;
}

/** A bound node:http server of the service. */
export interface Listening {
  /** `http://<host>:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly server: Server;
  /**
   * Stops accepting connections, closes idle ones, answers requests in flight (with `Connection:
   * close`) and refuses later ones on open connections (503); after `shutdownGraceMs` destroys every
   * connection left. Resolves when none is left.
   */
  close(): Promise<void>;
}

/** The request line's target as path and query; `undefined` when it is no URL at all. */
function splitTarget(target: string): { pathname: string; searchParams: URLSearchParams } | undefined {
  // Origin-form targets (`/api/…?…`) are split by hand; anything else (absolute-form) goes through URL.
  if (target.startsWith('/') && !target.startsWith('//')) {
    const query = target.indexOf('?');
    return {
      pathname: query === -1 ? target : target.slice(0, query),
      searchParams: new URLSearchParams(query === -1 ? '' : target.slice(query + 1)),
    };
  }
  if (!URL.canParse(target, 'http://relay.invalid')) return undefined;
  const url = new URL(target, 'http://relay.invalid');
  return { pathname: url.pathname, searchParams: url.searchParams };
}

function toRelayRequest(req: IncomingMessage, target: { pathname: string; searchParams: URLSearchParams }): RelayRequest {
  return {
    method: req.method ?? 'GET',
    pathname: target.pathname,
    searchParams: target.searchParams,
    headers: req.headers,
    headerRecord: () => {
      const record: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return record;
    },
    bytes: (limit, lease) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const onData = (chunk: Buffer) => {
          size += chunk.length;
          const refusal = size > limit ? 'too-large' : lease.hold(size) ? undefined : 'busy';
          if (refusal) {
            req.off('data', onData);
            req.pause();
            resolve(refusal);
            return;
          }
          chunks.push(chunk);
        };
        req.on('data', onData);
        req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
        req.once('error', reject);
      }),
  };
}

async function answer(handler: RelayHandler, req: IncomingMessage, scope: RequestScope): Promise<RelayResponse> {
  const raw = req.url ?? '/';
  const target = splitTarget(raw);
  if (!target) {
    const shown = raw.length > 100 ? `${raw.slice(0, 100)}…` : raw;
    return error(400, `The request target ${JSON.stringify(shown)} is not a valid URL; send a path such as /api/webhook/stripe.`, { connection: 'close' });
  }
  return handler(toRelayRequest(req, target), scope);
}

/** Writes a JSON error straight onto a socket Node's HTTP layer has let go of, then closes it. */
function refuseOnSocket(socket: Duplex, status: number, message: string, headers: Record<string, string> = {}): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ error: message });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/**
 * Lets the answer to a request whose body was not read reach the client: once Node has written the
 * answer and would close the socket, it half-closes instead (FIN after the answer), discards what the
 * client still sends, and destroys the socket when the client closes its side or after `LINGER_MS`.
 */
function lingerAfterAnswer(req: IncomingMessage): void {
  if (req.complete) return;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Node calls destroySoon() once the last answer on a closing connection is written.
  socket.destroySoon = () => {
    req.resume();
    if (socket.writable) socket.end();
    // Both sides ended: the socket destroys itself; this bounds a client that never stops sending.
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** The answer to a request that arrives while the server is closing. */
const SHUTTING_DOWN =
  'The service is shutting down and takes no new requests; send this request again once it is back (providers redeliver on their own).';

/** What Node's parser errors mean to the sender. */
function parserRefusal(code: string | undefined): { status: number; message: string; headers?: Record<string, string> } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: 'The request headers are larger than this service accepts (16 KiB in all); send fewer or smaller headers.' };
    case 'HPE_INVALID_METHOD':
      return { status: 405, message: 'The request method is not one this service knows; it answers GET and POST.', headers: { allow: 'GET, POST' } };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'HPE_HEADERS_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time; send it whole without pausing.' };
    default:
      return {
        status: 400,
        message: `The request is not valid HTTP/1.1 (${code ?? 'malformed'}): check the request line, header names and values (no control characters), and the body framing.`,
      };
  }
}

/** The `Host` names loopback services answer the API to, besides configured ones. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}

/** The `Host` check for a server bound to `address`; `undefined` when every host is allowed. */
function hostCheck(address: string, configured: readonly string[]): RequestScope['hostAllowed'] {
  if (configured.includes('*') || !isLoopbackAddress(address)) return undefined;
  const allowed = new Set([...LOOPBACK_NAMES, ...configured.map((name) => name.toLowerCase())]);
  return (host) => {
    // HTTP/1.0 clients may send none; a browser always does.
    if (host === undefined) return true;
    const name = host.toLowerCase().replace(/:\d+$/, '');
    return allowed.has(name) || name.endsWith('.localhost');
  };
}

function configuredHosts(options: ListenOptions): readonly string[] {
  if (options.allowedHosts) return options.allowedHosts;
  return (process.env.RELAY_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** Writes an open response: its head and first bytes now, the rest as its stream writes it. */
function openStream(req: IncomingMessage, res: ServerResponse, response: RelayResponse, streams: Set<() => void>): void {
  res.writeHead(response.status, response.headers);
  if (response.body) res.write(response.body);
  else res.flushHeaders();
  let stop: (() => void) | undefined;
  const end = () => {
    if (!streams.delete(end)) return;
    stop?.();
    res.end();
  };
  streams.add(end);
  stop = response.stream!({
    write: (chunk) => void res.write(chunk),
    end,
    // What Node holds for this response, in the response and its socket.
    get buffered() {
      return res.writableLength;
    },
    abort: () => {
      if (!streams.delete(end)) return;
      stop?.();
      res.destroy();
    },
  });
  req.socket.setNoDelay(true);
  res.once('close', end);
}

/** Serves `handler` over node:http. */
export function listen(handler: RelayHandler, options: ListenOptions = {}): Promise<Listening> {
  const port = options.port ?? 3000;
  const graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const host = options.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return Promise.reject(new RangeError(`port must be an integer from 0 to 65535, got ${String(port)}.`));
  }
  if (!Number.isSafeInteger(graceMs) || graceMs < 0) {
    return Promise.reject(new RangeError(`shutdownGraceMs must be a whole number of milliseconds, got ${String(graceMs)}.`));
  }
  const onRequest = options.onRequest;
  const scope: RequestScope = {};
  const report = (entry: RequestLogEntry) => {
    try {
      onRequest?.(entry);
    } catch (cause) {
      process.emitWarning(prefixed(`the onRequest listener threw: ${String((cause as Error)?.message ?? cause)}`));
    }
  };

  /** Ends every open stream (server-sent events), which would otherwise hold `close()` open. */
  const streams = new Set<() => void>();
  /** Every open connection, for the forced end of close(): Node's own list misses sockets it has let go of. */
  const sockets = new Set<Socket>();
  let closing = false;
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const at = new Date();
    const response = await answer(handler, req, scope);
    lingerAfterAnswer(req);
    if (response.stream && !closing) openStream(req, res, response, streams);
    else {
      // While closing, the connection ends with this answer, so no later request is read on it.
      const headers = closing ? { ...response.headers, connection: 'close' } : response.headers;
      res.writeHead(response.status, { ...headers, 'content-length': Buffer.byteLength(response.body) });
      res.end(response.body);
    }
    if (onRequest && !response.note?.quiet) {
      report({
        at,
        method: req.method ?? '-',
        path: (req.url ?? '-').split('?', 1)[0]!,
        status: response.status,
        durationMs: Date.now() - at.getTime(),
        ...response.note,
      });
    }
  };

  /** Refuses a request before the handler sees it: one without Host, or any while closing. */
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
    const body = JSON.stringify({ error: message });
    lingerAfterAnswer(req);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close', ...headers });
    res.end(body);
    report({ at: new Date(), method: req.method ?? '-', path: (req.url ?? '-').split('?', 1)[0]!, status, durationMs: 0, reason: message });
  };

  // Node would answer a request without Host with an empty 400; this service answers it in its own shape.
  const server = createServer({ requireHostHeader: false }, (req, res) => {
    if (closing) return refuse(req, res, 503, SHUTTING_DOWN, { 'retry-after': '5' });
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
      return refuse(req, res, 400, 'An HTTP/1.1 request needs a Host header; send Host: <name>:<port> of this service, as HTTP clients do.');
    }
    serve(req, res).catch((cause: unknown) => {
      // route() answers every failure itself; this is a broken socket or a bug in writing.
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: `Internal error in the relay service: ${String((cause as Error)?.message ?? cause)}` }));
      } else res.destroy();
    });
  });
  server.on('clientError', (cause: NodeJS.ErrnoException, socket: Duplex) => {
    // A response already under way on this connection cannot be followed by another.
    const inProgress = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (cause.code === 'ECONNRESET' || inProgress?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = parserRefusal(cause.code);
    refuseOnSocket(socket, refusal.status, refusal.message, refusal.headers);
    report({ at: new Date(), method: '-', path: '-', status: refusal.status, durationMs: 0, reason: refusal.message });
  });
  const refuseTunnel = (req: IncomingMessage, socket: Duplex) => {
    const message = `${req.method === 'CONNECT' ? 'CONNECT' : 'Connection upgrades'} are not served here: this service answers plain HTTP requests (POST /api/webhook/<provider>, GET /api/executions).`;
    refuseOnSocket(socket, 405, message, { allow: 'GET, POST' });
    report({ at: new Date(), method: req.method ?? '-', path: (req.url ?? '-').split('?', 1)[0]!, status: 405, durationMs: 0, reason: message });
  };
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', refuseTunnel);
  server.on('upgrade', refuseTunnel);
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const hostAllowed = hostCheck(address.address, configuredHosts(options));
      if (hostAllowed) scope.hostAllowed = hostAllowed;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      let closed: Promise<void> | undefined;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        host: address.address,
        server,
        close: () =>
          (closed ??= new Promise<void>((done) => {
            closing = true;
            // Past the grace period, whatever is left (a stalled body, a client that never reads) goes.
            const force = setTimeout(() => {
              for (const socket of sockets) socket.destroy();
              server.closeAllConnections();
              done();
            }, graceMs);
            server.close(() => {
              clearTimeout(force);
              done();
            });
            for (const end of [...streams]) end();
            // Idle keep-alive connections would hold close() open; in-flight requests still finish.
            server.closeIdleConnections();
          })),
      });
    });
  });
}
