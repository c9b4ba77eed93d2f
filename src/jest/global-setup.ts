/**
 * `relaykit/jest/global-setup`: Jest's `globalSetup` that starts the reference service for the run
 * (the project's `relay.ts` when there is one, else the built-ins; an ephemeral port; a temporary
 * store; a secret per provider), and the emulator beside it when `emulate` is set (workers reach it
 * with `relayEmulator()`, and `RELAYKIT_EMULATOR_URL`). Jest starts its workers after this hook, so they inherit what it
 * sets: `<PROVIDER>_WEBHOOK_SECRET`, `RELAYKIT_SERVICE_URL` (the default target of `triggerWebhook`)
 * and `RELAYKIT_CONTEXT_FILE`. Options go in the Jest config's `globals.relaykit` (`dir`, `secrets`,
 * `apiToken`, `emulate`); `dir` is resolved from Jest's `rootDir`.
 * @example
 * // jest.config.js
 * module.exports = {
 *   globalSetup: 'relaykit/jest/global-setup',
 *   globalTeardown: 'relaykit/jest/global-teardown',
 *   setupFilesAfterEnv: ['relaykit/jest/setup'],
 *   globals: { relaykit: { dir: '..', emulate: { providers: ['stripe'] } } }, // optional: where relay.ts is; the emulator
 * };
 */
import { RelayError } from '../core/index.js';
import { refuseMockProviders, startTestService, type TestServiceOptions } from '../testing/service.js';
import { keepService } from './runs.js';

/** The part of Jest's project config this hook reads. */
export interface JestProjectConfig {
  readonly rootDir: string;
  readonly globals?: Readonly<Record<string, unknown>>;
}

const CALLER = 'globals.relaykit';

function optionsOf(config: JestProjectConfig): TestServiceOptions {
  const options = config.globals?.relaykit;
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new RelayError('INVALID_OPTION', `${CALLER} in the Jest config must be an object ({ dir, secrets, apiToken, emulate }), got ${JSON.stringify(options)}.`);
  }
  refuseMockProviders(options as TestServiceOptions, CALLER, 'Jest');
  return options as TestServiceOptions;
}

/**
 * Starts the run's service and publishes it to the workers (see the module's comment).
 * @example
 * // a global setup of your own that does more
 * import relaySetup from 'relaykit/jest/global-setup';
 * export default async (globalConfig, projectConfig) => { await relaySetup(globalConfig, projectConfig); await seedDatabase(); };
 */
export default async function globalSetup(_globalConfig: unknown, projectConfig: JestProjectConfig): Promise<void> {
  const root = projectConfig?.rootDir ?? process.cwd();
  keepService(await startTestService(optionsOf(projectConfig ?? { rootDir: root }), { root, caller: CALLER }));
}
