import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The projects in the order their files start: the packed package's few long files (npm pack's examples, Jest,
 * fresh installs), then the shared ones (the type checks, the longest of the rest), then the isolated ones;
 * within a project, Vitest's own order (a file that failed last time first, then the longest). Vitest starts the
 * projects in the order of their names, which left the longest files to the last minute, one worker busy and
 * the other done.
 */
const projectOrder = ['package', 'shared', 'isolated'];
class ProjectsInOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => projectOrder.indexOf(file.project.name);
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // One worker per core. Vitest's own default leaves a core to its main process (one worker on this
    // two-core machine), but most files here wait on child processes, sockets and PostgreSQL rather than
    // compute: a second worker runs beside them (the whole suite: 437 s with one worker, 355 s with two,
    // measured back to back on a machine loaded by other work).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ProjectsInOrder },
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
