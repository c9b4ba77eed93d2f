/**
 * `relaykit/vitest/global-setup`: the plugin's service for `globalSetup` users. Secrets come from the
 * `<PROVIDER>_WEBHOOK_SECRET` env vars when set, else fresh random ones; `relay.ts` from the root.
 * Add `relaykit/vitest/setup` to `setupFiles` for the matchers.
 * @example
 * // vitest.config.ts
 * export default defineConfig({
 *   test: { globalSetup: ['relaykit/vitest/global-setup'], setupFiles: ['relaykit/vitest/setup'] },
 * });
 */
import type { TestProject } from 'vitest/node';
import { startTestService } from '../testing/service.js';
import { CONTEXT_KEY } from './context.js';

/** Starts the service, provides its context, and returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = await startTestService({}, { root: project.config.root });
  project.provide(CONTEXT_KEY, started.context);
  return () => started.close();
}
