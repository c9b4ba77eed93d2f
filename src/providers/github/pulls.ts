/** Pull requests, their reviews and review comments. */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { drawText, sentences } from '../shared/text.js';
import { capitalize, label, pullRepository, reactions, sourcePath } from './objects.js';
import { nodeId } from './node-ids.js';
import { DAY, HOUR, type Account, type Scene } from './scene.js';

/** What a pull request event needs to know about the pull request beside its object. */
export interface Pull {
  readonly number: number;
  readonly headSha: string;
  /** The head before the last push. */
  readonly previousSha: string;
  /** `pull_request` in the requested form. */
  readonly object: JsonObject;
}

export interface PullOptions {
  /** `closed` pull requests are merged or not at random. */
  readonly state?: 'open' | 'closed';
  readonly draft?: boolean;
  /** The pull request is created this many seconds before the delivery (default: hours to days). */
  readonly createdAgo?: number;
  readonly labels?: readonly JsonObject[];
  readonly requestedReviewers?: readonly Account[];
  /** Who opened it (default: the sender). */
  readonly author?: Account;
  /** `review`: the form review and review-comment events carry, without merge state and counts. */
  readonly form?: 'event' | 'review';
}

const BRANCH_PREFIXES = ['feat', 'fix', 'chore', 'docs', 'refactor'];

export function pullRequest(scene: Scene, options: PullOptions = {}): Pull {
  const { repo, owner } = scene;
  const author = options.author ?? scene.sender;
  const number = scene.int(1, repo.openIssues + 400);
  const id = scene.int(1_000_000_000, 2_600_000_000);
  const headRef = `${scene.pick(BRANCH_PREFIXES)}/${scene.faker.git.branch()}`;
  const createdAgo = options.createdAgo ?? scene.int(HOUR, 12 * DAY);
  const commitCount = scene.int(1, 6);
  const previousSha = scene.sha();
  const headSha = scene.sha();
  const baseSha = scene.sha();
  const state = options.state ?? 'open';
  const merged = state === 'closed' && scene.chance(0.7);
  const closedAgo = state === 'closed' ? scene.int(1, 3) : undefined;
  const draft = options.draft ?? false;
  const title = commitCount === 1 ? capitalize(scene.faker.git.commitMessage()) : `${scene.pick(BRANCH_PREFIXES)}: ${scene.faker.git.commitMessage()}`;
  const body = scene.chance(0.8) ? `## Summary\n\n${sentences(scene.faker, 2)}\n\n## Testing\n\n- [x] ${capitalize(scene.faker.git.commitMessage())}` : null;
  const additions = scene.int(1, 600);
  const deletions = scene.int(0, 300);
  const base = pullRepository(scene);
  const web = `${repo.html}/pull/${number}`;
  const api = `${repo.api}/pulls/${number}`;
  const issue = `${repo.api}/issues/${number}`;
  const requestedReviewers = options.requestedReviewers ?? [];
  const updatedAgo = closedAgo ?? scene.int(1, 3);

  const head = { label: `${owner.login}:${headRef}`, ref: headRef, sha: headSha, user: owner.user, repo: base };
  const baseRef = { label: `${owner.login}:${repo.defaultBranch}`, ref: repo.defaultBranch, sha: baseSha, user: owner.user, repo: base };
  const full = options.form !== 'review';
  const fresh = state === 'open' && createdAgo < 5;
  // One literal for both forms: the review form leaves the merge state and counts undefined, which
  // JSON.stringify omits (copying and growing a 60-key object is far slower in V8).
  const fields: Record<string, JsonValue | undefined> = {
    url: api,
    id,
    node_id: nodeId('PR', [repo.id, id]),
    html_url: web,
    diff_url: `${web}.diff`,
    patch_url: `${web}.patch`,
    issue_url: issue,
    number,
    state,
    locked: false,
    title,
    user: author.user,
    body,
    created_at: scene.ago(createdAgo),
    updated_at: scene.ago(Math.min(createdAgo, updatedAgo)),
    closed_at: closedAgo === undefined ? null : scene.ago(closedAgo),
    merged_at: merged ? scene.ago(closedAgo!) : null,
    merge_commit_sha: fresh ? null : scene.sha(),
    assignee: null,
    assignees: [],
    requested_reviewers: requestedReviewers.map((r) => r.user),
    requested_teams: [],
    labels: [...(options.labels ?? [])],
    milestone: null,
    draft,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${repo.api}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${repo.api}/statuses/${headSha}`,
    head,
    base: baseRef,
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
    author_association: author === scene.sender ? scene.association : association(scene, author),
    auto_merge: null,
    active_lock_reason: null,
    merged: full ? merged : undefined,
    mergeable: full ? (merged || fresh ? null : true) : undefined,
    rebaseable: full ? (merged || fresh ? null : true) : undefined,
    mergeable_state: full ? (merged || fresh ? 'unknown' : draft ? 'draft' : 'clean') : undefined,
    merged_by: full ? (merged ? scene.sender.user : null) : undefined,
    comments: full ? scene.int(0, 6) : undefined,
    review_comments: full ? scene.int(0, 8) : undefined,
    maintainer_can_modify: full ? false : undefined,
    commits: full ? commitCount : undefined,
    additions: full ? additions : undefined,
    deletions: full ? deletions : undefined,
    changed_files: full ? Math.max(1, Math.min(additions + deletions, scene.int(1, 25))) : undefined,
  };
  return { number, headSha, previousSha, object: fields as JsonObject };
}

/** Labels drawn for an event (`pull_request.labeled` adds the last one). */
export function labels(scene: Scene, count: number): JsonObject[] {
  const out: JsonObject[] = [];
  const seen = new Set<string>();
  while (out.length < count) {
    const next = label(scene);
    if (seen.has(next.name as string)) continue;
    seen.add(next.name as string);
    out.push(next);
  }
  return out;
}

/** A review submitted on `pull` by the sender. */
export function review(scene: Scene, pull: Pull): JsonObject {
  const id = scene.int(1_500_000_000, 3_000_000_000);
  const state = scene.pick(['approved', 'approved', 'commented', 'changes_requested']);
  const web = `${scene.repo.html}/pull/${pull.number}`;
  const body = state === 'approved' && scene.chance(0.5) ? null : drawText('sentence', scene.faker);
  return {
    id,
    node_id: nodeId('PRR', [scene.repo.id, id]),
    user: scene.sender.user,
    body,
    commit_id: pull.headSha,
    submitted_at: scene.ago(1),
    state,
    html_url: `${web}#pullrequestreview-${id}`,
    pull_request_url: `${scene.repo.api}/pulls/${pull.number}`,
    author_association: scene.association,
    _links: {
      html: { href: `${web}#pullrequestreview-${id}` },
      pull_request: { href: `${scene.repo.api}/pulls/${pull.number}` },
    },
  };
}

/** A single-line review comment on the pull request's head commit. */
export function reviewComment(scene: Scene, pull: Pull): JsonObject {
  const id = scene.int(1_200_000_000, 2_200_000_000);
  const reviewId = scene.int(1_500_000_000, 3_000_000_000);
  const path = sourcePath(scene);
  const line = scene.int(3, 240);
  const api = `${scene.repo.api}/pulls/comments/${id}`;
  const web = `${scene.repo.html}/pull/${pull.number}#discussion_r${id}`;
  const hunkStart = Math.max(1, line - 3);
  return {
    url: api,
    pull_request_review_id: reviewId,
    id,
    node_id: nodeId('PRRC', [scene.repo.id, id]),
    diff_hunk: `@@ -${hunkStart},3 +${hunkStart},4 @@\n \n // ${scene.faker.hacker.noun()}\n+// TODO: ${scene.faker.git.commitMessage()}`,
    path,
    commit_id: pull.headSha,
    original_commit_id: pull.headSha,
    user: scene.sender.user,
    body: drawText('sentence', scene.faker),
    created_at: scene.ago(1),
    updated_at: scene.ago(1),
    html_url: web,
    pull_request_url: `${scene.repo.api}/pulls/${pull.number}`,
    author_association: scene.association,
    _links: {
      self: { href: api },
      html: { href: web },
      pull_request: { href: `${scene.repo.api}/pulls/${pull.number}` },
    },
    reactions: reactions(`${api}/reactions`),
    start_line: null,
    original_start_line: null,
    start_side: null,
    line,
    original_line: line,
    side: 'RIGHT',
    original_position: 4,
    position: 4,
    subject_type: 'line',
  };
}

/** The association of someone other than the sender: the owner, or a member or contributor. */
export function association(scene: Scene, who: Account): string {
  if (who === scene.owner) return 'OWNER';
  return scene.organization ? 'MEMBER' : 'CONTRIBUTOR';
}
