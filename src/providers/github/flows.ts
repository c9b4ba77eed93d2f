/**
 * GitHub's flows. Each event is one delivery with its own `X-GitHub-Delivery`; the repository, the
 * sender and the hook are the first event's (share.ts), and the pull request, commit, check suite and
 * runs keep their ids and numbers across the flow.
 */
import { isPlainObject } from '../../core/index.js';
import { defineFlow } from '../flow.js';
import { pinned, type Pin } from '../shared/pin.js';
import { hex, int, numericId, type Rng } from '../shared/rng.js';
import { repositoryIdentity } from './flow-share.js';

function githubIds(rng: Rng) {
  return {
    number: int(rng, 2, 4000),
    pullRequest: numericId(rng, 10),
    headSha: hex(rng, 40),
    baseSha: hex(rng, 40),
    mergeSha: hex(rng, 40),
    branch: `feature/${hex(rng, 6)}`,
    checkSuite: numericId(rng, 11),
    checkRun: numericId(rng, 11),
    workflowRun: numericId(rng, 10),
    job: numericId(rng, 11),
    review: numericId(rng, 10),
    issue: numericId(rng, 10),
    comment: numericId(rng, 10),
  };
}

type Ids = ReturnType<typeof githubIds>;

/** Where a body states a pull request: its own event's, and the lists of pull requests a check suite, check run or workflow run names. */
const PULL_REQUESTS = ['pull_request', 'check_suite.pull_requests[]', 'check_run.pull_requests[]', 'check_run.check_suite.pull_requests[]', 'workflow_run.pull_requests[]'];

/**
 * An object's URLs made to name it: each `[segment, field]` puts the object's `field` after `/segment/`
 * (`/check-suites/<id>`). The builder drew them with its own ids, before the flow set the object's.
 */
function urlsNaming(links: readonly (readonly [segment: string, field: string])[]) {
  const fix = (object: Record<string, unknown>, node: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && /(^|_)url$/.test(key)) {
        node[key] = links.reduce(
          (url, [segment, field]) => (object[field] == null ? url : url.replace(new RegExp(`/${segment}/\\d+(?=$|[/?#])`), `/${segment}/${String(object[field])}`)),
          value,
        );
      } else if (key === 'reactions' && isPlainObject(value)) fix(object, value);
    }
  };
  return (value: unknown): unknown => {
    if (isPlainObject(value)) fix(value, value);
    return value;
  };
}

/**
 * What the builder draws for each event but a flow's events share (share.ts carries the repository,
 * sender, organization and installation at the top): the repository wherever an object names it, and
 * each pull request, issue, check suite, check run, workflow run and job as the event that first
 * stated it (their ids, node ids, URLs and users; their state stays each event's own).
 */
const identity = (also: readonly Pin[] = []) =>
  pinned([
    {
      from: ['repository'],
      paths: ['pull_request.head.repo', 'pull_request.base.repo', 'workflow_run.repository', 'workflow_run.head_repository', 'check_suite.repository'],
      normalize: repositoryIdentity,
    },
    { paths: ['organization'] },
    { paths: PULL_REQUESTS, skip: ['merge_commit_sha'] },
    { paths: ['number', 'issue.number', ...PULL_REQUESTS.map((place) => `${place}.number`)] },
    { paths: ['issue'], normalize: urlsNaming([['issues', 'number']]) },
    { paths: ['issue.url', 'comment.issue_url'] },
    // A commit never changes: the push's head commit is the check suite's and the workflow run's.
    { paths: ['head_commit', 'check_suite.head_commit', 'workflow_run.head_commit'], whole: true },
    { paths: ['check_suite', 'check_run.check_suite'], normalize: urlsNaming([['check-suites', 'id']]) },
    { paths: ['check_suite.node_id', 'check_run.check_suite.node_id', 'workflow_run.check_suite_node_id'] },
    { paths: ['check_suite.url', 'check_run.check_suite.url', 'workflow_run.check_suite_url'] },
    // A job's check run has the job's id.
    { paths: ['check_run'], normalize: urlsNaming([['check-runs', 'id'], ['job', 'id']]) },
    { paths: ['workflow_run'], normalize: urlsNaming([['runs', 'id'], ['check-suites', 'check_suite_id'], ['workflows', 'workflow_id']]) },
    { paths: ['workflow'] },
    { paths: ['workflow_run.url', 'workflow_job.run_url'] },
    { paths: ['workflow_job'], normalize: urlsNaming([['jobs', 'id'], ['job', 'id'], ['check-runs', 'id'], ['runs', 'run_id']]) },
    ...also,
  ]);
type Iso = (at: number) => string;

const pull = (ids: Ids, iso: Iso, at: number, fields: Record<string, unknown>) => ({
  number: ids.number,
  pull_request: {
    id: ids.pullRequest,
    number: ids.number,
    state: 'open',
    merged: false,
    created_at: iso(0),
    updated_at: iso(at),
    head: { ref: ids.branch, sha: ids.headSha },
    base: { ref: 'main', sha: ids.baseSha },
    ...fields,
  },
});

const suite = (ids: Ids, iso: Iso, at: number, fields: Record<string, unknown>) => ({
  check_suite: { id: ids.checkSuite, head_sha: ids.headSha, head_branch: ids.branch, head_commit: { id: ids.headSha }, created_at: iso(1), updated_at: iso(at), ...fields },
});

const run = (ids: Ids, iso: Iso, fields: Record<string, unknown>) => ({
  check_run: { id: ids.checkRun, head_sha: ids.headSha, started_at: iso(2), check_suite: { id: ids.checkSuite, head_sha: ids.headSha, head_branch: ids.branch }, ...fields },
});

const workflowRun = (ids: Ids, iso: Iso, at: number, fields: Record<string, unknown>) => ({
  workflow_run: {
    id: ids.workflowRun,
    head_sha: ids.headSha,
    head_branch: ids.branch,
    head_commit: { id: ids.headSha },
    check_suite_id: ids.checkSuite,
    created_at: iso(2),
    updated_at: iso(at),
    ...fields,
  },
});

const job = (ids: Ids, iso: Iso, fields: Record<string, unknown>) => ({
  workflow_job: { id: ids.job, run_id: ids.workflowRun, head_sha: ids.headSha, head_branch: ids.branch, created_at: iso(3), ...fields },
});

const pullRequest = defineFlow({
  provider: 'github',
  name: 'pull-request',
  description: 'A pull request opened, checked, reviewed and merged',
  source: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads#pull_request and https://docs.github.com/en/rest/guides/using-the-rest-api-to-interact-with-checks',
  ids: githubIds,
  identity: () => identity(),
  steps: [
    { type: 'pull_request.opened', at: 0, data: ({ ids, iso }) => pull(ids, iso, 0, {}) },
    { type: 'check_suite.requested', at: 1, data: ({ ids, iso }) => suite(ids, iso, 1, { status: 'queued', conclusion: null }) },
    { type: 'check_run.created', at: 2, data: ({ ids, iso }) => run(ids, iso, { status: 'queued', conclusion: null, completed_at: null }) },
    { type: 'check_run.completed', at: 90, data: ({ ids, iso }) => run(ids, iso, { status: 'completed', conclusion: 'success', completed_at: iso(90) }) },
    { type: 'check_suite.completed', at: 91, data: ({ ids, iso }) => suite(ids, iso, 91, { status: 'completed', conclusion: 'success' }) },
    { type: 'pull_request.review_requested', at: 120, data: ({ ids, iso }) => pull(ids, iso, 120, {}) },
    {
      type: 'pull_request_review.submitted',
      at: 3600,
      data: ({ ids, iso }) => ({
        review: { id: ids.review, commit_id: ids.headSha, state: 'approved', submitted_at: iso(3600) },
        ...pull(ids, iso, 3600, {}),
      }),
    },
    {
      type: 'pull_request.closed',
      at: 3700,
      data: ({ ids, iso }) => pull(ids, iso, 3700, { state: 'closed', merged: true, merged_at: iso(3700), closed_at: iso(3700), merge_commit_sha: ids.mergeSha }),
    },
  ],
});

const push = defineFlow({
  provider: 'github',
  name: 'push',
  description: 'A push to a branch, its check suite and an Actions workflow run with one job',
  source: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads#push and https://docs.github.com/en/webhooks/webhook-events-and-payloads#workflow_job',
  ids: githubIds,
  // The job's check run is the job (the flow gives it the job's id): its node id, page and name too.
  identity: () =>
    identity([
      { paths: ['workflow_job.node_id', 'check_run.node_id'] },
      { paths: ['workflow_job.html_url', 'check_run.html_url', 'check_run.details_url'] },
      { paths: ['workflow_job.name', 'check_run.name'] },
      { paths: ['workflow_job.runner_name'] },
      // One workflow runs: the run is named after it, and so is the job's workflow.
      { paths: ['workflow.name', 'workflow_run.name', 'workflow_job.workflow_name'] },
    ]),
  steps: [
    {
      type: 'push',
      at: 0,
      data: ({ ids }) => ({ ref: `refs/heads/${ids.branch}`, before: ids.baseSha, after: ids.headSha, head_commit: { id: ids.headSha, tree_id: ids.mergeSha } }),
    },
    { type: 'check_suite.requested', at: 1, data: ({ ids, iso }) => suite(ids, iso, 1, { status: 'queued', conclusion: null }) },
    { type: 'workflow_run.requested', at: 2, data: ({ ids, iso }) => workflowRun(ids, iso, 2, { status: 'queued', conclusion: null }) },
    { type: 'workflow_job.queued', at: 3, data: ({ ids, iso }) => job(ids, iso, { status: 'queued', conclusion: null, started_at: iso(3), completed_at: null }) },
    { type: 'workflow_run.in_progress', at: 8, data: ({ ids, iso }) => workflowRun(ids, iso, 8, { status: 'in_progress', conclusion: null }) },
    { type: 'workflow_job.in_progress', at: 9, data: ({ ids, iso }) => job(ids, iso, { status: 'in_progress', conclusion: null, started_at: iso(9), completed_at: null }) },
    { type: 'workflow_job.completed', at: 75, data: ({ ids, iso }) => job(ids, iso, { status: 'completed', conclusion: 'success', started_at: iso(9), completed_at: iso(75) }) },
    { type: 'check_run.completed', at: 75, data: ({ ids, iso }) => run(ids, iso, { id: ids.job, status: 'completed', conclusion: 'success', completed_at: iso(75) }) },
    { type: 'workflow_run.completed', at: 76, data: ({ ids, iso }) => workflowRun(ids, iso, 76, { status: 'completed', conclusion: 'success' }) },
    { type: 'check_suite.completed', at: 77, data: ({ ids, iso }) => suite(ids, iso, 77, { status: 'completed', conclusion: 'success' }) },
  ],
});

const appInstallation = defineFlow({
  provider: 'github',
  name: 'app-installation',
  description: 'A GitHub App installed on an account, given one more repository, losing one, then uninstalled',
  source: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads#installation and https://docs.github.com/en/webhooks/webhook-events-and-payloads#installation_repositories',
  ids: githubIds,
  identity: () => identity(),
  steps: [
    { type: 'installation.created', at: 0 },
    { type: 'installation_repositories.added', at: 3600 },
    { type: 'installation_repositories.removed', at: 2 * 86_400 },
    { type: 'installation.deleted', at: 30 * 86_400 },
  ],
});

const issue = (ids: Ids, iso: Iso, at: number, fields: Record<string, unknown>) => ({
  issue: { id: ids.issue, number: ids.number, state: 'open', created_at: iso(0), updated_at: iso(at), closed_at: null, ...fields },
});

const issueTriage = defineFlow({
  provider: 'github',
  name: 'issue-triage',
  description: 'An issue opened, labeled, assigned, commented on and closed',
  source: 'https://docs.github.com/en/webhooks/webhook-events-and-payloads#issues and https://docs.github.com/en/webhooks/webhook-events-and-payloads#issue_comment',
  ids: githubIds,
  identity: () => identity(),
  steps: [
    { type: 'issues.opened', at: 0, data: ({ ids, iso }) => issue(ids, iso, 0, {}) },
    { type: 'issues.labeled', at: 600, data: ({ ids, iso }) => issue(ids, iso, 600, {}) },
    { type: 'issues.assigned', at: 660, data: ({ ids, iso }) => issue(ids, iso, 660, {}) },
    {
      type: 'issue_comment.created',
      at: 7200,
      data: ({ ids, iso }) => ({ ...issue(ids, iso, 7200, {}), comment: { id: ids.comment, created_at: iso(7200), updated_at: iso(7200) } }),
    },
    { type: 'issues.closed', at: 86_400, data: ({ ids, iso }) => issue(ids, iso, 86_400, { state: 'closed', closed_at: iso(86_400), state_reason: 'completed' }) },
  ],
});

/** GitHub's flows, in `relay flows github` order. */
export const githubFlows = [pullRequest, push, appInstallation, issueTriage];
