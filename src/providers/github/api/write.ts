/**
 * GitHub writes that change later reads, each appending the webhook GitHub sends for it: issues
 * (create, update, close, reopen, lock, labels, assignees), issue comments (create, update, delete),
 * labels and commit statuses. All need a token. Check runs are checks.ts's.
 */
import { isPlainObject } from '../../../core/index.js';
import { readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { actingUser } from './access.js';
import { githubError, githubJson, noContent, notFound, validationFailed } from './errors.js';
import { commitInfo } from './checks.js';
import { emit } from './hooks.js';
import { actorUser, githubTime, newId, newIssueComment, nodeId, reactions } from './objects.js';
import { pathKey, repoKey } from './paths.js';
import { findIssue } from './read.js';

const DOCS = {
  createComment: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
  updateComment: 'https://docs.github.com/rest/issues/comments#update-an-issue-comment',
  updateIssue: 'https://docs.github.com/rest/issues/issues#update-an-issue',
  addLabels: 'https://docs.github.com/rest/issues/labels#add-labels-to-an-issue',
  createStatus: 'https://docs.github.com/rest/commits/statuses#create-a-commit-status',
  createIssue: 'https://docs.github.com/rest/issues/issues#create-an-issue',
  lock: 'https://docs.github.com/rest/issues/issues#lock-an-issue',
  removeLabel: 'https://docs.github.com/rest/issues/labels#remove-a-label-from-an-issue',
  assignees: 'https://docs.github.com/rest/issues/assignees#add-assignees-to-an-issue',
  createLabel: 'https://docs.github.com/rest/issues/labels#create-a-label',
} as const;

/** The documentation URL of each write, for its 401 and 422 answers. */
export const WRITE_DOCS: Readonly<Record<keyof typeof DOCS, string>> = DOCS;

function ids(world: World, kind: string): number {
  return newId(world, kind, 1_000_000_000);
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

/** The issue a comment is on, as stored now. */
function issueOfComment(world: World, params: Record<string, unknown>, comment: Obj): Obj | undefined {
  const number = /\/issues\/(\d+)$/.exec(String(comment.issue_url))?.[1];
  return number ? findIssue(world, String(params.owner), String(params.repo), number) : undefined;
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
    const sender = actingUser(request, world, actor);
    const comment = newIssueComment(issue, ids(world, 'issue_comment'), fields.body, sender, githubTime(new Date(world.now())), world);
    world.put('github', 'issue_comment', comment);
    updateIssueLike(world, repoKey(owner, repo), number, (o) => ({ ...o, comments: Number(o.comments ?? 0) + 1, updated_at: comment.created_at }));
    emit(world, 'issue_comment.created', repositoryAt(world, params), { issue: findIssue(world, owner, repo, number), comment }, sender);
    return githubJson(request, comment, 201);
  };
}

/** `PATCH /repos/{o}/{r}/issues/comments/{id}`. */
export function updateIssueComment(actor: string): RouteHandler {
  return async (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    if (!world.get('github', 'issue_comment', key)) return notFound(request, DOCS.updateComment);
    const fields = await body(request, DOCS.updateComment);
    if (fields instanceof Response) return fields;
    if (typeof fields.body !== 'string') return validationFailed(request, 'IssueComment', 'body', DOCS.updateComment);
    const text = fields.body;
    const before = world.get('github', 'issue_comment', key)!;
    const updated = world.update('github', 'issue_comment', key, (c) => ({ ...c, body: text, updated_at: githubTime(new Date(world.now())) }))!;
    const issue = issueOfComment(world, params, updated);
    if (issue) emit(world, 'issue_comment.edited', repositoryAt(world, params), { changes: { body: { from: before.body } }, issue, comment: updated }, actingUser(request, world, actor));
    return githubJson(request, updated);
  };
}

/** `DELETE /repos/{o}/{r}/issues/comments/{id}`: 204; the issue's `comments` goes down. */
export function deleteIssueComment(actor: string): RouteHandler {
  return (request, params, world) => {
    const key = pathKey(new URL(request.url).pathname);
    const comment = world.get('github', 'issue_comment', key);
    if (!comment) return notFound(request);
    world.delete('github', 'issue_comment', key);
    const number = /\/issues\/(\d+)$/.exec(String(comment.issue_url))?.[1];
    if (number) updateIssueLike(world, repoKey(String(params.owner), String(params.repo)), number, (o) => ({ ...o, comments: Math.max(0, Number(o.comments ?? 0) - 1) }));
    const issue = issueOfComment(world, params, comment);
    if (issue) emit(world, 'issue_comment.deleted', repositoryAt(world, params), { issue, comment }, actingUser(request, world, actor));
    return noContent(request);
  };
}

/** The repository object at `/repos/{owner}/{repo}`. */
function repositoryAt(world: World, params: Record<string, unknown>): Obj | undefined {
  return world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
}

/** Appends `issues.<action>` (or `pull_request.<action>` for a pull request's issue view) with the object as stored. */
function emitIssue(world: World, request: Request, actor: string, params: Record<string, unknown>, action: string, issue: Obj, extra: Obj = {}): void {
  const base = repoKey(String(params.owner), String(params.repo));
  if (isPlainObject(issue.pull_request)) {
    const pull = world.get('github', 'pull_request', `${base}/pulls/${String(issue.number)}`);
    if (pull) emit(world, `pull_request.${action}`, repositoryAt(world, params), { number: pull.number, pull_request: pull, ...extra }, actingUser(request, world, actor));
    return;
  }
  emit(world, `issues.${action}`, repositoryAt(world, params), { issue, ...extra }, actingUser(request, world, actor));
}

function labelObject(world: World, base: string, name: string, options: { color?: string | undefined; description?: string | null } = {}): Obj {
  const key = `${base}/labels/${name.toLowerCase()}`;
  return (
    world.get('github', 'label', key) ??
    world.put('github', 'label', {
      id: ids(world, 'label'),
      node_id: nodeId('LA', world),
      url: `https://api.github.com${base}/labels/${encodeURIComponent(name)}`,
      name,
      color: options.color ?? 'ededed',
      default: false,
      description: options.description ?? null,
    })
  );
}

/** `PATCH /repos/{o}/{r}/issues/{n}`: title, body, state, state_reason, labels, assignees. */
export function updateIssue(actor: string): RouteHandler {
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
    const now = githubTime(new Date(world.now()));
    const patch: Obj = { updated_at: now };
    for (const key of ['title', 'body'] as const) if (fields[key] !== undefined) patch[key] = fields[key];
    if (fields.state !== undefined && fields.state !== before.state) {
      patch.state = fields.state;
      patch.closed_at = fields.state === 'closed' ? now : null;
      patch.state_reason = fields.state === 'closed' ? (fields.state_reason ?? 'completed') : 'reopened';
    }
    if (Array.isArray(fields.labels)) {
      patch.labels = fields.labels.map((l) => labelObject(world, base, isPlainObject(l) ? String(l.name) : String(l)));
    }
    if (Array.isArray(fields.assignees)) {
      patch.assignees = fields.assignees.map((login) => actorUser(String(login)));
      patch.assignee = (patch.assignees as Obj[])[0] ?? null;
    }
    updateIssueLike(world, base, number, (o) => ({ ...o, ...patch }));
    const after = findIssue(world, owner, repo, number)!;
    const changes: Obj = {};
    if (after.title !== before.title) changes.title = { from: before.title };
    // The schema types `from` as a string: a body that was null was empty.
    if (after.body !== before.body) changes.body = { from: before.body ?? '' };
    if (Object.keys(changes).length > 0) emitIssue(world, request, actor, params, 'edited', after, { changes });
    labelChanges(world, request, actor, params, before, after);
    assigneeChanges(world, request, actor, params, before, after);
    if (after.state !== before.state) emitIssue(world, request, actor, params, after.state === 'closed' ? 'closed' : 'reopened', after);
    return githubJson(request, after);
  };
}

/** One `labeled` per label added and one `unlabeled` per label removed, with the label. */
function labelChanges(world: World, request: Request, actor: string, params: Record<string, unknown>, before: Obj, after: Obj): void {
  const list = (issue: Obj): Obj[] => (Array.isArray(issue.labels) ? (issue.labels as Obj[]) : []);
  const had = list(before).map((l) => String(l.name));
  const has = list(after).map((l) => String(l.name));
  for (const label of list(after)) if (!had.includes(String(label.name))) emitIssue(world, request, actor, params, 'labeled', after, { label });
  for (const label of list(before)) if (!has.includes(String(label.name))) emitIssue(world, request, actor, params, 'unlabeled', after, { label });
}

/** One `assigned` per assignee added and one `unassigned` per assignee removed, with the assignee. */
function assigneeChanges(world: World, request: Request, actor: string, params: Record<string, unknown>, before: Obj, after: Obj): void {
  const list = (issue: Obj): Obj[] => (Array.isArray(issue.assignees) ? (issue.assignees as Obj[]) : []);
  const had = list(before).map((a) => String(a.login));
  const has = list(after).map((a) => String(a.login));
  for (const assignee of list(after)) if (!had.includes(String(assignee.login))) emitIssue(world, request, actor, params, 'assigned', after, { assignee });
  for (const assignee of list(before)) if (!has.includes(String(assignee.login))) emitIssue(world, request, actor, params, 'unassigned', after, { assignee });
}

/** Names from a labels body: `["bug"]`, `{ labels: ["bug"] }` or `{ labels: [{ name: "bug" }] }`. */
async function labelNames(request: Request): Promise<string[] | undefined> {
  const parsed: unknown = await request.clone().json().catch(() => undefined);
  const names = Array.isArray(parsed) ? parsed : isPlainObject(parsed) && Array.isArray(parsed.labels) ? parsed.labels : undefined;
  return names?.map((raw: unknown) => (isPlainObject(raw) ? String(raw.name) : String(raw)));
}

/** `POST /repos/{o}/{r}/issues/{n}/labels`: adds labels; answers every label of the issue. */
export function addLabels(actor: string): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    if (!issue) return notFound(request, DOCS.addLabels);
    const names = await labelNames(request);
    if (!names) return validationFailed(request, 'Label', 'labels', DOCS.addLabels);
    const base = repoKey(owner, repo);
    const labels = [...((issue.labels as Obj[] | undefined) ?? [])];
    for (const name of names) if (!labels.some((l) => String(l.name).toLowerCase() === name.toLowerCase())) labels.push(labelObject(world, base, name));
    updateIssueLike(world, base, number, (o) => ({ ...o, labels, updated_at: githubTime(new Date(world.now())) }));
    labelChanges(world, request, actor, params, issue, findIssue(world, owner, repo, number)!);
    return githubJson(request, labels);
  };
}

/** `DELETE /repos/{o}/{r}/issues/{n}/labels/{name}`: answers the labels left; 404 when the issue lacks it. */
export function removeLabel(actor: string): RouteHandler {
  return (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    const name = String(params.name).toLowerCase();
    const labels = (issue?.labels as Obj[] | undefined) ?? [];
    if (!issue || !labels.some((l) => String(l.name).toLowerCase() === name)) return githubError(request, 404, 'Label does not exist', DOCS.removeLabel);
    const left = labels.filter((l) => String(l.name).toLowerCase() !== name);
    updateIssueLike(world, repoKey(owner, repo), number, (o) => ({ ...o, labels: left, updated_at: githubTime(new Date(world.now())) }));
    labelChanges(world, request, actor, params, issue, findIssue(world, owner, repo, number)!);
    return githubJson(request, left);
  };
}

/** `POST` / `DELETE /repos/{o}/{r}/issues/{n}/assignees`: adds or removes `assignees`; answers the issue. */
export function changeAssignees(actor: string, add: boolean): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    if (!issue) return notFound(request, DOCS.assignees);
    const fields = await body(request, DOCS.assignees);
    if (fields instanceof Response) return fields;
    if (!Array.isArray(fields.assignees)) return validationFailed(request, 'Issue', 'assignees', DOCS.assignees);
    const named = fields.assignees.map((login) => String(login));
    const current = (issue.assignees as Obj[] | undefined) ?? [];
    const assignees = add
      ? [...current, ...named.filter((login) => !current.some((a) => a.login === login)).map((login) => actorUser(login))]
      : current.filter((a) => !named.includes(String(a.login)));
    updateIssueLike(world, repoKey(owner, repo), number, (o) => ({ ...o, assignees, assignee: assignees[0] ?? null, updated_at: githubTime(new Date(world.now())) }));
    const after = findIssue(world, owner, repo, number)!;
    assigneeChanges(world, request, actor, params, issue, after);
    return githubJson(request, after, add ? 201 : 200);
  };
}

/** `PUT` / `DELETE /repos/{o}/{r}/issues/{n}/lock`: 204; `issues.locked` / `unlocked`. */
export function lockIssue(actor: string, lock: boolean): RouteHandler {
  return async (request, params, world) => {
    const owner = String(params.owner);
    const repo = String(params.repo);
    const number = String(params.issue_number);
    const issue = findIssue(world, owner, repo, number);
    if (!issue) return notFound(request, DOCS.lock);
    const fields: unknown = lock ? await request.clone().json().catch(() => ({})) : {};
    const reason = isPlainObject(fields) && typeof fields.lock_reason === 'string' ? fields.lock_reason : null;
    if (reason !== null && !['off-topic', 'too heated', 'resolved', 'spam'].includes(reason)) return validationFailed(request, 'Issue', 'lock_reason', DOCS.lock, 'invalid');
    if (Boolean(issue.locked) === lock) return noContent(request);
    updateIssueLike(world, repoKey(owner, repo), number, (o) => ({ ...o, locked: lock, active_lock_reason: lock ? reason : null, updated_at: githubTime(new Date(world.now())) }));
    emitIssue(world, request, actor, params, lock ? 'locked' : 'unlocked', findIssue(world, owner, repo, number)!);
    return noContent(request);
  };
}

/** `POST /repos/{o}/{r}/issues`: 201 with the new issue, numbered after the repository's last issue or pull request. */
export function createIssue(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.createIssue);
    const fields = await body(request, DOCS.createIssue);
    if (fields instanceof Response) return fields;
    if (typeof fields.title !== 'string' || fields.title === '') return validationFailed(request, 'Issue', 'title', DOCS.createIssue);
    const base = repoKey(String(params.owner), String(params.repo));
    const number = nextNumber(world, base);
    const sender = actingUser(request, world, actor);
    const api = `${String(repository.url)}/issues/${number}`;
    const id = ids(world, 'issue');
    const now = githubTime(new Date(world.now()));
    const labels = Array.isArray(fields.labels) ? fields.labels.map((l) => labelObject(world, base, isPlainObject(l) ? String(l.name) : String(l))) : [];
    const assignees = Array.isArray(fields.assignees) ? fields.assignees.map((login) => actorUser(String(login))) : [];
    const issue: Obj = {
      url: api,
      repository_url: repository.url,
      labels_url: `${api}/labels{/name}`,
      comments_url: `${api}/comments`,
      events_url: `${api}/events`,
      html_url: `${String(repository.html_url)}/issues/${number}`,
      id,
      node_id: nodeId('I', world),
      number,
      title: fields.title,
      user: sender,
      labels,
      state: 'open',
      locked: false,
      assignee: assignees[0] ?? null,
      assignees,
      milestone: null,
      comments: 0,
      created_at: now,
      updated_at: now,
      closed_at: null,
      author_association: 'NONE',
      type: null,
      active_lock_reason: null,
      sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
      body: typeof fields.body === 'string' ? fields.body : null,
      reactions: reactions(api),
      timeline_url: `${api}/timeline`,
      performed_via_github_app: null,
      state_reason: null,
    };
    world.put('github', 'issue', issue);
    emit(world, 'issues.opened', repository, { issue }, sender);
    return githubJson(request, issue, 201);
  };
}

/** The next issue number of the repository at `base`: after every issue and pull request it holds. */
function nextNumber(world: World, base: string): number {
  const taken = [...world.list('github', 'issue'), ...world.list('github', 'pull_request')]
    .filter((o) => typeof o.url === 'string' && pathKey(o.url).startsWith(`${base}/`))
    .map((o) => Number(o.number));
  return Math.max(0, ...taken) + 1;
}

/** `POST /repos/{o}/{r}/labels`: 201 with the label; `label.created`. */
export function createLabel(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.createLabel);
    const fields = await body(request, DOCS.createLabel);
    if (fields instanceof Response) return fields;
    if (typeof fields.name !== 'string' || fields.name === '') return validationFailed(request, 'Label', 'name', DOCS.createLabel);
    const base = repoKey(String(params.owner), String(params.repo));
    if (world.get('github', 'label', `${base}/labels/${fields.name.toLowerCase()}`)) return validationFailed(request, 'Label', 'name', DOCS.createLabel, 'already_exists');
    const label = labelObject(world, base, fields.name, { color: typeof fields.color === 'string' ? fields.color : undefined, description: typeof fields.description === 'string' ? fields.description : null });
    emit(world, 'label.created', repository, { label }, actingUser(request, world, actor));
    return githubJson(request, label, 201);
  };
}

/** The commit a `status` event describes, from what the push recorded of it. */
function statusCommit(world: World, repository: Obj, sha: string, user: Obj): Obj {
  const api = String(repository.url);
  const html = String(repository.html_url);
  const info = commitInfo(world, pathKey(api), sha);
  const person = { name: info?.author.name ?? String(user.login), email: info?.author.email ?? `${String(user.id)}+${String(user.login)}@users.noreply.github.com`, date: info?.timestamp ?? githubTime(new Date(world.now())) };
  const parent = info?.before && !/^0+$/.test(info.before) ? [{ sha: info.before, url: `${api}/commits/${info.before}`, html_url: `${html}/commit/${info.before}` }] : [];
  return {
    sha,
    node_id: nodeId('C', world),
    commit: {
      author: person,
      committer: person,
      message: info?.message ?? '',
      tree: { sha: info?.treeSha ?? sha, url: `${api}/git/trees/${info?.treeSha ?? sha}` },
      url: `${api}/git/commits/${sha}`,
      comment_count: 0,
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    },
    url: `${api}/commits/${sha}`,
    html_url: `${html}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    author: user,
    committer: user,
    parents: parent,
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
      node_id: nodeId('SC', world),
      state: fields.state,
      description: fields.description ?? null,
      target_url: fields.target_url ?? null,
      context: fields.context ?? 'default',
      created_at: now,
      updated_at: now,
      creator: actingUser(request, world, actor),
      sha: String(params.sha),
    };
    const stored = world.put('github', 'status', status);
    const { url: _url, node_id: _node, creator, ...reported } = stored;
    emit(world, 'status', repository, { ...reported, name: repository.full_name, commit: statusCommit(world, repository, String(params.sha), creator as Obj), branches: [] }, creator as Obj);
    return githubJson(request, stored, 201);
  };
}
