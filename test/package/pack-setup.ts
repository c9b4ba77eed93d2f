/**
 * Vitest globalSetup of the `package` project (vitest.config.ts): `npm pack` once per test run, for every test
 * of the package as a user installs it (test/package/packed.ts). Each of them packed it again before: four
 * packs a run. A pack that fails does not fail the run here: the tests that need the tarball fail, each with
 * npm's reason.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tarball `npm pack` made of this repo, or why there is none. */
    packed: { readonly tarball: string | null; readonly error: string | null };
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-packed-'));
  try {
    const root = path.resolve(import.meta.dirname, '../..');
    const { stdout } = await promisify(execFile)('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root });
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    project.provide('packed', { tarball: path.join(dir, filename), error: null });
  } catch (error) {
    project.provide('packed', { tarball: null, error: error instanceof Error ? error.message : String(error) });
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
