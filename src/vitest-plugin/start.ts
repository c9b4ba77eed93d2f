/**
 * Starts the reference service for a test run: the project's `relay.ts` when there is one, else the
 * built-in providers; an ephemeral loopback port; a temporary SQLite store; one secret per provider.
 * Shared by the plugin and the `globalSetup` entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RelayError } from '../core/index.js';
import { builtInProviders } from '../providers/index.js';
import { createRelay, type Relay } from '../service/relay.js';
import { findRelayFile, loadRelayFile } from '../service/relay-file.js';
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

/** Sets `name` in process.env for the run and remembers what to put back. */
function setEnv(saved: Map<string, string | undefined>, name: string, value: string): void {
  if (!saved.has(name)) saved.set(name, process.env[name]);
  process.env[name] = value;
}

/** Starts the service; the env it sets (secrets, store path, URL) is restored by `close`. */
export async function startTestService(options: RelayPluginOptions, root: string): Promise<StartedService> {
  checkOptions(options);
  const saved = new Map<string, string | undefined>();
  const secrets: Record<string, string> = {};
  for (const provider of builtInProviders) {
    const secret = options.secrets?.[provider.id] || process.env[provider.secretEnv] || provider.generateSecret();
    secrets[provider.id] = secret;
    setEnv(saved, provider.secretEnv, secret);
  }
  const storeDir = mkdtempSync(path.join(tmpdir(), 'relaykit-vitest-'));
  setEnv(saved, 'RELAY_STORE_PATH', path.join(storeDir, 'relay.db'));
  if (options.apiToken !== undefined) setEnv(saved, 'RELAY_API_TOKEN', options.apiToken);
  const restore = () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };

  let relay: Relay | undefined;
  try {
    const file = options.dir === false ? undefined : findRelayFile(path.resolve(root, options.dir ?? '.'));
    relay = file ? await loadRelayFile(file) : createRelay();
    const listening = await relay.listen({ port: 0, host: '127.0.0.1' });
    setEnv(saved, 'RELAYKIT_SERVICE_URL', listening.url);
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
            restore();
          }
        })()),
    };
  } catch (error) {
    await relay?.close();
    rmSync(storeDir, { recursive: true, force: true });
    restore();
    throw error;
  }
}
