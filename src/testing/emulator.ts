/**
 * The run's emulator: started beside the reference service by a runner's global setup when asked
 * (`emulate`), delivering each emulated provider's webhooks to the service's mount path signed with the
 * run's secret (or to the `webhooks` given), and described to the workers in the test context, where
 * `relayEmulator()` / the fixture's `emulator` reach it over its `/_relaykit/` API.
 */
import { RelayError } from '../core/index.js';
// The client only: a worker that reaches the run's emulator loads no provider's API (index.js is loaded when one starts).
import { RemoteEmulator } from '../emulator/remote.js';
import type { Emulator, EmulatorInfo } from '../emulator/index.js';
import type { Mount } from '../service/relay.js';

export type { EmulatorInfo, RemoteEmulator, RemoteHelpers } from '../emulator/index.js';

/** A webhook endpoint of the run's emulator, as a config file can hold it (JSON: no in-process target). */
export interface TestWebhookEndpoint {
  readonly url: string;
  readonly secret?: string;
  readonly events?: readonly string[];
}

/**
 * The `emulate` option of the run's service: `true`, or these.
 * @example
 * const emulate: TestEmulateOptions = { providers: ['stripe'], seed: 7 };
 */
export interface TestEmulateOptions {
  /** The providers to emulate. Default: every one that has an emulator. */
  readonly providers?: readonly string[];
  /**
   * Where each provider's webhooks go. Default: the run's reference service (its mount path, signed with
   * the run's secret). Tests add their own app's route with `emulator.addWebhook()`.
   */
  readonly webhooks?: Readonly<Record<string, TestWebhookEndpoint | readonly TestWebhookEndpoint[]>>;
  /** Ids and drawn values the same in every run. */
  readonly seed?: number;
  /** Retry failed deliveries on the provider's schedule. Default: true. */
  readonly retries?: boolean;
  /** 0 (default): retries at once; 1: the provider's real waits. */
  readonly timeScale?: number;
}

const KEYS: readonly string[] = ['providers', 'webhooks', 'seed', 'retries', 'timeScale'];

/** The `emulate` option checked: `undefined` when the run starts no emulator. */
export function emulateOptions(value: unknown, caller: string): TestEmulateOptions | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RelayError('INVALID_OPTION', `${caller}({ emulate }) must be true or { ${KEYS.join(', ')} }, got ${JSON.stringify(value)}.`);
  }
  const unknown = Object.keys(value).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) throw new RelayError('INVALID_OPTION', `${caller}({ emulate }) has no option ${unknown.map((k) => `"${k}"`).join(', ')}: it takes ${KEYS.join(', ')}.`);
  return value as TestEmulateOptions;
}

/** A started emulator and what the workers are told of it. */
export interface StartedEmulator {
  readonly emulator: Emulator;
  readonly info: EmulatorInfo;
}

/**
 * Starts the run's emulator on an ephemeral loopback port. Without `webhooks`, each emulated provider
 * the service mounts delivers to `serviceUrl` + its mount path, signed with `secrets[provider]`.
 * @example
 * const { info } = await startTestEmulator({ providers: ['stripe'] }, { serviceUrl, mounts: relay.mounts(), secrets });
 */
export async function startTestEmulator(
  options: TestEmulateOptions,
  service: { readonly serviceUrl: string; readonly mounts: readonly Mount[]; readonly secrets: Readonly<Record<string, string>> },
): Promise<StartedEmulator> {
  const { createEmulator, emulatedProviders } = await import('../emulator/index.js');
  const chosen = new Set(options.providers ?? emulatedProviders());
  const webhooks =
    options.webhooks ??
    Object.fromEntries(
      service.mounts
        .filter((mount) => chosen.has(mount.provider) && service.secrets[mount.provider] !== undefined)
        .map((mount) => [mount.provider, { url: `${service.serviceUrl}${mount.path}`, secret: service.secrets[mount.provider]! }]),
    );
  const emulator = createEmulator({
    ...(options.providers !== undefined ? { providers: options.providers } : {}),
    webhooks,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.retries !== undefined ? { retries: options.retries } : {}),
    ...(options.timeScale !== undefined ? { timeScale: options.timeScale } : {}),
  });
  await emulator.listen(0, '127.0.0.1');
  return { emulator, info: emulator.info() };
}

/** What a test is told when the run has no emulator. */
export const NO_EMULATOR_HINT =
  'This run started no emulator: turn it on in relaykit\'s options (Vitest: relay({ emulate: true }); Jest: globals: { relaykit: { emulate: true } }; ' +
  'node:test: useRelay({ emulate: true }) or startRelay({ emulate: true })), or start one in the test with createEmulator() from \'relaykit/emulator\'.';

/**
 * The run's emulator, reached from a worker, or a `RelayError` (`NOT_FOUND`) saying how to start it.
 * @example
 * const emulator = remoteEmulator(context.emulator);
 * new Stripe('sk_test_123', emulator.clientOptions('stripe'));
 */
export function remoteEmulator(info: EmulatorInfo | undefined): RemoteEmulator {
  if (!info) throw new RelayError('NOT_FOUND', NO_EMULATOR_HINT);
  return new RemoteEmulator(info);
}
