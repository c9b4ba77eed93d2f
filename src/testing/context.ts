/**
 * The run's reference service as test workers see it, and how it reaches them from the process that
 * started it. A runner's global setup may run in another process than its workers (Jest's does), so
 * the hand-off is the environment the workers inherit: the env vars the harness reads
 * (`RELAYKIT_SERVICE_URL`, `<PROVIDER>_WEBHOOK_SECRET`, `RELAY_API_TOKEN`) and a JSON file, named by
 * `RELAYKIT_CONTEXT_FILE`, that holds the whole context. No runner API is needed on either side.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENV_NAMES, RelayError, type Env } from '../core/index.js';
import type { EmulatorInfo } from '../emulator/index.js';

/**
 * The run's reference service, as tests see it.
 * @example
 * const { url, secrets } = readTestContext()!;
 * await fetch(`${url}/api/executions`); // the run's service
 * secrets.stripe; // 'whsec_…', also process.env.STRIPE_WEBHOOK_SECRET
 */
export interface RelayTestContext {
  /** The service's base URL, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  /** The webhook secret per provider id; also set as `<PROVIDER>_WEBHOOK_SECRET` in the workers. */
  readonly secrets: Readonly<Record<string, string>>;
  /** The `RELAY_API_TOKEN` the service requires, if any. */
  readonly apiToken?: string;
  /** Whether workers start the msw mock provider APIs, and reset their world after each test. */
  readonly mockProviders: { readonly enabled: boolean; readonly reset: boolean };
  /** The run's emulator, when the run started one (`emulate`): its URL and each provider's base URL, client options and helpers. */
  readonly emulator?: EmulatorInfo;
}

/**
 * The env var naming the JSON file that holds the run's {@link RelayTestContext}. `startTestService`
 * sets it for the workers (and removes the file when the service closes).
 * @example
 * spawn('node', ['--test'], { env: process.env }); // the children inherit RELAYKIT_CONTEXT_FILE
 */
export const CONTEXT_FILE_ENV = ENV_NAMES.testContextFile;

/** Writes the context into `dir` (readable by its owner only: it holds the secrets) and returns the file's path. */
export function writeContextFile(dir: string, context: RelayTestContext): string {
  const file = path.join(dir, 'context.json');
  writeFileSync(file, JSON.stringify(context), { mode: 0o600 });
  return file;
}

function isContext(value: unknown): value is RelayTestContext {
  const context = value as RelayTestContext | null;
  return (
    typeof context === 'object' &&
    context !== null &&
    typeof context.url === 'string' &&
    typeof context.secrets === 'object' &&
    context.secrets !== null &&
    typeof context.mockProviders?.enabled === 'boolean'
  );
}

/**
 * The run's context in a test worker, read from the file `RELAYKIT_CONTEXT_FILE` names; `undefined`
 * when the variable is not set (no relaykit service in this run). A file that is gone or is not a
 * context is a `RelayError` that names it.
 * @example
 * // in a Jest or node:test worker, whose global setup called startTestService()
 * const context = readTestContext();
 * if (!context) throw new Error('start the relay service in the global setup');
 * const relay = createRelayFixture(context);
 */
export function readTestContext(env: Env = process.env): RelayTestContext | undefined {
  const file = env[CONTEXT_FILE_ENV];
  if (!file) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RelayError(
      'NOT_FOUND',
      `${CONTEXT_FILE_ENV} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
        'the run that started the relay service has ended, or the variable is left over from another run. ' +
        'Start the service in the test runner\'s global setup, or unset the variable.',
      { cause: error },
    );
  }
  let context: unknown;
  try {
    context = JSON.parse(text);
  } catch {
    context = undefined;
  }
  if (!isContext(context)) {
    throw new RelayError(
      'INVALID_DATA',
      `${CONTEXT_FILE_ENV} names ${file}, which is not a relay test context (JSON with url, secrets and mockProviders). ` +
        'Point it at the file startTestService() wrote, or unset it.',
    );
  }
  return context;
}

/**
 * The run's context in a test worker, or a `RelayError` (`NOT_FOUND`) saying how to start the service:
 * `howToStart` is the runner adapter's own instruction (its config line).
 * @example
 * const context = requireTestContext("Add globalSetup: 'relaykit/jest/global-setup' to the Jest config.");
 * context.url; // the run's service
 */
export function requireTestContext(howToStart: string, env: Env = process.env): RelayTestContext {
  const context = readTestContext(env);
  if (!context) throw new RelayError('NOT_FOUND', `No relay service in this run (${CONTEXT_FILE_ENV} is not set). ${howToStart}`);
  return context;
}
