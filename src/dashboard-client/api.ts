/** The dashboard API from the page: JSON in and out, errors as `ApiError` with the service's message. */

/** A non-2xx answer: its status and the `error` the service gave. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

/** Listeners told when an answer says the token is needed. */
const onUnauthorized = new Set<() => void>();

/** Calls `listener` whenever the service answers 401. */
export function whenUnauthorized(listener: () => void): void {
  onUnauthorized.add(listener);
}

/** `GET` (or any method with a JSON body) under `/_dashboard/api/`. */
export async function call<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`/_dashboard/api/${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    credentials: 'same-origin',
  });
  const text = await response.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = { error: text };
  }
  if (!response.ok) {
    if (response.status === 401) for (const listener of onUnauthorized) listener();
    const message = (value as { error?: unknown }).error;
    throw new ApiError(response.status, typeof message === 'string' ? message : `HTTP ${response.status}`, response.headers.get('x-relay-error-detail') ?? undefined);
  }
  return value as T;
}

/** `POST` with a JSON body. */
export function post<T>(path: string, body: unknown = {}): Promise<T> {
  return call<T>(path, { method: 'POST', body });
}
