/**
 * `createRelay`: the reference service. A web-standard `fetch` core with a node:http adapter, the
 * five built-in mount paths plus custom plugins, executions with steps, replay and retry, over a store.
 */
import path from 'node:path';
import { RelayError } from '../providers/errors.js';
import { resolvePlugins } from '../providers/registry.js';
import type { ProviderPlugin } from '../providers/types.js';
import { BodyBudget } from './body-budget.js';
import type { Handlers } from './handlers.js';
import { executionNotFound } from './errors.js';
import { fromFetchRequest, toFetchResponse } from './http.js';
import { eventId, executionId } from './ids.js';
import { listen, type ListenOptions, type Listening } from './node.js';
import { route } from './routes.js';
import { recover, type Recovery } from './recovery.js';
import { Runner } from './runner.js';
import { SqliteStore } from './store/sqlite.js';
import type { ExecutionFilter, ExecutionPage, ExecutionRecord, Store, StoredEvent } from './store/types.js';
import { executionDetail, executionJson, type ExecutionDetail, type ExecutionJson } from './views.js';

/** The largest delivery a built-in provider sends: GitHub's documented cap is 25 MB. */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/** Body bytes the service holds at once across requests, unless `maxBodyBytes` is larger: 64 MiB. */
export const DEFAULT_MAX_BODY_BYTES_IN_FLIGHT = 64 * 1024 * 1024;

/** The default store file, relative to the working directory: `.relay/relay.db`. */
export const DEFAULT_STORE_PATH = path.join('.relay', 'relay.db');

/** Where the default store lives for a service run in `dir`: `RELAY_STORE_PATH` if set, else `.relay/relay.db` there. */
export function defaultStorePath(dir: string = process.cwd()): string {
  return path.resolve(dir, process.env.RELAY_STORE_PATH || DEFAULT_STORE_PATH);
}

/** Options of `createRelay`. */
export interface RelayOptions {
  /** Custom plugins, added to the five built-ins; one with a built-in's id replaces it. */
  plugins?: readonly ProviderPlugin[];
  /** Handlers by stored type, with `*` wildcards (`stripe.*`, `*`). */
  handlers?: Handlers;
  /**
   * Default: SQLite at `RELAY_STORE_PATH` if set, else `.relay/relay.db` in the working directory,
   * opened on first use.
   */
  store?: Store;
  /** Secrets by plugin id (a list while rotating). Default: each plugin's env var, read when a request arrives. */
  secrets?: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Bodies over this many bytes get 413. Default 25 MiB. */
  maxBodyBytes?: number;
  /**
   * Body bytes read into memory at once across all requests; a request that would go past it gets
   * 503 with `Retry-After` (providers redeliver). Default 64 MiB, and never less than `maxBodyBytes`.
   */
  maxBodyBytesInFlight?: number;
  /** The clock: epoch milliseconds or a Date. Default `Date.now`. */
  now?: () => number | Date;
  /** Bearer token the `/api/executions` routes require. Default: `RELAY_API_TOKEN`, read per request; unset means open. */
  apiToken?: string;
}

/** A running reference service. */
export interface Relay {
  /** Answers a WHATWG request: mount it in any framework, or call it in-process. */
  fetch(request: Request): Promise<Response>;
  /** Serves over node:http; resolves once bound. Default port 3000, host 127.0.0.1. */
  listen(options?: ListenOptions): Promise<Listening>;
  /** Replays an execution (or the execution of an `evt_` id) as a new execution; its handler runs with today's code. */
  replayExecution(id: string): Promise<ExecutionJson>;
  /** Retries a failed execution in place: same id, `attempt + 1`, completed steps skipped. */
  retryExecution(id: string): Promise<ExecutionJson>;
  /** An execution in full, by `exec_` id; `undefined` when unknown. */
  getExecution(id: string): Promise<ExecutionDetail | undefined>;
  /** An execution in full by `exec_` or `evt_` id; `undefined` when unknown. */
  findExecution(idOrEventId: string): Promise<ExecutionDetail | undefined>;
  /** Executions newest first, with filters and a cursor. */
  listExecutions(filter?: ExecutionFilter): Promise<ExecutionPage>;
  /**
   * Finishes what a stopped process left in the store: runs every `pending` execution, and marks every
   * `running` one `failed` with an "interrupted" error, so that a retry resumes it (completed steps are
   * skipped). `listen()` calls it once, before it binds; call it yourself when you serve through `fetch`.
   * Assumes this service is the only one running handlers on its store.
   */
  recover(): Promise<Recovery>;
  /** Resolves when every handler started so far has finished. */
  idle(): Promise<void>;
  /** Stops listeners, waits for running handlers, closes the store. */
  close(): Promise<void>;
  /** The mounted plugins by id. */
  readonly plugins: ReadonlyMap<string, ProviderPlugin>;
  /** Each mount path with its secret variable and whether a secret is configured for it now. */
  mounts(): Mount[];
  /** The store (opened on first use). */
  readonly store: Store;
}

/** A mount path of the service. */
export interface Mount {
  readonly provider: string;
  /** `/api/webhook/<provider>`. */
  readonly path: string;
  /** `null` for plugins that verify without a secret. */
  readonly secretEnv: string | null;
  readonly secretConfigured: boolean;
}

/** What the routes need from the service. */
export interface ServiceContext {
  readonly plugins: ReadonlyMap<string, ProviderPlugin>;
  readonly maxBodyBytes: number;
  /** The cap on body bytes held at once, shared by every request. */
  readonly bodyBudget: BodyBudget;
  store(): Store;
  now(): number;
  secretsFor(plugin: ProviderPlugin): readonly string[];
  apiToken(): string | undefined;
  /** Schedules the handler of a just-stored execution; its event is passed along, so it is not read back. */
  accept(execution: ExecutionRecord, event: StoredEvent): void;
  replay(id: string): Promise<ExecutionJson>;
  retry(id: string): Promise<ExecutionJson>;
  find(idOrEventId: string): Promise<ExecutionDetail | undefined>;
  newIds(at: number): { eventId: string; executionId: string };
}

function checkOptions(options: RelayOptions): void {
  for (const name of ['maxBodyBytes', 'maxBodyBytesInFlight'] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isSafeInteger(value) && value > 0)) {
      throw new RelayError('INVALID_OPTION', `${name} must be a positive integer, got ${String(value)}.`);
    }
  }
  for (const [type, handler] of Object.entries(options.handlers ?? {})) {
    if (typeof handler !== 'function') {
      throw new RelayError('INVALID_OPTION', `handlers["${type}"] must be a function (event, ctx) => …, got ${typeof handler}.`);
    }
  }
}

/**
 * Creates the reference service.
 * @example
 * export default createRelay({
 *   handlers: {
 *     'stripe.payment_intent.succeeded': async (event, { step, log }) => {
 *       const order = await step.run('mark-paid', () => markPaid(event.data));
 *       log('order paid', { order });
 *     },
 *   },
 * });
 */
export function createRelay(options: RelayOptions = {}): Relay {
  checkOptions(options);
  const plugins = resolvePlugins(options.plugins);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = () => {
    const value = options.now ? options.now() : Date.now();
    return typeof value === 'number' ? value : value.getTime();
  };
  let store = options.store;
  const getStore = (): Store => (store ??= new SqliteStore({ path: defaultStorePath() }));
  const runner = new Runner({ store: getStore, handlers: options.handlers ?? {}, now });
  const listeners = new Set<Listening>();
  let closing: Promise<void> | undefined;

  const load = async (idOrEventId: string): Promise<ExecutionRecord> => {
    const s = getStore();
    const execution = idOrEventId.startsWith('evt_') ? await s.getExecutionByEventId(idOrEventId) : await s.getExecution(idOrEventId);
    if (!execution) throw executionNotFound(idOrEventId);
    return execution;
  };

  const context: ServiceContext = {
    plugins,
    maxBodyBytes,
    bodyBudget: new BodyBudget(Math.max(options.maxBodyBytesInFlight ?? DEFAULT_MAX_BODY_BYTES_IN_FLIGHT, maxBodyBytes)),
    store: getStore,
    now,
    secretsFor(plugin) {
      const configured = options.secrets?.[plugin.id] ?? (plugin.secretEnv ? process.env[plugin.secretEnv] : undefined);
      if (configured === undefined || configured === '') return [];
      return typeof configured === 'string' ? [configured] : configured.filter((s) => s !== '');
    },
    apiToken: () => options.apiToken ?? (process.env.RELAY_API_TOKEN || undefined),
    accept: (execution, event) => runner.schedule(execution.id, { execution, event }),
    newIds: (at) => ({ eventId: eventId(at), executionId: executionId(at) }),
    async replay(id) {
      const source = await load(id);
      const s = getStore();
      const sourceEvent = (await s.getEvent(source.eventId))!;
      const at = now();
      const createdAt = new Date(at).toISOString();
      const ids = context.newIds(at);
      const execution: ExecutionRecord = {
        id: ids.executionId,
        eventId: ids.eventId,
        eventType: source.eventType,
        status: 'pending',
        attempt: 1,
        createdAt,
        updatedAt: createdAt,
        replayedFrom: source.id,
        error: null,
      };
      // A new event with the same type, data and raw body; no delivery id, so it never deduplicates.
      const event: StoredEvent = { ...sourceEvent, id: ids.eventId, deliveryId: null, receivedAt: createdAt };
      await s.insertDelivery(event, execution);
      runner.schedule(execution.id, { execution, event });
      return executionJson(execution);
    },
    async retry(id) {
      const execution = await load(id);
      if (execution.status === 'completed') {
        throw new RelayError('CONFLICT', `Execution ${execution.id} already completed; retry resumes failed executions. Replay it to run it again: POST /api/executions/${execution.id}/replay.`);
      }
      if (execution.status !== 'failed') {
        throw new RelayError('CONFLICT', `Execution ${execution.id} is ${execution.status}; only a failed execution can be retried.`);
      }
      const updatedAt = new Date(now()).toISOString();
      const patch = { status: 'pending', attempt: execution.attempt + 1, updatedAt, error: null } as const;
      if (!(await getStore().updateExecution(execution.id, patch, ['failed']))) {
        throw new RelayError('CONFLICT', `Execution ${execution.id} changed while retrying it; try again.`);
      }
      runner.schedule(execution.id);
      return executionJson({ ...execution, ...patch });
    },
    async find(idOrEventId) {
      const s = getStore();
      const execution = idOrEventId.startsWith('evt_') ? await s.getExecutionByEventId(idOrEventId) : await s.getExecution(idOrEventId);
      if (!execution) return undefined;
      const [event, steps, logs] = await Promise.all([s.getEvent(execution.eventId), s.listSteps(execution.id), s.listLogs(execution.id)]);
      return executionDetail(execution, event!, steps, logs);
    },
  };

  let recovered: Promise<Recovery> | undefined;
  const recoverOnce = () => (recovered ??= recover(getStore(), runner, now));

  const relay: Relay = {
    fetch: async (request) => toFetchResponse(await route(fromFetchRequest(request), context)),
    async listen(listenOptions) {
      await recoverOnce();
      const listening = await listen(context, listenOptions);
      listeners.add(listening);
      return {
        ...listening,
        close: async () => {
          listeners.delete(listening);
          await listening.close();
        },
      };
    },
    replayExecution: (id) => context.replay(id),
    retryExecution: (id) => context.retry(id),
    getExecution: (id) => (id.startsWith('evt_') ? Promise.resolve(undefined) : context.find(id)),
    findExecution: (id) => context.find(id),
    listExecutions: (filter) => getStore().listExecutions(filter),
    recover: () => {
      const again = recover(getStore(), runner, now);
      recovered ??= again;
      return again;
    },
    idle: () => runner.idle(),
    close: () =>
      (closing ??= (async () => {
        await Promise.all([...listeners].map((l) => l.close()));
        await runner.idle();
        if (store) await store.close();
      })()),
    plugins,
    mounts: () =>
      [...plugins.values()].map((plugin) => ({
        provider: plugin.id,
        path: `/api/webhook/${plugin.id}`,
        secretEnv: plugin.secretEnv,
        secretConfigured: context.secretsFor(plugin).length > 0,
      })),
    get store() {
      return getStore();
    },
  };
  return relay;
}
