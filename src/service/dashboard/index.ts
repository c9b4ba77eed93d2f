/**
 * The dashboard `relay dev` serves at `/` (and `createRelay({ dashboard: true })`): the page, its
 * API under `/_dashboard/api/`, the refused deliveries of the webhook routes, and what an emulator
 * beside the service sent (`options.sent`). Host, token and origin are checked before anything else
 * (guard.ts).
 */
import { MOUNT_PREFIX, type RelayError } from '../../core/index.js';
import { RETRY_AFTER_SECONDS, statusOfError } from '../errors.js';
import { error, header, json, type RelayHandler, type RelayRequest, type RelayResponse, type RequestScope } from '../http.js';
import type { ServiceContext } from '../routes.js';
import type { Store } from '../store/types.js';
import { api, readJson, type DeliveryBuilder } from './api.js';
import { asset, shell } from './assets.js';
import { checkHost, checkOrigin, SECURITY_HEADERS, Sessions } from './guard.js';
import { LiveHub, observeStore } from './live.js';
import { Rejections } from './rejections.js';
import { SentFeed, type SentSource } from './sent.js';

export type { DeliveryBuilder } from './api.js';
export { DEFAULT_REJECTIONS_KEPT } from './rejections.js';
export type { SentSource } from './sent.js';
export type { SentAttempt, SentDelivery } from './wire.js';

/** Options of the dashboard (`createRelay({ dashboard: { … } })`). */
export interface DashboardOptions {
  /** Refused deliveries kept in memory, newest first. Default 200. */
  rejectionsKept?: number;
  /**
   * What an emulator beside the service sends (`relay dev --emulate` adapts its emulator): the "Sent by
   * the emulator" view and `GET /_dashboard/api/sent`. Without one, neither is there.
   */
  sent?: SentSource;
}

/** What the dashboard is built over. */
export interface DashboardDeps {
  readonly context: ServiceContext;
  /** The store, as given (not observed). */
  readonly store: () => Store;
  readonly deliveries: DeliveryBuilder | undefined;
  readonly options: DashboardOptions;
}

const PREFIX = '/_dashboard/';

/** The dashboard of one service. */
export class Dashboard {
  readonly hub: LiveHub;
  readonly rejections: Rejections;
  readonly sent: SentFeed | undefined;
  readonly #sessions = new Sessions();
  readonly #deps: DashboardDeps;

  constructor(deps: DashboardDeps) {
    this.#deps = deps;
    // Every instance's executions live, where the store tells of other instances' changes (PostgreSQL's NOTIFY).
    this.hub = new LiveHub((changed) => deps.store().onChange?.(changed));
    this.rejections = new Rejections(deps.options.rejectionsKept);
    this.sent = deps.options.sent === undefined ? undefined : new SentFeed(deps.options.sent, deps.store, this.hub);
  }

  /** The store as the service's domain should use it: every change reaches the open pages. */
  observe(store: Store): Store {
    return observeStore(store, this.hub);
  }

  /** `base` with the dashboard in front: its own paths answered here, webhook refusals recorded. */
  handler(base: RelayHandler): RelayHandler {
    const handler: RelayHandler = async (request, scope = {}) => {
      const path = request.pathname;
      if (path === '/' || path.startsWith(PREFIX)) return this.#answer(request, scope, handler);
      const response = await base(request, scope);
      if (response.status >= 400 && response.status < 500 && path.startsWith(MOUNT_PREFIX)) {
        this.hub.rejected(this.rejections.record(request, response, new Date()));
      }
      return response;
    };
    return handler;
  }

  /** Ends the live streams (and stops listening to the sent deliveries' source). */
  close(): void {
    this.sent?.close();
    this.hub.close();
  }

  async #answer(request: RelayRequest, scope: RequestScope, handler: RelayHandler): Promise<RelayResponse> {
    const refused = checkHost(request, scope);
    if (refused) return refused;
    const method = request.method.toUpperCase();
    const path = request.pathname;
    const safe = method === 'GET' || method === 'HEAD';
    if (!safe) {
      const foreign = checkOrigin(request);
      if (foreign) return foreign;
    }
    if (path === '/') return safe ? shell() : error(405, `${method} is not allowed on /; use GET.`, { ...SECURITY_HEADERS, allow: 'GET' });
    const parts = path.slice(PREFIX.length).split('/').filter(Boolean);
    if (parts[0] !== 'api') return safe && parts.length === 1 ? asset(parts[0]!, header(request, 'if-none-match')) : error(404, `No dashboard file ${path}.`, SECURITY_HEADERS);
    const token = this.#deps.context.apiToken();
    if (parts[1] === 'session' && method === 'POST') return this.#signIn(request, token);
    if (token !== undefined && !this.#sessions.allows(request, token)) {
      return error(401, 'The dashboard needs the token: RELAY_API_TOKEN is set on this service. Enter it on the page (it is kept in an HttpOnly cookie).', SECURITY_HEADERS);
    }
    try {
      return await api(request, scope, parts.slice(1), { ...this.#deps, hub: this.hub, rejections: this.rejections, sent: this.sent, handler });
    } catch (cause) {
      const status = statusOfError(cause);
      // A store that cannot be reached now (a database server gone): the page may ask again shortly.
      if (status === 503) return error(503, (cause as RelayError).message, { ...SECURITY_HEADERS, 'retry-after': RETRY_AFTER_SECONDS });
      if (status !== 500) return error(status, (cause as RelayError).message, SECURITY_HEADERS);
      return error(500, `Internal error in the relay dashboard: ${cause instanceof Error ? cause.message : String(cause)}`, SECURITY_HEADERS);
    }
  }

  /** `POST /_dashboard/api/session` `{ token }`: sets the session cookie when the token is right. */
  async #signIn(request: RelayRequest, token: string | undefined): Promise<RelayResponse> {
    if (token === undefined) return json(200, { access: 'open' }, SECURITY_HEADERS);
    const input = await readJson(request, this.#deps.context);
    const given = input.ok ? (input.value as { token?: unknown } | null)?.token : undefined;
    if (typeof given !== 'string' || !this.#sessions.matches(given, token)) {
      return error(401, 'That is not the token this service was started with (RELAY_API_TOKEN).', SECURITY_HEADERS);
    }
    return {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'content-type': 'application/json; charset=utf-8', 'set-cookie': this.#sessions.cookie(token) },
      body: JSON.stringify({ access: 'signed-in' }),
    };
  }
}
