/**
 * The dashboard's JSON API under `/_dashboard/api/`: the list (filters, search, keyset cursor), one
 * execution with its replay chain, headers and verification, the refused deliveries, what the emulator
 * beside the service sent, the catalog, the Trigger form, replay and retry, and the live stream. Every
 * answer is JSON `{ "error": string }` on failure.
 */
import { EXECUTION_STATUSES, isExecutionStatus, mountPath, RelayError } from '../../core/index.js';
import { builtInProviders, isBuiltInProvider, mainResourceOf, type ProviderPlugin } from '../../providers/index.js';
import { executionNotFound } from '../errors.js';
import { error, header, json, type RelayHandler, type RelayRequest, type RelayResponse, type RequestScope } from '../http.js';
import type { ServiceContext } from '../routes.js';
import { encodeCursor } from '../store/shared.js';
import type { ExecutionFilter, ExecutionRecord, Store } from '../store/types.js';
import { executionJson } from '../views.js';
import { SECURITY_HEADERS } from './guard.js';
import { listItem, type LiveHub } from './live.js';
import type { Rejections } from './rejections.js';
import { sentLimit, type SentFeed } from './sent.js';
import type { CatalogAnswer, DetailAnswer, ListAnswer, TriggerAnswer, TriggerRequest, Verification } from './wire.js';

/**
 * What the Trigger form builds deliveries with: relaykit's `buildDelivery` and `listEventTypes`, given
 * by the shell (the service cannot import the harness). `createRelay` from `relaykit` and `relay dev` pass them.
 * @example
 * import { buildDelivery, createRelay, listEventTypes } from 'relaykit';
 * createRelay({ dashboard: true, deliveryBuilder: { build: buildDelivery, eventTypes: listEventTypes } });
 */
export interface DeliveryBuilder {
  build(
    provider: string,
    eventType: string,
    options: { data?: Record<string, unknown>; seed?: number; secret?: string | readonly string[] },
  ): Promise<{ readonly path: string; readonly headers: Readonly<Record<string, string>>; readonly body: string }>;
  eventTypes(provider: string): readonly string[];
}

/** What the API works on. */
export interface ApiDeps {
  readonly context: ServiceContext;
  readonly store: () => Store;
  readonly hub: LiveHub;
  readonly rejections: Rejections;
  /** What the emulator beside the service sent, when one reports to this dashboard. */
  readonly sent: SentFeed | undefined;
  readonly deliveries: DeliveryBuilder | undefined;
  /** The whole service, for the Trigger form's delivery (the dashboard's rejections included). */
  readonly handler: RelayHandler;
}

/** The largest JSON body the API reads (the Trigger form's data). */
const MAX_BODY = 256 * 1024;

function ok(value: unknown, quiet = true): RelayResponse {
  return { ...json(200, value, SECURITY_HEADERS), note: { quiet } };
}

/** Answers `/_dashboard/api/<parts…>`; the caller has checked host, token and origin. */
export async function api(request: RelayRequest, scope: RequestScope, parts: readonly string[], deps: ApiDeps): Promise<RelayResponse> {
  const method = request.method.toUpperCase();
  const [what, id, action] = parts;
  const get = method === 'GET';
  if (what === 'session' && get) return ok({ access: deps.context.apiToken() === undefined ? 'open' : 'signed-in' });
  if (what === 'executions' && id === undefined && get) return ok(await list(request.searchParams, deps));
  if (what === 'executions' && id !== undefined && action === undefined && get) return ok(await detail(id, deps));
  if (what === 'executions' && id !== undefined && (action === 'replay' || action === 'retry') && method === 'POST') {
    const executions = deps.context.executions;
    const done = action === 'replay' ? await executions.replay(id) : await executions.retry(id);
    return ok(done, false);
  }
  if (what === 'rejections' && get) return ok({ items: deps.rejections.list(), capacity: deps.rejections.capacity });
  if (what === 'sent' && id === undefined && get) {
    if (!deps.sent) return error(404, 'No emulator reports to this dashboard: the "Sent by the emulator" view is there when relay dev runs with --emulate.', SECURITY_HEADERS);
    return ok(await deps.sent.list(sentLimit(request.searchParams.get('limit'))));
  }
  if (what === 'catalog' && get) return ok(catalog(deps));
  if (what === 'trigger' && method === 'POST') return trigger(request, scope, deps);
  if (what === 'live' && get) {
    return {
      status: 200,
      headers: { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', 'x-accel-buffering': 'no' },
      body: '',
      stream: (sink) => deps.hub.open(sink),
      note: { quiet: true },
    };
  }
  return error(404, `No dashboard route for ${method} ${request.pathname}.`, SECURITY_HEADERS);
}

/** The list: filters by provider, type and status, a search by id, pages by cursor. */
async function list(params: URLSearchParams, deps: ApiDeps): Promise<ListAnswer> {
  const q = params.get('q')?.trim();
  if (q) {
    const found = await search(q, deps);
    return { items: found.map(listItem), nextCursor: null };
  }
  const provider = params.get('provider') || undefined;
  const type = params.get('type') || undefined;
  const status = params.get('status') || undefined;
  if (status !== undefined && !isExecutionStatus(status)) throw new RelayError('INVALID_FILTER', `status must be one of ${EXECUTION_STATUSES.join(', ')}; got "${status}".`);
  const limit = params.get('limit');
  const filter: { -readonly [K in keyof ExecutionFilter]: ExecutionFilter[K] } = {};
  // With a provider, the type may be given without it (`invoice.paid`) or qualified (`stripe.invoice.paid`).
  if (type !== undefined) filter.type = provider === undefined || type.startsWith(`${provider}.`) ? type : `${provider}.${type}`;
  else if (provider !== undefined) filter.type = `${provider}.*`;
  if (status !== undefined) filter.status = status;
  if (limit !== null) filter.limit = Number(limit);
  const cursor = params.get('cursor');
  const before = params.get('before');
  // `before`: the page after an execution the page shows (the list trims itself as live rows arrive).
  if (before) filter.cursor = encodeCursor(before);
  else if (cursor) filter.cursor = cursor;
  const page = await deps.context.executions.list(filter);
  return { items: page.items.map(listItem), nextCursor: page.nextCursor };
}

/** The executions an id names: `exec_…`, `evt_…` or a provider's delivery id (any mounted provider). */
async function search(q: string, deps: ApiDeps): Promise<ExecutionRecord[]> {
  const store = deps.store();
  if (q.startsWith('exec_')) return optional(await store.getExecution(q));
  if (q.startsWith('evt_')) {
    const byEvent = await store.getExecutionByEventId(q);
    if (byEvent) return [byEvent];
  }
  if (!store.getExecutionByDeliveryId) return [];
  const found = await Promise.all([...deps.context.plugins.keys()].map((provider) => store.getExecutionByDeliveryId!(provider, q)));
  return found.filter((e): e is ExecutionRecord => e !== undefined);
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

async function detail(id: string, deps: ApiDeps): Promise<DetailAnswer> {
  const execution = await deps.context.executions.find(id);
  if (!execution) throw executionNotFound(id);
  const store = deps.store();
  const [event, replays] = await Promise.all([store.getEvent(execution.eventId), store.listReplays?.(execution.id) ?? []]);
  const provider = execution.event.provider;
  const plugin = deps.context.plugins.get(provider);
  const body = event?.body ?? '';
  return {
    execution,
    replays: replays.map(executionJson),
    headers: event?.headers ?? {},
    body,
    verification: await verification(execution.replayedFrom, event, plugin, deps.context),
    mountPath: mountPath(provider),
    mainResource: mainResource(provider, body, execution.event.data),
  };
}

/**
 * What `relay trigger --data` would send again of a delivery: the main resource of its body (else of the
 * event's data, for a body that is not JSON), as the built-in slice `relay trigger` builds with finds it;
 * `null` for a provider `relay trigger` cannot build.
 */
function mainResource(provider: string, body: string, data: unknown): Record<string, unknown> | null {
  const slice = builtInProviders.find((p) => p.id === provider);
  if (!slice) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = data;
  }
  return mainResourceOf(slice, parsed);
}

/** The stored delivery checked again, at the time it arrived, against the secrets configured now. */
async function verification(
  replayedFrom: string | undefined,
  event: Awaited<ReturnType<Store['getEvent']>>,
  plugin: ProviderPlugin | undefined,
  context: ServiceContext,
): Promise<Verification> {
  if (replayedFrom !== undefined) {
    return { status: 'not-checked', message: `A replay of ${replayedFrom}: its stored event ran again, with no new delivery to verify.` };
  }
  if (!event || !plugin) return { status: 'not-checked', message: `The provider ${event?.provider ?? ''} is no longer mounted.` };
  const secrets = context.secretsFor(plugin);
  if (plugin.secretEnv !== null && secrets.length === 0) {
    return { status: 'not-checked', message: `No secret is configured now (${plugin.secretEnv}), so the signature cannot be checked again.` };
  }
  try {
    const result = await plugin.verify({ headers: event.headers, body: event.body, secrets, now: Date.parse(event.receivedAt) });
    if (result.ok) return { status: 'verified', message: `Signature verified by the ${plugin.name} plugin${plugin.secretEnv ? ` with ${plugin.secretEnv}` : ''}.` };
    return { status: 'failed', message: `It was accepted, but does not verify with the secret configured now: ${result.message}` };
  } catch (cause) {
    return { status: 'failed', message: `Verifying threw: ${(cause as Error).message}` };
  }
}

function catalog(deps: ApiDeps): CatalogAnswer {
  const providers = [...deps.context.plugins.values()].map((plugin) => {
    const builtIn = isBuiltInProvider(plugin) && deps.deliveries !== undefined;
    return {
      id: plugin.id,
      name: plugin.name,
      secretEnv: plugin.secretEnv,
      secretConfigured: deps.context.secretsFor(plugin).length > 0,
      eventTypes: builtIn ? deps.deliveries!.eventTypes(plugin.id) : [],
      canTrigger: builtIn,
    };
  });
  return { providers, statuses: [...EXECUTION_STATUSES], sent: deps.sent !== undefined };
}

/** The Trigger form: builds a signed delivery with relaykit's builder and sends it through this service. */
async function trigger(request: RelayRequest, scope: RequestScope, deps: ApiDeps): Promise<RelayResponse> {
  const input = await readJson(request, deps.context);
  if (!input.ok) return error(400, input.error, SECURITY_HEADERS);
  const given = checkTrigger(input.value);
  if (typeof given === 'string') return error(400, given, SECURITY_HEADERS);
  const plugin = deps.context.plugins.get(given.provider);
  if (!deps.deliveries || !plugin || !isBuiltInProvider(plugin)) {
    return error(400, `The Trigger form sends the built-in providers only${deps.deliveries ? '' : ', with a delivery builder (createRelay from relaykit, or relay dev)'}; "${given.provider}" is not one.`, SECURITY_HEADERS);
  }
  const secrets = deps.context.secretsFor(plugin);
  const delivery = await deps.deliveries.build(plugin.id, given.eventType, {
    ...(given.data !== undefined ? { data: given.data } : {}),
    ...(given.seed !== undefined ? { seed: given.seed } : {}),
    ...(secrets.length > 0 ? { secret: secrets } : {}),
  });
  const headers: Record<string, string> = { ...lower(delivery.headers), host: header(request, 'host') ?? 'localhost' };
  const answer = await deps.handler(inProcessRequest(delivery.path, headers, delivery.body), scope);
  const parsed = JSON.parse(answer.body) as { error?: string } & Record<string, unknown>;
  const result: TriggerAnswer =
    answer.status === 200
      ? { status: 200, execution: parsed as never }
      : { status: answer.status, error: parsed.error ?? answer.body, ...(answer.headers['x-relay-error-detail'] ? { detail: answer.headers['x-relay-error-detail'] } : {}) };
  return ok(result, false);
}

function lower(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function inProcessRequest(path: string, headers: Record<string, string>, body: string): RelayRequest {
  const bytes = Buffer.from(body, 'utf8');
  return {
    method: 'POST',
    pathname: path,
    searchParams: new URLSearchParams(),
    headers,
    headerRecord: () => ({ ...headers }),
    bytes: async (limit, lease) => (bytes.length > limit ? 'too-large' : lease.hold(bytes.length) ? bytes : 'busy'),
  };
}

function checkTrigger(input: unknown): TriggerRequest | string {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return 'Send a JSON object { provider, eventType, data?, seed? }.';
  const { provider, eventType, data, seed } = input as Record<string, unknown>;
  if (typeof provider !== 'string' || provider === '') return 'provider must be a provider id such as "stripe".';
  if (typeof eventType !== 'string' || eventType.trim() === '') return 'eventType must be an event type such as "payment_intent.succeeded".';
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) return 'data must be a JSON object.';
  if (seed !== undefined && !Number.isSafeInteger(seed)) return 'seed must be a whole number.';
  return { provider, eventType: eventType.trim(), ...(data !== undefined ? { data: data as Record<string, unknown> } : {}), ...(seed !== undefined ? { seed: seed as number } : {}) };
}

/** The request's JSON body, or why it cannot be read. */
export async function readJson(request: RelayRequest, context: ServiceContext): Promise<{ ok: true; value: unknown } | { ok: false; error: string }> {
  const lease = context.bodyBudget.lease();
  try {
    const bytes = await request.bytes(MAX_BODY, lease);
    if (bytes === 'too-large') return { ok: false, error: `The body is larger than ${MAX_BODY} bytes.` };
    if (bytes === 'busy') return { ok: false, error: 'The service is busy reading other bodies; try again.' };
    try {
      return { ok: true, value: JSON.parse(Buffer.from(bytes).toString('utf8')) as unknown };
    } catch {
      return { ok: false, error: 'The body is not valid JSON.' };
    }
  } finally {
    lease.release();
  }
}
