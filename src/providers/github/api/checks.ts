/**
 * Checks, as an App sees them: a push asks every App with checks:write for a check suite on its head
 * commit (`check_suite.requested`); the App's check runs belong to its suite for that commit
 * (`check_run.created`, `check_run.completed`), and once every run of the suite is completed the suite
 * is (`check_suite.completed`, with the worst conclusion). What a person does on the Checks tab
 * (a button, "Re-run") is a helper: `check_run.requested_action`, `check_run.rerequested`,
 * `check_suite.rerequested`.
 */
import { isPlainObject, RelayError } from '../../../core/index.js';
import { bearerToken, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { actingUser, tokenRecord } from './access.js';
import { githubError, githubJson, notFound, validationFailed } from './errors.js';
import { emit } from './hooks.js';
import { appRecord, installationsOf } from './installs.js';
import { actorApp, githubTime, newId, nodeId } from './objects.js';
import { pathKey, repoKey } from './paths.js';

const DOCS = {
  createCheckRun: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
  updateCheckRun: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
  createSuite: 'https://docs.github.com/rest/checks/suites#create-a-check-suite',
} as const;

/** The documentation URL of each checks write. */
export const CHECK_DOCS: Readonly<Record<keyof typeof DOCS, string>> = DOCS;

const COMMIT = 'commit_info';
/** Worst first: a suite's conclusion is the worst of its runs'. */
const CONCLUSIONS = ['action_required', 'cancelled', 'timed_out', 'failure', 'neutral', 'skipped', 'stale', 'success'];

/** What a push recorded of a commit: its message, tree, author, branch and the SHA before it. */
export interface CommitInfo {
  readonly sha: string;
  readonly treeSha: string;
  readonly message: string;
  readonly timestamp: string;
  readonly author: { readonly name: string; readonly email: string };
  readonly branch: string;
  readonly before: string;
}

/** Records a pushed commit of the repository at `base` (`/repos/owner/name`). */
export function recordCommit(world: World, base: string, info: CommitInfo): void {
  world.put('github', COMMIT, info as unknown as Obj, { id: `${base}/${info.sha}` });
}

/** What a push recorded of the commit `sha` of the repository at `base`. */
export function commitInfo(world: World, base: string, sha: string): CommitInfo | undefined {
  return world.get('github', COMMIT, `${base}/${sha}`) as CommitInfo | undefined;
}

/** The App object of `app` (without the key the emulator keeps). */
export function publicApp(app: Obj): Obj {
  const { public_key: _key, ...rest } = app;
  return rest;
}

/** The App a request's installation token belongs to, else the routes' configured actor's. */
function requestApp(request: Request, world: World, actor: string): Obj {
  const record = tokenRecord(world, bearerToken(request));
  const app = record ? appRecord(world, record.app_id as number) : undefined;
  return app ? publicApp(app) : actorApp(actor, actingUser(request, world, actor));
}

/** The check suite form inside a check run (`simple` true) or a `check_suite` event's. */
function suiteForm(suite: Obj, simple: boolean): Obj {
  const { rerequestable, runs_rerequestable, latest_check_runs_count, check_runs_url, head_commit, ...short } = suite;
  return simple ? short : { ...short, rerequestable, runs_rerequestable, latest_check_runs_count, check_runs_url, head_commit };
}

/** The App's suite for `sha` in `repository`, created (queued) when there is none yet. */
export function suiteFor(world: World, repository: Obj, app: Obj, sha: string, branch?: string): { suite: Obj; created: boolean } {
  const base = pathKey(String(repository.url));
  const found = world.list('github', 'check_suite').find((s) => s.head_sha === sha && (s.app as Obj).id === app.id && pathKey(String(s.url)).startsWith(`${base}/`));
  if (found) return { suite: found, created: false };
  const id = newId(world, 'check_suite', 30_000_000_000);
  const info = commitInfo(world, base, sha);
  const at = githubTime(new Date(world.now()));
  const suite: Obj = {
    id,
    node_id: nodeId('CS', world),
    head_branch: branch ?? info?.branch ?? null,
    head_sha: sha,
    status: 'queued',
    conclusion: null,
    url: `${String(repository.url)}/check-suites/${id}`,
    before: info?.before ?? null,
    after: sha,
    pull_requests: [],
    app,
    created_at: at,
    updated_at: at,
    rerequestable: true,
    runs_rerequestable: true,
    latest_check_runs_count: 0,
    check_runs_url: `${String(repository.url)}/check-suites/${id}/check-runs`,
    head_commit: {
      id: sha,
      tree_id: info?.treeSha ?? sha,
      message: info?.message ?? '',
      timestamp: info?.timestamp ?? at,
      author: info?.author ?? { name: 'unknown', email: 'unknown@users.noreply.github.com' },
      committer: info?.author ?? { name: 'unknown', email: 'unknown@users.noreply.github.com' },
    },
  };
  world.put('github', 'check_suite', suite);
  return { suite, created: true };
}

/**
 * After a push of `sha` to `branch`: a queued suite for each App with checks:write that reaches the
 * repository, and `check_suite.requested` to that App alone.
 */
export function requestSuites(world: World, repository: Obj, sha: string, branch: string, sender: Obj): void {
  for (const installation of installationsOf(world, pathKey(String(repository.url)))) {
    const permissions = isPlainObject(installation.permissions) ? installation.permissions : {};
    if (permissions.checks !== 'write') continue;
    const app = appRecord(world, installation.app_id as number);
    if (!app) continue;
    const { suite } = suiteFor(world, repository, publicApp(app), sha, branch);
    emit(world, 'check_suite.requested', repository, { check_suite: suiteForm(suite, false) }, sender, installation.id as number);
  }
}

async function fieldsOf(request: Request, docs: string): Promise<Obj | Response> {
  return (await readJsonObject(request)) ?? githubError(request, 400, 'Problems parsing JSON', docs);
}

function repositoryAt(world: World, params: Record<string, unknown>): Obj | undefined {
  return world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
}

/** The App's installation on the repository of `suite`, whom its check events go to. */
function installationOfApp(world: World, repository: Obj, app: Obj): number | undefined {
  return installationsOf(world, pathKey(String(repository.url))).find((i) => i.app_id === app.id)?.id as number | undefined;
}

/** `POST /repos/{o}/{r}/check-runs`: 201 with the run, in the App's suite for `head_sha`; `check_run.created`. */
export function createCheckRun(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.createCheckRun);
    const fields = await fieldsOf(request, DOCS.createCheckRun);
    if (fields instanceof Response) return fields;
    for (const field of ['name', 'head_sha'] as const) {
      if (typeof fields[field] !== 'string' || fields[field] === '') return validationFailed(request, 'CheckRun', field, DOCS.createCheckRun);
    }
    if (fields.status !== undefined && !['queued', 'in_progress', 'completed'].includes(String(fields.status))) return validationFailed(request, 'CheckRun', 'status', DOCS.createCheckRun, 'invalid');
    if (fields.status === 'completed' && !CONCLUSIONS.includes(String(fields.conclusion))) return validationFailed(request, 'CheckRun', 'conclusion', DOCS.createCheckRun, 'missing_field');
    const app = requestApp(request, world, actor);
    const { suite } = suiteFor(world, repository, app, String(fields.head_sha));
    const id = newId(world, 'check_run', 40_000_000_000);
    const at = githubTime(new Date(world.now()));
    const url = `${String(repository.url)}/check-runs/${id}`;
    const output = isPlainObject(fields.output) ? fields.output : {};
    const completed = fields.conclusion !== undefined && fields.conclusion !== null;
    const status = completed ? 'completed' : String(fields.status ?? 'queued');
    const run: Obj = {
      id,
      name: fields.name,
      node_id: nodeId('CR', world),
      head_sha: fields.head_sha,
      external_id: typeof fields.external_id === 'string' ? fields.external_id : '',
      url,
      html_url: `${String(repository.html_url)}/runs/${id}`,
      details_url: typeof fields.details_url === 'string' ? fields.details_url : `${String(repository.html_url)}/runs/${id}`,
      status,
      conclusion: completed ? fields.conclusion : null,
      started_at: typeof fields.started_at === 'string' ? fields.started_at : at,
      completed_at: status === 'completed' ? (typeof fields.completed_at === 'string' ? fields.completed_at : at) : null,
      output: {
        title: output.title ?? null,
        summary: output.summary ?? null,
        text: output.text ?? null,
        annotations_count: Array.isArray(output.annotations) ? output.annotations.length : 0,
        annotations_url: `${url}/annotations`,
      },
      check_suite: suiteForm(suite, true),
      app,
      pull_requests: [],
      ...(Array.isArray(fields.actions) ? { actions: fields.actions } : {}),
    };
    world.put('github', 'check_run', run);
    world.update('github', 'check_suite', pathKey(String(suite.url)), (s) => ({ ...s, latest_check_runs_count: Number(s.latest_check_runs_count ?? 0) + 1, status: s.status === 'queued' && status !== 'queued' ? 'in_progress' : s.status }));
    const sender = actingUser(request, world, actor);
    const to = installationOfApp(world, repository, app);
    emit(world, 'check_run.created', repository, { check_run: runForm(run) }, sender, to);
    if (status === 'completed') completeSuite(world, repository, pathKey(String(suite.url)), sender, to);
    return githubJson(request, runForm(run), 201);
  };
}

/** A run without the `actions` the emulator keeps for its buttons (GitHub shows none in its REST or webhook form). */
function runForm(run: Obj): Obj {
  const { actions: _actions, ...rest } = run;
  return rest;
}

/** Completes the suite at `key` once all its runs are: `check_suite.completed`, the worst conclusion. */
function completeSuite(world: World, repository: Obj, key: string, sender: Obj, to: number | undefined): void {
  const suite = world.get('github', 'check_suite', key);
  if (!suite || suite.status === 'completed') return;
  const runs = world.list('github', 'check_run').filter((r) => (r.check_suite as Obj).id === suite.id);
  if (runs.length === 0 || runs.some((r) => r.status !== 'completed')) return;
  const conclusion = CONCLUSIONS.find((c) => runs.some((r) => r.conclusion === c)) ?? 'success';
  const done = world.update('github', 'check_suite', key, (s) => ({ ...s, status: 'completed', conclusion, updated_at: githubTime(new Date(world.now())) }))!;
  emit(world, 'check_suite.completed', repository, { check_suite: suiteForm(done, false) }, sender, to);
}

/** `PATCH /repos/{o}/{r}/check-runs/{id}`: a `conclusion` completes the run (`check_run.completed`), and the suite with its last run. */
export function updateCheckRun(actor: string): RouteHandler {
  return async (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    const before = world.get('github', 'check_run', key);
    const repository = repositoryAt(world, params);
    if (!before || !repository) return notFound(request, DOCS.updateCheckRun);
    const fields = await fieldsOf(request, DOCS.updateCheckRun);
    if (fields instanceof Response) return fields;
    if (fields.conclusion !== undefined && fields.conclusion !== null && !CONCLUSIONS.includes(String(fields.conclusion))) return validationFailed(request, 'CheckRun', 'conclusion', DOCS.updateCheckRun, 'invalid');
    const updated = world.update('github', 'check_run', key, (run) => {
      const next: Obj = { ...run };
      for (const field of ['name', 'details_url', 'external_id', 'started_at', 'status'] as const) if (fields[field] !== undefined) next[field] = fields[field];
      if (isPlainObject(fields.output)) next.output = { ...(isPlainObject(run.output) ? run.output : {}), ...fields.output, annotations_url: (run.output as Obj).annotations_url, annotations_count: Array.isArray(fields.output.annotations) ? fields.output.annotations.length : (run.output as Obj).annotations_count };
      if (Array.isArray(fields.actions)) next.actions = fields.actions;
      if (fields.conclusion !== undefined && fields.conclusion !== null) {
        next.conclusion = fields.conclusion;
        next.status = 'completed';
      }
      if (next.status === 'completed') next.completed_at = fields.completed_at ?? run.completed_at ?? githubTime(new Date(world.now()));
      return next;
    })!;
    const sender = actingUser(request, world, actor);
    const to = installationOfApp(world, repository, updated.app as Obj);
    if (updated.status === 'completed' && before.status !== 'completed') {
      emit(world, 'check_run.completed', repository, { check_run: runForm(updated) }, sender, to);
      completeSuite(world, repository, pathKey(`${String(repository.url)}/check-suites/${String((updated.check_suite as Obj).id)}`), sender, to);
    }
    return githubJson(request, runForm(updated));
  };
}

/** The options of `emulator.github.requestAction`: a person clicks a check run's button. */
export interface RequestActionOptions {
  /** The repository, `owner/name`. */
  readonly repo: string;
  readonly checkRunId: number;
  /** The button's `identifier` (one of the run's `actions`). */
  readonly identifier: string;
  /** Who clicks. Default: the repository's owner. */
  readonly sender?: Obj;
}

function runAt(world: World, repo: string, id: number): { repository: Obj; run: Obj } {
  const [owner, name] = String(repo).split('/') as [string, string];
  const repository = world.get('github', 'repository', repoKey(owner, name ?? ''));
  const run = repository ? world.get('github', 'check_run', pathKey(`${String(repository.url)}/check-runs/${id}`)) : undefined;
  if (!repository || !run) throw new RelayError('INVALID_OPTION', `No check run ${id} in ${repo} here: create it through the API first.`);
  return { repository, run };
}

/** A check run helper's options, checked: a user's test may pass anything (over HTTP, any JSON). */
function checkRunOptions(helper: string, options: { readonly repo?: unknown; readonly checkRunId?: unknown } | null, more: string): void {
  if (typeof options !== 'object' || options === null || typeof options.repo !== 'string' || !Number.isSafeInteger(options.checkRunId)) {
    throw new RelayError('INVALID_OPTION', `${helper} takes { repo: 'owner/name', checkRunId${more} }, got ${JSON.stringify(options)}.`);
  }
}

/** `check_run.requested_action` to the run's App, with `requested_action.identifier`. */
export function requestAction(world: World, options: RequestActionOptions): void {
  checkRunOptions('requestAction', options, ', identifier');
  const { repository, run } = runAt(world, options.repo, options.checkRunId);
  const actions = Array.isArray(run.actions) ? (run.actions as Obj[]) : [];
  if (!actions.some((a) => a.identifier === options.identifier)) {
    throw new RelayError('INVALID_OPTION', `Check run ${options.checkRunId} has no button "${options.identifier}"; its actions: ${actions.map((a) => String(a.identifier)).join(', ') || 'none'}.`);
  }
  const sender = options.sender ?? (repository.owner as Obj);
  emit(world, 'check_run.requested_action', repository, { check_run: runForm(run), requested_action: { identifier: options.identifier } }, sender, installationOfApp(world, repository, run.app as Obj));
}

/** `check_run.rerequested` to the run's App: a person clicked "Re-run". */
export function rerequestRun(world: World, options: { readonly repo: string; readonly checkRunId: number; readonly sender?: Obj }): void {
  checkRunOptions('rerequestCheckRun', options, '');
  const { repository, run } = runAt(world, options.repo, options.checkRunId);
  emit(world, 'check_run.rerequested', repository, { check_run: runForm(run) }, options.sender ?? (repository.owner as Obj), installationOfApp(world, repository, run.app as Obj));
}
