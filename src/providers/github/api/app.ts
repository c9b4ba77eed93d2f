/**
 * What a GitHub App does before its first call: authenticate as the App (a JWT) and exchange that for
 * an installation token. The installations are the ones App deliveries named (`installation` in the
 * body, the App as the hook target), so a Probot or `@octokit/app` handler finds the installation,
 * the App and the account its webhook implied, and the token it is issued works on every route.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, RouteHandler, World } from '../../shared/api/index.js';
import { storeToken } from './access.js';
import { githubError, githubJson, notFound } from './errors.js';
import { getDelivery, listDeliveries, redeliver } from './hooks.js';
import { appRecord, publicInstallation } from './installs.js';
import { checkAppJwt, jwtIssuer } from './jwt.js';
import { API, pathKey } from './paths.js';
import { githubPage } from './read.js';

const DOCS = {
  token: 'https://docs.github.com/rest/apps/apps#create-an-installation-access-token-for-an-app',
  app: 'https://docs.github.com/rest/apps/apps#get-the-authenticated-app',
  repoInstallation: 'https://docs.github.com/rest/apps/apps#get-a-repository-installation-for-the-authenticated-app',
  deliveries: 'https://docs.github.com/rest/apps/webhooks#list-deliveries-for-an-app-webhook',
  delivery: 'https://docs.github.com/rest/apps/webhooks#get-a-delivery-for-an-app-webhook',
  redeliver: 'https://docs.github.com/rest/apps/webhooks#redeliver-a-delivery-for-an-app-webhook',
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

/**
 * The App a request's JWT authenticates, or the 401 GitHub gives. An App the emulator created (with
 * `installApp`) is checked as GitHub checks it: signature, `iat`, `exp`; an App only implied by
 * recorded deliveries has no key, so any JWT-shaped bearer stands for it.
 */
function appJwt(request: Request, docs: string, world?: World): Response | { readonly app: Obj | undefined } {
  const auth = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
  if (token === undefined || !JWT.test(token)) return githubError(request, 401, 'A JSON web token could not be decoded', docs);
  const iss = jwtIssuer(token);
  const app = world && iss !== undefined ? (appRecord(world, iss) ?? world.list('github', 'app').find((a) => a.client_id === iss)) : undefined;
  if (!app) {
    if (world && world.list('github', 'app').length > 0) return githubError(request, 401, 'A JSON web token could not be decoded', docs);
    return { app: undefined };
  }
  const check = checkAppJwt(token, String(app.public_key), world!.now());
  return check.ok ? { app } : githubError(request, 401, check.message, docs);
}


/**
 * `POST /app/installations/{id}/access_tokens`: a `ghs_` token for the installation, valid for an hour,
 * for the `repositories` (names) or `repository_ids` asked (default: all of the installation's) and
 * the `permissions` asked (default: all of its own; never more).
 */
export function createAccessToken(issued: Set<string>): RouteHandler {
  return async (request, params, world) => {
    const auth = appJwt(request, DOCS.token, world);
    if (auth instanceof Response) return auth;
    const installation = world.get('github', 'installation', pathKey(`/app/installations/${String(params.installation_id)}`));
    if (!installation || (auth.app && installation.app_id !== auth.app.id)) return notFound(request, DOCS.token);
    const granted: Obj = isPlainObject(installation.permissions) ? installation.permissions : PERMISSIONS;
    const asked = (await request.clone().json().catch(() => ({}))) as unknown;
    const fields = isPlainObject(asked) ? asked : {};
    const all = Array.isArray(installation.repositories) ? (installation.repositories as string[]) : [];
    let repositories = all;
    if (Array.isArray(fields.repositories) || Array.isArray(fields.repository_ids)) {
      const names = (Array.isArray(fields.repositories) ? fields.repositories : []).map((n) => String(n).toLowerCase());
      const ids = (Array.isArray(fields.repository_ids) ? fields.repository_ids : []).map(Number);
      repositories = all.filter((full) => {
        const repo = world.get('github', 'repository', pathKey(`/repos/${full}`));
        return names.includes(full.split('/')[1]!.toLowerCase()) || (repo !== undefined && ids.includes(Number(repo.id)));
      });
      if (repositories.length < names.length + ids.length) {
        return githubError(request, 422, 'There is at least one repository that does not exist or is not accessible to the parent installation.', DOCS.token);
      }
    }
    let permissions: Obj = granted;
    if (isPlainObject(fields.permissions)) {
      const rank = (level: unknown): number => (level === 'write' ? 2 : level === 'read' ? 1 : 0);
      const wanted = fields.permissions;
      if (Object.entries(wanted).some(([name, level]) => rank(level) === 0 || rank(level) > rank(granted[name]))) {
        return githubError(request, 422, 'The permissions requested are not granted to this installation.', DOCS.token);
      }
      permissions = wanted;
    }
    const token = auth.app ? `ghs_${world.id('', 36)}` : `ghs_${installationTokenSuffix(issued.size, Number(installation.id))}`;
    issued.add(token);
    const expires = new Date((auth.app ? world.now() : Date.now()) + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const selection = repositories.length === all.length ? 'all' : 'selected';
    if (auth.app) storeToken(world, { token, installation_id: installation.id, app_id: auth.app.id, permissions, repositories, expires_at: expires });
    const listed = repositories.map((full) => world.get('github', 'repository', pathKey(`/repos/${full}`))).filter((r): r is Obj => r !== undefined);
    return githubJson(
      request,
      { token, expires_at: expires, permissions, repository_selection: auth.app ? selection : 'selected', ...(auth.app && Array.isArray(fields.repositories ?? fields.repository_ids) ? { repositories: listed } : {}) },
      201,
    );
  };
}

/** `GET /app`: the App the deliveries were sent to. */
export function getApp(): RouteHandler {
  return (request, params, world) => {
    const auth = appJwt(request, DOCS.app, world);
    if (auth instanceof Response) return auth;
    if (auth.app) {
      const { public_key: _key, ...app } = auth.app;
      return githubJson(request, { ...app, installations_count: world.list('github', 'installation').filter((item) => item.app_id === app.id).length });
    }
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
    const auth = appJwt(request, DOCS.repoInstallation, world);
    if (auth instanceof Response) return auth;
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

/** `GET /app/hook/deliveries`: the App webhook's deliveries, newest first, paginated. */
export function listHookDeliveries(): RouteHandler {
  return (request, params, world) => {
    const auth = appJwt(request, DOCS.deliveries, world);
    return auth instanceof Response ? auth : githubPage(request, listDeliveries(world));
  };
}

/** `GET /app/hook/deliveries/{id}`: one delivery with its request and response. */
export function getHookDelivery(): RouteHandler {
  return (request, params, world) => {
    const auth = appJwt(request, DOCS.delivery, world);
    if (auth instanceof Response) return auth;
    const found = getDelivery(world, String(params.delivery_id));
    return found ? githubJson(request, found) : notFound(request, DOCS.delivery);
  };
}

/** `POST /app/hook/deliveries/{id}/attempts`: 202, and the delivery goes again, same GUID, same body. */
export function redeliverHookDelivery(): RouteHandler {
  return (request, params, world) => {
    const auth = appJwt(request, DOCS.redeliver, world);
    if (auth instanceof Response) return auth;
    return redeliver(world, String(params.delivery_id)) ? githubJson(request, {}, 202) : notFound(request, DOCS.redeliver);
  };
}
