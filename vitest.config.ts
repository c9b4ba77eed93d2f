import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console one, to print its closing "N passed, N failed" line.
const jsonReport = process.env.RELAY_VITEST_JSON;

const testsIn = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.test.ts')).map((name) => `${dir}/${name}`);

/** Files that set `process.env`, observe deliveries or read the registry's state: kept isolated. */
const stateful = new Set(['test/providers/determinism.test.ts', 'test/providers/registry.test.ts', 'test/providers/resend-shapes.test.ts', 'test/providers/stripe-payloads.test.ts']);

/**
 * Files that only compute: the in-memory type checks, the payload builders' and signers' tests. They
 * touch no environment variable, server or global hook, so they share their worker's modules
 * (`isolate: false`): TypeScript and the generated catalogs are loaded once per worker, and the
 * declaration files `test/support/typecheck.ts` has parsed are reused by the next file's program.
 */
const shared = [
  ...testsIn('test/providers'),
  ...testsIn('test/signers'),
  'test/harness/typed-data.test.ts',
  'test/support/typecheck.test.ts',
  'test/vitest-plugin/types.test.ts',
].filter((file) => !stateful.has(file));

/** The package as users install it: the tests that need the run's `npm pack` (made once, by their project's globalSetup). */
const packed = ['test/package/pack.test.ts', 'test/package/runners.test.ts', 'test/package/fresh-install.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One worker per core. Vitest's own default leaves a core to its main process (one worker on this
    // two-core machine), but most files here wait on child processes, sockets and PostgreSQL rather than
    // compute: a second worker runs beside them (the whole suite: 437 s with one worker, 355 s with two,
    // measured back to back on a machine loaded by other work).
    maxWorkers: availableParallelism(),
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
    projects: [
      { extends: true, test: { name: 'shared', include: shared, isolate: false } },
      // The PostgreSQL store's tests share one throwaway cluster per run, started here (scripts/postgres.mjs).
      { extends: true, test: { name: 'isolated', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: [...shared, ...packed], globalSetup: ['test/support/postgres-setup.ts'] } },
      { extends: true, test: { name: 'package', include: packed, globalSetup: ['test/package/pack-setup.ts'] } },
    ],
  },
});
