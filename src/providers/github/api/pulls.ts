/**
 * Pull requests on the emulated repositories: open one between two pushed branches
 * (`pull_request.opened`), edit, close and reopen it (`edited`, `closed`, `reopened`), merge it
 * (`pull_request.closed` with `merged: true`, then a `push` of the merge commit to the base branch and
 * its check suites), review it (`pull_request_review.submitted`) and comment on its diff
 * (`pull_request_review_comment.created`). Labels, assignees and comments go through the issue
 * routes, as on GitHub (`pull_request.labeled`, `assigned`, …).
 */
import { readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { actingUser } from './access.js';
import { githubError, githubJson, notFound, validationFailed } from './errors.js';
import { emit } from './hooks.js';
import { newSha, repoState, type RepoState } from './installs.js';
import { githubTime, newId, nodeId, reactions } from './objects.js';
import { repositoryObject } from '../repository.js';

const DOCS = {
  create: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
  update: 'https://docs.github.com/rest/pulls/pulls#update-a-pull-request',
  merge: 'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
  review: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
  comment: 'https://docs.github.com/rest/pulls/comments#create-a-review-comment-for-a-pull-request',
} as const;

/** The documentation URL of each pull request write. */
export const PULL_DOCS: Readonly<Record<keyof typeof DOCS, string>> = DOCS;

/** What a merge does to the repository: a push of the merge commit `sha` to the base branch (the emulation's push). */
export type MergePush = (world: World, state: RepoState, branch: string, message: string, sender: Obj, sha: string) => void;

/** The keys the review events' pull request form leaves out (merge state and counts). */
const FULL_ONLY = ['merged', 'mergeable', 'rebaseable', 'mergeable_state', 'merged_by', 'comments', 'review_comments', 'maintainer_can_modify', 'commits', 'additions', 'deletions', 'changed_files'];

/** The pull request as review events carry it. */
function reviewForm(pull: Obj): Obj {
  return Object.fromEntries(Object.entries(pull).filter(([key]) => !FULL_ONLY.includes(key)));
}

function pullRepo(state: RepoState): Obj {
  return repositoryObject(state.repo, state.owner, state.stats, { settings: { squashOnly: false, autoMerge: false, deleteBranchOnMerge: false, updateBranch: false } }) as Obj;
}

function stateOf(world: World, params: Record<string, unknown>): RepoState | undefined {
  return repoState(world, String(params.owner), String(params.repo));
}

function pullKey(state: RepoState, number: number | string): string {
  return `${state.key}/pulls/${String(number)}`;
}

/** The next issue or pull request number of the repository. */
function nextNumber(world: World, state: RepoState): number {
  const prefix = `${state.key}/`;
  const taken = [...world.list('github', 'issue'), ...world.list('github', 'pull_request')].filter((o) => typeof o.url === 'string' && new URL(o.url).pathname.toLowerCase().startsWith(prefix)).map((o) => Number(o.number));
  return Math.max(0, ...taken) + 1;
}

function emitPull(world: World, state: RepoState, type: string, pull: Obj, sender: Obj, extra: Obj = {}): void {
  emit(world, type, world.get('github', 'repository', state.key), { number: pull.number, ...extra, pull_request: pull }, sender);
}

/** `POST /repos/{o}/{r}/pulls`: 201 with the pull request from `head` into `base` (both pushed branches). */
export function createPull(actor: string): RouteHandler {
  return async (request, params, world) => {
    const state = stateOf(world, params);
    if (!state) return notFound(request, DOCS.create);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.create);
    for (const field of ['title', 'head', 'base'] as const) if (typeof fields[field] !== 'string' || fields[field] === '') return validationFailed(request, 'PullRequest', field, DOCS.create);
    const head = String(fields.head).replace(/^[^:]+:/, '');
    const base = String(fields.base);
    if (state.branches[head] === undefined) return validationFailed(request, 'PullRequest', 'head', DOCS.create, 'invalid');
    if (state.branches[base] === undefined) return validationFailed(request, 'PullRequest', 'base', DOCS.create, 'invalid');
    if (head === base) return githubError(request, 422, 'Validation Failed', DOCS.create, { errors: [{ resource: 'PullRequest', code: 'custom', message: `No commits between ${base} and ${head}` }] });
    const number = nextNumber(world, state);
    const sender = actingUser(request, world, actor);
    const id = newId(world, 'pull_request', 2_000_000_000);
    const at = githubTime(new Date(world.now()));
    const { repo, owner } = state;
    const web = `${repo.html}/pull/${number}`;
    const api = `${repo.api}/pulls/${number}`;
    const issue = `${repo.api}/issues/${number}`;
    const headSha = state.branches[head]!;
    const repository = pullRepo(state);
    const pull: Obj = {
      url: api,
      id,
      node_id: nodeId('PR', world),
      html_url: web,
      diff_url: `${web}.diff`,
      patch_url: `${web}.patch`,
      issue_url: issue,
      number,
      state: 'open',
      locked: false,
      title: fields.title,
      user: sender,
      body: typeof fields.body === 'string' ? fields.body : null,
      created_at: at,
      updated_at: at,
      closed_at: null,
      merged_at: null,
      merge_commit_sha: null,
      assignee: null,
      assignees: [],
      requested_reviewers: [],
      requested_teams: [],
      labels: [],
      milestone: null,
      draft: fields.draft === true,
      commits_url: `${api}/commits`,
      review_comments_url: `${api}/comments`,
      review_comment_url: `${repo.api}/pulls/comments{/number}`,
      comments_url: `${issue}/comments`,
      statuses_url: `${repo.api}/statuses/${headSha}`,
      head: { label: `${owner.login}:${head}`, ref: head, sha: headSha, user: owner.user, repo: repository },
      base: { label: `${owner.login}:${base}`, ref: base, sha: state.branches[base]!, user: owner.user, repo: repository },
      _links: {
        self: { href: api },
        html: { href: web },
        issue: { href: issue },
        comments: { href: `${issue}/comments` },
        review_comments: { href: `${api}/comments` },
        review_comment: { href: `${repo.api}/pulls/comments{/number}` },
        commits: { href: `${api}/commits` },
        statuses: { href: `${repo.api}/statuses/${headSha}` },
      },
      author_association: 'NONE',
      auto_merge: null,
      active_lock_reason: null,
      merged: false,
      mergeable: null,
      rebaseable: null,
      mergeable_state: 'unknown',
      merged_by: null,
      comments: 0,
      review_comments: 0,
      maintainer_can_modify: false,
      commits: 1,
      additions: 0,
      deletions: 0,
      changed_files: 0,
    };
    world.put('github', 'pull_request', pull);
    emitPull(world, state, 'pull_request.opened', pull, sender);
    return githubJson(request, pull, 201);
  };
}

/** `PATCH /repos/{o}/{r}/pulls/{n}`: title, body, state (`edited`, `closed` unmerged, `reopened`). */
export function updatePull(actor: string): RouteHandler {
  return async (request, params, world) => {
    const state = stateOf(world, params);
    const before = state ? world.get('github', 'pull_request', pullKey(state, String(params.pull_number))) : undefined;
    if (!state || !before) return notFound(request, DOCS.update);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.update);
    if (fields.state !== undefined && fields.state !== 'open' && fields.state !== 'closed') return validationFailed(request, 'PullRequest', 'state', DOCS.update, 'invalid');
    if (before.merged === true && fields.state === 'open') return validationFailed(request, 'PullRequest', 'state', DOCS.update, 'invalid');
    const at = githubTime(new Date(world.now()));
    const after = world.update('github', 'pull_request', pullKey(state, String(params.pull_number)), (p) => ({
      ...p,
      ...(typeof fields.title === 'string' ? { title: fields.title } : {}),
      ...(fields.body !== undefined ? { body: fields.body } : {}),
      ...(fields.state !== undefined && fields.state !== p.state ? { state: fields.state, closed_at: fields.state === 'closed' ? at : null } : {}),
      updated_at: at,
    }))!;
    const sender = actingUser(request, world, actor);
    const changes: Obj = {};
    if (after.title !== before.title) changes.title = { from: before.title };
    // The schema types `from` as a string: a body that was null was empty.
    if (after.body !== before.body) changes.body = { from: before.body ?? '' };
    if (Object.keys(changes).length > 0) emitPull(world, state, 'pull_request.edited', after, sender, { changes });
    if (after.state !== before.state) emitPull(world, state, after.state === 'closed' ? 'pull_request.closed' : 'pull_request.reopened', after, sender);
    return githubJson(request, after);
  };
}

/**
 * `PUT /repos/{o}/{r}/pulls/{n}/merge`: `pull_request.closed` with `merged: true`, then the merge
 * commit's `push` to the base branch. 405 when it is not open.
 */
export function mergePull(actor: string, pushMerge: MergePush): RouteHandler {
  return async (request, params, world) => {
    const state = stateOf(world, params);
    const key = state ? pullKey(state, String(params.pull_number)) : '';
    const pull = state ? world.get('github', 'pull_request', key) : undefined;
    if (!state || !pull) return notFound(request, DOCS.merge);
    if (pull.state !== 'open') return githubError(request, 405, 'Pull Request is not mergeable', DOCS.merge);
    const fields = (await readJsonObject(request)) ?? {};
    if (fields.merge_method !== undefined && !['merge', 'squash', 'rebase'].includes(String(fields.merge_method))) return validationFailed(request, 'PullRequest', 'merge_method', DOCS.merge, 'invalid');
    const sender = actingUser(request, world, actor);
    const base = String((pull.base as Obj).ref);
    const title = typeof fields.commit_title === 'string' ? fields.commit_title : `Merge pull request #${String(pull.number)} from ${String((pull.head as Obj).label).replace(':', '/')}`;
    // The merge commit is pushed after the pull request closes, as GitHub delivers them.
    const sha = newSha(world);
    const at = githubTime(new Date(world.now()));
    const merged = world.update('github', 'pull_request', key, (p) => ({ ...p, state: 'closed', closed_at: at, merged_at: at, updated_at: at, merged: true, merged_by: sender, merge_commit_sha: sha, mergeable: null, rebaseable: null, mergeable_state: 'unknown' }))!;
    emitPull(world, state, 'pull_request.closed', merged, sender);
    pushMerge(world, state, base, title, sender, sha);
    return githubJson(request, { sha: merged.merge_commit_sha, merged: true, message: 'Pull Request successfully merged' });
  };
}

/** `POST /repos/{o}/{r}/pulls/{n}/reviews`: a submitted review (`APPROVE`, `REQUEST_CHANGES`, `COMMENT`). */
export function createReview(actor: string): RouteHandler {
  return async (request, params, world) => {
    const state = stateOf(world, params);
    const pull = state ? world.get('github', 'pull_request', pullKey(state, String(params.pull_number))) : undefined;
    if (!state || !pull) return notFound(request, DOCS.review);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.review);
    const events: Readonly<Record<string, string>> = { APPROVE: 'approved', REQUEST_CHANGES: 'changes_requested', COMMENT: 'commented' };
    const reviewState = events[String(fields.event ?? 'COMMENT')];
    if (!reviewState) return validationFailed(request, 'PullRequestReview', 'event', DOCS.review, 'invalid');
    if (reviewState !== 'approved' && (typeof fields.body !== 'string' || fields.body === '')) return githubError(request, 422, 'Unprocessable Entity', DOCS.review, { errors: ['Body is required for this event'] });
    const sender = actingUser(request, world, actor);
    const id = newId(world, 'review', 2_500_000_000);
    const web = `${state.repo.html}/pull/${String(pull.number)}`;
    const review: Obj = {
      id,
      node_id: nodeId('PRR', world),
      user: sender,
      body: typeof fields.body === 'string' ? fields.body : null,
      commit_id: (pull.head as Obj).sha,
      submitted_at: githubTime(new Date(world.now())),
      state: reviewState,
      html_url: `${web}#pullrequestreview-${id}`,
      pull_request_url: pull.url,
      author_association: 'NONE',
      _links: { html: { href: `${web}#pullrequestreview-${id}` }, pull_request: { href: pull.url } },
    };
    world.put('github', 'review', review);
    emit(world, 'pull_request_review.submitted', world.get('github', 'repository', state.key), { review, pull_request: reviewForm(pull) }, sender);
    return githubJson(request, review);
  };
}

/** `POST /repos/{o}/{r}/pulls/{n}/comments`: a review comment on a line of the head commit. */
export function createReviewComment(actor: string): RouteHandler {
  return async (request, params, world) => {
    const state = stateOf(world, params);
    const key = state ? pullKey(state, String(params.pull_number)) : '';
    const pull = state ? world.get('github', 'pull_request', key) : undefined;
    if (!state || !pull) return notFound(request, DOCS.comment);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.comment);
    for (const field of ['body', 'path'] as const) if (typeof fields[field] !== 'string' || fields[field] === '') return validationFailed(request, 'PullRequestReviewComment', field, DOCS.comment);
    const line = Number.isInteger(fields.line) ? (fields.line as number) : 1;
    const sender = actingUser(request, world, actor);
    const id = newId(world, 'review_comment', 1_500_000_000);
    const api = `${state.repo.api}/pulls/comments/${id}`;
    const web = `${state.repo.html}/pull/${String(pull.number)}#discussion_r${id}`;
    const at = githubTime(new Date(world.now()));
    const sha = typeof fields.commit_id === 'string' ? fields.commit_id : String((pull.head as Obj).sha);
    const comment: Obj = {
      url: api,
      pull_request_review_id: newId(world, 'review', 2_500_000_000),
      id,
      node_id: nodeId('PRRC', world),
      diff_hunk: `@@ -${line},1 +${line},1 @@`,
      path: fields.path,
      commit_id: sha,
      original_commit_id: sha,
      user: sender,
      body: fields.body,
      created_at: at,
      updated_at: at,
      html_url: web,
      pull_request_url: pull.url,
      author_association: 'NONE',
      _links: { self: { href: api }, html: { href: web }, pull_request: { href: pull.url } },
      reactions: reactions(api),
      start_line: null,
      original_start_line: null,
      start_side: null,
      line,
      original_line: line,
      side: fields.side === 'LEFT' ? 'LEFT' : 'RIGHT',
      original_position: 1,
      position: 1,
      subject_type: 'line',
    };
    world.put('github', 'review_comment', comment);
    const updated = world.update('github', 'pull_request', key, (p) => ({ ...p, review_comments: Number(p.review_comments ?? 0) + 1 }))!;
    emit(world, 'pull_request_review_comment.created', world.get('github', 'repository', state.key), { comment, pull_request: reviewForm(updated) }, sender);
    return githubJson(request, comment, 201);
  };
}

/** After a push to `branch`: each open pull request with that head moves to `after` (`pull_request.synchronize`). */
export function synchronizePulls(world: World, state: RepoState, branch: string, before: string, after: string, sender: Obj): void {
  for (const pull of world.list('github', 'pull_request')) {
    const head = pull.head as Obj;
    if (pull.state !== 'open' || head.ref !== branch || !String(pull.url).toLowerCase().includes(`${state.key}/pulls/`)) continue;
    const at = githubTime(new Date(world.now()));
    const moved = world.update('github', 'pull_request', `${state.key}/pulls/${String(pull.number)}`, (p) => ({
      ...p,
      head: { ...(p.head as Obj), sha: after },
      statuses_url: `${state.repo.api}/statuses/${after}`,
      _links: { ...(p._links as Obj), statuses: { href: `${state.repo.api}/statuses/${after}` } },
      commits: Number(p.commits ?? 1) + 1,
      updated_at: at,
    }))!;
    emitPull(world, state, 'pull_request.synchronize', moved, sender, { before, after });
  }
}
