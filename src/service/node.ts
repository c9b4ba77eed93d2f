/**
 * The node:http adapter: an `IncomingMessage` becomes a `RelayRequest` (the body streamed under the
 * size limit), the `RelayResponse` is written back. Close stops accepting, lets requests in flight
 * finish, then resolves.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RelayRequest } from './http.js';
import type { ServiceContext } from './relay.js';
import { route } from './routes.js';

/** Where `listen` binds. */
export interface ListenOptions {
  /** Default 3000; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
}

/** A bound node:http server of the service. */
export interface Listening {
  /** `http://<host>:<port>`. */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly server: Server;
  /** Stops accepting connections, waits for requests in flight, then resolves. */
  close(): Promise<void>;
}

function toRelayRequest(req: IncomingMessage): RelayRequest {
  const target = req.url ?? '/';
  const query = target.indexOf('?');
  // Origin-form targets (`/api/…?…`) are split by hand; anything else goes through URL.
  const url = target.startsWith('/') && !target.startsWith('//') ? undefined : new URL(target, 'http://relay.invalid');
  return {
    method: req.method ?? 'GET',
    pathname: url ? url.pathname : query === -1 ? target : target.slice(0, query),
    searchParams: url ? url.searchParams : new URLSearchParams(query === -1 ? '' : target.slice(query + 1)),
    headers: req.headers,
    headerRecord: () => {
      const record: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return record;
    },
    bytes: (limit) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const onData = (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            req.off('data', onData);
            req.pause();
            resolve(undefined);
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

async function handle(context: ServiceContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const response = await route(toRelayRequest(req), context);
  res.writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(response.body) });
  res.end(response.body);
}

/** Serves `context` over node:http. */
export function listen(context: ServiceContext, options: ListenOptions = {}): Promise<Listening> {
  const port = options.port ?? 3000;
  const host = options.host ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    return Promise.reject(new RangeError(`port must be an integer from 0 to 65535, got ${String(port)}.`));
  }
  const server = createServer((req, res) => {
    handle(context, req, res).catch((cause: unknown) => {
      // route() answers every failure itself; this is a broken socket or a bug in writing.
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: `Internal error in the relay service: ${String((cause as Error)?.message ?? cause)}` }));
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      let closed: Promise<void> | undefined;
      resolve({
        url: `http://${shownHost}:${address.port}`,
        port: address.port,
        host: address.address,
        server,
        close: () =>
          (closed ??= new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive connections would hold close() open; in-flight requests still finish.
            server.closeIdleConnections();
          })),
      });
    });
  });
}
