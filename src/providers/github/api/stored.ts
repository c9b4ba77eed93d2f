/**
 * Reads of the resources recorded at their canonical REST paths (`canonical.ts`): alerts, deployments,
 * milestones, teams, memberships, packages, advisories, rulesets, projects, sub-issues…, and of any
 * other object a delivery carried, at the API `url` it gave.
 */
import type { ApiRoute, Obj, RouteHandler, RouteMethod } from '../../shared/api/index.js';
import { LIST, RESOURCE } from './canonical.js';
import { noContent, notFound, githubJson } from './errors.js';
import { pathKey, repoKey } from './paths.js';
import { githubPage } from './read.js';

const keyOf = (request: Request): string => pathKey(new URL(request.url).pathname);

/** `GET` of a resource recorded at the request's path. */
export function stored(): RouteHandler {
  return (request, params, world) => {
    const found = world.get('github', RESOURCE, keyOf(request));
    return found ? githubJson(request, found) : notFound(request);
  };
}

/** A check GitHub answers with 204 (is a collaborator, is blocked) or 404. */
export function present(): RouteHandler {
  return (request, params, world) => (world.get('github', RESOURCE, keyOf(request)) ? noContent(request) : notFound(request));
}

/** A list recorded whole at the request's path; an empty page in a known repository, else 404. */
export function storedList(): RouteHandler {
  return (request, params, world) => {
    const found = world.get('github', LIST, keyOf(request));
    if (found) return githubPage(request, found.items as Obj[]);
    const known = params.owner !== undefined && world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
    return known ? githubPage(request, []) : notFound(request);
  };
}

/**
 * Any other object a delivery carried, at the API `url` it gave; `undefined` (the next handler: the
 * unsupported-endpoint answer) when there is none.
 */
export function atOwnUrl(): RouteHandler {
  return (request, params, world) => {
    const key = keyOf(request);
    const found = world.get('github', RESOURCE, key);
    if (found) return githubJson(request, found);
    const list = world.get('github', LIST, key);
    return list ? githubPage(request, list.items as Obj[]) : undefined;
  };
}

const R = '/repos/:owner/:repo';

/**
 * The routes of the canonically recorded resources, each behind `guarded` (the credential check).
 * The catch-all of objects at their own `url` comes last.
 */
export function storedRoutes(guarded: (method: RouteMethod, path: string, resolver: RouteHandler) => ApiRoute): ApiRoute[] {
  const one = stored();
  const list = storedList();
  const check = present();
  const get = (path: string, resolver: RouteHandler): ApiRoute => guarded('GET', path, resolver);
  return [
    get(`${R}/code-scanning/alerts/:alert_number`, one),
    get(`${R}/dependabot/alerts/:alert_number`, one),
    get(`${R}/secret-scanning/alerts/:alert_number`, one),
    get(`${R}/secret-scanning/alerts/:alert_number/locations`, list),
    get(`${R}/comments/:comment_id`, one),
    get(`${R}/keys/:key_id`, one),
    get(`${R}/deployments/:deployment_id`, one),
    get(`${R}/deployments/:deployment_id/statuses/:status_id`, one),
    get(`${R}/milestones/:milestone_number`, one),
    get(`${R}/collaborators/:username`, check),
    get(`${R}/pages/builds/:build_id`, one),
    get(`${R}/security-advisories/:ghsa_id`, one),
    get(`${R}/rulesets/:ruleset_id`, one),
    get(`${R}/properties/values`, list),
    get(`${R}/issues/:issue_number/sub_issues`, list),
    get(`${R}/issues/:issue_number/parent`, one),
    get(`${R}/issues/:issue_number/dependencies/blocked_by`, list),
    get(`${R}/issues/:issue_number/dependencies/blocking`, list),
    get('/advisories/:ghsa_id', one),
    get('/orgs/:org/teams/:team_slug', one),
    get('/orgs/:org/teams/:team_slug/memberships/:username', one),
    get('/orgs/:org/memberships/:username', one),
    get('/orgs/:org/blocks/:username', check),
    get('/orgs/:org/properties/schema/:custom_property_name', one),
    get('/orgs/:org/rulesets/:ruleset_id', one),
    get('/orgs/:org/packages/:package_type/:package_name', one),
    get('/users/:username/packages/:package_type/:package_name', one),
    get('/orgs/:org/projectsV2/:project_number', one),
    get('/users/:username/projectsV2/:project_number', one),
    get('/marketplace_listing/accounts/:account_id', one),
    get('/marketplace_listing/stubbed/accounts/:account_id', one),
  ];
}
