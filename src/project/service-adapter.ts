/**
 * The one place the shells hand the service its settings: the store path, the secrets and the API
 * token, given explicitly rather than through the working directory and `process.env`.
 *
 * @note Today's service reads its default store path only from `RELAY_STORE_PATH` and the working
 * directory, when the store is first used, and a relay.ts builds its service itself. Until the service
 * takes the settings (`createRelay({ storePath })`, and `loadRelayFile(file, settings)` giving them to
 * the `createRelay` calls the file makes, for the options it leaves unset), `withStoreAt` opens the
 * default store at `storePath` on the first call that needs it. Then this file shrinks to
 * `file ? loadRelayFile(file, settings) : createRelay(settings)`.
 */
import { createRelay, type Relay } from '../service/relay.js';
import { loadRelayFile } from '../service/relay-file.js';

/** What the shells decide for the service they open. */
export interface ServiceSettings {
  /** The default SQLite store's file (absolute), used unless relay.ts passes its own `store`. */
  readonly storePath: string;
  /** Secrets by provider id. Default: each provider's env var, read per request. */
  readonly secrets?: Readonly<Record<string, string>>;
  /** The bearer token of `/api/executions`. Default: `RELAY_API_TOKEN`, read per request. */
  readonly apiToken?: string;
}

/** The service `file` exports (or the built-ins' service when there is no file), with `settings`. */
export async function openService(file: string | undefined, settings: ServiceSettings): Promise<Relay> {
  const { storePath, secrets, apiToken } = settings;
  // A relay.ts sees the secrets and the token in its env (the Vitest plugin sets them there for tests too).
  const relay = file ? await loadRelayFile(file) : createRelay({ secrets, apiToken });
  return withStoreAt(relay, storePath);
}

/**
 * `relay`, whose default store opens at `storePath` on the first call that uses the store. Opening
 * sets `RELAY_STORE_PATH` only for the synchronous moment the service reads it, so nothing else sees it.
 */
function withStoreAt(relay: Relay, storePath: string): Relay {
  let opened = false;
  const open = () => {
    if (opened) return;
    const saved = process.env.RELAY_STORE_PATH;
    process.env.RELAY_STORE_PATH = storePath;
    try {
      void relay.store;
      opened = true;
    } finally {
      if (saved === undefined) delete process.env.RELAY_STORE_PATH;
      else process.env.RELAY_STORE_PATH = saved;
    }
  };
  /** `call`, after opening the store; a store that cannot open rejects the call, as it does in the service. */
  const opening =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      open();
      return call(...args);
    };
  return {
    fetch: opening((request) => relay.fetch(request)),
    listen: opening((options) => relay.listen(options)),
    replayExecution: opening((id) => relay.replayExecution(id)),
    retryExecution: opening((id) => relay.retryExecution(id)),
    getExecution: opening((id) => relay.getExecution(id)),
    findExecution: opening((id) => relay.findExecution(id)),
    listExecutions: opening((filter) => relay.listExecutions(filter)),
    recover: opening(() => relay.recover()),
    idle: () => relay.idle(),
    close: () => relay.close(),
    get plugins() {
      return relay.plugins;
    },
    mounts: () => relay.mounts(),
    get store() {
      open();
      return relay.store;
    },
  };
}
