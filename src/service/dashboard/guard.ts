/**
 * The dashboard's defences: the `Host` check against DNS rebinding, the token asked once and kept in an
 * HttpOnly SameSite=Strict cookie, the origin check on state-changing requests (CSRF), and the
 * headers every dashboard answer carries (a Content-Security-Policy without inline scripts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { error, header, type RelayRequest, type RelayResponse, type RequestScope } from '../http.js';
import { foreignOrigin } from '../origin.js';

/** The cookie that carries the dashboard session. */
export const SESSION_COOKIE = 'relay_session';

/** Headers on every dashboard answer. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
    "form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/** A refusal for a `Host` the service does not answer the dashboard to; `undefined` when allowed. */
export function checkHost(request: RelayRequest, scope: RequestScope): RelayResponse | undefined {
  const host = header(request, 'host');
  if (!scope.hostAllowed || scope.hostAllowed(host)) return undefined;
  return error(
    403,
    `This service is bound to a loopback address and answers its dashboard only to Host localhost, 127.0.0.1 or [::1], ` +
      `not ${JSON.stringify(host)} (a guard against DNS rebinding). If you reach it by that name, allow it: ` +
      `relay dev --allowed-host ${(host ?? '').replace(/:\d+$/, '')} or RELAY_ALLOWED_HOSTS.`,
    SECURITY_HEADERS,
  );
}

/**
 * A refusal for a state-changing request sent from another site; `undefined` when it comes from the
 * dashboard's own origin, or from no browser at all (no `Origin`, no `Sec-Fetch-Site`).
 */
export function checkOrigin(request: RelayRequest): RelayResponse | undefined {
  const foreign = foreignOrigin(request);
  if (foreign === undefined) return undefined;
  return error(
    403,
    `Refused: this request changes state and came from another origin (${foreign}); the dashboard accepts them from its own page only.`,
    SECURITY_HEADERS,
  );
}

/** Signs the token into the cookie's value, and checks requests against it. */
export class Sessions {
  /** A key per process: a cookie never holds the token itself, and a restart signs everyone out. */
  readonly #key = randomBytes(32);

  /** The cookie value for `token`. */
  value(token: string): string {
    return createHmac('sha256', this.#key).update(token).digest('base64url');
  }

  /** The `Set-Cookie` header that signs a page in with `token`. */
  cookie(token: string): string {
    return `${SESSION_COOKIE}=${this.value(token)}; HttpOnly; SameSite=Strict; Path=/`;
  }

  /** Whether `request` carries the token: the session cookie, or `Authorization: Bearer <token>`. */
  allows(request: RelayRequest, token: string): boolean {
    const bearer = /^Bearer\s+(.+)$/i.exec(header(request, 'authorization') ?? '')?.[1]?.trim();
    if (bearer !== undefined && same(bearer, token)) return true;
    const cookie = cookieValue(header(request, 'cookie'), SESSION_COOKIE);
    return cookie !== undefined && same(cookie, this.value(token));
  }

  /** Whether `given` is the token. */
  matches(given: string, token: string): boolean {
    return same(given, token);
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieValue(cookies: string | undefined, name: string): string | undefined {
  for (const part of (cookies ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
