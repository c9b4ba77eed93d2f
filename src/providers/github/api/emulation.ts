/**
 * GitHub, emulated as a GitHub App sees it: `installApp` creates the App, its account, repositories and
 * installation (→ `installation.created`, and `installation_repositories` when an installation's
 * repositories change); the App's JWT buys installation tokens whose permissions the routes enforce;
 * every write is delivered to the App's webhook with an `installation` in the body and the
 * `X-GitHub-Hook-Installation-Target-*` headers. GitHub does not retry; `POST
 * /app/hook/deliveries/{id}/attempts` redelivers.
 */
import type { ClientOptions, ProviderEmulation, World } from '../../shared/api/index.js';
import { recordCommit, requestAction, requestSuites, rerequestRun, type RequestActionOptions } from './checks.js';
import { addHook, emit, emitInstallation, envelope, hookEndpoints, recordAttempt } from './hooks.js';
import { githubAdapter, githubRoutes } from './index.js';
import { account, installApp, installationRepository, newSha, repoState, saveRepoState, type InstallAppOptions, type InstalledApp } from './installs.js';
import { repositoryObject } from '../repository.js';
import { githubTime } from './objects.js';

export type { InstallAppOptions, InstalledApp } from './installs.js';
export type { RequestActionOptions } from './checks.js';

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

/** What a GitHub test does that is no App API call: `emulator.github`. */
export interface GithubHelpers {
  /**
   * Installs a GitHub App on an account's repositories (→ `installation.created`); installing the same
   * App on the same account again changes its repositories (→ `installation_repositories.added` / `removed`).
   * @example
   * const { id, appId, privateKey } = await emulator.github.installApp({ owner: 'acme', repositories: ['app'], permissions: { issues: 'write' }, events: ['issues'] });
   */
  installApp(options: InstallAppOptions): Promise<InstalledApp>;
  /**
   * Pushes commits to a branch, as a developer's `git push` does (→ `create` for a new branch, then `push`).
   * @example
   * const { after } = emulator.github.push({ repo: 'acme/app', ref: 'main', commits: [{ message: 'Fix the build' }] });
   */
  push(options: PushOptions): PushResult;
  /**
   * A person clicks one of a check run's buttons (its `actions`) → `check_run.requested_action` to its App.
   * @example
   * emulator.github.requestAction({ repo: 'acme/app', checkRunId: run.id, identifier: 'fix' });
   */
  requestAction(options: RequestActionOptions): void;
  /**
   * A person clicks "Re-run" on a check run → `check_run.rerequested` to its App.
   * @example
   * emulator.github.rerequestCheckRun({ repo: 'acme/app', checkRunId: run.id });
   */
  rerequestCheckRun(options: { readonly repo: string; readonly checkRunId: number }): void;
}

function install(world: World, options: InstallAppOptions): InstalledApp {
  const change = installApp(world, options);
  const sender = change.sender.user;
  if (change.created) {
    emitInstallation(world, 'installation.created', change.installation, { repositories: change.added.map(installationRepository), requester: null }, sender);
  } else if (change.added.length > 0 || change.removed.length > 0) {
    const fields = { repository_selection: 'selected', repositories_added: change.added.map(installationRepository), repositories_removed: change.removed.map(installationRepository), requester: null };
    if (change.added.length > 0) emitInstallation(world, 'installation_repositories.added', change.installation, fields, sender);
    if (change.removed.length > 0) emitInstallation(world, 'installation_repositories.removed', change.installation, fields, sender);
  }
  return change.installed;
}

function push(world: World, options: PushOptions): PushResult {
  const [owner, name] = String(options.repo).split('/') as [string, string | undefined];
  const state = name ? repoState(world, owner, name) : undefined;
  if (!state) throw new Error(`push: no repository ${String(options.repo)} here; install an App on it first (emulator.github.installApp).`);
  if (!Array.isArray(options.commits) || options.commits.length === 0) throw new Error('push needs commits: [{ message }] (at least one).');
  const branch = String(options.ref).replace(/^refs\/heads\//, '');
  const before = state.branches[branch];
  const pusher = options.pusher ? account(options.pusher, 'User') : state.owner;
  const at = world.now();
  const shas = options.commits.map(() => newSha(world));
  const after = shas[shas.length - 1]!;
  saveRepoState(world, { ...state, branches: { ...state.branches, [branch]: after } });
  const repository = world.get('github', 'repository', state.key);
  const html = state.repo.html;
  if (before === undefined) {
    emit(world, 'create', repository, { ref: branch, ref_type: 'branch', full_ref: `refs/heads/${branch}`, master_branch: state.repo.defaultBranch, description: null, pusher_type: 'user' }, pusher.user);
  }
  const zero = '0'.repeat(40);
  const person = { name: pusher.name, email: pusher.email, username: pusher.login };
  const commits = options.commits.map((commit, i) => ({
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
  if (repository) requestSuites(world, repository, after, branch, pusher.user);
  return { before: before ?? zero, after, shas };
}

/**
 * GitHub's emulation: the REST API under `/github` of a standalone emulator, `{ baseUrl }` for Octokit.
 * @example
 * new Octokit({ ...githubEmulation.clientOptions(new URL('http://127.0.0.1:12111/github')), auth });
 */
export const githubEmulation: ProviderEmulation = {
  provider: 'github',
  mount: '/github',
  routes: () => githubRoutes(),
  adapter: githubAdapter,
  clientOptions: (url: URL): ClientOptions => ({ baseUrl: url.href.replace(/\/$/, '') }),
  endpoints: hookEndpoints,
  addEndpoint: addHook,
  envelope: (event, world) => envelope(event, world),
  attempted: recordAttempt,
  helpers: (world): GithubHelpers => ({
    installApp: (options) => Promise.resolve().then(() => install(world, options)),
    push: (options) => push(world, options),
    requestAction: (options) => requestAction(world, options),
    rerequestCheckRun: (options) => rerequestRun(world, options),
  }),
};
