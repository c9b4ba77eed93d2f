/**
 * The environment variables relaykit reads, and its defaults: the one list of them. Each reader
 * takes the environment as a parameter (default `process.env`), so that tests and the CLI pass their own.
 *
 * | Variable | Read by | Meaning |
 * |---|---|---|
 * | `<PROVIDER>_WEBHOOK_SECRET` | harness, service, CLI | a provider's signing secret; each plugin names its own (`secretEnv`) |
 * | `SERVICE_BASE_URL` | CLI, harness | the service's base URL when `--forward` / `target` is absent (the spec's name) |
 * | `RELAYKIT_SERVICE_URL` | harness | the Vitest plugin's service, which it sets; wins over `SERVICE_BASE_URL` in the harness, never read by the CLI |
 * | `RELAYKIT_CONTEXT_FILE` | test workers | the JSON file of the test run's service (URL, secrets), which the test core sets (src/testing) |
 * | `RELAY_API_TOKEN` | service, harness, CLI | bearer token of `/api/executions` and the dashboard |
 * | `RELAY_STORE_PATH` | service | the default store's file (else `.relay/relay.db`) |
 * | `RELAY_DATABASE_URL` | service | a PostgreSQL store (`postgres://…`), used instead of the default file when set |
 * | `RELAY_SQLITE_DRIVER` | service | the SQLite driver to use (`node:sqlite`, `better-sqlite3`) |
 * | `RELAY_ALLOWED_HOSTS` | service, `relay dev` | more Host names the executions API answers to on a loopback bind |
 * | `RELAY_SCRUB_KEY` | `relay fixture` | the key that makes scrubbed fakes stable across a fixture set |
 * | `RELAY_DEBUG` | CLI | print a stack trace with an unexpected error |
 */

/** What the readers below accept: `process.env` or any record of the same shape. */
export type Env = Readonly<Record<string, string | undefined>>;

/** The names of the variables relaykit reads (the secrets' names are the provider plugins' `secretEnv`). */
export const ENV_NAMES = Object.freeze({
  serviceBaseUrl: 'SERVICE_BASE_URL',
  testServiceUrl: 'RELAYKIT_SERVICE_URL',
  testContextFile: 'RELAYKIT_CONTEXT_FILE',
  testEmulatorUrl: 'RELAYKIT_EMULATOR_URL',
  apiToken: 'RELAY_API_TOKEN',
  storePath: 'RELAY_STORE_PATH',
  databaseUrl: 'RELAY_DATABASE_URL',
  sqliteDriver: 'RELAY_SQLITE_DRIVER',
  allowedHosts: 'RELAY_ALLOWED_HOSTS',
  scrubKey: 'RELAY_SCRUB_KEY',
  debug: 'RELAY_DEBUG',
} as const);

/** The base URL when neither an option nor the environment names one (the spec's default). */
export const DEFAULT_BASE_URL = 'http://localhost:3000';

/** The default store's file, relative to the project folder. */
export const DEFAULT_STORE_PATH = '.relay/relay.db';

/** Where a base URL came from, as the CLI names it in an error. */
export type BaseUrlSource = 'SERVICE_BASE_URL' | 'the default';

/**
 * The spec's base URL when `--forward` is absent: `SERVICE_BASE_URL`, else `http://localhost:3000`, and
 * which of the two it was. The CLI's order (relay-cli-spec.md): it never reads `RELAYKIT_SERVICE_URL`.
 * @example
 * serviceBaseUrl({ SERVICE_BASE_URL: 'http://localhost:4000' }); // { url: 'http://localhost:4000', from: 'SERVICE_BASE_URL' }
 */
export function serviceBaseUrl(env: Env = process.env): { url: string; from: BaseUrlSource } {
  const fromEnv = env[ENV_NAMES.serviceBaseUrl];
  return fromEnv ? { url: fromEnv, from: 'SERVICE_BASE_URL' } : { url: DEFAULT_BASE_URL, from: 'the default' };
}

/**
 * The harness's default target: the Vitest plugin's service (`RELAYKIT_SERVICE_URL`), else the spec's
 * order (`SERVICE_BASE_URL`, else `http://localhost:3000`).
 * @example
 * defaultBaseUrl({}); // 'http://localhost:3000'
 */
export function defaultBaseUrl(env: Env = process.env): string {
  return env[ENV_NAMES.testServiceUrl] || serviceBaseUrl(env).url;
}

/**
 * The executions API's bearer token from `RELAY_API_TOKEN`; `undefined` when unset or empty.
 * @example
 * apiTokenFromEnv({ RELAY_API_TOKEN: 'secret' }); // 'secret'
 */
export function apiTokenFromEnv(env: Env = process.env): string | undefined {
  return env[ENV_NAMES.apiToken] || undefined;
}
