/**
 * The one place the shells hand the service its settings: the store path, the secrets and the API
 * token, given explicitly rather than through the working directory and `process.env`. A relay.ts
 * builds its service itself; its `createRelay` call takes these for the options it leaves unset.
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
export function openService(file: string | undefined, settings: ServiceSettings): Promise<Relay> {
  return file ? loadRelayFile(file, settings) : Promise.resolve(createRelay(settings));
}
