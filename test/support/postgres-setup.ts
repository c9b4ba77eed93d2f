/**
 * Vitest globalSetup: one throwaway PostgreSQL cluster per test run (scripts/postgres.mjs), for the PostgreSQL
 * store's tests, stopped at the end. A cluster that cannot start does not fail the run here: the tests that need
 * it fail, each with the reason (test/support/postgres.ts), and the others run.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/postgres.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's superuser URL, or why there is none. */
    postgres: { readonly url: string | null; readonly error: string | null };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  try {
    const cluster = await startPostgres();
    project.provide('postgres', { url: cluster.url, error: null });
    return () => cluster.stop();
  } catch (error) {
    project.provide('postgres', { url: null, error: error instanceof Error ? error.message : String(error) });
    return () => {};
  }
}
