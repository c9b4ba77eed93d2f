/**
 * What a GitHub App does before its first call: authenticate as the App (a JWT) and exchange that for
 * an installation token. The installations are the ones App deliveries named (`installation` in the
 * body, the App as the hook target), so a Probot or `@octokit/app` handler finds the installation,
 * the App and the account its webhook implied, and the token it is issued works on every route.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, RouteHandler, World } from '../../shared/api/index.js';
import { githubError, githubJson, notFound } from './errors.js';
import { API, pathKey } from './paths.js';

const DOCS = {
  token: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
  app: 'https://docs.github.com/rest/apps/apps#get-the-authenticated-app',
  repoInstallation: 'https://docs.github.com/rest/apps/apps#get-a-repository-installation-for-the-authenticated-app',
};
const PERMISSIONS = { checks: 'write', contents: 'read', issues: 'write', metadata: 'read', pull_requests: 'write' };
const EVENTS = ['check_run', 'check_suite', 'issue_comment', 'issues', 'pull_request', 'push'];

/** A JWT's shape: three base64url parts, as an App signs them. The mock cannot check the App's key. */
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The installation an App delivery implies, recorded by the GitHub adapter: its id, the App (the
 * hook target id) and the account (the organization, else the repository's owner).
 * @example
 * appInstallation(payload, '1234'); // { id: 4242, app_id: 1234, account: { login: 'octo-org', … }, … }
 */
export function appInstallation(payload: Obj, appId: string | undefined): Obj | undefined {
  const installation = payload.installation;
  if (!isPlainObject(installation) || typeof installation.id !== 'number') return undefined;
  const repository = isPlainObject(payload.repository) ? payload.repository : undefined;
  const account = isPlainObject(payload.organization) ? payload.organization : isPlainObject(repository?.owner) ? repository.owner : undefined;
  const id = installation.id;
  return {
    id,
    ...(typeof installation.node_id === 'string' ? { node_id: installation.node_id } : {}),
    account: account ?? null,
    repository_selection: 'selected',
    access_tokens_url: `${API}/app/installations/${id}/access_tokens`,
    repositories_url: `${API}/installation/repositories`,
    app_id: appId === undefined ? null : Number(appId),
    target_id: typeof account?.id === 'number' ? account.id : null,
    target_type: account?.type === 'Organization' ? 'Organization' : 'User',
    permissions: PERMISSIONS,
    events: EVENTS,
    single_file_name: null,
    suspended_by: null,
    suspended_at: null,
    // The repositories the deliveries named: `GET /repos/{owner}/{repo}/installation` finds it by them.
    repositories: typeof repository?.full_name === 'string' ? [repository.full_name] : [],
  };
}

/** Merges an App delivery's installation into the world, keeping the repositories seen before. */
export function recordAppInstallation(world: World, installation: Obj): void {
  const key = pathKey(`/app/installations/${String(installation.id)}`);
  const known = world.get('github', 'installation', key);
  const before = Array.isArray(known?.repositories) ? (known.repositories as string[]) : [];
  const added = (installation.repositories as string[]).filter((name) => !before.includes(name));
  world.merge('github', 'installation', { ...installation, repositories: [...before, ...added] });
}

/** An App's JWT, or the 401 GitHub gives without one. */
function appJwt(request: Request, docs: string): Response | undefined {
  const auth = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
  if (token !== undefined && JWT.test(token)) return undefined;
  return githubError(request, 401, 'A JSON web token could not be decoded', docs);
}

/** The installation object as the API returns it (without the repositories the mock tracks). */
function publicInstallation(installation: Obj): Obj {
  const { repositories: _repositories, ...rest } = installation;
  return rest;
}

/** `POST /app/installations/{id}/access_tokens`: a `ghs_` token, accepted by every route of the mock from then on. */
export function createAccessToken(issued: Set<string>): RouteHandler {
  return (request, params, world) => {
    const refused = appJwt(request, DOCS.token);
    if (refused) return refused;
    const installation = world.get('github', 'installation', pathKey(`/app/installations/${String(params.installation_id)}`));
    if (!installation) return notFound(request, DOCS.token);
    const token = `ghs_${installationTokenSuffix(issued.size, Number(installation.id))}`;
    issued.add(token);
    const expires = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return githubJson(request, { token, expires_at: expires, permissions: installation.permissions ?? PERMISSIONS, repository_selection: 'selected' }, 201);
  };
}

/** `GET /app`: the App the deliveries were sent to. */
export function getApp(): RouteHandler {
  return (request, params, world) => {
    const refused = appJwt(request, DOCS.app);
    if (refused) return refused;
    const installation = world.list('github', 'installation').find((item) => typeof item.app_id === 'number');
    if (!installation) return notFound(request, DOCS.app);
    const id = installation.app_id as number;
    const slug = typeof installation.app_slug === 'string' ? installation.app_slug : `relaykit-app-${id}`;
    return githubJson(request, {
      id,
      slug,
      node_id: `A_${Buffer.from(`App${id}`).toString('base64url')}`,
      owner: installation.account,
      name: slug,
      description: '',
      external_url: `https://github.com/apps/${slug}`,
      html_url: `https://github.com/apps/${slug}`,
      permissions: installation.permissions ?? PERMISSIONS,
      events: installation.events ?? EVENTS,
      installations_count: world.list('github', 'installation').filter((item) => item.app_id === id).length,
    });
  };
}

/** `GET /repos/{owner}/{repo}/installation`: the installation whose deliveries named that repository. */
export function getRepoInstallation(): RouteHandler {
  return (request, params, world) => {
    const refused = appJwt(request, DOCS.repoInstallation);
    if (refused) return refused;
    const fullName = `${String(params.owner)}/${String(params.repo)}`.toLowerCase();
    const found = world
      .list('github', 'installation')
      .find((item) => Array.isArray(item.repositories) && item.repositories.some((name) => String(name).toLowerCase() === fullName));
    return found ? githubJson(request, publicInstallation(found)) : notFound(request, DOCS.repoInstallation);
  };
}

/** `GET /app/installations/{id}`, without the mock's bookkeeping. */
export function getInstallation(): RouteHandler {
  return (request, params, world) => {
    const found = world.get('github', 'installation', pathKey(`/app/installations/${String(params.installation_id)}`));
    return found ? githubJson(request, publicInstallation(found)) : notFound(request);
  };
}

/** 36 token characters, distinct per issue: a token is a lookup key here, not a secret. */
function installationTokenSuffix(count: number, installationId: number): string {
  const seed = `${installationId.toString(36)}x${count.toString(36)}`;
  return (seed + 'relaykitmockinstallationtoken0000000000').slice(0, 36);
}
