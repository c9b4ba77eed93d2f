/** GitHub reads: any recorded resource by its API path, and lists with `per_page`/`page` and a `Link` header. */
import { isPlainObject } from '../../../core/index.js';
import { intParam, linkHeader, numberedPage, withQuery, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { githubJson, notFound } from './errors.js';
import { issueViewOfPull } from './objects.js';
import { pathKey, repoKey } from './paths.js';

/** A page of `items` as GitHub sends it: the page (or `wrap` of it) and a `Link` header. */
export function githubPage(request: Request, items: readonly Obj[], wrap?: (page: Obj[], total: number) => unknown): Response {
  const url = new URL(request.url);
  const perPage = Math.min(intParam(url, 'per_page', 30, 1, Number.MAX_SAFE_INTEGER) ?? 30, 100);
  const page = intParam(url, 'page', 1, 1, Number.MAX_SAFE_INTEGER) ?? 1;
  const cut = numberedPage(items, page, perPage);
  const links: [string, string][] = [];
  const at = (n: number): string => withQuery(url, { page: String(n), per_page: String(perPage) });
  if (page > 1) links.push(['prev', at(Math.min(page - 1, cut.lastPage))]);
  if (page < cut.lastPage) links.push(['next', at(page + 1)], ['last', at(cut.lastPage)]);
  if (page > 1) links.push(['first', at(1)]);
  const body = wrap ? wrap(cut.data, items.length) : cut.data;
  return githubJson(request, body, 200, links.length > 0 ? { link: linkHeader(links) } : {});
}

function byCreated(direction: 'asc' | 'desc'): (a: Obj, b: Obj) => number {
  const sign = direction === 'asc' ? 1 : -1;
  return (a, b) => sign * (String(a.created_at ?? '').localeCompare(String(b.created_at ?? '')) || Number(a.id ?? 0) - Number(b.id ?? 0));
}

function keyOf(object: Obj, field = 'url'): string {
  return typeof object[field] === 'string' ? pathKey(object[field]) : '';
}

/** The issue at `/repos/{o}/{r}/issues/{n}`: a recorded issue, else the issue view of a recorded pull request. */
export function findIssue(world: World, owner: string, repo: string, number: string): Obj | undefined {
  const base = repoKey(owner, repo);
  const issue = world.get('github', 'issue', `${base}/issues/${number}`);
  if (issue) return issue;
  const pull = world.get('github', 'pull_request', `${base}/pulls/${number}`);
  return pull ? issueViewOfPull(pull) : undefined;
}

/** `GET` of one recorded resource of `kind`, looked up by the request path. */
export function single(kind: string): RouteHandler {
  return (request, params, world) => {
    const found = world.get('github', kind, pathKey(new URL(request.url).pathname));
    return found ? githubJson(request, found) : notFound(request);
  };
}

/** `GET /repos/{o}/{r}/issues/{n}`. */
export function getIssue(): RouteHandler {
  return (request, params, world) => {
    const issue = findIssue(world, String(params.owner), String(params.repo), String(params.issue_number));
    return issue ? githubJson(request, issue) : notFound(request, 'https://docs.github.com/rest/issues/issues#get-an-issue');
  };
}

/** `GET /repos/{o}/{r}/releases/latest`: the newest published release. */
export function latestRelease(): RouteHandler {
  return (request, params, world) => {
    const base = `${repoKey(String(params.owner), String(params.repo))}/releases/`;
    const latest = world
      .list('github', 'release')
      .filter((r) => keyOf(r).startsWith(base) && r.draft !== true && r.prerelease !== true)
      .sort((a, b) => String(b.published_at ?? '').localeCompare(String(a.published_at ?? '')))[0];
    return latest ? githubJson(request, latest) : notFound(request);
  };
}

/** Runs `list` when the repository is known, else answers 404 as GitHub does. */
function inRepo(list: (request: Request, base: string, params: Record<string, unknown>, world: World) => Response): RouteHandler {
  return (request, params, world) => {
    const base = repoKey(String(params.owner), String(params.repo));
    if (!world.get('github', 'repository', base)) return notFound(request);
    return list(request, base, params, world);
  };
}

function stateFilter(request: Request): (o: Obj) => boolean {
  const state = new URL(request.url).searchParams.get('state') ?? 'open';
  return (o) => state === 'all' || o.state === state;
}

/** `GET /repos/{o}/{r}/issues`: issues and pull requests, newest first, `state` (default open) and `labels` filters. */
export function listIssues(): RouteHandler {
  return inRepo((request, base, params, world) => {
    const issues = world.list('github', 'issue').filter((i) => keyOf(i).startsWith(`${base}/issues/`));
    const numbers = new Set(issues.map((i) => i.number));
    const pulls = world
      .list('github', 'pull_request')
      .filter((p) => keyOf(p).startsWith(`${base}/pulls/`) && !numbers.has(p.number))
      .map(issueViewOfPull);
    const labels = new URL(request.url).searchParams.get('labels')?.split(',').map((l) => l.trim().toLowerCase()).filter(Boolean) ?? [];
    const hasLabels = (o: Obj): boolean =>
      labels.every((name) => Array.isArray(o.labels) && o.labels.some((l) => isPlainObject(l) && String(l.name).toLowerCase() === name));
    return githubPage(request, [...issues, ...pulls].filter(stateFilter(request)).filter(hasLabels).sort(byCreated('desc')));
  });
}

/** `GET /repos/{o}/{r}/pulls`: newest first, `state` filter (default open). */
export function listPulls(): RouteHandler {
  return inRepo((request, base, params, world) =>
    githubPage(request, world.list('github', 'pull_request').filter((p) => keyOf(p).startsWith(`${base}/pulls/`)).filter(stateFilter(request)).sort(byCreated('desc'))),
  );
}

/** `GET /repos/{o}/{r}/issues/{n}/comments`: oldest first. */
export function listIssueComments(): RouteHandler {
  return inRepo((request, base, params, world) => {
    const number = String(params.issue_number);
    if (!findIssue(world, String(params.owner), String(params.repo), number)) return notFound(request);
    const issueKey = `${base}/issues/${number}`;
    return githubPage(request, world.list('github', 'issue_comment').filter((c) => keyOf(c, 'issue_url') === issueKey).sort(byCreated('asc')));
  });
}

/** `GET /repos/{o}/{r}/issues/comments`: every issue comment of the repository, oldest first. */
export function listRepoIssueComments(): RouteHandler {
  return inRepo((request, base, params, world) =>
    githubPage(request, world.list('github', 'issue_comment').filter((c) => keyOf(c).startsWith(`${base}/issues/comments/`)).sort(byCreated('asc'))),
  );
}

/** A list of the children of a pull request (`kind` objects whose `pull_request_url` is it). */
export function listPullChildren(kind: 'review_comment' | 'review'): RouteHandler {
  return inRepo((request, base, params, world) => {
    const pullKey = `${base}/pulls/${String(params.pull_number)}`;
    if (!world.get('github', 'pull_request', pullKey)) return notFound(request);
    const items = world.list('github', kind).filter((c) => keyOf(c, 'pull_request_url') === pullKey);
    return githubPage(request, items.sort((a, b) => Number(a.id) - Number(b.id)));
  });
}

/** `GET /repos/{o}/{r}/labels`. */
export function listLabels(): RouteHandler {
  return inRepo((request, base, params, world) => githubPage(request, world.list('github', 'label').filter((l) => keyOf(l).startsWith(`${base}/labels/`))));
}

/** `GET /repos/{o}/{r}/issues/{n}/labels`. */
export function listIssueLabels(): RouteHandler {
  return inRepo((request, _base, params, world) => {
    const issue = findIssue(world, String(params.owner), String(params.repo), String(params.issue_number));
    if (!issue) return notFound(request);
    return githubPage(request, Array.isArray(issue.labels) ? (issue.labels as Obj[]) : []);
  });
}

/** `GET /repos/{o}/{r}/releases`: newest first. */
export function listReleases(): RouteHandler {
  return inRepo((request, base, params, world) =>
    githubPage(request, world.list('github', 'release').filter((r) => keyOf(r).startsWith(`${base}/releases/`)).sort(byCreated('desc'))),
  );
}

/** `GET /repos/{o}/{r}/commits/{ref}/check-runs` and `GET /repos/{o}/{r}/check-suites/{id}/check-runs`: `{ total_count, check_runs }`. */
export function listCheckRuns(by: 'ref' | 'suite'): RouteHandler {
  return inRepo((request, base, params, world) => {
    const name = new URL(request.url).searchParams.get('check_name');
    const runs = world
      .list('github', 'check_run')
      .filter((r) => keyOf(r).startsWith(`${base}/check-runs/`))
      .filter((r) => {
        const suite = isPlainObject(r.check_suite) ? r.check_suite : {};
        if (by === 'suite') return String(suite.id) === String(params.check_suite_id);
        const ref = String(params.ref).replace(/^refs\/heads\//, '');
        return r.head_sha === ref || suite.head_branch === ref;
      })
      .filter((r) => name === null || r.name === name)
      .sort((a, b) => Number(b.id) - Number(a.id));
    return githubPage(request, runs, (page, total) => ({ total_count: total, check_runs: page }));
  });
}

/** `GET /repos/{o}/{r}/actions/runs`: `{ total_count, workflow_runs }`, newest first. */
export function listWorkflowRuns(): RouteHandler {
  return inRepo((request, base, params, world) => {
    const runs = world.list('github', 'workflow_run').filter((r) => keyOf(r).startsWith(`${base}/actions/runs/`)).sort(byCreated('desc'));
    return githubPage(request, runs, (page, total) => ({ total_count: total, workflow_runs: page }));
  });
}

/** `GET /repos/{o}/{r}/actions/runs/{id}/jobs`: `{ total_count, jobs }`. */
export function listRunJobs(): RouteHandler {
  return inRepo((request, base, params, world) => {
    const jobs = world.list('github', 'workflow_job').filter((j) => keyOf(j).startsWith(`${base}/actions/jobs/`) && String(j.run_id) === String(params.run_id));
    return githubPage(request, jobs, (page, total) => ({ total_count: total, jobs: page }));
  });
}

/** `GET /repos/{o}/{r}/commits/{ref}/statuses`: newest first. */
export function listStatuses(): RouteHandler {
  return inRepo((request, base, params, world) => {
    const statuses = world
      .list('github', 'status')
      .filter((s) => keyOf(s).startsWith(`${base}/statuses/`) && s.sha === String(params.ref))
      .sort((a, b) => Number(b.id) - Number(a.id));
    return githubPage(request, statuses);
  });
}
