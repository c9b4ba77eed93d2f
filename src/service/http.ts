/**
 * The service's view of HTTP: a small request interface that the fetch adapter and the node:http
 * adapter both implement cheaply, and plain response values that each turns into its own response.
 */
import { readHeader, type HeaderInput } from '../signers/shared.js';
import type { BodyLease } from './body-budget.js';

/** Why a body was not read to its end. */
export type BodyRefusal = 'too-large' | 'busy';

/** A request as the routes see it, whichever adapter received it. */
export interface RelayRequest {
  readonly method: string;
  readonly pathname: string;
  readonly searchParams: URLSearchParams;
  readonly headers: HeaderInput;
  /** Every header, names in lower case. */
  headerRecord(): Record<string, string>;
  /**
   * The body bytes, or why reading stopped: `too-large` as soon as more than `limit` bytes arrive,
   * `busy` as soon as `lease` cannot hold what arrived. The rest is not read.
   */
  bytes(limit: number, lease: BodyLease): Promise<Uint8Array | BodyRefusal>;
}

/** What the adapter that received a request knows and the routes need. */
export interface RequestScope {
  /** Whether the executions API answers a request with this `Host` header; omitted, every host is answered. */
  hostAllowed?: (host: string | undefined) => boolean;
}

/** Answers one request; never throws. What each adapter calls. */
export type RelayHandler = (request: RelayRequest, scope?: RequestScope) => Promise<RelayResponse>;

/** A response value; each adapter writes it its own way. */
export interface RelayResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Not sent: what the request log says of it (the error message, the execution it made). */
  readonly note?: ResponseNote;
  /**
   * A response that stays open (server-sent events): `body` is sent first, then whatever the stream
   * writes until it ends it or the client goes away (the returned function is then called).
   */
  readonly stream?: (sink: StreamSink) => () => void;
}

/** Where an open response writes. */
export interface StreamSink {
  write(chunk: string): void;
  end(): void;
  /** Bytes written that the client has not taken yet: it grows while a client does not read. */
  readonly buffered: number;
  /** Closes the response at once, dropping what is buffered (a client too slow to keep up). */
  abort(): void;
}

/** What a response says of its request, for logs: never sent to the client. */
export interface ResponseNote {
  /** The provider of a webhook route. */
  readonly provider?: string;
  /** The execution the request made, found or replayed. */
  readonly executionId?: string;
  /** The delivery was a redelivery of one already stored. */
  readonly deduplicated?: boolean;
  /** The delivery was stored as a capture (capture mode). */
  readonly captured?: boolean;
  /** Why the request failed: the error message, with the detail header's text when there is one. */
  readonly reason?: string;
  /** Not worth a line in a request log (the dashboard's own reads). */
  readonly quiet?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): RelayResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** The one error shape: `{ "error": string }`. */
export function error(status: number, message: string, headers: Record<string, string> = {}): RelayResponse {
  const detail = headers['x-relay-error-detail'];
  return { ...json(status, { error: message }, headers), note: { reason: detail ? `${message}: ${detail}` : message } };
}

/** A request header by name, ignoring case. */
export function header(request: RelayRequest, name: string): string | undefined {
  return readHeader(request.headers, name);
}

/** Builds a `RelayRequest` over a WHATWG `Request` (the fetch adapter). */
export function fromFetchRequest(request: Request): RelayRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    pathname: url.pathname,
    searchParams: url.searchParams,
    headers: request.headers,
    headerRecord: () => Object.fromEntries(request.headers),
    bytes: async (limit, lease) => {
      if (!request.body) return new Uint8Array(0);
      const reader = request.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        const refusal = size > limit ? 'too-large' : lease.hold(size) ? undefined : 'busy';
        if (refusal) {
          await reader.cancel();
          return refusal;
        }
        chunks.push(value);
      }
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    },
  };
}

/** Turns a `RelayResponse` into a WHATWG `Response`. */
export function toFetchResponse(response: RelayResponse): Response {
  const open = response.stream;
  if (!open) return new Response(response.body, { status: response.status, headers: response.headers });
  const encoder = new TextEncoder();
  let stop: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let ended = false;
        if (response.body) controller.enqueue(encoder.encode(response.body));
        stop = open({
          write: (chunk) => {
            if (!ended) controller.enqueue(encoder.encode(chunk));
          },
          end: () => {
            if (ended) return;
            ended = true;
            controller.close();
          },
          // With a high-water mark of 0 bytes, the desired size is minus the bytes queued.
          get buffered() {
            return ended ? 0 : -(controller.desiredSize ?? 0);
          },
          abort: () => {
            if (ended) return;
            ended = true;
            controller.error(new Error('The stream was closed: its reader fell too far behind.'));
            stop?.();
          },
        });
      },
      cancel() {
        stop?.();
      },
    },
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, { status: response.status, headers: response.headers });
}
