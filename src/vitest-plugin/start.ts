/**
 * Starts the reference service for a test run: the project's `relay.ts` when there is one, else the
 * built-in providers (`openProject`); an ephemeral loopback port; a temporary SQLite store; one secret
 * per provider. Shared by the plugin and the `globalSetup` entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openProject } from '../project/open-project.js';
import { RelayError } from '../core/index.js';
import { builtInProviders } from '../providers/index.js';
import type { Relay } from '../service/relay.js';
import type { RelayTestContext } from './context.js';

/** Options of the Vitest plugin `relay()`. */
export interface RelayPluginOptions {
  /** Directory holding `relay.ts`. Default: the Vitest project's root. `false`: ignore any relay.ts and serve the built-ins. */
  dir?: string | false;
  /** Secrets by provider id. Default: the `<PROVIDER>_WEBHOOK_SECRET` env var when set, else a fresh random secret. */
  secrets?: Readonly<Record<string, string>>;
  /** Start msw mock provider APIs in every test file (`relaykit/msw`); `{ reset: false }` keeps the world between tests. */
  mockProviders?: boolean | { reset?: boolean };
  /** Require `Authorization: Bearer <token>` on `/api/executions` (the fixture and `replay()` send it). */
  apiToken?: string;
}

/** A started service and how to stop it. */
export interface StartedService {
  readonly context: RelayTestContext;
  readonly relay: Relay;
  close(): Promise<void>;
}

function checkOptions(options: RelayPluginOptions): void {
  for (const [id, secret] of Object.entries(options.secrets ?? {})) {
    if (typeof secret !== 'string' || secret === '') {
      throw new RelayError('INVALID_OPTION', `relay({ secrets }): the secret for "${id}" must be a non-empty string.`);
    }
  }
  if (options.dir !== undefined && options.dir !== false && typeof options.dir !== 'string') {
    throw new RelayError('INVALID_OPTION', `relay({ dir }) must be a path or false, got ${typeof options.dir}.`);
  }
}

/**
 * The run's env, which the test workers inherit: the secrets (as `<PROVIDER>_WEBHOOK_SECRET`, for the
 * user's own verification code and relay.ts), the API token (`RELAY_API_TOKEN`, which `replay()` and the
 * fixture send) and later the service's URL (`RELAYKIT_SERVICE_URL`, the harness's default target).
 * `restore` puts back what was there.
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

/** Starts the service; the env it sets for the workers (secrets, token, URL) is restored by `close`. */
export async function startTestService(options: RelayPluginOptions, root: string): Promise<StartedService> {
  checkOptions(options);
  const env = runEnv();
  const secrets: Record<string, string> = {};
  for (const provider of builtInProviders) {
    const secret = options.secrets?.[provider.id] || process.env[provider.secretEnv] || provider.generateSecret();
    secrets[provider.id] = secret;
    env.set(provider.secretEnv, secret);
  }
  if (options.apiToken !== undefined) env.set('RELAY_API_TOKEN', options.apiToken);
  const storeDir = mkdtempSync(path.join(tmpdir(), 'relaykit-vitest-'));

  let relay: Relay | undefined;
  try {
    const project = await openProject(path.resolve(root, options.dir || '.'), {
      relayFile: options.dir !== false,
      storePath: path.join(storeDir, 'relay.db'),
      secrets,
      apiToken: options.apiToken,
    });
    relay = project.relay;
    const listening = await relay.listen({ port: 0, host: '127.0.0.1' });
    env.set('RELAYKIT_SERVICE_URL', listening.url);
    const reset = typeof options.mockProviders === 'object' ? options.mockProviders.reset !== false : true;
    const context: RelayTestContext = {
      url: listening.url,
      secrets,
      ...(options.apiToken !== undefined ? { apiToken: options.apiToken } : {}),
      mockProviders: { enabled: options.mockProviders !== undefined && options.mockProviders !== false, reset },
    };
    const started = relay;
    let closing: Promise<void> | undefined;
    return {
      context,
      relay: started,
      close: () =>
        (closing ??= (async () => {
          try {
            await started.close();
          } finally {
            rmSync(storeDir, { recursive: true, force: true });
            env.restore();
          }
        })()),
    };
  } catch (error) {
    await relay?.close();
    rmSync(storeDir, { recursive: true, force: true });
    env.restore();
    throw error;
  }
}
