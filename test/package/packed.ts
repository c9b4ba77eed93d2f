/**
 * The package as a user installs it, for the tests of test/package/: the run's `npm pack` (made once, by
 * test/package/pack-setup.ts), the tarball unpacked into a fresh project's node_modules, and the packages
 * the project needs linked from this repo's node_modules (installs are slow here, and the machine is offline).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';

export const root = path.resolve(import.meta.dirname, '../..');
export const exec = promisify(execFile);

/** relaykit's own dependencies, which every user project gets with it. */
export const dependencies = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

/** The tarball `npm pack` made of this repo for the test run; throws with npm's reason when it could not. */
export function packedTarball(): string {
  const { tarball, error } = inject('packed');
  if (!tarball) throw new Error(`npm pack failed for this test run: ${error ?? "no tarball (is test/package/pack-setup.ts the package project's globalSetup?)"}`);
  return tarball;
}

/**
 * A new temporary folder holding `node_modules/relaykit` (the packed package) and `packages` (with
 * relaykit's dependencies) linked from this repo. The caller removes it.
 * @example
 * const dir = await packedProject(['vitest', 'stripe']);
 */
export async function packedProject(packages: readonly string[]): Promise<string> {
  const tarball = packedTarball();
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-pack-'));
  mkdirSync(path.join(dir, 'node_modules'));
  await exec('tar', ['-xzf', tarball, '-C', dir]);
  renameSync(path.join(dir, 'package'), path.join(dir, 'node_modules', 'relaykit'));
  for (const name of new Set([...dependencies, ...packages])) {
    const target = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), target, 'dir');
  }
  return dir;
}
