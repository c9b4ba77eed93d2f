/** The GitHub REST API mock (api.github.com): recorded resources, their lists, and the writes bots make. */
import type { HttpResponseResolver } from 'msw';
import type { MockContext } from '../context.js';
import { route, type MockApi, type MockRoute, type RouteMethod } from '../shared/routes.js';
import * as app from './app.js';
import { checkGithubToken } from './auth.js';
import { API } from './paths.js';
import { githubError } from './errors.js';
import * as read from './read.js';
import { atOwnUrl, storedRoutes } from './stored.js';
import * as write from './write.js';

export { githubAdapter } from './record.js';

const R = '/repos/:owner/:repo';

/**
 * The mocked GitHub REST API.
 * @example
 * const api = githubApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function githubApi(ctx: MockContext): MockApi {
  const tokens = ctx.options.github.tokens;
  // Installation tokens the App endpoints issued: accepted on every route, as GitHub accepts them.
  const issued = new Set<string>();
  const guarded = (method: RouteMethod, path: string, resolver: HttpResponseResolver, docs = 'https://docs.github.com/rest'): MockRoute =>
    route(method, path, (info) => checkGithubToken(info.request, tokens, method !== 'GET' || path.startsWith('/app/'), docs, issued) ?? resolver(info));
  const routes: MockRoute[] = [
    // A GitHub App's own authentication (a JWT): the App, its installations, installation tokens.
    route('POST', '/app/installations/:installation_id/access_tokens', app.createAccessToken(ctx, issued)),
    route('GET', '/app', app.getApp(ctx)),
    route('GET', `${R}/installation`, app.getRepoInstallation(ctx)),
    // Lists whose last segment would otherwise be taken for an id come first.
    guarded('GET', `${R}/issues/comments`, read.listRepoIssueComments(ctx)),
    guarded('GET', `${R}/releases/latest`, read.latestRelease(ctx)),
    guarded('GET', R, read.single(ctx, 'repository')),
    guarded('GET', `${R}/issues`, read.listIssues(ctx)),
    guarded('GET', `${R}/issues/:issue_number`, read.getIssue(ctx)),
    guarded('GET', `${R}/issues/:issue_number/comments`, read.listIssueComments(ctx)),
    guarded('GET', `${R}/issues/:issue_number/labels`, read.listIssueLabels(ctx)),
    guarded('GET', `${R}/issues/comments/:comment_id`, read.single(ctx, 'issue_comment')),
    guarded('GET', `${R}/pulls`, read.listPulls(ctx)),
    guarded('GET', `${R}/pulls/:pull_number`, read.single(ctx, 'pull_request')),
    guarded('GET', `${R}/pulls/:pull_number/comments`, read.listPullChildren(ctx, 'review_comment')),
    guarded('GET', `${R}/pulls/:pull_number/reviews`, read.listPullChildren(ctx, 'review')),
    guarded('GET', `${R}/pulls/:pull_number/reviews/:review_id`, read.single(ctx, 'review')),
    guarded('GET', `${R}/pulls/comments/:comment_id`, read.single(ctx, 'review_comment')),
    guarded('GET', `${R}/labels`, read.listLabels(ctx)),
    guarded('GET', `${R}/labels/:name`, read.single(ctx, 'label')),
    guarded('GET', `${R}/releases`, read.listReleases(ctx)),
    guarded('GET', `${R}/releases/:release_id`, read.single(ctx, 'release')),
    guarded('GET', `${R}/check-runs/:check_run_id`, read.single(ctx, 'check_run')),
    guarded('GET', `${R}/check-suites/:check_suite_id`, read.single(ctx, 'check_suite')),
    guarded('GET', `${R}/check-suites/:check_suite_id/check-runs`, read.listCheckRuns(ctx, 'suite')),
    guarded('GET', `${R}/commits/:ref/check-runs`, read.listCheckRuns(ctx, 'ref')),
    guarded('GET', `${R}/commits/:ref/statuses`, read.listStatuses(ctx)),
    guarded('GET', `${R}/commits/:ref`, read.single(ctx, 'commit')),
    guarded('GET', `${R}/git/commits/:commit_sha`, read.single(ctx, 'git_commit')),
    guarded('GET', `${R}/actions/runs`, read.listWorkflowRuns(ctx)),
    guarded('GET', `${R}/actions/runs/:run_id`, read.single(ctx, 'workflow_run')),
    guarded('GET', `${R}/actions/runs/:run_id/jobs`, read.listRunJobs(ctx)),
    guarded('GET', `${R}/actions/jobs/:job_id`, read.single(ctx, 'workflow_job')),
    guarded('GET', `${R}/actions/workflows/:workflow_id`, read.single(ctx, 'workflow')),
    guarded('GET', `${R}/hooks/:hook_id`, read.single(ctx, 'hook')),
    guarded('GET', '/users/:username', read.single(ctx, 'user')),
    guarded('GET', '/orgs/:org', read.single(ctx, 'organization')),
    guarded('GET', '/licenses/:license', read.single(ctx, 'license')),
    guarded('GET', '/app/installations/:installation_id', app.getInstallation(ctx)),
    guarded('GET', '/orgs/:org/hooks/:hook_id', read.single(ctx, 'hook')),
    // Resources of the schema-drawn events, at their canonical REST paths.
    ...storedRoutes(ctx, guarded),
    guarded('POST', `${R}/issues/:issue_number/comments`, write.createIssueComment(ctx), write.WRITE_DOCS.createComment),
    guarded('PATCH', `${R}/issues/comments/:comment_id`, write.updateIssueComment(ctx), write.WRITE_DOCS.updateComment),
    guarded('DELETE', `${R}/issues/comments/:comment_id`, write.deleteIssueComment(ctx), write.WRITE_DOCS.updateComment),
    guarded('PATCH', `${R}/issues/:issue_number`, write.updateIssue(ctx), write.WRITE_DOCS.updateIssue),
    guarded('POST', `${R}/issues/:issue_number/labels`, write.addLabels(ctx), write.WRITE_DOCS.addLabels),
    guarded('POST', `${R}/check-runs`, write.createCheckRun(ctx), write.WRITE_DOCS.createCheckRun),
    guarded('PATCH', `${R}/check-runs/:check_run_id`, write.updateCheckRun(ctx), write.WRITE_DOCS.updateCheckRun),
    guarded('POST', `${R}/statuses/:sha`, write.createStatus(ctx), write.WRITE_DOCS.createStatus),
    // Last: any other object a delivery carried, at the API `url` it gave (else the unsupported answer).
    guarded('GET', '/*', atOwnUrl(ctx)),
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
