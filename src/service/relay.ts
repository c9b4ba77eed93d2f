/**
 * `createRelay`: the reference service, put together. The domain (executions.ts) over a store and the
 * runner, the HTTP contract (routes.ts) over the domain, served through a web-standard `fetch` or the
 * node:http adapter (node.ts); the five built-in mount paths plus custom plugins.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { apiTokenFromEnv, mountPath, RelayError } from '../core/index.js';
import { resolvePlugins, type ProviderPlugin } from '../providers/index.js';
import { BodyBudget } from './body-budget.js';
import { Dashboard, type DashboardOptions, type DeliveryBuilder } from './dashboard/index.js';
import { Executions } from './executions.js';
import type { Handlers } from './handlers.js';
import { fromFetchRequest, toFetchResponse, type RelayHandler } from './http.js';
import { Instance } from './instance.js';
import { listen, type ListenOptions, type Listening } from './node.js';
import type { Recovery } from './recovery.js';
import { route, type ServiceContext } from './routes.js';
import { Runner, type Settled } from './runner.js';
import { openStore, type StoreSpec } from './store/open.js';
import type { ExecutionFilter, ExecutionPage, InstanceRecord, Store } from './store/types.js';
import type { ExecutionDetail, ExecutionJson } from './views.js';

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

/**
 * The default store of a service run in `dir`: `RELAY_DATABASE_URL` (a PostgreSQL database, `postgres://…`) when
 * set, else the file `defaultStorePath(dir)` names.
 * @example
 * defaultStoreSpec('/app') // 'postgres://relay@db:5432/relay' with RELAY_DATABASE_URL set, else '/app/.relay/relay.db'
 */
export function defaultStoreSpec(dir: string = process.cwd()): string {
  return process.env.RELAY_DATABASE_URL || defaultStorePath(dir);
}

/** Options of `createRelay`. */
export interface RelayOptions {
  /** Custom plugins, added to the five built-ins; one with a built-in's id replaces it. */
  plugins?: readonly ProviderPlugin[];
  /** Handlers by stored type, with `*` wildcards (`stripe.*`, `*`). */
  handlers?: Handlers;
  /**
   * The store: a `Store`, or anything `openStore` takes (`':memory:'`, `sqlite:<path>`, `postgres://…`, a path), opened
   * on first use. Default: `RELAY_DATABASE_URL` when set, else SQLite at `storePath`.
   */
  store?: StoreSpec;
  /**
   * The default store's file (or any spec `openStore` takes), when `store` is not given. Default: `RELAY_STORE_PATH` if set,
   * else `.relay/relay.db` in the working directory.
   */
  storePath?: string;
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
  /** Bearer token the `/api/executions` routes (and the dashboard) require. Default: `RELAY_API_TOKEN`, read per request; unset means open. */
  apiToken?: string;
  /**
   * Serve the dashboard at `/`: executions updating live, one execution in full, refused deliveries,
   * Replay, Retry and a Trigger form. Default `false`; `relay dev` turns it on.
   */
  dashboard?: boolean | DashboardOptions;
  /**
   * What the dashboard's Trigger form builds signed deliveries with. `createRelay` from `relaykit`
   * and `relay dev` pass relaykit's `buildDelivery` and `listEventTypes`; without one, the form is off.
   */
  deliveryBuilder?: DeliveryBuilder;
  /**
   * Capture mode (`relay capture`, `relay dev --capture`): every delivery that verifies is also marked as a
   * capture (its exact bytes and headers are kept, as for any delivery), for `relay captures` and
   * `relay fixture save`. Default `false`.
   */
  capture?: boolean;
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
  /** An execution in full by `exec_` or `evt_` id, or by the delivery id its provider sent (as the dashboard's search); `undefined` when unknown. */
  findExecution(idOrEventId: string): Promise<ExecutionDetail | undefined>;
  /** Executions newest first, with filters and a cursor. */
  listExecutions(filter?: ExecutionFilter): Promise<ExecutionPage>;
  /**
   * Finishes what a stopped process left in the store: runs its `pending` executions, and marks its `running`
   * ones `failed` with an "interrupted" error, so that a retry resumes them (completed steps are skipped).
   * Several processes may serve one store: each registers with its pid and host and a lease it renews every
   * 10 s, and recovery takes over only executions whose owner is gone (its lease, 30 s, expired, or its
   * process ended on this host), never a live one's. `listen()` calls it once, before it binds (and fails if
   * the store cannot be written to), then again on every renewal; call it yourself when you serve through `fetch`.
   */
  recover(): Promise<Recovery>;
  /** The other live processes serving this service's store (`relay dev` says so at start). */
  otherInstances(): Promise<InstanceRecord[]>;
  /**
   * Resolves with the reason once the service can no longer store deliveries: its SQLite file was removed or
   * replaced while it ran (every delivery from then on is refused with a 5xx). `relay dev` stops on it.
   */
  failed(): Promise<Error>;
  /** Resolves when every handler started so far has finished. */
  idle(): Promise<void>;
  /**
   * Calls `listener` with each handler's outcome (completed or failed, with its error) once recorded;
   * returns a function that stops calling it.
   * @example
   * relay.onSettled((s) => s.status === 'failed' && console.error(`${s.executionId} failed: ${s.error}`));
   */
  onSettled(listener: (settled: Settled) => void): () => void;
  /** Stops listeners, waits for running handlers, closes the store. */
  close(): Promise<void>;
  /** The mounted plugins by id. */
  readonly plugins: ReadonlyMap<string, ProviderPlugin>;
  /** Whether the dashboard is served at `/`. */
  readonly dashboard: boolean;
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

/** Settings a shell gives the services that a relay.ts builds, for the options its `createRelay` call leaves unset. */
export type RelayDefaults = Pick<RelayOptions, 'store' | 'storePath' | 'secrets' | 'apiToken' | 'dashboard' | 'deliveryBuilder' | 'capture'>;

/**
 * The defaults in scope. One instance per process, whichever copy of this module a relay.ts imports
 * (the CLI's bundle, or the package's entry through jiti).
 */
const defaultsScope: AsyncLocalStorage<RelayDefaults> = ((globalThis as Record<symbol, unknown>)[Symbol.for('relaykit.relayDefaults')] ??=
  new AsyncLocalStorage<RelayDefaults>()) as AsyncLocalStorage<RelayDefaults>;

/** Runs `fn` with `defaults` applying to every `createRelay` call it makes (loading a relay.ts, say). */
export function withRelayDefaults<T>(defaults: RelayDefaults, fn: () => T): T {
  return defaultsScope.run(defaults, fn);
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
export function createRelay(given: RelayOptions = {}): Relay {
  const defaults = defaultsScope.getStore();
  const options: RelayOptions = defaults ? { ...withoutUndefined(defaults), ...withoutUndefined(given) } : given;
  // relay.ts's own store (or store path) wins over the shell's, whichever of the two options either uses.
  const storeSpec = given.store ?? given.storePath ?? defaults?.store ?? defaults?.storePath;
  checkOptions(options);
  const plugins = resolvePlugins(options.plugins);
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const now = () => {
    const value = options.now ? options.now() : Date.now();
    return typeof value === 'number' ? value : value.getTime();
  };
  // A store object given is the service's from the start (close() closes it, used or not); a spec opens on first use.
  let store: Store | undefined = typeof storeSpec === 'object' ? openStore(storeSpec) : undefined;
  const getStore = (): Store => (store ??= openStore(storeSpec ?? defaultStoreSpec()));
  // With the dashboard, the domain writes through a store that tells the open pages of each change.
  let dashboard: Dashboard | undefined;
  let observed: Store | undefined;
  const serviceStore = (): Store => (dashboard ? (observed ??= dashboard.observe(getStore())) : getStore());
  const instance = new Instance({ store: getStore, now });
  const settledListeners = new Set<(settled: Settled) => void>();
  const onSettled = (settled: Settled) => {
    for (const listener of settledListeners) {
      try {
        listener(settled);
      } catch (cause) {
        process.emitWarning(`relaykit: an onSettled listener threw: ${String((cause as Error)?.message ?? cause)}`);
      }
    }
  };
  const runner = new Runner({ store: serviceStore, handlers: options.handlers ?? {}, now, owner: instance.id, onSettled });
  const executions = new Executions({ store: serviceStore, runner, instance, now, providers: () => plugins.keys() });
  const listeners = new Set<Listening>();
  let closing: Promise<void> | undefined;
  let failure: Promise<Error> | undefined;

  const secretsFor = (plugin: ProviderPlugin): readonly string[] => {
    const configured = options.secrets?.[plugin.id] ?? (plugin.secretEnv ? process.env[plugin.secretEnv] : undefined);
    if (configured === undefined || configured === '') return [];
    return typeof configured === 'string' ? [configured] : configured.filter((s) => s !== '');
  };
  const context: ServiceContext = {
    plugins,
    maxBodyBytes,
    bodyBudget: new BodyBudget(Math.max(options.maxBodyBytesInFlight ?? DEFAULT_MAX_BODY_BYTES_IN_FLIGHT, maxBodyBytes)),
    executions,
    now,
    secretsFor,
    apiToken: () => options.apiToken ?? apiTokenFromEnv(),
    capture: options.capture === true,
  };
  const base: RelayHandler = (request, scope) => route(request, context, scope);
  if (options.dashboard) {
    const dashboardOptions = typeof options.dashboard === 'object' ? options.dashboard : {};
    dashboard = new Dashboard({ context, store: getStore, deliveries: options.deliveryBuilder, options: dashboardOptions });
  }
  const handler: RelayHandler = dashboard ? dashboard.handler(base) : base;

  const relay: Relay = {
    fetch: async (request) => toFetchResponse(await handler(fromFetchRequest(request))),
    async listen(listenOptions) {
      // Before binding: a store that cannot open, or be written to, fails here, and nothing listens.
      try {
        await executions.recover({ once: true });
      } catch (error) {
        throw store?.diagnose?.(error) ?? error;
      }
      const listening = await listen(handler, listenOptions);
      listeners.add(listening);
      return {
        ...listening,
        close: async () => {
          listeners.delete(listening);
          await listening.close();
        },
      };
    },
    replayExecution: (id) => executions.replay(id),
    retryExecution: (id) => executions.retry(id),
    getExecution: (id) => (id.startsWith('evt_') ? Promise.resolve(undefined) : executions.find(id)),
    findExecution: (id) => executions.find(id),
    listExecutions: (filter) => executions.list(filter),
    recover: () => executions.recover(),
    otherInstances: () => executions.otherInstances(),
    failed: () =>
      (failure ??= new Promise<Error>((resolve) => {
        getStore().onLost?.(resolve);
      })),
    idle: () => runner.idle(),
    onSettled: (listener) => {
      settledListeners.add(listener);
      return () => void settledListeners.delete(listener);
    },
    close: () =>
      (closing ??= (async () => {
        dashboard?.close();
        await Promise.all([...listeners].map((l) => l.close()));
        await executions.stop();
        if (store) await store.close();
      })()),
    plugins,
    dashboard: dashboard !== undefined,
    mounts: () =>
      [...plugins.values()].map((plugin) => ({
        provider: plugin.id,
        path: mountPath(plugin.id),
        secretEnv: plugin.secretEnv,
        secretConfigured: secretsFor(plugin).length > 0,
      })),
    get store() {
      return getStore();
    },
  };
  return relay;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
