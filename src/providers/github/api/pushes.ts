/**
 * Pushes to the emulated repositories: a developer's `git push` (`emulator.github.push`) and a merge's
 * commit. Each moves a branch: `create` for a new one, `push`, `pull_request.synchronize` for the open
 * pull requests it heads, and `check_suite.requested` for the Apps with checks:write.
 */
import { RelayError } from '../../../core/index.js';
import type { World } from '../../shared/api/index.js';
import { recordCommit, requestSuites } from './checks.js';
import { emit } from './hooks.js';
import { account, newSha, repoState, saveRepoState, type RepoState } from './installs.js';
import { githubTime } from './objects.js';
import { synchronizePulls, type MergePush } from './pulls.js';
import { repositoryObject, type Account } from '../repository.js';

/** A commit of `emulator.github.push`. */
export interface PushCommit {
  readonly message: string;
  /** Paths the commit adds, removes, modifies. */
  readonly added?: readonly string[];
  readonly removed?: readonly string[];
  readonly modified?: readonly string[];
}

/** The options of `emulator.github.push`. */
export interface PushOptions {
  /** The repository, `owner/name`, reached by an installed App. */
  readonly repo: string;
  /** The branch: `main` or `refs/heads/main`. A branch the repository lacks is created (→ `create`). */
  readonly ref: string;
  readonly commits: readonly PushCommit[];
  /** Who pushes. Default: the repository's owner. */
  readonly pusher?: string;
}

/** What `push` made: the commits' SHAs, oldest first, and the branch's SHA before and after. */
export interface PushResult {
  readonly before: string;
  readonly after: string;
  readonly shas: readonly string[];
}

/** `emulator.github.push`: commits pushed to a branch of an installed repository. */
export function push(world: World, options: PushOptions): PushResult {
  if (typeof options !== 'object' || options === null) throw new RelayError('INVALID_OPTION', `push takes { repo, ref, commits: [{ message }], pusher? }, got ${JSON.stringify(options)}.`);
  const [owner, name] = String(options.repo).split('/') as [string, string | undefined];
  const state = name ? repoState(world, owner, name) : undefined;
  if (!state) throw new RelayError('INVALID_OPTION', `push: no repository ${String(options.repo)} here; install an App on it first (emulator.github.installApp).`);
  if (!Array.isArray(options.commits) || options.commits.length === 0) throw new RelayError('INVALID_OPTION', 'push needs commits: [{ message }] (at least one).');
  const pusher = options.pusher ? account(options.pusher, 'User') : state.owner;
  return pushCommits(world, state, String(options.ref).replace(/^refs\/heads\//, ''), options.commits, pusher, options.commits.map(() => newSha(world)));
}

/** A merge's commit, pushed to the base branch by whoever merged. */
export const pushMerge: MergePush = (world, state, branch, message, sender, sha) => {
  const login = String(sender.login);
  pushCommits(world, state, branch, [{ message }], account(login, sender.type === 'Bot' ? 'Bot' : 'User'), [sha]);
};

/** Moves `branch` to the last of `shas`: `create` for a new branch, `push`, `pull_request.synchronize`, `check_suite.requested`. */
function pushCommits(world: World, state: RepoState, branch: string, made: readonly PushCommit[], pusher: Account, shas: readonly string[]): PushResult {
  const before = state.branches[branch];
  const at = world.now();
  const after = shas[shas.length - 1]!;
  saveRepoState(world, { ...state, branches: { ...state.branches, [branch]: after } });
  const repository = world.get('github', 'repository', state.key);
  const html = state.repo.html;
  if (before === undefined) {
    emit(world, 'create', repository, { ref: branch, ref_type: 'branch', full_ref: `refs/heads/${branch}`, master_branch: state.repo.defaultBranch, description: null, pusher_type: 'user' }, pusher.user);
  }
  const zero = '0'.repeat(40);
  const person = { name: pusher.name, email: pusher.email, username: pusher.login };
  const commits = made.map((commit, i) => ({
    id: shas[i]!,
    tree_id: newSha(world),
    distinct: true,
    message: String(commit.message),
    timestamp: githubTime(new Date(at)).replace('Z', '+00:00'),
    url: `${html}/commit/${shas[i]!}`,
    author: person,
    committer: person,
    added: [...(commit.added ?? [])],
    removed: [...(commit.removed ?? [])],
    modified: [...(commit.modified ?? [])],
  }));
  commits.forEach((commit, i) => recordCommit(world, state.key, { sha: commit.id, treeSha: commit.tree_id, message: commit.message, timestamp: commit.timestamp, author: { name: person.name, email: person.email }, branch, before: i === 0 ? (before ?? zero) : commits[i - 1]!.id }));
  const pushed = { ...state.repo, pushedAt: Math.floor(at / 1000) * 1000 };
  emit(
    world,
    'push',
    repositoryObject(pushed, state.owner, state.stats, { push: true, customProperties: state.owner.type === 'Organization' }),
    {
      ref: `refs/heads/${branch}`,
      before: before ?? zero,
      after,
      pusher: { name: pusher.login, email: pusher.email },
      created: before === undefined,
      deleted: false,
      forced: false,
      base_ref: null,
      compare: before === undefined ? `${html}/commit/${after.slice(0, 12)}` : `${html}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
      commits,
      head_commit: commits[commits.length - 1]!,
    },
    pusher.user,
  );
  if (before !== undefined) synchronizePulls(world, state, branch, before, after, pusher.user);
  if (repository) requestSuites(world, repository, after, branch, pusher.user);
  return { before: before ?? zero, after, shas };
}

