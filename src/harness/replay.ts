/**
 * `replay`: re-run a stored execution's event as a new execution, through the service's replay
 * endpoint, or preview what would be replayed (`print`) without replaying anything, or (`path`, `to`)
 * sign the stored event again and deliver it to a route of the user's.
 */
import { RelayError } from '../core/index.js';
import { buildDelivery, type Delivery, type FixtureDeliveryOptions } from './build-delivery.js';
import { createFixture, type CapturedDelivery } from './fixture.js';
import { serviceClient, type ServiceAnswer, type ServiceClient } from './service-client.js';
import { resolveRoute, type Target } from './targets.js';
import { deliver, type ExecutionSummary } from './trigger.js';

/** What `replay` needs of a service to look executions up in its store (a relaykit service has it). */
export interface ExecutionLookup {
  /** By `exec_…`, `evt_…` or the provider's delivery id. */
  findExecution(idOrEventId: string): Promise<StoredExecution | undefined>;
}

/** An execution with its event, as `GET /api/executions/<id>` and `findExecution` return it. */
export interface StoredExecution extends ExecutionSummary {
  readonly event: { readonly data: unknown; readonly provider?: string; readonly type?: string; readonly receivedAt?: string };
}

/** Options of `replay`. */
export interface ReplayOptions {
  /** Where to send the replay; the targets of `triggerWebhook`. A relaykit service is also used for lookups. */
  target?: Target;
  /**
   * Instead of the service's replay endpoint: sign the stored event again (fresh delivery ids) and POST it
   * to `target` at this URL path, starting with "/" (Probot's `/api/github/webhooks`). The execution is
   * found through `lookup` (or `target`, when it is a relaykit service).
   */
  path?: string;
  /** As `path`, to exactly this URL; the execution is found through `lookup`, else asked of `target`'s API. */
  to?: string | URL;
  /** With `path` or `to`: the secret to sign with. Default: the provider's env var (`STRIPE_WEBHOOK_SECRET`, …). */
  secret?: string;
  /** Resolves ids (and, with `print`, reads the event) from this service's store instead of over HTTP. */
  lookup?: ExecutionLookup;
  /** Dry run: return what would be replayed; send nothing, replay nothing. */
  print?: boolean;
  /** Sent as `Authorization: Bearer <token>`. Default: `RELAY_API_TOKEN`. */
  apiToken?: string;
}

/** The dry-run view of a replay. */
export interface ReplayPreview {
  readonly dryRun: true;
  readonly sourceExecutionId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly data: unknown;
}

/** The replay endpoint's answer (or, with `path` or `to`, the route's). */
export interface ReplayResult extends ServiceAnswer {
  readonly dryRun: false;
  readonly sourceExecutionId: string;
  /** With `path` or `to`: the delivery sent, signed anew. */
  readonly delivery?: Delivery;
}

function isLookup(value: unknown): value is ExecutionLookup {
  return typeof value === 'object' && value !== null && typeof (value as ExecutionLookup).findExecution === 'function';
}

/**
 * What an id that names an execution may look like: relaykit's `exec_…` and `evt_…`, and the providers' delivery
 * ids (Stripe's `evt_…`, GitHub's and Shopify's UUIDs, Svix's `msg_…`), which a service resolves as the dashboard's
 * search does: 8 to 200 characters that a URL path keeps as they are (the service takes no longer id).
 */
const LOOKUP_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{7,199}$/;

/**
 * `id` when it can name an execution: an execution id (`exec_…`), an event id (`evt_…`) or the delivery id the
 * provider sent (Stripe's event id, `X-GitHub-Delivery`, `svix-id`, `X-Shopify-Webhook-Id`); else a `RelayError`
 * saying which ids are taken.
 */
export function checkExecutionId(id: unknown): string {
  if (typeof id !== 'string' || !LOOKUP_ID.test(id)) {
    throw new RelayError(
      'INVALID_OPTION',
      `${JSON.stringify(id)} is not an id relaykit can look up: give an execution id (exec_…), an event id (evt_…) or the provider's delivery id ` +
        `(Stripe's evt_…, X-GitHub-Delivery, svix-id msg_…, X-Shopify-Webhook-Id).`,
    );
  }
  return id;
}

async function lookUp(id: string, options: ReplayOptions, client: ServiceClient): Promise<StoredExecution> {
  const lookup = options.lookup ?? (isLookup(options.target) ? options.target : undefined);
  const found = lookup ? await lookup.findExecution(id) : await client.execution(id);
  if (!found) throw new RelayError('NOT_FOUND', `No execution or event with id ${id} in the service's store.`);
  return withEvent(found, id);
}

/** `found`, when it carries its event, else a `RelayError`. */
function withEvent(found: ExecutionSummary, id: string): StoredExecution {
  const { event } = found as { readonly event?: unknown };
  if (typeof event !== 'object' || event === null) {
    throw new RelayError('NOT_FOUND', `Could not read the event of execution ${id}: the service's answer has none.`);
  }
  return found as StoredExecution;
}

/** The dry-run view of `source`. */
function previewOf(source: StoredExecution): ReplayPreview {
  return { dryRun: true, sourceExecutionId: source.id, eventId: source.eventId, eventType: source.eventType, data: source.event.data };
}

/**
 * The delivery of `source` as a store keeps one, for `resignStored`: a service's API answers with the parsed
 * data, not the raw bytes, so the body is that data serialized again (the same JSON) and the headers are none.
 */
function storedDeliveryOf(source: StoredExecution): CapturedDelivery {
  const { provider, type, receivedAt, data } = source.event;
  // A relaykit service's answer names both; what signs it again (replayToRoute, resignStored) checks them.
  return { provider: provider!, type: type!, headers: {}, body: JSON.stringify(data), receivedAt: receivedAt ?? new Date().toISOString() };
}

/** A replay's source as a service's executions API shows it: what would be replayed, and its delivery to sign again. */
export interface ReplaySource {
  readonly preview: ReplayPreview;
  /** The stored delivery, for `resignStored` (`relay replay --to`). */
  readonly delivery: CapturedDelivery;
}

/**
 * What replaying `id` (`exec_…`, `evt_…` or the provider's delivery id) would replay, asked of the service at
 * `target` over its executions API, with the stored delivery to sign again; `undefined` when the service has no
 * such execution. Sends no replay: `relay replay --print` against a running service.
 * @example
 * const source = await previewReplay('evt_01J…', { target: 'http://localhost:3000' });
 * source?.preview.eventType; // 'stripe.payment_intent.succeeded'
 * if (source) await deliver(await resignStored(source.delivery, { secret }), { to: 'http://localhost:4000/webhooks/stripe' });
 */
export async function previewReplay(id: string, options: Pick<ReplayOptions, 'target' | 'apiToken'> = {}): Promise<ReplaySource | undefined> {
  checkExecutionId(id);
  const found = await serviceClient(options.target, { token: options.apiToken }).execution(id);
  if (!found) return undefined;
  const source = withEvent(found, id);
  return { preview: previewOf(source), delivery: storedDeliveryOf(source) };
}

/**
 * Replays an execution (or the execution of an event, or of a provider's delivery id) as a new execution with `replayedFrom` set;
 * with `print`, returns what would be replayed and sends nothing.
 * @example
 * const result = await replay(execution.id, { target: 'http://localhost:3000' });
 * result.execution?.replayedFrom; // execution.id
 * const preview = await replay('evt_01J…', { target: relay, print: true });
 * await replay(execution.id, { lookup: relay, target: middleware, path: '/api/github/webhooks' }); // signed again, to your route
 */
export async function replay(id: string, options: ReplayOptions & { print: true }): Promise<ReplayPreview>;
export async function replay(id: string, options?: ReplayOptions & { print?: false }): Promise<ReplayResult>;
export async function replay(id: string, options?: ReplayOptions): Promise<ReplayPreview | ReplayResult>;
export async function replay(id: string, options: ReplayOptions = {}): Promise<ReplayPreview | ReplayResult> {
  checkExecutionId(id);
  if (options.path !== undefined || options.to !== undefined) return replayToRoute(id, options);
  const client = serviceClient(options.target, { token: options.apiToken });
  const canLookUp = options.print === true || options.lookup !== undefined || isLookup(options.target);
  const source = canLookUp ? await lookUp(id, options, client) : undefined;
  if (options.print) return previewOf(source!);
  const sourceExecutionId = source?.id ?? id;
  return { ...(await client.replay(sourceExecutionId)), dryRun: false, sourceExecutionId };
}

/**
 * A stored delivery (its provider, type and body) signed again with the test secret, with fresh delivery
 * ids: what `replay` sends with `path` or `to`, and `relay replay --to` / `--path`.
 * @example
 * const delivery = await resignStored(await relay.store.getEvent(eventId), { secret: 'whsec_test' });
 * await deliver(delivery, { to: 'http://localhost:4000/webhooks/stripe' });
 */
export function resignStored(stored: CapturedDelivery, options: Pick<FixtureDeliveryOptions, 'secret' | 'env'> = {}): Promise<Delivery> {
  return buildDelivery({ ...options, fixture: createFixture(stored, { scrub: false }) });
}

/** `path` or `to`: the stored event signed again, fresh delivery ids, POSTed to the route. */
async function replayToRoute(id: string, options: ReplayOptions): Promise<ReplayResult> {
  const route = resolveRoute(options, 'replay');
  if (options.print === true) throw new RelayError('INVALID_OPTION', 'replay: print sends nothing and path/to send the stored event: give one of them.');
  const viaHttp = options.to !== undefined && options.lookup === undefined && !isLookup(options.target);
  if (options.path !== undefined && options.lookup === undefined && !isLookup(options.target)) {
    throw new RelayError('INVALID_OPTION', 'replay: with path, target is your route; pass lookup (the relaykit service whose store has the execution) to find it.');
  }
  const source = await lookUp(id, options, serviceClient(viaHttp ? options.target : undefined, { token: options.apiToken }));
  const { provider, type } = source.event;
  if (typeof provider !== 'string' || typeof type !== 'string') {
    throw new RelayError('NOT_FOUND', `Could not read the provider and type of execution ${id}'s event from the service's answer.`);
  }
  const delivery = await resignStored(storedDeliveryOf(source), options.secret !== undefined ? { secret: options.secret } : {});
  const result = await deliver(delivery, route);
  return { ...result, dryRun: false, sourceExecutionId: source.id };
}
