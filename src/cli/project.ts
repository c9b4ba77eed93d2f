/**
 * The user's project as `relay replay` and `relay inspect` reach it: the service its relay.ts exports,
 * and through it the store that `relay dev` writes in that directory.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { RelayError } from '../core/index.js';
import { createRelay, defaultStorePath, type Relay } from '../service/relay.js';
import { findRelayFile, loadRelayFile } from './load-relay.js';

/** A loaded project; close it with `relay.close()`, which closes its store. */
export interface Project {
  readonly dir: string;
  /** The relay.ts, or `undefined` when the directory has none but holds the store `relay dev` keeps for the built-ins. */
  readonly file: string | undefined;
  readonly relay: Relay;
}

/** `--dir` (default: the working directory) as an absolute path; a `USAGE` error unless it is a directory. */
export function projectDir(dirOption: unknown): string {
  const dir = path.resolve(dirOption === undefined ? '.' : String(dirOption));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RelayError('USAGE', `--dir ${dir} is not a directory.`);
  return dir;
}

/**
 * Loads the service of the relay.ts in `dir` (default: the working directory), which becomes the working
 * directory, so that the default store resolves to `<dir>/.relay/relay.db` as it does for `relay dev`.
 * Without a relay.ts, `relay dev` serves the built-ins with that store, so the store alone is enough.
 */
export async function openProject(command: string, dirOption: unknown): Promise<Project> {
  const dir = projectDir(dirOption);
  const file = findRelayFile(dir);
  const storeOfBuiltIns = defaultStorePath(dir);
  if (!file && existsSync(storeOfBuiltIns)) {
    process.chdir(dir);
    return { dir, file: undefined, relay: createRelay() };
  }
  if (!file) {
    throw new RelayError(
      'USAGE',
      `no relay.ts and no ${path.relative(dir, storeOfBuiltIns)} in ${dir}. relay ${command} reads executions through the service your relay.ts exports ` +
        `(export default createRelay({ … })), or the store relay dev keeps there; run it in that directory or pass --dir <path>.`,
    );
  }
  process.chdir(dir);
  return { dir, file, relay: await loadRelayFile(file) };
}

/** The error for an id found in neither executions nor events, with a hint when the store is empty. */
export async function notFound(project: Project, id: string): Promise<RelayError> {
  const where = (project.relay.store as { path?: string }).path ?? `the store of ${project.file ?? project.dir}`;
  const empty = (await project.relay.store.countExecutions()) === 0;
  return new RelayError(
    'USAGE',
    `no execution or event with id ${id} in ${where}.` +
      (empty ? ` That store holds no executions yet: is ${project.dir} the directory relay dev runs in? (--dir <path>)` : ''),
  );
}
