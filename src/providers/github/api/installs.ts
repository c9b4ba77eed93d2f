/**
 * The emulated GitHub's Apps, their installations and the repositories they reach: what
 * `emulator.github.installApp` creates and what installation tokens are issued for. An App keeps its
 * public key (the JWT's check); an installation keeps its repositories, permissions and events; a
 * repository keeps its branches and the next issue number beside its REST object.
 */
import { createHash, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { RelayError } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { legacyNodeId, nodeId } from '../node-ids.js';
import { repositoryObject, type Account, type Repo, type RepositoryStats } from '../repository.js';
import { API, userObject, WEB } from '../users.js';
import { githubTime } from './objects.js';
import { pathKey, repoKey } from './paths.js';

/** The options of `emulator.github.installApp`. */
export interface InstallAppOptions {
  /** The account the App is installed on: a user login, or `{ login, type: 'Organization' }`. */
  readonly owner: string | { readonly login: string; readonly type?: 'User' | 'Organization' };
  /** The repositories it may reach, by name (`'app'`) or full name (`'acme/app'`); created when new. */
  readonly repositories: readonly string[];
  /** The App's permissions (`{ issues: 'write', checks: 'write' }`); `metadata: 'read'` is always granted. */
  readonly permissions: Readonly<Record<string, 'read' | 'write'>>;
  /** The events the App subscribes to (`['issues', 'check_run']`); `installation*` events always go. */
  readonly events: readonly string[];
  /** The App's id, when a test has its own App (with its `privateKey`). Default: a new id. */
  readonly appId?: number;
  /** The App's PEM private key. Default: a new 2048-bit RSA key, returned. */
  readonly privateKey?: string;
}

/** What `installApp` resolves to: the installation's id and the App's id and PEM private key. */
export interface InstalledApp {
  readonly id: number;
  readonly appId: number;
  readonly privateKey: string;
}

/** What the emulator keeps of a repository beside its REST object. */
export interface RepoState {
  readonly key: string;
  readonly repo: Repo;
  readonly owner: Account;
  readonly stats: RepositoryStats;
  /** Branch name → head commit SHA. */
  readonly branches: Record<string, string>;
  /** The next issue (or pull request) number. */
  readonly next: number;
}

const STATE = 'repo_state';

/** A stable number in `[min, min + span)` from `text`: the same login gets the same id in every run. */
function stableId(text: string, min: number, span: number): number {
  return min + (Number.parseInt(createHash('sha256').update(text).digest('hex').slice(0, 12), 16) % span);
}

/**
 * The account `login` (a user, an organization, or an App's `<slug>[bot]`).
 * @example
 * account('octocat', 'User').user.login; // 'octocat'
 */
export function account(login: string, type: 'User' | 'Organization' | 'Bot'): Account {
  const id = stableId(`${type}:${login}`, 1_000_000, 200_000_000);
  const node = type === 'Bot' ? nodeId('BOT', [id]) : type === 'User' ? nodeId('U', [id]) : nodeId('O', [id]);
  return {
    login,
    id,
    type: type === 'Bot' ? 'User' : type,
    name: login,
    // GitHub writes a bot's as `<id>+<slug>[bot]@…`, which the webhook schema's email format refuses.
    email: `${id}+${login.replace(/\[bot\]$/, '')}@users.noreply.github.com`,
    utcOffset: 0,
    user: userObject(login, id, node, type),
  };
}

/** The repository state at `owner/name`, or `undefined`. */
export function repoState(world: World, owner: string, name: string): RepoState | undefined {
  return world.get('github', STATE, repoKey(owner, name)) as RepoState | undefined;
}

/** Saves a change to a repository's state. */
export function saveRepoState(world: World, state: RepoState): void {
  world.put('github', STATE, state as unknown as Obj, { id: state.key });
}

/** The next issue number of a repository (issues and pull requests share them), taken. */
export function takeNumber(world: World, state: RepoState): number {
  saveRepoState(world, { ...state, next: state.next + 1 });
  return state.next;
}

/** A 40-hex SHA drawn from the world's ids (seeded worlds give the same SHAs). */
export function newSha(world: World): string {
  return createHash('sha1').update(world.id('sha', 24)).digest('hex');
}

function createRepository(world: World, owner: Account, name: string): RepoState {
  const key = repoKey(owner.login, name);
  const existing = world.get('github', STATE, key) as RepoState | undefined;
  if (existing) return existing;
  const id = stableId(`${owner.login}/${name}`, 100_000_000, 900_000_000);
  const fullName = `${owner.login}/${name}`;
  const now = Math.floor(world.now() / 1000) * 1000;
  const repo: Repo = {
    id,
    nodeId: nodeId('R', [id]),
    name,
    fullName,
    private: false,
    defaultBranch: 'main',
    api: `${API}/repos/${fullName}`,
    html: `${WEB}/${fullName}`,
    description: null,
    language: null,
    createdAt: now,
    openIssues: 0,
    pushedAgo: 0,
    pushedAt: now,
  };
  const stats: RepositoryStats = {
    updatedAt: githubTime(new Date(now)),
    homepage: null,
    size: 0,
    stars: 0,
    forks: 0,
    hasIssues: true,
    hasPages: false,
    hasDiscussions: false,
    license: null,
    allowForking: true,
    topics: [],
  };
  const state: RepoState = { key, repo, owner, stats, branches: { main: newSha(world) }, next: 1 };
  saveRepoState(world, state);
  world.put('github', 'repository', repositoryObject(repo, owner, stats, { customProperties: owner.type === 'Organization' }) as Obj);
  return state;
}

/** The `repositories` entry of installation events. */
export function installationRepository(state: RepoState): Obj {
  const { repo } = state;
  return { id: repo.id, node_id: repo.nodeId, name: repo.name, full_name: repo.fullName, private: repo.private };
}

/** The App stored under `appId`, with its public key. */
export function appRecord(world: World, appId: number | string): Obj | undefined {
  return world.get('github', 'app', `/apps/${String(appId)}`);
}

/** The App's bot account: `<slug>[bot]`. */
export function botOf(app: Obj): Account {
  return account(`${String(app.slug)}[bot]`, 'Bot');
}

/** The installation stored under `id`. */
export function installationRecord(world: World, id: number | string): Obj | undefined {
  return world.get('github', 'installation', pathKey(`/app/installations/${String(id)}`));
}

/** The installation as webhooks and the API show it (without the emulator's list of repositories). */
export function publicInstallation(installation: Obj): Obj {
  const { repositories: _repositories, ...rest } = installation;
  return rest;
}

/** `{ id, node_id }`: the installation as every other App delivery names it. */
export function installationRef(id: number): Obj {
  return { id, node_id: legacyNodeId('IntegrationInstallation', id) };
}

/** The installations whose repositories include `key` (`/repos/owner/name`). */
export function installationsOf(world: World, key: string): Obj[] {
  return world
    .list('github', 'installation')
    .filter((i) => Array.isArray(i.repositories) && (i.repositories as string[]).some((name) => repoKey(...(name.split('/') as [string, string])) === key));
}

function ownerAccount(owner: InstallAppOptions['owner']): Account {
  if (typeof owner === 'string' && owner !== '') return account(owner, 'User');
  if (typeof owner === 'object' && owner !== null && typeof owner.login === 'string' && owner.login !== '') {
    return account(owner.login, owner.type === 'Organization' ? 'Organization' : 'User');
  }
  throw new RelayError('INVALID_OPTION', `installApp needs an owner: a login ('octocat') or { login, type: 'Organization' }, got ${JSON.stringify(owner)}.`);
}

function checkOptions(options: InstallAppOptions): void {
  if (typeof options !== 'object' || options === null) throw new RelayError('INVALID_OPTION', `installApp takes { owner, repositories, permissions, events, appId?, privateKey? }, got ${JSON.stringify(options)}.`);
  if (!Array.isArray(options.repositories) || options.repositories.some((r) => typeof r !== 'string' || r === '')) {
    throw new RelayError('INVALID_OPTION', `installApp's repositories must be a list of names ('app' or 'acme/app'), got ${JSON.stringify(options.repositories)}.`);
  }
  const levels = Object.values(options.permissions ?? {});
  if (typeof options.permissions !== 'object' || options.permissions === null || levels.some((l) => l !== 'read' && l !== 'write')) {
    throw new RelayError('INVALID_OPTION', `installApp's permissions map a permission to 'read' or 'write' ({ issues: 'write' }), got ${JSON.stringify(options.permissions)}.`);
  }
  if (!Array.isArray(options.events) || options.events.some((e) => typeof e !== 'string')) {
    throw new RelayError('INVALID_OPTION', `installApp's events must be a list of event names (['issues', 'check_run']), got ${JSON.stringify(options.events)}.`);
  }
  if (options.appId !== undefined && (!Number.isSafeInteger(options.appId) || options.appId <= 0)) {
    throw new RelayError('INVALID_OPTION', `installApp's appId must be a positive whole number, got ${JSON.stringify(options.appId)}.`);
  }
}

function publicKeyOf(privateKey: string): string {
  try {
    return createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    throw new RelayError('INVALID_OPTION', 'installApp: privateKey is not a PEM private key (the .pem file GitHub gives an App).');
  }
}

function createApp(world: World, owner: Account, appId: number, publicKey: string, options: InstallAppOptions): Obj {
  const slug = `relaykit-app-${appId}`;
  const at = githubTime(new Date(world.now()));
  const app: Obj = {
    id: appId,
    client_id: `Iv23li${world.id('', 14)}`,
    slug,
    node_id: nodeId('A', [appId]),
    owner: owner.user,
    name: slug,
    description: '',
    external_url: `${WEB}/apps/${slug}`,
    html_url: `${WEB}/apps/${slug}`,
    created_at: at,
    updated_at: at,
    permissions: { ...options.permissions, metadata: options.permissions.metadata ?? 'read' },
    events: [...options.events],
    public_key: publicKey,
  };
  world.put('github', 'app', app, { id: `/apps/${appId}` });
  return app;
}

/** What an installation change caused: the events to deliver, before the emulator builds their bodies. */
export interface InstallChange {
  readonly installed: InstalledApp;
  readonly installation: Obj;
  readonly sender: Account;
  readonly created: boolean;
  readonly added: readonly RepoState[];
  readonly removed: readonly RepoState[];
}

/**
 * Installs an App (creating it, its account and its repositories as needed), or changes the
 * repositories of its installation on that account when there already is one.
 */
export function installApp(world: World, options: InstallAppOptions): InstallChange {
  checkOptions(options);
  const owner = ownerAccount(options.owner);
  let app = options.appId === undefined ? undefined : appRecord(world, options.appId);
  let privateKey = options.privateKey;
  if (!app) {
    let publicKey: string;
    if (privateKey === undefined) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      privateKey = pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
      publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    } else {
      publicKey = publicKeyOf(privateKey);
    }
    const appId = options.appId ?? 100_000 + world.list('github', 'app').length * 7 + stableId(world.id('app', 8), 0, 900_000);
    app = createApp(world, owner, appId, publicKey, options);
    world.put('github', 'app_key', { pem: privateKey }, { id: `/apps/${appId}` });
  } else if (privateKey !== undefined && publicKeyOf(privateKey) !== app.public_key) {
    throw new RelayError('INVALID_OPTION', `installApp: App ${String(app.id)} is already installed with another private key.`);
  }
  privateKey ??= String(world.get('github', 'app_key', `/apps/${String(app.id)}`)?.pem ?? '');
  const states = options.repositories.map((name) => {
    const [login, repo] = name.includes('/') ? (name.split('/', 2) as [string, string]) : [owner.login, name];
    if (login.toLowerCase() !== owner.login.toLowerCase()) {
      throw new RelayError('INVALID_OPTION', `installApp: ${name} is not ${owner.login}'s; an installation reaches only its account's repositories.`);
    }
    return createRepository(world, owner, repo);
  });
  const existing = world.list('github', 'installation').find((i) => i.app_id === app.id && (i.account as Obj | null)?.login === owner.login);
  const names = states.map((s) => s.repo.fullName);
  const at = githubTime(new Date(world.now()));
  if (existing) {
    const before = existing.repositories as string[];
    const added = states.filter((s) => !before.includes(s.repo.fullName));
    const removed = before.filter((name) => !names.includes(name)).map((name) => repoState(world, ...(name.split('/') as [string, string]))!);
    const installation = { ...existing, repositories: names, updated_at: at };
    world.put('github', 'installation', installation);
    return { installed: { id: existing.id as number, appId: app.id as number, privateKey }, installation, sender: owner, created: false, added, removed };
  }
  const id = stableId(`${String(app.id)}:${owner.login}:${world.id('inst', 8)}`, 40_000_000, 35_000_000);
  const settings = owner.type === 'Organization' ? `${WEB}/organizations/${owner.login}/settings/installations/${id}` : `${WEB}/settings/installations/${id}`;
  const installation: Obj = {
    id,
    client_id: app.client_id,
    account: owner.user,
    repository_selection: 'selected',
    access_tokens_url: `${API}/app/installations/${id}/access_tokens`,
    repositories_url: `${API}/installation/repositories`,
    html_url: settings,
    app_id: app.id,
    app_slug: app.slug,
    target_id: owner.id,
    target_type: owner.type,
    permissions: app.permissions,
    events: app.events,
    created_at: at,
    updated_at: at,
    single_file_name: null,
    has_multiple_single_files: false,
    single_file_paths: [],
    suspended_by: null,
    suspended_at: null,
    repositories: names,
  };
  world.put('github', 'installation', installation);
  return { installed: { id, appId: app.id as number, privateKey }, installation, sender: owner, created: true, added: states, removed: [] };
}
