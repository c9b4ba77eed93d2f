/**
 * The service's view of HTTP: a small request interface that the fetch adapter and the node:http
 * adapter both implement cheaply, and plain response values that each turns into its own response.
 */
import { readHeader, type HeaderInput } from '../signers/shared.js';

/** A request as the routes see it, whichever adapter received it. */
export interface RelayRequest {
  readonly method: string;
  readonly pathname: string;
  readonly searchParams: URLSearchParams;
  readonly headers: HeaderInput;
  /** Every header, names in lower case. */
  headerRecord(): Record<string, string>;
  /** The body bytes; `undefined` as soon as more than `limit` bytes arrive (the rest is not read). */
  bytes(limit: number): Promise<Uint8Array | undefined>;
}

/** A response value; each adapter writes it its own way. */
export interface RelayResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): RelayResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: JSON.stringify(value) };
}

/** The one error shape: `{ "error": string }`. */
export function error(status: number, message: string, headers: Record<string, string> = {}): RelayResponse {
  return json(status, { error: message }, headers);
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
    bytes: async (limit) => {
      if (!request.body) return new Uint8Array(0);
      const reader = request.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) {
          await reader.cancel();
          return undefined;
        }
        chunks.push(value);
      }
      return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
    },
  };
}

/** Turns a `RelayResponse` into a WHATWG `Response`. */
export function toFetchResponse(response: RelayResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}
