/** `relay()`: the Vitest plugin that runs one reference service for the whole test run. */
import type { Plugin } from 'vitest/config';
import type { TestProject } from 'vitest/node';
import { startTestService, type StartedService, type TestServiceOptions } from '../testing/service.js';
import { CONTEXT_KEY } from './context.js';

/** Options of the Vitest plugin `relay()`; `dir` is resolved from the Vitest project's root. */
export type RelayPluginOptions = TestServiceOptions;

/** The setup file the plugin adds: matchers, and the msw mock provider APIs when asked. */
export const SETUP_FILE = 'relaykit/vitest/setup';

/**
 * A Vitest plugin: starts the reference service once per run (from the project's `relay.ts`, else
 * the built-ins) on an ephemeral port with a temporary store, gives every provider a secret, and
 * makes both available to tests (`inject('relaykit')`, the `relay` fixture, and the
 * `<PROVIDER>_WEBHOOK_SECRET` env of the workers). Registers the relaykit matchers.
 * @example
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config';
 * import { relay } from 'relaykit/vitest';
 * export default defineConfig({ plugins: [relay({ mockProviders: true })] });
 */
export function relay(options: RelayPluginOptions = {}): Plugin {
  let started: Promise<StartedService> | undefined;
  return {
    name: 'relaykit',
    config: () => ({ test: { setupFiles: [SETUP_FILE] } }),
    async configureVitest({ project, vitest }: { project: TestProject; vitest: { onClose(fn: () => unknown): void } }) {
      if (!started) {
        started = startTestService(options, { root: project.config.root });
        const service = started;
        vitest.onClose(async () => (await service).close());
      }
      project.provide(CONTEXT_KEY, (await started).context);
    },
  };
}
