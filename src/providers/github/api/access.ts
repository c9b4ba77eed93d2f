/**
 * Installation tokens and what they may do: a `ghs_` token is issued for one installation, for its
 * repositories (or fewer) and its permissions (or fewer), and expires after an hour. A request with it
 * outside its repositories is GitHub's 404; a write outside its permissions is GitHub's 403
 * "Resource not accessible by integration", with the permissions it needed in
 * `X-Accepted-GitHub-Permissions`. Other tokens (the mocks' configured ones) are not limited.
 */
import { bearerToken, type Obj, type RouteParams, type World } from '../../shared/api/index.js';
import { actorUser } from './objects.js';
import { appRecord, botOf, installationRecord } from './installs.js';
import { githubError, notFound } from './errors.js';

const TOKEN = 'access_token';

/** A permission a route needs: `issues=write`, alternatives joined by `;` (`issues=write;pull_requests=write`). */
export type Needed = string;

/** The installation token record of `token`, when the emulator issued it (expired or not). */
export function tokenRecord(world: World, token: string | undefined): Obj | undefined {
  return token === undefined || !token.startsWith('ghs_') ? undefined : world.get('github', TOKEN, token);
}

/** Stores an issued token. */
export function storeToken(world: World, record: Obj & { readonly token: string }): void {
  world.put('github', TOKEN, record, { id: record.token });
}

function grants(permissions: Obj, needed: Needed): boolean {
  return needed.split(';').some((alternative) => {
    const [name, level] = alternative.split('=') as [string, string];
    const held = permissions[name];
    return held === 'write' || (held === 'read' && level === 'read');
  });
}

/**
 * The answer that stops a request made with an installation token, or `undefined` to go on: 401 once
 * it expired, 404 for a repository it does not reach, 403 for a permission it lacks.
 */
export function permit(request: Request, world: World, params: RouteParams, needed: Needed | undefined, docs: string): Response | undefined {
  const record = tokenRecord(world, bearerToken(request));
  if (!record) return undefined;
  // An expired token, or one whose installation was uninstalled, is no credential any more.
  if (Date.parse(String(record.expires_at)) <= world.now() || !installationRecord(world, record.installation_id as number)) {
    return githubError(request, 401, 'Bad credentials', 'https://docs.github.com/rest');
  }
  if (typeof params.owner === 'string' && typeof params.repo === 'string') {
    const name = `${params.owner}/${params.repo}`.toLowerCase();
    if (!(record.repositories as string[]).some((r) => r.toLowerCase() === name)) return notFound(request, docs);
  }
  if (needed !== undefined && !grants(record.permissions as Obj, needed)) {
    const response = githubError(request, 403, 'Resource not accessible by integration', docs);
    response.headers.set('x-accepted-github-permissions', needed);
    return response;
  }
  return undefined;
}

/** Who a write is made by: the App's `<slug>[bot]` for an installation token, else the routes' configured actor. */
export function actingUser(request: Request, world: World, actor: string): Obj {
  const record = tokenRecord(world, bearerToken(request));
  const app = record ? appRecord(world, record.app_id as number) : undefined;
  return app ? botOf(app).user : actorUser(actor);
}
