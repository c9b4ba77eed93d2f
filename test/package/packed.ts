/**
 * The package as a user installs it, for the tests of test/package/: `npm pack`, the tarball unpacked
 * into a fresh project's node_modules, and the packages the project needs linked from this repo's
 * node_modules (installs are slow here, and the machine is offline).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const root = path.resolve(import.meta.dirname, '../..');
export const exec = promisify(execFile);

/** relaykit's own dependencies, which every user project gets with it. */
export const dependencies = Object.keys((JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);

/**
 * A new temporary folder holding `node_modules/relaykit` (the packed package) and `packages` (with
 * relaykit's dependencies) linked from this repo. The caller removes it.
 * @example
 * const dir = await packedProject(['vitest', 'stripe']);
 */
export async function packedProject(packages: readonly string[]): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-pack-'));
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  mkdirSync(path.join(dir, 'node_modules'));
  await exec('tar', ['-xzf', path.join(dir, filename), '-C', dir]);
  renameSync(path.join(dir, 'package'), path.join(dir, 'node_modules', 'relaykit'));
  for (const name of new Set([...dependencies, ...packages])) {
    const target = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), target, 'dir');
  }
  return dir;
}
