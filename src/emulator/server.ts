/**
 * The emulator's HTTP server: node:http in front of a web fetch handler, so that any client in any
 * language (and the providers' official SDKs, pointed at it) can call the emulated APIs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RelayError } from '../core/index.js';

/** A listening server. */
export interface Listening {
  /** `http://127.0.0.1:12111` */
  readonly url: string;
  close(): Promise<void>;
}

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' || chunks.length === 0 ? undefined : Buffer.concat(chunks);
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

async function write(res: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * Serves `handle` on `host:port` (0: a free port).
 * @example
 * const { url, close } = await listen(0, '127.0.0.1', (request) => router.handle(request, world));
 */
export function listen(port: number, host: string, handle: (request: Request) => Promise<Response>): Promise<Listening> {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return Promise.reject(new RelayError('INVALID_OPTION', `port must be a whole number from 0 to 65535, got ${JSON.stringify(port)}.`));
  }
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${port}`}`;
    toRequest(req, origin)
      .then(handle)
      .then((answer) => write(res, answer))
      .catch((caught: unknown) => {
        // A fault of the emulator, not of the request: said as the provider says an API error.
        const message = caught instanceof Error ? caught.message : String(caught);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: `The relaykit emulator failed: ${message}` } }));
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new RelayError('INVALID_OPTION', `Port ${port} on ${host} is in use: stop what listens there, or pick another port (0 picks a free one).`)
          : error,
      );
    });
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({
        url: `http://${shown}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
