/** The HTTP contract: mount paths, the executions API, and errors that are always `{ "error": string }`. */
import { isUtf8 } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { EXECUTION_STATUSES, isExecutionStatus, mountPath, RelayError, unknownProviderMessage } from '../core/index.js';
import type { ProviderPlugin } from '../providers/index.js';
import type { VerifyResult } from '../signers/shared.js';
import type { BodyBudget } from './body-budget.js';
import { executionNotFound, RETRY_AFTER_SECONDS, statusOfError } from './errors.js';
import type { Executions } from './executions.js';
import { error, header, json, type RelayRequest, type RelayResponse, type RequestScope } from './http.js';
import { nestsDeeperThan } from '../core/json-depth.js';
import { foreignOrigin } from './origin.js';
import type { ExecutionFilter, ExecutionStatus } from './store/types.js';
import { executionJson } from './views.js';

const ROUTES =
  'POST /api/webhook/<provider>, GET /api/executions, GET /api/executions/<id>, ' +
  'POST /api/executions/<id>/replay, POST /api/executions/<id>/retry';
const MAX_ID_LENGTH = 200;
/** Methods that change nothing, answered whatever origin sent them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The deepest nesting of objects and arrays a delivery may have. Real deliveries nest a dozen deep;
 * a body much deeper could be stored but not read back by every reader (stack depth), so it is refused.
 */
export const MAX_JSON_DEPTH = 128;

/** What the routes need of the service: its configuration and its operations. */
export interface ServiceContext {
  readonly plugins: ReadonlyMap<string, ProviderPlugin>;
  readonly maxBodyBytes: number;
  /** The cap on body bytes held at once, shared by every request. */
  readonly bodyBudget: BodyBudget;
  readonly executions: Executions;
  now(): number;
  secretsFor(plugin: ProviderPlugin): readonly string[];
  apiToken(): string | undefined;
  /** Capture mode: verified deliveries are stored marked as captures. */
  readonly capture?: boolean;
}

/** Answers one request. Never throws: every failure becomes a JSON error response. */
export async function route(request: RelayRequest, context: ServiceContext, scope: RequestScope = {}): Promise<RelayResponse> {
  try {
    return await dispatch(request, context, scope);
  } catch (cause) {
    const status = statusOfError(cause);
    // The store cannot be reached now: nothing was stored, and a provider sends the delivery again.
    if (status === 503) return error(503, (cause as RelayError).message, { 'retry-after': RETRY_AFTER_SECONDS });
    if (status !== 500) return error(status, (cause as RelayError).message);
    const detail = cause instanceof Error ? cause.message : String(cause);
    return error(500, `Internal error in the relay service: ${detail}`);
  }
}

function segments(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
}

function methodNotAllowed(method: string, path: string, allowed: string): RelayResponse {
  return error(405, `${method} is not allowed on ${path}; use ${allowed}.`, { allow: allowed });
}

async function dispatch(request: RelayRequest, context: ServiceContext, scope: RequestScope): Promise<RelayResponse> {
  const parts = segments(request.pathname);
  const method = request.method.toUpperCase();
  if (parts && parts[0] === 'api' && parts[1] === 'webhook' && parts.length === 3) {
    if (method !== 'POST') return methodNotAllowed(method, request.pathname, 'POST');
    const response = await ingest(request, context, parts[2]!);
    return { ...response, note: { ...response.note, provider: parts[2]! } };
  }
  // Providers POST to the mount paths from anywhere; every other route that changes state answers
  // only its own origin or no browser, so that another site cannot replay through a visitor's browser.
  if (!SAFE_METHODS.has(method)) {
    const foreign = foreignOrigin(request);
    if (foreign !== undefined) {
      return error(
        403,
        `Refused: ${method} ${request.pathname} changes state and came from another origin (${foreign}). ` +
          'Call the executions API from a server or script (which sends no Origin), with the relay CLI (relay replay), or from the dashboard on this service.',
      );
    }
  }
  if (parts && parts[0] === 'api' && parts[1] === 'executions' && parts.length >= 2 && parts.length <= 4) {
    const host = header(request, 'host');
    if (scope.hostAllowed && !scope.hostAllowed(host)) {
      return error(
        403,
        `This service is bound to a loopback address and answers its executions API only to Host localhost, 127.0.0.1 or [::1], ` +
          `not ${JSON.stringify(host)} (a guard against DNS rebinding). If you reach it by that name, allow it: ` +
          `RELAY_ALLOWED_HOSTS=${JSON.stringify((host ?? '').replace(/:\d+$/, ''))} or listen({ allowedHosts }).`,
      );
    }
    const denied = authorize(request, context);
    if (denied) return denied;
    const [, , id, action] = parts;
    if (id === undefined) {
      if (method !== 'GET') return methodNotAllowed(method, request.pathname, 'GET');
      return json(200, await context.executions.list(listFilter(request.searchParams)));
    }
    if (id.length > MAX_ID_LENGTH) return error(404, `No execution with that id (${id.length} characters is longer than any id).`);
    if (action === undefined) {
      if (method !== 'GET') return methodNotAllowed(method, request.pathname, 'GET');
      const found = await context.executions.find(id);
      if (!found) throw executionNotFound(id);
      return { ...json(200, found), note: { executionId: found.id } };
    }
    if (action === 'replay' || action === 'retry') {
      if (method !== 'POST') return methodNotAllowed(method, request.pathname, 'POST');
      const execution = action === 'replay' ? await context.executions.replay(id) : await context.executions.retry(id);
      return { ...json(200, execution), note: { executionId: execution.id } };
    }
  }
  return error(404, `No route for ${method} ${request.pathname}. Routes: ${ROUTES}.`);
}

function authorize(request: RelayRequest, context: ServiceContext): RelayResponse | undefined {
  const token = context.apiToken();
  if (token === undefined) return undefined;
  const given = /^Bearer\s+(.+)$/i.exec(header(request, 'authorization') ?? '')?.[1]?.trim() ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  if (a.length === b.length && timingSafeEqual(a, b)) return undefined;
  return error(
    401,
    given === ''
      ? 'The executions API needs Authorization: Bearer <token> (RELAY_API_TOKEN is set on this service).'
      : 'The bearer token does not match RELAY_API_TOKEN on this service.',
    { 'www-authenticate': 'Bearer' },
  );
}

function listFilter(params: URLSearchParams): ExecutionFilter {
  const filter: { type?: string; status?: ExecutionStatus; limit?: number; cursor?: string } = {};
  const type = params.get('type');
  if (type) filter.type = type;
  const status = params.get('status');
  if (status !== null) {
    if (!isExecutionStatus(status)) {
      throw new RelayError('INVALID_FILTER', `status must be one of ${EXECUTION_STATUSES.join(', ')}; got "${status}".`);
    }
    filter.status = status as ExecutionStatus;
  }
  const limit = params.get('limit');
  if (limit !== null) {
    if (!/^\d{1,4}$/.test(limit)) throw new RelayError('INVALID_FILTER', `limit must be a whole number from 1 to 500; got "${limit}".`);
    filter.limit = Number(limit);
  }
  const cursor = params.get('cursor');
  if (cursor) filter.cursor = cursor;
  return filter;
}

function unknownProvider(id: string, context: ServiceContext): RelayResponse {
  const mounted = [...context.plugins.keys()];
  return error(404, unknownProviderMessage(id, { suggestFrom: mounted, lists: [['Mounted', mounted.map(mountPath)]] }));
}

function isJson(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/** `POST /api/webhook/<provider>`: verify the raw bytes, then parse, normalize, store, answer, run. */
async function ingest(request: RelayRequest, context: ServiceContext, providerId: string): Promise<RelayResponse> {
  const plugin = context.plugins.get(providerId);
  if (!plugin) return unknownProvider(providerId, context);
  const contentType = header(request, 'content-type');
  if (!isJson(contentType)) {
    return error(415, `Unsupported content type ${contentType ? `"${contentType}"` : '(none)'}: webhooks are JSON; send Content-Type: application/json.`);
  }
  const declaredText = header(request, 'content-length');
  const declared = declaredText !== undefined && /^\d+$/.test(declaredText) ? Number(declaredText) : undefined;
  if (declared !== undefined && declared > context.maxBodyBytes) return tooLarge(context.maxBodyBytes);
  // Answered before the body is read: a body of known length is then discarded as it arrives and the
  // connection kept; one of unknown length could go on for ever, so the connection is closed.
  const unread: Record<string, string> = declared === undefined ? { connection: 'close' } : {};
  const secrets = context.secretsFor(plugin);
  if (plugin.secretEnv !== null && secrets.length === 0) {
    return error(401, `No secret is configured for ${plugin.id}: set ${plugin.secretEnv} to the secret the sender signs with, and restart the service.`, unread);
  }
  if (plugin.signatureHeaders && !plugin.signatureHeaders.some((name) => header(request, name) !== undefined)) {
    // An unsigned request costs no memory, whatever its size.
    const names = plugin.signatureHeaders.join(' or ');
    return error(400, 'Invalid webhook signature', { 'x-relay-error-detail': `No ${names} header: the request is not signed.`, ...unread });
  }
  const lease = context.bodyBudget.lease();
  try {
    if (declared !== undefined && !lease.hold(declared)) return busy(context, {});
    const bytes = await request.bytes(context.maxBodyBytes, lease);
    if (bytes === 'too-large') return tooLarge(context.maxBodyBytes);
    // Part of the body was read: the rest is not, so the connection closes.
    if (bytes === 'busy') return busy(context, { connection: 'close' });
    return await accept(request, context, plugin, secrets, bytes);
  } finally {
    lease.release();
  }
}

/** The rest of ingest, once the body is read: verify, parse, normalize, store, answer, run. */
async function accept(
  request: RelayRequest,
  context: ServiceContext,
  plugin: ProviderPlugin,
  secrets: readonly string[],
  bytes: Uint8Array,
): Promise<RelayResponse> {
  if (!isUtf8(bytes)) return error(400, 'The body is not valid UTF-8, so it cannot be JSON.');
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const verdict = await verify(plugin, { headers: request.headers, body, secrets, now: context.now() });
  if (!verdict.ok) {
    if (verdict.reason === 'signature_mismatch' && plugin.secretEnv !== null) {
      return error(
        401,
        `The signature does not match. Either the sender and this service use different ${plugin.secretEnv} values, or the body was changed after it was signed ` +
          `(e.g. parsed and serialised again by the sender, a proxy or a body parser, so that its whitespace or key order changed). ` +
          `Set the same secret on both sides, and send and verify the exact bytes that were signed.`,
      );
    }
    if (verdict.reason === 'signature_mismatch') return error(401, `The signature does not match: ${verdict.message}`);
    // The contract's exact body; the detail goes in a header.
    return error(400, 'Invalid webhook signature', { 'x-relay-error-detail': verdict.message.replace(/[^\x20-\x7e]/g, '?') });
  }

  if (nestsDeeperThan(body, MAX_JSON_DEPTH)) {
    return error(400, `The body nests objects and arrays more than ${MAX_JSON_DEPTH} deep, more than this service stores; real deliveries nest a dozen deep.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (cause) {
    return error(400, `The body is not valid JSON: ${(cause as Error).message}.`);
  }
  const normalized = plugin.normalize({ headers: request.headers, body, json: parsed });
  if (!normalized.ok) return error(400, normalized.error);
  const { eventType, deliveryId, data } = normalized.event;
  const { execution, created } = await context.executions.accept({
    provider: plugin.id,
    eventType,
    deliveryId,
    headers: request.headerRecord(),
    body,
    data,
    dataIsBody: data === parsed,
    ...(context.capture === true ? { captured: true } : {}),
  });
  const note = { executionId: execution.id, deduplicated: !created, ...(created && context.capture === true ? { captured: true } : {}) };
  return { ...json(200, executionJson(execution), created ? {} : { 'x-relay-deduplicated': 'true' }), note };
}

function busy(context: ServiceContext, headers: Record<string, string>): RelayResponse {
  return error(
    503,
    `The service is already reading ${context.bodyBudget.capacity} bytes of request bodies (maxBodyBytesInFlight); send this delivery again shortly.`,
    { 'retry-after': '1', ...headers },
  );
}

function tooLarge(limit: number): RelayResponse {
  return error(413, `The body is larger than ${limit} bytes, the limit of this service (maxBodyBytes).`, { connection: 'close' });
}

async function verify(plugin: ProviderPlugin, request: Parameters<ProviderPlugin['verify']>[0]): Promise<VerifyResult> {
  try {
    return await plugin.verify(request);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    // A throwing verify is a configuration problem of this service (e.g. a secret in the wrong format), not bad input.
    throw new Error(`verifying ${plugin.id} failed${plugin.secretEnv ? ` (check ${plugin.secretEnv})` : ''}: ${detail}`);
  }
}
