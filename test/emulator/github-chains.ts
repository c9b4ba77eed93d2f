/**
 * GitHub's event chains: one row per App API call (through @octokit/rest with the installation's token)
 * or emulator helper, the webhooks it causes in order, and where GitHub's docs define them. Rows run in
 * order on one installation, each after the last (an issue is opened before it is labeled).
 * README.md's table between the `github-chains` markers is `chainsTable(GITHUB_CHAINS)`.
 */
import type { Octokit } from '@octokit/rest';
import type { Emulator, InstalledApp } from '../../src/emulator/index.js';
import type { ChainRowOf } from './stripe-chains.js';

/** What the rows share: the client, the emulator, the installation and what earlier rows made. */
export interface GithubChainContext {
  readonly octokit: Octokit;
  readonly emulator: Emulator;
  readonly installed: InstalledApp;
  /** Numbers and ids earlier rows made: `issue`, `comment`, `sha`, `run`, `pull`, `release`. */
  readonly made: Record<string, number | string>;
}

export type GithubChainRow = ChainRowOf<GithubChainContext>;

const repo = { owner: 'acme', repo: 'app' } as const;
const hook = (event: string, actions = ''): string => `GitHub docs webhook-events-and-payloads#${event}${actions ? ` (${actions})` : ''}`;
const n = (ctx: GithubChainContext, key: string): number => Number(ctx.made[key]);

export const GITHUB_CHAINS: readonly GithubChainRow[] = [
  { operation: "emulator.github.installApp({ owner: 'acme', repositories: ['app'], … })", source: hook('installation', 'created'), run: () => undefined, events: ['installation.created'] },
  {
    operation: "octokit.rest.issues.create({ title: 'Crash on start' })",
    source: `${hook('issues', 'opened')}; REST issues#create-an-issue`,
    run: async (ctx) => (ctx.made.issue = (await ctx.octokit.rest.issues.create({ ...repo, title: 'Crash on start', body: 'Steps…' })).data.number),
    events: ['issues.opened'],
  },
  { operation: "octokit.rest.issues.update({ title: 'Crash on start (macOS)' })", source: hook('issues', 'edited: changes.title.from'), run: (ctx) => ctx.octokit.rest.issues.update({ ...repo, issue_number: n(ctx, 'issue'), title: 'Crash on start (macOS)' }), events: ['issues.edited'] },
  { operation: "octokit.rest.issues.addLabels({ labels: ['bug', 'p1'] })", source: `${hook('issues', 'labeled: one per label, with the label')}; REST issues/labels`, run: (ctx) => ctx.octokit.rest.issues.addLabels({ ...repo, issue_number: n(ctx, 'issue'), labels: ['bug', 'p1'] }), events: ['issues.labeled', 'issues.labeled'] },
  { operation: "octokit.rest.issues.removeLabel({ name: 'p1' })", source: hook('issues', 'unlabeled'), run: (ctx) => ctx.octokit.rest.issues.removeLabel({ ...repo, issue_number: n(ctx, 'issue'), name: 'p1' }), events: ['issues.unlabeled'] },
  { operation: "octokit.rest.issues.addAssignees({ assignees: ['octocat'] })", source: `${hook('issues', 'assigned')}; REST issues/assignees`, run: (ctx) => ctx.octokit.rest.issues.addAssignees({ ...repo, issue_number: n(ctx, 'issue'), assignees: ['octocat'] }), events: ['issues.assigned'] },
  { operation: "octokit.rest.issues.removeAssignees({ assignees: ['octocat'] })", source: hook('issues', 'unassigned'), run: (ctx) => ctx.octokit.rest.issues.removeAssignees({ ...repo, issue_number: n(ctx, 'issue'), assignees: ['octocat'] }), events: ['issues.unassigned'] },
  {
    operation: "octokit.rest.issues.createComment({ body: 'Thanks!' })",
    source: `${hook('issue_comment', 'created')}; REST issues/comments`,
    run: async (ctx) => (ctx.made.comment = (await ctx.octokit.rest.issues.createComment({ ...repo, issue_number: n(ctx, 'issue'), body: 'Thanks!' })).data.id),
    events: ['issue_comment.created'],
  },
  { operation: 'octokit.rest.issues.updateComment({ comment_id })', source: hook('issue_comment', 'edited: changes.body.from'), run: (ctx) => ctx.octokit.rest.issues.updateComment({ ...repo, comment_id: n(ctx, 'comment'), body: 'Thanks, looking.' }), events: ['issue_comment.edited'] },
  { operation: 'octokit.rest.issues.deleteComment({ comment_id })', source: hook('issue_comment', 'deleted'), run: (ctx) => ctx.octokit.rest.issues.deleteComment({ ...repo, comment_id: n(ctx, 'comment') }), events: ['issue_comment.deleted'] },
  { operation: "octokit.rest.issues.lock({ lock_reason: 'resolved' })", source: `${hook('issues', 'locked')}; REST issues#lock-an-issue`, run: (ctx) => ctx.octokit.rest.issues.lock({ ...repo, issue_number: n(ctx, 'issue'), lock_reason: 'resolved' }), events: ['issues.locked'] },
  { operation: 'octokit.rest.issues.unlock()', source: hook('issues', 'unlocked'), run: (ctx) => ctx.octokit.rest.issues.unlock({ ...repo, issue_number: n(ctx, 'issue') }), events: ['issues.unlocked'] },
  { operation: "octokit.rest.issues.update({ state: 'closed' })", source: hook('issues', 'closed'), run: (ctx) => ctx.octokit.rest.issues.update({ ...repo, issue_number: n(ctx, 'issue'), state: 'closed' }), events: ['issues.closed'] },
  { operation: "octokit.rest.issues.update({ state: 'open' })", source: hook('issues', 'reopened'), run: (ctx) => ctx.octokit.rest.issues.update({ ...repo, issue_number: n(ctx, 'issue'), state: 'open' }), events: ['issues.reopened'] },
  { operation: "octokit.rest.issues.createLabel({ name: 'triage' })", source: `${hook('label', 'created')}; REST issues/labels#create-a-label`, run: (ctx) => ctx.octokit.rest.issues.createLabel({ ...repo, name: 'triage', color: 'fbca04' }), events: ['label.created'] },
  {
    operation: "emulator.github.push({ repo: 'acme/app', ref: 'feature', commits }) // a new branch",
    source: `${hook('create')}; ${hook('push')}; ${hook('check_suite', 'requested: to Apps with checks:write')}`,
    run: (ctx) => (ctx.made.sha = ctx.emulator.github.push({ repo: 'acme/app', ref: 'refs/heads/feature', commits: [{ message: 'Fix the crash', modified: ['src/main.ts'] }] }).after),
    events: ['create', 'push', 'check_suite.requested'],
  },
  {
    operation: "octokit.rest.checks.create({ head_sha, status: 'in_progress', actions })",
    source: `${hook('check_run', 'created')}; REST checks/runs#create-a-check-run`,
    run: async (ctx) => (ctx.made.run = (await ctx.octokit.rest.checks.create({ ...repo, name: 'ci', head_sha: String(ctx.made.sha), status: 'in_progress', actions: [{ label: 'Fix', description: 'Apply the fix', identifier: 'fix' }] })).data.id),
    events: ['check_run.created'],
  },
  { operation: "emulator.github.requestAction({ checkRunId, identifier: 'fix' })", source: hook('check_run', 'requested_action: a button of the run, to its App'), run: (ctx) => ctx.emulator.github.requestAction({ repo: 'acme/app', checkRunId: n(ctx, 'run'), identifier: 'fix' }), events: ['check_run.requested_action'] },
  {
    operation: "octokit.rest.checks.update({ conclusion: 'success' }) // the suite's last run",
    source: `${hook('check_run', 'completed')}; ${hook('check_suite', 'completed: all its runs completed')}`,
    run: (ctx) => ctx.octokit.rest.checks.update({ ...repo, check_run_id: n(ctx, 'run'), conclusion: 'success', output: { title: 'Passed', summary: 'All good' } }),
    events: ['check_run.completed', 'check_suite.completed'],
  },
  { operation: 'emulator.github.rerequestCheckRun({ checkRunId })', source: hook('check_run', 'rerequested'), run: (ctx) => ctx.emulator.github.rerequestCheckRun({ repo: 'acme/app', checkRunId: n(ctx, 'run') }), events: ['check_run.rerequested'] },
  { operation: "octokit.rest.repos.createCommitStatus({ sha, state: 'success' })", source: `${hook('status')}; REST commits/statuses`, run: (ctx) => ctx.octokit.rest.repos.createCommitStatus({ ...repo, sha: String(ctx.made.sha), state: 'success', context: 'ci/relaykit' }), events: ['status'] },
  {
    operation: "octokit.rest.pulls.create({ head: 'feature', base: 'main' })",
    source: `${hook('pull_request', 'opened')}; REST pulls#create-a-pull-request`,
    run: async (ctx) => (ctx.made.pull = (await ctx.octokit.rest.pulls.create({ ...repo, title: 'Fix the crash', head: 'feature', base: 'main' })).data.number),
    events: ['pull_request.opened'],
  },
  { operation: "octokit.rest.pulls.update({ body: 'Closes #1' })", source: hook('pull_request', 'edited'), run: (ctx) => ctx.octokit.rest.pulls.update({ ...repo, pull_number: n(ctx, 'pull'), body: 'Closes #1' }), events: ['pull_request.edited'] },
  { operation: "octokit.rest.issues.addLabels({ issue_number: pull, labels: ['bug'] })", source: hook('pull_request', 'labeled: a pull request is an issue'), run: (ctx) => ctx.octokit.rest.issues.addLabels({ ...repo, issue_number: n(ctx, 'pull'), labels: ['bug'] }), events: ['pull_request.labeled'] },
  {
    operation: "emulator.github.push({ ref: 'feature', commits }) // the pull request's head",
    source: `${hook('push')}; ${hook('pull_request', 'synchronize')}; ${hook('check_suite', 'requested')}`,
    run: (ctx) => ctx.emulator.github.push({ repo: 'acme/app', ref: 'feature', commits: [{ message: 'Add a test', added: ['test/main.test.ts'] }] }),
    events: ['push', 'pull_request.synchronize', 'check_suite.requested'],
  },
  { operation: "octokit.rest.pulls.createReview({ event: 'APPROVE' })", source: `${hook('pull_request_review', 'submitted')}; REST pulls/reviews`, run: (ctx) => ctx.octokit.rest.pulls.createReview({ ...repo, pull_number: n(ctx, 'pull'), event: 'APPROVE' }), events: ['pull_request_review.submitted'] },
  {
    operation: "octokit.rest.pulls.createReviewComment({ path, line, body: 'Nice' })",
    source: `${hook('pull_request_review_comment', 'created')}; REST pulls/comments`,
    run: async (ctx) => {
      const { data } = await ctx.octokit.rest.pulls.get({ ...repo, pull_number: n(ctx, 'pull') });
      return ctx.octokit.rest.pulls.createReviewComment({ ...repo, pull_number: n(ctx, 'pull'), body: 'Nice', commit_id: data.head.sha, path: 'src/main.ts', line: 3 });
    },
    events: ['pull_request_review_comment.created'],
  },
  { operation: "octokit.rest.pulls.update({ state: 'closed' })", source: hook('pull_request', 'closed: merged false'), run: (ctx) => ctx.octokit.rest.pulls.update({ ...repo, pull_number: n(ctx, 'pull'), state: 'closed' }), events: ['pull_request.closed'] },
  { operation: "octokit.rest.pulls.update({ state: 'open' })", source: hook('pull_request', 'reopened'), run: (ctx) => ctx.octokit.rest.pulls.update({ ...repo, pull_number: n(ctx, 'pull'), state: 'open' }), events: ['pull_request.reopened'] },
  {
    operation: 'octokit.rest.pulls.merge()',
    source: `${hook('pull_request', 'closed: merged true')}; ${hook('push')} of the merge commit to the base; ${hook('check_suite', 'requested')}; order: relaykit's choice`,
    run: (ctx) => ctx.octokit.rest.pulls.merge({ ...repo, pull_number: n(ctx, 'pull') }),
    events: ['pull_request.closed', 'push', 'check_suite.requested'],
  },
  {
    operation: "octokit.rest.repos.createRelease({ tag_name: 'v1.0.0', draft: true })",
    source: `${hook('release', 'created: a draft was saved')}; REST releases`,
    run: async (ctx) => (ctx.made.release = (await ctx.octokit.rest.repos.createRelease({ ...repo, tag_name: 'v1.0.0', draft: true })).data.id),
    events: ['release.created'],
  },
  { operation: 'octokit.rest.repos.updateRelease({ draft: false })', source: hook('release', 'published, then released'), run: (ctx) => ctx.octokit.rest.repos.updateRelease({ ...repo, release_id: n(ctx, 'release'), draft: false }), events: ['release.published', 'release.released'] },
  {
    operation: "octokit.rest.repos.createRelease({ tag_name: 'v1.1.0-rc.1', prerelease: true })",
    source: `${hook('release', 'created, published, prereleased')}; order: relaykit's choice`,
    run: (ctx) => ctx.octokit.rest.repos.createRelease({ ...repo, tag_name: 'v1.1.0-rc.1', prerelease: true }),
    events: ['release.created', 'release.published', 'release.prereleased'],
  },
  {
    operation: "octokit.rest.repos.createDispatchEvent({ event_type: 'sample.collected', client_payload })",
    source: `${hook('repository_dispatch', 'action = event_type')}; REST repos#create-a-repository-dispatch-event`,
    run: (ctx) => ctx.octokit.rest.repos.createDispatchEvent({ ...repo, event_type: 'sample.collected', client_payload: { id: 7 } }),
    events: ['repository_dispatch.sample.collected'],
  },
  {
    operation: "octokit.rest.actions.createWorkflowDispatch({ workflow_id: 'deploy.yml', ref: 'main', inputs })",
    source: `${hook('workflow_dispatch')}; REST actions/workflows#create-a-workflow-dispatch-event`,
    run: (ctx) => ctx.octokit.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'deploy.yml', ref: 'main', inputs: { env: 'staging' } }),
    events: ['workflow_dispatch'],
  },
  {
    operation: "emulator.github.installApp({ appId, repositories: ['app', 'web'] }) // the same App again",
    source: hook('installation_repositories', 'added'),
    run: (ctx) => ctx.emulator.github.installApp({ owner: 'acme', appId: ctx.installed.appId, repositories: ['app', 'web'], permissions: {}, events: [] }),
    events: ['installation_repositories.added'],
  },
  {
    operation: "emulator.github.installApp({ appId, repositories: ['app'] })",
    source: hook('installation_repositories', 'removed'),
    run: (ctx) => ctx.emulator.github.installApp({ owner: 'acme', appId: ctx.installed.appId, repositories: ['app'], permissions: {}, events: [] }),
    events: ['installation_repositories.removed'],
  },
  { operation: 'emulator.github.uninstallApp(installation.id)', source: hook('installation', 'deleted'), run: (ctx) => ctx.emulator.github.uninstallApp(ctx.installed.id), events: ['installation.deleted'] },
];
