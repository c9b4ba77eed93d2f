/**
 * CI objects: GitHub Actions check suites, check runs, workflow runs and jobs on one head commit, and
 * commit statuses from an external CI service.
 */
import type { JsonObject } from '../../core/index.js';
import { uuidV4 } from '../shared/ids.js';
import { actionsApp, commits, simpleCommit, workflowRepository, type Commit } from './objects.js';
import { commitNodeId, nodeId } from './node-ids.js';
import { DAY, MINUTE, type Scene } from './scene.js';

export type Phase = 'queued' | 'in_progress' | 'completed';

/** One Actions workflow run on a head commit, and everything derived from it. */
export interface Build {
  readonly branch: string;
  readonly event: 'push' | 'pull_request';
  readonly commit: Commit;
  /** The branch's previous head. */
  readonly before: string;
  /** `pull-request-minimal` entries for runs triggered by a pull request. */
  readonly pullRequests: readonly JsonObject[];
  readonly title: string;
  readonly suiteId: number;
  readonly runId: number;
  readonly runNumber: number;
  readonly workflowId: number;
  readonly workflowName: string;
  readonly workflowPath: string;
  /** The run started this many seconds before the delivery. */
  readonly startedAgo: number;
  readonly conclusion: 'success' | 'failure';
}

const WORKFLOWS = [
  ['CI', '.github/workflows/ci.yml'],
  ['Tests', '.github/workflows/test.yml'],
  ['Build', '.github/workflows/build.yml'],
  ['Lint', '.github/workflows/lint.yml'],
] as const;

export function ciBuild(scene: Scene): Build {
  const { repo } = scene;
  const onPull = scene.chance(0.4);
  const branch = onPull ? `${scene.pick(['feat', 'fix', 'chore'])}/${scene.faker.git.branch()}` : repo.defaultBranch;
  const startedAgo = scene.int(20, 15 * MINUTE);
  const [commit] = commits(scene, scene.sender, 1, startedAgo + scene.int(2, 30));
  const pullNumber = scene.int(1, repo.openIssues + 400);
  const pullRequests = onPull
    ? [
        {
          url: `${repo.api}/pulls/${pullNumber}`,
          id: scene.int(1_000_000_000, 2_600_000_000),
          number: pullNumber,
          head: { ref: branch, sha: commit!.sha, repo: { id: repo.id, url: repo.api, name: repo.name } },
          base: { ref: repo.defaultBranch, sha: scene.sha(), repo: { id: repo.id, url: repo.api, name: repo.name } },
        },
      ]
    : [];
  const [workflowName, workflowPath] = scene.pick(WORKFLOWS);
  return {
    branch,
    event: onPull ? 'pull_request' : 'push',
    commit: commit!,
    before: scene.sha(),
    pullRequests,
    title: commit!.message,
    suiteId: scene.int(20_000_000_000, 40_000_000_000),
    runId: scene.int(10_000_000_000, 17_000_000_000),
    runNumber: scene.int(1, 4_000),
    workflowId: scene.int(50_000_000, 170_000_000),
    workflowName,
    workflowPath,
    startedAgo,
    conclusion: scene.chance(0.75) ? 'success' : 'failure',
  };
}

/** `check_suite` (the full form `check_suite` events carry, or the simple one inside `check_run`). */
export function checkSuite(scene: Scene, build: Build, phase: Phase, full: boolean): JsonObject {
  const { repo } = scene;
  const suite: JsonObject = {
    id: build.suiteId,
    node_id: nodeId('CS', [repo.id, build.suiteId]),
    head_branch: build.branch,
    head_sha: build.commit.sha,
    status: phase,
    conclusion: phase === 'completed' ? build.conclusion : null,
    url: `${repo.api}/check-suites/${build.suiteId}`,
    before: build.before,
    after: build.commit.sha,
    pull_requests: [...build.pullRequests],
    app: actionsApp(scene),
    created_at: scene.ago(build.startedAgo + 2),
    updated_at: phase === 'completed' ? scene.ago(1) : scene.ago(build.startedAgo),
  };
  if (!full) return suite;
  return {
    ...suite,
    rerequestable: true,
    runs_rerequestable: true,
    latest_check_runs_count: phase === 'queued' ? 0 : scene.int(1, 6),
    check_runs_url: `${repo.api}/check-suites/${build.suiteId}/check-runs`,
    head_commit: simpleCommit(scene, build.commit),
  };
}

const JOB_NAMES = ['build', 'test', 'lint', 'typecheck', 'test (20.x)', 'test (22.x)', 'e2e'];

/** A job of the build: the same id serves as check run and workflow job. */
export interface Job {
  readonly id: number;
  readonly name: string;
  readonly conclusion: 'success' | 'failure';
}

export function job(scene: Scene, build: Build): Job {
  return { id: scene.int(30_000_000_000, 48_000_000_000), name: scene.pick(JOB_NAMES), conclusion: build.conclusion };
}

/** `check_run` for an Actions job. `rerequested` runs are completed ones asked to run again. */
export function checkRun(scene: Scene, build: Build, job: Job, phase: Phase): JsonObject {
  const { repo } = scene;
  const api = `${repo.api}/check-runs/${job.id}`;
  const web = `${repo.html}/actions/runs/${build.runId}/job/${job.id}`;
  const completed = phase === 'completed';
  return {
    id: job.id,
    name: job.name,
    node_id: nodeId('CR', [repo.id, job.id]),
    head_sha: build.commit.sha,
    external_id: uuidV4(scene.faker),
    url: api,
    html_url: web,
    details_url: web,
    status: phase,
    conclusion: completed ? job.conclusion : null,
    started_at: scene.ago(completed ? build.startedAgo : 1),
    completed_at: completed ? scene.ago(1) : null,
    output: {
      title: completed && job.conclusion === 'failure' ? `${job.name} failed` : null,
      summary: completed && job.conclusion === 'failure' ? 'Process completed with exit code 1.' : null,
      text: null,
      annotations_count: completed && job.conclusion === 'failure' ? 1 : 0,
      annotations_url: `${api}/annotations`,
    },
    check_suite: checkSuite(scene, build, completed ? 'in_progress' : 'queued', false),
    app: actionsApp(scene),
    pull_requests: [...build.pullRequests],
  };
}

/** `workflow`, the definition a run belongs to. */
export function workflow(scene: Scene, build: Build): JsonObject {
  const { repo } = scene;
  const createdAgo = Math.floor((scene.now - repo.createdAt) / 1000 / 2);
  return {
    id: build.workflowId,
    node_id: nodeId('W', [repo.id, build.workflowId]),
    name: build.workflowName,
    path: build.workflowPath,
    state: 'active',
    created_at: scene.ago(createdAgo),
    updated_at: scene.ago(Math.min(createdAgo, scene.int(DAY, 60 * DAY))),
    url: `${repo.api}/actions/workflows/${build.workflowId}`,
    html_url: `${repo.html}/blob/${repo.defaultBranch}/${build.workflowPath}`,
    badge_url: `${repo.html}/workflows/${encodeURIComponent(build.workflowName)}/badge.svg`,
  };
}

/** `workflow_run`: `requested` runs are queued, then `in_progress`, then `completed`. */
export function workflowRun(scene: Scene, build: Build, phase: 'requested' | 'in_progress' | 'completed'): JsonObject {
  const { repo } = scene;
  const api = `${repo.api}/actions/runs/${build.runId}`;
  const minimal = workflowRepository(scene);
  const createdAgo = phase === 'requested' ? 1 : build.startedAgo + 2;
  return {
    id: build.runId,
    name: build.workflowName,
    node_id: nodeId('WFR', [repo.id, build.runId], 2),
    head_branch: build.branch,
    head_sha: build.commit.sha,
    path: build.workflowPath,
    display_title: build.title,
    run_number: build.runNumber,
    event: build.event,
    status: phase === 'requested' ? 'queued' : phase,
    conclusion: phase === 'completed' ? build.conclusion : null,
    workflow_id: build.workflowId,
    check_suite_id: build.suiteId,
    check_suite_node_id: nodeId('CS', [repo.id, build.suiteId]),
    url: api,
    html_url: `${repo.html}/actions/runs/${build.runId}`,
    pull_requests: [...build.pullRequests],
    created_at: scene.ago(createdAgo),
    updated_at: scene.ago(phase === 'requested' ? 1 : phase === 'completed' ? 1 : build.startedAgo),
    actor: scene.sender.user,
    run_attempt: 1,
    referenced_workflows: [],
    run_started_at: scene.ago(createdAgo),
    triggering_actor: scene.sender.user,
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${repo.api}/check-suites/${build.suiteId}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    previous_attempt_url: null,
    workflow_url: `${repo.api}/actions/workflows/${build.workflowId}`,
    head_commit: simpleCommit(scene, build.commit),
    repository: minimal,
    head_repository: minimal,
  };
}

const SETUP_STEPS = ['Set up job', 'Run actions/checkout@v4', 'Set up runtime', 'Install dependencies'];

/** `workflow_job`: queued jobs have no runner and no steps; running ones have some steps done. */
export function workflowJob(scene: Scene, build: Build, job: Job, phase: Phase): JsonObject {
  const { repo } = scene;
  const names = [...SETUP_STEPS, `Run ${job.name}`, 'Post Run actions/checkout@v4', 'Complete job'];
  const jobStartedAgo = phase === 'queued' ? 1 : Math.max(names.length * 3, build.startedAgo - 5);
  const running = phase === 'in_progress' ? scene.int(1, names.length - 2) : -1;
  // The job's time so far is shared among the steps that have started.
  const slices = phase === 'completed' ? names.length : running + 1;
  const steps =
    phase === 'queued'
      ? []
      : names.map((name, i) => {
          const done = phase === 'completed' || i < running;
          const failed = phase === 'completed' && job.conclusion === 'failure' && i === SETUP_STEPS.length;
          const skipped = phase === 'completed' && job.conclusion === 'failure' && i > SETUP_STEPS.length && i < names.length - 2;
          const stepStart = jobStartedAgo - Math.floor(((jobStartedAgo - 1) * i) / slices);
          const stepEnd = jobStartedAgo - Math.floor(((jobStartedAgo - 1) * (i + 1)) / slices);
          return {
            name,
            status: done ? 'completed' : i === running ? 'in_progress' : 'queued',
            conclusion: done ? (failed ? 'failure' : skipped ? 'skipped' : 'success') : null,
            number: i + 1,
            started_at: done || i === running ? scene.ago(stepStart) : null,
            completed_at: done ? scene.ago(stepEnd) : null,
          };
        });
  const runnerNumber = scene.int(1, 60);
  const assigned = phase !== 'queued';
  return {
    id: job.id,
    run_id: build.runId,
    workflow_name: build.workflowName,
    head_branch: build.branch,
    run_url: `${repo.api}/actions/runs/${build.runId}`,
    run_attempt: 1,
    node_id: nodeId('CR', [repo.id, job.id]),
    head_sha: build.commit.sha,
    url: `${repo.api}/actions/jobs/${job.id}`,
    html_url: `${repo.html}/actions/runs/${build.runId}/job/${job.id}`,
    status: phase,
    conclusion: phase === 'completed' ? job.conclusion : null,
    created_at: scene.ago(phase === 'queued' ? 1 : build.startedAgo),
    started_at: scene.ago(jobStartedAgo),
    completed_at: phase === 'completed' ? scene.ago(1) : null,
    name: job.name,
    steps,
    check_run_url: `${repo.api}/check-runs/${job.id}`,
    labels: ['ubuntu-latest'],
    runner_id: assigned ? runnerNumber : null,
    runner_name: assigned ? `GitHub Actions ${runnerNumber}` : null,
    runner_group_id: assigned ? 0 : null,
    runner_group_name: assigned ? 'GitHub Actions' : null,
  };
}

const STATUS_CONTEXTS = [
  { context: 'ci/circleci: build', target: 'https://app.circleci.com/pipelines/github/', passed: 'Your tests passed on CircleCI!', failed: 'Your tests failed on CircleCI', pending: 'CircleCI is running your tests' },
  { context: 'continuous-integration/jenkins/branch', target: 'https://jenkins.', passed: 'This commit looks good', failed: 'This commit has test failures', pending: 'This commit is being built' },
  { context: 'buildkite/pipeline', target: 'https://buildkite.com/', passed: 'Build #{n} passed', failed: 'Build #{n} failed', pending: 'Build #{n} is running' },
] as const;

/** The `status` event body (without `repository`, `sender`), for a status on a fresh commit. */
export function commitStatus(scene: Scene): JsonObject {
  const { repo, sender } = scene;
  const [commit] = commits(scene, sender, 1, scene.int(30, 20 * MINUTE));
  const parent = scene.sha();
  const sha = commit!.sha;
  const state = scene.pick(['pending', 'success', 'success', 'failure', 'error'] as const);
  const kind = scene.pick(STATUS_CONTEXTS);
  const buildNumber = scene.int(100, 9_000);
  const org = scene.owner.login.toLowerCase();
  const target =
    kind.context === 'ci/circleci: build'
      ? `${kind.target}${repo.fullName}/${buildNumber}`
      : kind.context === 'buildkite/pipeline'
        ? `${kind.target}${org}/${repo.name}/builds/${buildNumber}`
        : `${kind.target}${org}.com/job/${repo.name}/job/${repo.defaultBranch}/${buildNumber}/`;
  const description = (state === 'pending' ? kind.pending : state === 'success' ? kind.passed : kind.failed).replace('{n}', String(buildNumber));
  const id = scene.int(25_000_000_000, 36_000_000_000);
  const at = isoUtcOffset(scene.now - 1000);
  const authored = scene.ago(commit!.secondsAgo);
  const person = { name: commit!.author.name, email: commit!.author.email, date: authored };
  return {
    id,
    sha,
    name: repo.fullName,
    target_url: target,
    avatar_url: `https://avatars.githubusercontent.com/oa/${scene.int(1_000, 3_000_000)}?v=4`,
    context: kind.context,
    description,
    state,
    commit: {
      sha,
      node_id: commitNodeId(repo.id, sha),
      commit: {
        author: person,
        committer: person,
        message: commit!.message,
        tree: { sha: commit!.treeSha, url: `${repo.api}/git/trees/${commit!.treeSha}` },
        url: `${repo.api}/git/commits/${sha}`,
        comment_count: 0,
        verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      },
      url: `${repo.api}/commits/${sha}`,
      html_url: `${repo.html}/commit/${sha}`,
      comments_url: `${repo.api}/commits/${sha}/comments`,
      author: sender.user,
      committer: sender.user,
      parents: [{ sha: parent, url: `${repo.api}/commits/${parent}`, html_url: `${repo.html}/commit/${parent}` }],
    },
    branches: [{ name: repo.defaultBranch, commit: { sha, url: `${repo.api}/commits/${sha}` }, protected: scene.chance(0.5) }],
    created_at: at,
    updated_at: at,
  };
}

/** `2026-11-21T16:29:56+00:00`: statuses write UTC with an explicit offset. */
function isoUtcOffset(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+00:00');
}
