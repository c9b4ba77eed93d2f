/**
 * Where a request was sent from, as a browser says it: the check that keeps other sites from changing
 * state through a visitor's browser (CSRF). The dashboard's API and the executions API both use it.
 */
import { header, type RelayRequest } from './http.js';

/**
 * The other origin a request came from (its `Origin`, or its `Sec-Fetch-Site` value), or `undefined`
 * when it comes from the service's own origin (the `Host` it was sent to) or from no browser at all
 * (no `Origin`, no `Sec-Fetch-Site`: a server, a script, the CLI).
 * @example
 * const foreign = foreignOrigin(request);
 * if (foreign) return error(403, `Refused: sent from ${foreign}.`);
 */
export function foreignOrigin(request: RelayRequest): string | undefined {
  const site = header(request, 'sec-fetch-site');
  const origin = header(request, 'origin');
  if (origin !== undefined) {
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    const own = url !== undefined && url.host === header(request, 'host') && /^https?:$/.test(url.protocol);
    if (!own) return origin;
  }
  // `none`: typed in the address bar or opened from a bookmark, which no other site can cause.
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${site}`;
  return undefined;
}
