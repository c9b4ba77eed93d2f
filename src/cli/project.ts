/**
 * The user's project as `relay replay` and `relay inspect` reach it: the service its relay.ts exports,
 * and through it the store that `relay dev` writes in that directory.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { RelayError } from '../core/index.js';
import { openProject, type Project } from '../project/open-project.js';
import { describeStore } from '../service/store/open.js';

/** `--dir` (default: the working directory) as an absolute path; a `USAGE` error unless it is a directory. */
export function projectDir(dirOption: unknown): string {
  const dir = path.resolve(dirOption === undefined ? '.' : String(dirOption));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new RelayError('USAGE', `--dir ${dir} is not a directory.`);
  return dir;
}

/**
 * The project in `--dir` (default: the working directory) whose store holds the executions: the service
 * of its relay.ts, or without one the built-ins over the store `relay dev` keeps there for them. Close it
 * with `relay.close()`, which closes its store.
 */
export async function openStoredProject(command: string, dirOption: unknown): Promise<Project> {
  const project = await openProject(projectDir(dirOption));
  if (project.file === undefined && !existsSync(project.storePath)) {
    await project.relay.close();
    throw new RelayError(
      'USAGE',
      `no relay.ts and no ${path.relative(project.dir, project.storePath)} in ${project.dir}. relay ${command} reads executions through the service your relay.ts exports ` +
        `(export default createRelay({ … })), or the store relay dev keeps there; run it in that directory or pass --dir <path>.`,
    );
  }
  return project;
}

/** The error for an id found in neither executions nor events, with a hint when the store is empty. */
export async function notFound(project: Project, id: string): Promise<RelayError> {
  const store = project.relay.store;
  const where = typeof store.describe === 'function' ? describeStore(store).location : `the store of ${project.file ?? project.dir}`;
  const empty = (await project.relay.store.countExecutions()) === 0;
  return new RelayError(
    'USAGE',
    `no execution or event with id ${id} in ${where}.` +
      (empty ? ` That store holds no executions yet: is ${project.dir} the directory relay dev runs in? (--dir <path>)` : ''),
  );
}
