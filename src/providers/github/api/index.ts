/** The GitHub REST API (api.github.com), as the mocks and the emulator serve it: recorded resources, their lists, and the writes bots make. */
import { route, type ApiRoute, type ApiRoutes, type RouteHandler, type RouteMethod } from '../../shared/api/index.js';
import * as app from './app.js';
import { permit, tokenRecord, type Needed } from './access.js';
import { checkGithubToken } from './auth.js';
import * as checks from './checks.js';
import * as pulls from './pulls.js';
import { pushMerge } from './pushes.js';
import * as releases from './releases.js';
import { API } from './paths.js';
import { githubError } from './errors.js';
import * as read from './read.js';
import { atOwnUrl, storedRoutes } from './stored.js';
import * as write from './write.js';

export { githubAdapter } from './record.js';

const R = '/repos/:owner/:repo';

/** What the GitHub routes check requests against, and who writes. */
export interface GithubRouteOptions {
  /** The tokens accepted. Default: any token. Reads work without one; writes need one. */
  readonly tokens?: readonly string[];
  /** The login that writes (comments, check runs) are made by. Default: `relaykit-bot[bot]`. */
  readonly actor?: string;
}

/**
 * The GitHub REST API's routes, over web `Request`/`Response` and the world each call is handed.
 * @example
 * const api = githubRoutes({ tokens: ['ghs_123'], actor: 'my-app[bot]' });
 */
export function githubRoutes(options: GithubRouteOptions = {}): ApiRoutes {
  const tokens = options.tokens;
  const actor = options.actor ?? 'relaykit-bot[bot]';
  // Installation tokens the App endpoints issued: accepted on every route, as GitHub accepts them.
  const issued = new Set<string>();
  // A token is accepted when configured, issued by the mock, or an installation token the emulator issued (limited to its repositories and permissions).
  const guarded = (method: RouteMethod, path: string, resolver: RouteHandler, docs = 'https://docs.github.com/rest', needed?: Needed): ApiRoute =>
    route(method, path, (request, params, world) => {
      const known = { has: (token: string) => issued.has(token) || tokenRecord(world, token) !== undefined };
      return checkGithubToken(request, tokens, method !== 'GET' || path.startsWith('/app/'), docs, known) ?? permit(request, world, params, needed, docs) ?? resolver(request, params, world);
    });
  const W = write.WRITE_DOCS;
  const routes: ApiRoute[] = [
    // A GitHub App's own authentication (a JWT): the App, its installations, installation tokens.
    route('POST', '/app/installations/:installation_id/access_tokens', app.createAccessToken(issued)),
    route('GET', '/app', app.getApp()),
    route('GET', `${R}/installation`, app.getRepoInstallation()),
    route('GET', '/app/hook/deliveries', app.listHookDeliveries()),
    route('GET', '/app/hook/deliveries/:delivery_id', app.getHookDelivery()),
    route('POST', '/app/hook/deliveries/:delivery_id/attempts', app.redeliverHookDelivery()),
    // Lists whose last segment would otherwise be taken for an id come first.
    guarded('GET', `${R}/issues/comments`, read.listRepoIssueComments()),
    guarded('GET', `${R}/releases/latest`, read.latestRelease()),
    guarded('GET', R, read.single('repository')),
    guarded('GET', `${R}/issues`, read.listIssues()),
    guarded('GET', `${R}/issues/:issue_number`, read.getIssue()),
    guarded('GET', `${R}/issues/:issue_number/comments`, read.listIssueComments()),
    guarded('GET', `${R}/issues/:issue_number/labels`, read.listIssueLabels()),
    guarded('GET', `${R}/issues/comments/:comment_id`, read.single('issue_comment')),
    guarded('GET', `${R}/pulls`, read.listPulls()),
    guarded('GET', `${R}/pulls/:pull_number`, read.single('pull_request')),
    guarded('GET', `${R}/pulls/:pull_number/comments`, read.listPullChildren('review_comment')),
    guarded('GET', `${R}/pulls/:pull_number/reviews`, read.listPullChildren('review')),
    guarded('GET', `${R}/pulls/:pull_number/reviews/:review_id`, read.single('review')),
    guarded('GET', `${R}/pulls/comments/:comment_id`, read.single('review_comment')),
    guarded('GET', `${R}/labels`, read.listLabels()),
    guarded('GET', `${R}/labels/:name`, read.single('label')),
    guarded('GET', `${R}/releases`, read.listReleases()),
    guarded('GET', `${R}/releases/:release_id`, read.single('release')),
    guarded('GET', `${R}/check-runs/:check_run_id`, read.single('check_run')),
    guarded('GET', `${R}/check-suites/:check_suite_id`, read.single('check_suite')),
    guarded('GET', `${R}/check-suites/:check_suite_id/check-runs`, read.listCheckRuns('suite')),
    guarded('GET', `${R}/commits/:ref/check-runs`, read.listCheckRuns('ref')),
    guarded('GET', `${R}/commits/:ref/statuses`, read.listStatuses()),
    guarded('GET', `${R}/commits/:ref`, read.single('commit')),
    guarded('GET', `${R}/git/commits/:commit_sha`, read.single('git_commit')),
    guarded('GET', `${R}/actions/runs`, read.listWorkflowRuns()),
    guarded('GET', `${R}/actions/runs/:run_id`, read.single('workflow_run')),
    guarded('GET', `${R}/actions/runs/:run_id/jobs`, read.listRunJobs()),
    guarded('GET', `${R}/actions/jobs/:job_id`, read.single('workflow_job')),
    guarded('GET', `${R}/actions/workflows/:workflow_id`, read.single('workflow')),
    guarded('GET', `${R}/hooks/:hook_id`, read.single('hook')),
    guarded('GET', '/users/:username', read.single('user')),
    guarded('GET', '/orgs/:org', read.single('organization')),
    guarded('GET', '/licenses/:license', read.single('license')),
    guarded('GET', '/app/installations/:installation_id', app.getInstallation()),
    guarded('GET', '/orgs/:org/hooks/:hook_id', read.single('hook')),
    // Resources of the schema-drawn events, at their canonical REST paths.
    ...storedRoutes(guarded),
    guarded('POST', `${R}/issues`, write.createIssue(actor), W.createIssue, 'issues=write'),
    guarded('POST', `${R}/issues/:issue_number/comments`, write.createIssueComment(actor), W.createComment, 'issues=write;pull_requests=write'),
    guarded('PATCH', `${R}/issues/comments/:comment_id`, write.updateIssueComment(actor), W.updateComment, 'issues=write;pull_requests=write'),
    guarded('DELETE', `${R}/issues/comments/:comment_id`, write.deleteIssueComment(actor), W.updateComment, 'issues=write;pull_requests=write'),
    guarded('PATCH', `${R}/issues/:issue_number`, write.updateIssue(actor), W.updateIssue, 'issues=write;pull_requests=write'),
    guarded('PUT', `${R}/issues/:issue_number/lock`, write.lockIssue(actor, true), W.lock, 'issues=write;pull_requests=write'),
    guarded('DELETE', `${R}/issues/:issue_number/lock`, write.lockIssue(actor, false), W.lock, 'issues=write;pull_requests=write'),
    guarded('POST', `${R}/issues/:issue_number/labels`, write.addLabels(actor), W.addLabels, 'issues=write;pull_requests=write'),
    guarded('DELETE', `${R}/issues/:issue_number/labels/:name`, write.removeLabel(actor), W.removeLabel, 'issues=write;pull_requests=write'),
    guarded('POST', `${R}/issues/:issue_number/assignees`, write.changeAssignees(actor, true), W.assignees, 'issues=write;pull_requests=write'),
    guarded('DELETE', `${R}/issues/:issue_number/assignees`, write.changeAssignees(actor, false), W.assignees, 'issues=write;pull_requests=write'),
    guarded('POST', `${R}/labels`, write.createLabel(actor), W.createLabel, 'issues=write;pull_requests=write'),
    guarded('POST', `${R}/pulls`, pulls.createPull(actor), pulls.PULL_DOCS.create, 'pull_requests=write'),
    guarded('PATCH', `${R}/pulls/:pull_number`, pulls.updatePull(actor), pulls.PULL_DOCS.update, 'pull_requests=write'),
    guarded('PUT', `${R}/pulls/:pull_number/merge`, pulls.mergePull(actor, pushMerge), pulls.PULL_DOCS.merge, 'contents=write'),
    guarded('POST', `${R}/pulls/:pull_number/reviews`, pulls.createReview(actor), pulls.PULL_DOCS.review, 'pull_requests=write'),
    guarded('POST', `${R}/pulls/:pull_number/comments`, pulls.createReviewComment(actor), pulls.PULL_DOCS.comment, 'pull_requests=write'),
    guarded('POST', `${R}/releases`, releases.createRelease(actor), releases.RELEASE_DOCS.create, 'contents=write'),
    guarded('PATCH', `${R}/releases/:release_id`, releases.updateRelease(actor), releases.RELEASE_DOCS.update, 'contents=write'),
    guarded('POST', `${R}/dispatches`, releases.createDispatch(actor), releases.RELEASE_DOCS.dispatch, 'contents=write'),
    guarded('POST', `${R}/actions/workflows/:workflow_id/dispatches`, releases.createWorkflowDispatch(actor), releases.RELEASE_DOCS.workflow, 'actions=write'),
    guarded('POST', `${R}/check-runs`, checks.createCheckRun(actor), checks.CHECK_DOCS.createCheckRun, 'checks=write'),
    guarded('PATCH', `${R}/check-runs/:check_run_id`, checks.updateCheckRun(actor), checks.CHECK_DOCS.updateCheckRun, 'checks=write'),
    guarded('POST', `${R}/statuses/:sha`, write.createStatus(actor), W.createStatus, 'statuses=write'),
    // Last: any other object a delivery carried, at the API `url` it gave (else the unsupported answer).
    guarded('GET', '/*', atOwnUrl()),
  ];
  return {
    provider: 'github',
    base: API,
    host: 'api.github.com',
    routes,
    unsupported: (message) =>
      githubError(new Request('https://api.github.com/'), 501, message, 'https://docs.github.com/rest'),
  };
}
