/**
 * `openProject`: the user's project as the shells open it. The CLI (`relay dev`, `replay`, `inspect`,
 * `trigger`'s custom-plugin hint) and the Vitest plugin find and load `relay.ts` here, and only here.
 */
import type { DashboardOptions, DeliveryBuilder } from '../service/dashboard/index.js';
import { createRelay, defaultStorePath, type Relay } from '../service/relay.js';
import type { StoreSpec } from '../service/store/open.js';
import { findRelayFile, loadRelayFile } from '../service/relay-file.js';

/** Options of `openProject`. */
export interface OpenProjectOptions {
  /**
   * The default store's file, used unless relay.ts passes its own `store`. Default: `RELAY_STORE_PATH`
   * resolved from the project's directory, else `.relay/relay.db` there, where `relay dev` keeps it.
   */
  storePath?: string;
  /**
   * The default store as any spec `openStore` takes (`':memory:'`, `sqlite:<path>`, `postgres://…`, a `Store`), used
   * unless relay.ts passes its own. Default: `RELAY_DATABASE_URL` when set, else the file `storePath` names.
   */
  store?: StoreSpec;
  /** `false` serves the built-ins even when the directory holds a relay.ts. Default `true`. */
  relayFile?: boolean;
  /** Secrets by provider id. Default: each provider's env var. */
  secrets?: Readonly<Record<string, string>>;
  /** The bearer token of `/api/executions`. Default: `RELAY_API_TOKEN`. */
  apiToken?: string;
  /** Serve the dashboard at `/` (with these options), unless relay.ts's `createRelay` says otherwise (`relay dev` does). */
  dashboard?: boolean | DashboardOptions;
  /** What the dashboard's Trigger form builds deliveries with. */
  deliveryBuilder?: DeliveryBuilder;
  /** Capture mode for the service (unless relay.ts sets `capture` itself). Default `false`. */
  capture?: boolean;
}

/** An opened project; `relay.close()` closes its store. */
export interface Project {
  /** The project's directory, absolute. */
  readonly dir: string;
  /** Its relay.ts (or .mts, .js, .mjs), or `undefined` when the built-ins are served. */
  readonly file: string | undefined;
  /** The default store's file, absolute (where `relay dev` keeps it; unused when `options.store` is given). */
  readonly storePath: string;
  /** The default store, as given to the service: `options.store`, else `storePath`. */
  readonly store: StoreSpec;
  /** The service relay.ts exports, or the built-ins' service. Its store opens on first use. */
  readonly relay: Relay;
}

/**
 * Finds the relay.ts in `dir` (an absolute directory) and loads the service it exports, or, without
 * one, the service of the built-in providers; its default store is `options.storePath`, resolved from
 * `dir`, never from the working directory. Loading errors are `RelayError`s that say where and why.
 * @example
 * const project = await openProject('/home/me/shop', { storePath: '/tmp/relay-test.db' });
 * const listening = await project.relay.listen({ port: 0 });
 */
export async function openProject(dir: string, options: OpenProjectOptions = {}): Promise<Project> {
  const file = options.relayFile === false ? undefined : findRelayFile(dir);
  const storePath = options.storePath ?? defaultStorePath(dir);
  // Given explicitly, not through the working directory or process.env; a relay.ts's createRelay call
  // takes them for the options it leaves unset.
  const store = options.store ?? (process.env.RELAY_DATABASE_URL || storePath);
  const settings = {
    store,
    secrets: options.secrets,
    apiToken: options.apiToken,
    dashboard: options.dashboard,
    deliveryBuilder: options.deliveryBuilder,
    ...(options.capture ? { capture: true } : {}),
  };
  const relay = file ? await loadRelayFile(file, settings) : createRelay(settings);
  return { dir, file, storePath, store, relay };
}
