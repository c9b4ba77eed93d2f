/**
 * Starts the reference service for a test run: the project's `relay.ts` when there is one, else the
 * built-in providers (`openProject`); an ephemeral loopback port; a temporary SQLite store; one secret
 * per provider. It hands the service to the run's workers through their environment (context.ts), so
 * any runner's global setup can call it, whether its workers share its process or not.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openProject } from '../project/open-project.js';
import { ENV_NAMES, RelayError } from '../core/index.js';
import { builtInProviders } from '../providers/index.js';
import type { Relay } from '../service/relay.js';
import { CONTEXT_FILE_ENV, writeContextFile, type RelayTestContext } from './context.js';
import { emulateOptions, startTestEmulator, type StartedEmulator, type TestEmulateOptions } from './emulator.js';

/**
 * What a user configures of the run's service (the Vitest plugin's `relay()` options, and later Jest's and node:test's).
 * @example
 * const options: TestServiceOptions = { dir: 'service', secrets: { stripe: 'whsec_test' }, mockProviders: { reset: false } };
 */
export interface TestServiceOptions {
  /** Directory holding `relay.ts`, resolved from the run's root. Default: the root. `false`: ignore any relay.ts and serve the built-ins. */
  dir?: string | false;
  /** Secrets by provider id. Default: the `<PROVIDER>_WEBHOOK_SECRET` env var when set, else a fresh random secret. */
  secrets?: Readonly<Record<string, string>>;
  /** Start msw mock provider APIs in every test file (`relaykit/msw`); `{ reset: false }` keeps the world between tests. */
  mockProviders?: boolean | { reset?: boolean };
  /** Require `Authorization: Bearer <token>` on `/api/executions` (the fixture and `replay()` send it). */
  apiToken?: string;
  /**
   * Also start the emulator (`relaykit/emulator`) for the run: the providers' APIs on an ephemeral port,
   * their webhooks delivered to this service (or `webhooks`); tests reach it with `relayEmulator()` or
   * the fixture's `emulator`. `true`, or `{ providers, webhooks, seed, retries, timeScale }`.
   */
  emulate?: boolean | TestEmulateOptions;
}

/**
 * Where and for whom `startTestService` runs: the runner adapter's part, not the user's.
 * @example
 * const run: TestRun = { root: project.config.root, caller: 'relay' }; // Vitest's project root, as relay() names itself
 */
export interface TestRun {
  /** The run's root directory (Vitest's `config.root`, Jest's `rootDir`): `dir` is resolved from it. */
  readonly root: string;
  /** The function the user configured, as error messages name it (`relay({ secrets }): …`). Default `relay`. */
  readonly caller?: string;
}

/**
 * A started service and how to stop it.
 * @example
 * const service = await startTestService({}, { root });
 * project.provide('relaykit', service.context); // or let workers read service.contextFile
 * await service.close();
 */
export interface StartedService {
  /** What the workers receive (the context file holds the same). */
  readonly context: RelayTestContext;
  /** The JSON file holding `context`, which `RELAYKIT_CONTEXT_FILE` names until `close()`. */
  readonly contextFile: string;
  /** The running service. */
  readonly relay: Relay;
  /** Stops the service, removes its store and context file, and puts the env back as it was. Idempotent. */
  close(): Promise<void>;
}

/** Checks the user's options; returns the `emulate` option, parsed (`undefined`: no emulator). */
function checkOptions(options: TestServiceOptions, caller: string): TestEmulateOptions | undefined {
  for (const [id, secret] of Object.entries(options.secrets ?? {})) {
    if (typeof secret !== 'string' || secret === '') {
      throw new RelayError('INVALID_OPTION', `${caller}({ secrets }): the secret for "${id}" must be a non-empty string.`);
    }
  }
  if (options.dir !== undefined && options.dir !== false && typeof options.dir !== 'string') {
    throw new RelayError('INVALID_OPTION', `${caller}({ dir }) must be a path or false, got ${typeof options.dir}.`);
  }
  return emulateOptions(options.emulate, caller);
}

/**
 * For a runner adapter that does not run the msw mock provider APIs in its workers (Jest's, node:test's):
 * a `RelayError` (`INVALID_OPTION`) when the user asked for them, saying how to start them instead.
 * @example
 * refuseMockProviders(options, 'globals.relaykit', 'Jest');
 */
export function refuseMockProviders(options: TestServiceOptions, caller: string, runner: string): void {
  if (options.mockProviders) {
    throw new RelayError(
      'INVALID_OPTION',
      `${caller}: mockProviders is supported under Vitest only, not under ${runner}. Turn on emulate: true instead (the providers' ` +
        'APIs for the whole run, over HTTP, at relayEmulator().clientOptions(provider)), or start the mock provider APIs in a setup ' +
        "of your own with createProviderServer() from 'relaykit/msw' (server.listen() before the tests, server.close() after).",
    );
  }
}

/**
 * The run's env, which the test workers inherit: the secrets (as `<PROVIDER>_WEBHOOK_SECRET`, for the
 * user's own verification code and relay.ts), the API token (`RELAY_API_TOKEN`, which `replay()` and the
 * fixture send), later the service's URL (`RELAYKIT_SERVICE_URL`, the harness's default target) and the
 * context file (`RELAYKIT_CONTEXT_FILE`). `restore` puts back what was there.
 */
function runEnv(): { set(name: string, value: string): void; restore(): void } {
  const saved = new Map<string, string | undefined>();
  return {
    set(name, value) {
      if (!saved.has(name)) saved.set(name, process.env[name]);
      process.env[name] = value;
    },
    restore() {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

/**
 * Starts the run's service and publishes it to the workers: `process.env` gets the secrets, the API
 * token, `RELAYKIT_SERVICE_URL` and `RELAYKIT_CONTEXT_FILE` (read back with `readTestContext()`), so
 * call it before the workers start. `close()` stops it and restores the env. Bad options are a
 * `RelayError` (`INVALID_OPTION`); a store or relay.ts that cannot open rejects, naming the cause.
 * @example
 * // a runner's global setup and teardown
 * const service = await startTestService({ mockProviders: true }, { root: process.cwd() });
 * process.env.RELAYKIT_SERVICE_URL; // service.context.url
 * await service.close();
 */
export async function startTestService(options: TestServiceOptions, run: TestRun): Promise<StartedService> {
  const emulate = checkOptions(options, run.caller ?? 'relay');
  const env = runEnv();
  const secrets: Record<string, string> = {};
  for (const provider of builtInProviders) {
    const secret = options.secrets?.[provider.id] || process.env[provider.secretEnv] || provider.generateSecret();
    secrets[provider.id] = secret;
    env.set(provider.secretEnv, secret);
  }
  if (options.apiToken !== undefined) env.set(ENV_NAMES.apiToken, options.apiToken);
  const runDir = mkdtempSync(path.join(tmpdir(), 'relaykit-test-'));

  let relay: Relay | undefined;
  let emulated: StartedEmulator | undefined;
  try {
    const project = await openProject(path.resolve(run.root, options.dir || '.'), {
      relayFile: options.dir !== false,
      storePath: path.join(runDir, 'relay.db'),
      secrets,
      apiToken: options.apiToken,
    });
    relay = project.relay;
    const listening = await relay.listen({ port: 0, host: '127.0.0.1' });
    env.set(ENV_NAMES.testServiceUrl, listening.url);
    if (emulate) {
      emulated = await startTestEmulator(emulate, { serviceUrl: listening.url, mounts: relay.mounts(), secrets });
      env.set(ENV_NAMES.testEmulatorUrl, emulated.info.url);
      // An SDK that reads its base URL from the environment (Resend's) then calls the emulator with no option.
      for (const provider of Object.values(emulated.info.providers)) {
        for (const [name, value] of Object.entries(provider.env)) if (!process.env[name]) env.set(name, value);
      }
    }
    const reset = typeof options.mockProviders === 'object' ? options.mockProviders.reset !== false : true;
    const context: RelayTestContext = {
      url: listening.url,
      secrets,
      ...(options.apiToken !== undefined ? { apiToken: options.apiToken } : {}),
      mockProviders: { enabled: options.mockProviders !== undefined && options.mockProviders !== false, reset },
      ...(emulated ? { emulator: emulated.info } : {}),
    };
    const contextFile = writeContextFile(runDir, context);
    env.set(CONTEXT_FILE_ENV, contextFile);
    const started = relay;
    const startedEmulator = emulated?.emulator;
    let closing: Promise<void> | undefined;
    return {
      context,
      contextFile,
      relay: started,
      close: () =>
        (closing ??= (async () => {
          try {
            await startedEmulator?.close();
            await started.close();
          } finally {
            rmSync(runDir, { recursive: true, force: true });
            env.restore();
          }
        })()),
    };
  } catch (error) {
    await emulated?.emulator.close();
    await relay?.close();
    rmSync(runDir, { recursive: true, force: true });
    env.restore();
    throw error;
  }
}
