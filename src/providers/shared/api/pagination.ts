/** The pagination styles of the five APIs: id cursors, numbered pages, opaque page tokens, and `Link` headers. */

/** One page cut from a list by id cursors (Stripe `starting_after`/`ending_before`, Resend `after`/`before`). */
export interface CursorPage<T> {
  readonly data: T[];
  readonly hasMore: boolean;
}

/**
 * Cuts a page from `items` (already in API order) after or before the item whose id is given.
 * Returns `undefined` when the cursor names no item.
 */
export function cursorPage<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  options: { limit: number; after?: string | null; before?: string | null },
): CursorPage<T> | undefined {
  if (options.after) {
    const index = items.findIndex((item) => idOf(item) === options.after);
    if (index < 0) return undefined;
    const rest = items.slice(index + 1);
    return { data: rest.slice(0, options.limit), hasMore: rest.length > options.limit };
  }
  if (options.before) {
    const index = items.findIndex((item) => idOf(item) === options.before);
    if (index < 0) return undefined;
    const start = Math.max(0, index - options.limit);
    return { data: items.slice(start, index), hasMore: start > 0 };
  }
  return { data: items.slice(0, options.limit), hasMore: items.length > options.limit };
}

/** One numbered page (GitHub `page`/`per_page`, Clerk `offset`/`limit`). */
export interface NumberedPage<T> {
  readonly data: T[];
  readonly page: number;
  readonly lastPage: number;
}

/** Page `page` (1-based) of `perPage` items. */
export function numberedPage<T>(items: readonly T[], page: number, perPage: number): NumberedPage<T> {
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  return { data: items.slice((page - 1) * perPage, page * perPage), page, lastPage };
}

/** A `Link` header value from `rel` → URL pairs, in the order given (RFC 8288). */
export function linkHeader(links: readonly (readonly [rel: string, url: string])[]): string {
  return links.map(([rel, url]) => `<${url}>; rel="${rel}"`).join(', ');
}

/** `url` with its query parameters changed (a `null` value removes one). */
export function withQuery(url: URL, changes: Record<string, string | null>): string {
  const next = new URL(url.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.searchParams.delete(name);
    else next.searchParams.set(name, value);
  }
  return next.href;
}

/** An opaque page token (Shopify `page_info`) that carries the offset of the next page and the filters. */
export function encodePageToken(state: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(state), 'utf8').toString('base64url');
}

/** The state inside a page token, or `undefined` when it is not one of ours. */
export function decodePageToken(token: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
