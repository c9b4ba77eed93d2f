/** The deliveries webhook routes refused, newest first, in a bounded list kept in memory. */
import type { RelayRequest, RelayResponse } from '../http.js';
import type { Rejection } from './wire.js';

/** How many refused deliveries are kept by default. */
export const DEFAULT_REJECTIONS_KEPT = 200;

/** Headers never kept: they authenticate the sender to this service, not the delivery. */
const SECRET_HEADERS = new Set(['cookie', 'authorization', 'proxy-authorization']);

/** A bounded list: past `capacity`, the oldest goes. */
export class Rejections {
  readonly capacity: number;
  readonly #items: Rejection[] = [];
  #seq = 0;

  constructor(capacity: number = DEFAULT_REJECTIONS_KEPT) {
    if (!(Number.isSafeInteger(capacity) && capacity >= 1)) {
      throw new RangeError(`rejectionsKept must be a positive integer, got ${String(capacity)}.`);
    }
    this.capacity = capacity;
  }

  /** Records the refusal of `request` (a 4xx of a webhook route); returns what it keeps. */
  record(request: RelayRequest, response: RelayResponse, at: Date): Rejection {
    const headers = request.headerRecord();
    for (const name of SECRET_HEADERS) delete headers[name];
    const rejection: Rejection = {
      seq: ++this.#seq,
      at: at.toISOString(),
      method: request.method.toUpperCase(),
      path: request.pathname,
      provider: request.pathname.split('/')[3] ?? '',
      status: response.status,
      error: errorOf(response.body),
      detail: response.headers['x-relay-error-detail'] ?? null,
      headers,
    };
    this.#items.unshift(rejection);
    if (this.#items.length > this.capacity) this.#items.pop();
    return rejection;
  }

  /** Newest first. */
  list(): readonly Rejection[] {
    return this.#items.slice();
  }
}

function errorOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not the service's JSON shape: shown as it is.
  }
  return body.slice(0, 500);
}
