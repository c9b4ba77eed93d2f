/**
 * GitHub, emulated as a GitHub App sees it: `installApp` creates the App, its account, repositories and
 * installation (→ `installation.created`, and `installation_repositories` when an installation's
 * repositories change); the App's JWT buys installation tokens whose permissions the routes enforce;
 * every write is delivered to the App's webhook with an `installation` in the body and the
 * `X-GitHub-Hook-Installation-Target-*` headers. GitHub does not retry; `POST
 * /app/hook/deliveries/{id}/attempts` redelivers.
 */
import { RelayError } from '../../../core/index.js';
import type { ClientOptions, Obj, OutboxEvent, ProviderEmulation, World } from '../../shared/api/index.js';
import { requestAction, rerequestRun, type RequestActionOptions } from './checks.js';
import { addHook, emitInstallation, envelope, hookEndpoints, recordAttempt } from './hooks.js';
import { githubAdapter, githubRoutes } from './index.js';
import { installApp, installationRecord, installationRepository, repoState, type InstallAppOptions, type InstalledApp } from './installs.js';
import { pathKey } from './paths.js';
import { push, type PushOptions, type PushResult } from './pushes.js';

export type { InstallAppOptions, InstalledApp } from './installs.js';
export type { RequestActionOptions } from './checks.js';
export type { PushCommit, PushOptions, PushResult } from './pushes.js';

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
  /**
   * The account's owner uninstalls the App → `installation.deleted`; its tokens stop working (401).
   * @example
   * emulator.github.uninstallApp(installation.id);
   */
  uninstallApp(installationId: number): void;
}

function uninstall(world: World, installationId: number): void {
  const installation = installationRecord(world, installationId);
  if (!installation) throw new RelayError('INVALID_OPTION', `uninstallApp: no installation ${String(installationId)} here; installApp resolves to { id }.`);
  const repositories = (installation.repositories as string[]).map((name) => repoState(world, ...(name.split('/') as [string, string]))!).map(installationRepository);
  emitInstallation(world, 'installation.deleted', installation, { repositories, requester: null }, installation.account as Obj);
  world.delete('github', 'installation', pathKey(`/app/installations/${installationId}`));
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

/**
 * GitHub's emulation: the REST API under `/github` of a standalone emulator, `{ baseUrl }` for Octokit.
 * @example
 * new Octokit({ ...githubEmulation.clientOptions(new URL('http://127.0.0.1:12111/github')), auth });
 */
/** The payload key of the object an event reports, where it is not named after the event (`issue_comment` → `comment`). */
const REPORTED: Readonly<Record<string, string>> = {
  issue_comment: 'comment',
  commit_comment: 'comment',
  pull_request_review_comment: 'comment',
  pull_request_review: 'review',
  installation_repositories: 'installation',
  repository_dispatch: 'repository',
  workflow_dispatch: 'repository',
  create: 'repository',
};

/**
 * The id of the object a GitHub event reports, for `deliveries()`: a push's head commit (`after`), else
 * the `id` of the payload key the event names (`issues` → `issue`, `check_run`, `release`), else the
 * installation's.
 * @example
 * githubObjectId({ type: 'issues.opened', data: { issue: { id: 1 } } }); // '1'
 */
function githubObjectId(event: Pick<OutboxEvent, 'type' | 'data'>): string | undefined {
  const name = event.type.split('.')[0]!;
  if (name === 'push') return typeof event.data.after === 'string' ? event.data.after : undefined;
  for (const key of [REPORTED[name], name, name.replace(/s$/, ''), 'installation']) {
    const object = key === undefined ? undefined : event.data[key];
    const id = typeof object === 'object' && object !== null ? (object as Obj).id : undefined;
    if (typeof id === 'number' || typeof id === 'string') return String(id);
  }
  return typeof event.data.id === 'number' ? String(event.data.id) : undefined;
}

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
  objectId: githubObjectId,
  helpers: (world): GithubHelpers => ({
    installApp: (options) => Promise.resolve().then(() => install(world, options)),
    push: (options) => push(world, options),
    requestAction: (options) => requestAction(world, options),
    rerequestCheckRun: (options) => rerequestRun(world, options),
    uninstallApp: (installationId) => uninstall(world, installationId),
  }),
};
