/**
 * GitHub writes that change later reads: issue comments (create, update, delete), issue updates
 * and labels, check runs (create, update) and commit statuses. All need a token.
 */
import { isPlainObject } from '../../../core/index.js';
import { nextNumericId, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { githubError, githubJson, noContent, notFound, validationFailed } from './errors.js';
import { actorApp, actorUser, githubTime, newCheckRun, newIssueComment, nodeId } from './objects.js';
import { pathKey, repoKey } from './paths.js';
import { findIssue } from './read.js';

const DOCS = {
  createComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  updateComment: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment',
  updateIssue: 'https://docs.github.com/rest/issues/issues#update-an-issue',
  addLabels: 'https://docs.github.com/rest/issues/labels#add-labels-to-an-issue',
  createCheckRun: 'https://docs.github.com/rest/checks/runs#create-a-check-run',
  updateCheckRun: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
  createStatus: 'https://docs.github.com/rest/commits/statuses#create-a-commit-status',
} as const;

/** The documentation URL of each write, for its 401 and 422 answers. */
export const WRITE_DOCS: Readonly<Record<keyof typeof DOCS, string>> = DOCS;

function ids(world: World, kind: string): number {
  return nextNumericId(world.list('github', kind).map((o) => o.id), 1_000_000_000);
}

async function body(request: Request, docs: string): Promise<Obj | Response> {
  const parsed = await readJsonObject(request);
  return parsed ?? githubError(request, 400, 'Problems parsing JSON', docs);
}

/** Changes the stored issue and, when the number is a pull request, the pull request too. */
function updateIssueLike(world: World, base: string, number: string, change: (o: Obj) => Obj): void {
  world.update('github', 'issue', `${base}/issues/${number}`, change);
  world.update('github', 'pull_request', `${base}/pulls/${number}`, change);
}

/** `POST /repos/{o}/{r}/issues/{n}/comments` (pull requests too): 201 with the comment; the issue's `comments` goes up. */
export function createIssueComment(actor: string): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    if (!issue) return notFound(request, DOCS.createComment);
    const fields = await body(request, DOCS.createComment);
    if (fields instanceof Response) return fields;
    if (typeof fields.body !== 'string') return validationFailed(request, 'IssueComment', 'body', DOCS.createComment);
    const comment = newIssueComment(issue, ids(world, 'issue_comment'), fields.body, actorUser(actor));
    emit(world, 'issue_comment.created', world.put('github', 'issue_comment', comment));
    updateIssueLike(world, repoKey(owner, repo), number, (o) => ({ ...o, comments: Number(o.comments ?? 0) + 1, updated_at: comment.created_at }));
    return githubJson(request, comment, 201);
  };
}

/** `PATCH /repos/{o}/{r}/issues/comments/{id}`. */
export function updateIssueComment(): RouteHandler {
  return async (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    if (!world.get('github', 'issue_comment', key)) return notFound(request, DOCS.updateComment);
    const fields = await body(request, DOCS.updateComment);
    if (fields instanceof Response) return fields;
    if (typeof fields.body !== 'string') return validationFailed(request, 'IssueComment', 'body', DOCS.updateComment);
    const text = fields.body;
    const updated = world.update('github', 'issue_comment', key, (c) => ({ ...c, body: text, updated_at: githubTime() }));
    emit(world, 'issue_comment.edited', updated);
    return githubJson(request, updated);
  };
}

/** `DELETE /repos/{o}/{r}/issues/comments/{id}`: 204; the issue's `comments` goes down. */
export function deleteIssueComment(): RouteHandler {
  return (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    const comment = world.get('github', 'issue_comment', key);
    if (!comment) return notFound(request);
    world.delete('github', 'issue_comment', key);
    emit(world, 'issue_comment.deleted', comment);
    const number = /\/issues\/(\d+)$/.exec(String(comment.issue_url))?.[1];
    if (number) updateIssueLike(world, repoKey(String(params.owner), String(params.repo)), number, (o) => ({ ...o, comments: Math.max(0, Number(o.comments ?? 0) - 1) }));
    return noContent(request);
  };
}

/** Appends the webhook GitHub sends for a write (`issues.closed`, `status`) with the object it reports. */
function emit(world: World, type: string, data: Obj | undefined): void {
  if (data) world.outbox.append({ provider: 'github', type, data });
}

function labelObject(world: World, base: string, name: string): Obj {
  const key = `${base}/labels/${name.toLowerCase()}`;
  return (
    world.get('github', 'label', key) ??
    world.put('github', 'label', {
      id: ids(world, 'label'),
      node_id: nodeId('LA'),
      url: `https://api.github.com${base}/labels/${encodeURIComponent(name)}`,
      name,
      color: 'ededed',
      default: false,
      description: null,
    })
  );
}

/** `PATCH /repos/{o}/{r}/issues/{n}`: title, body, state, state_reason, labels, assignees. */
export function updateIssue(): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const before = findIssue(world, owner, repo, number);
    if (!before) return notFound(request, DOCS.updateIssue);
    const fields = await body(request, DOCS.updateIssue);
    if (fields instanceof Response) return fields;
    if (fields.state !== undefined && fields.state !== 'open' && fields.state !== 'closed') {
      return validationFailed(request, 'Issue', 'state', DOCS.updateIssue, 'invalid');
    }
    const base = repoKey(owner, repo);
    const now = githubTime();
    const patch: Obj = { updated_at: now };
    for (const key of ['title', 'body', 'state_reason'] as const) if (fields[key] !== undefined) patch[key] = fields[key];
    if (fields.state !== undefined) {
      patch.state = fields.state;
      patch.closed_at = fields.state === 'closed' ? now : null;
    }
    if (Array.isArray(fields.labels)) {
      patch.labels = fields.labels.map((l) => labelObject(world, base, isPlainObject(l) ? String(l.name) : String(l)));
    }
    if (Array.isArray(fields.assignees)) patch.assignees = fields.assignees.map((login) => actorUser(String(login)));
    updateIssueLike(world, base, number, (o) => ({ ...o, ...patch }));
    const after = findIssue(world, owner, repo, number);
    if (after?.title !== before.title || after?.body !== before.body) emit(world, 'issues.edited', after);
    if (after?.state !== before.state) emit(world, after?.state === 'closed' ? 'issues.closed' : 'issues.reopened', after);
    return githubJson(request, after);
  };
}

/** `POST /repos/{o}/{r}/issues/{n}/labels`: adds labels; answers every label of the issue. */
export function addLabels(): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    if (!issue) return notFound(request, DOCS.addLabels);
    const parsed = await request.clone().json().catch(() => undefined);
    const names = Array.isArray(parsed) ? parsed : isPlainObject(parsed) && Array.isArray(parsed.labels) ? parsed.labels : undefined;
    if (!names) return validationFailed(request, 'Label', 'labels', DOCS.addLabels);
    const base = repoKey(owner, repo);
    const current = Array.isArray(issue.labels) ? (issue.labels as Obj[]) : [];
    const labels = [...current];
    for (const raw of names) {
      const name = isPlainObject(raw) ? String(raw.name) : String(raw);
      if (!labels.some((l) => String(l.name).toLowerCase() === name.toLowerCase())) labels.push(labelObject(world, base, name));
    }
    updateIssueLike(world, base, number, (o) => ({ ...o, labels }));
    // One issues.labeled per label the issue did not have.
    const after = findIssue(world, owner, repo, number);
    for (let i = current.length; i < labels.length; i++) emit(world, 'issues.labeled', after);
    return githubJson(request, labels);
  };
}

/** `POST /repos/{o}/{r}/check-runs`: 201 with the new check run (needs `name` and `head_sha`). */
export function createCheckRun(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
    if (!repository) return notFound(request, DOCS.createCheckRun);
    const fields = await body(request, DOCS.createCheckRun);
    if (fields instanceof Response) return fields;
    for (const field of ['name', 'head_sha'] as const) {
      if (typeof fields[field] !== 'string' || fields[field] === '') return validationFailed(request, 'CheckRun', field, DOCS.createCheckRun);
    }
    const user = actorUser(actor);
    const run = newCheckRun(repository, ids(world, 'check_run'), fields, actorApp(actor, user));
    const stored = world.put('github', 'check_run', run);
    emit(world, 'check_run.created', stored);
    return githubJson(request, stored, 201);
  };
}

/** `PATCH /repos/{o}/{r}/check-runs/{id}`: a `conclusion` completes the run. */
export function updateCheckRun(): RouteHandler {
  return async (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    const before = world.get('github', 'check_run', key);
    if (!before) return notFound(request, DOCS.updateCheckRun);
    const fields = await body(request, DOCS.updateCheckRun);
    if (fields instanceof Response) return fields;
    const updated = world.update('github', 'check_run', key, (run) => {
      const next: Obj = { ...run };
      for (const field of ['name', 'details_url', 'external_id', 'started_at', 'status'] as const) if (fields[field] !== undefined) next[field] = fields[field];
      if (isPlainObject(fields.output)) next.output = { ...(isPlainObject(run.output) ? run.output : {}), ...fields.output };
      if (fields.conclusion !== undefined && fields.conclusion !== null) {
        next.conclusion = fields.conclusion;
        next.status = 'completed';
      }
      if (next.status === 'completed') next.completed_at = fields.completed_at ?? run.completed_at ?? githubTime();
      return next;
    });
    if (updated?.status === 'completed' && before.status !== 'completed') emit(world, 'check_run.completed', updated);
    return githubJson(request, updated);
  };
}

/** `POST /repos/{o}/{r}/statuses/{sha}`: 201 with the new commit status. */
export function createStatus(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
    if (!repository) return notFound(request, DOCS.createStatus);
    const fields = await body(request, DOCS.createStatus);
    if (fields instanceof Response) return fields;
    if (!['error', 'failure', 'pending', 'success'].includes(String(fields.state))) {
      return validationFailed(request, 'Status', 'state', DOCS.createStatus, 'custom');
    }
    const now = githubTime();
    const status: Obj = {
      url: `${String(repository.url)}/statuses/${String(params.sha)}`,
      avatar_url: null,
      id: ids(world, 'status'),
      node_id: nodeId('SC'),
      state: fields.state,
      description: fields.description ?? null,
      target_url: fields.target_url ?? null,
      context: fields.context ?? 'default',
      created_at: now,
      updated_at: now,
      creator: actorUser(actor),
      sha: String(params.sha),
    };
    const stored = world.put('github', 'status', status);
    emit(world, 'status', stored);
    return githubJson(request, stored, 201);
  };
}
