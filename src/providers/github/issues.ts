/** Issues and issue comments. */
import type { JsonObject } from '../../core/index.js';
import { sentences } from '../shared/text.js';
import { capitalize, reactions } from './objects.js';
import { nodeId } from './node-ids.js';
import { association } from './pulls.js';
import { DAY, HOUR, type Account, type Scene } from './scene.js';

export interface IssueOptions {
  readonly state?: 'open' | 'closed';
  /** Created this many seconds before the delivery (default: hours to weeks). */
  readonly createdAgo?: number;
  readonly labels?: readonly JsonObject[];
  readonly assignees?: readonly Account[];
  /** Who opened it (default: the sender). */
  readonly author?: Account;
  readonly comments?: number;
}

export function issue(scene: Scene, options: IssueOptions = {}): JsonObject {
  const { repo } = scene;
  const author = options.author ?? scene.sender;
  const number = scene.int(1, repo.openIssues + 400);
  const id = scene.int(2_000_000_000, 3_400_000_000);
  const createdAgo = options.createdAgo ?? scene.int(HOUR, 30 * DAY);
  const state = options.state ?? 'open';
  const api = `${repo.api}/issues/${number}`;
  const assignees = options.assignees ?? [];
  const updatedAgo = Math.min(createdAgo, scene.int(1, 3));
  return {
    url: api,
    repository_url: repo.api,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: `${repo.html}/issues/${number}`,
    id,
    node_id: nodeId('I', [repo.id, id]),
    number,
    title: capitalize(`${scene.faker.hacker.verb()} ${scene.faker.hacker.adjective()} ${scene.faker.hacker.noun()} ${scene.pick(ISSUE_ENDINGS)}`),
    user: author.user,
    labels: [...(options.labels ?? [])],
    state,
    locked: false,
    assignee: assignees[0]?.user ?? null,
    assignees: assignees.map((a) => a.user),
    milestone: null,
    comments: options.comments ?? scene.int(0, 8),
    created_at: scene.ago(createdAgo),
    updated_at: scene.ago(updatedAgo),
    closed_at: state === 'closed' ? scene.ago(updatedAgo) : null,
    author_association: author === scene.sender ? scene.association : association(scene, author),
    type: null,
    active_lock_reason: null,
    sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
    body: scene.chance(0.85) ? `${sentences(scene.faker, 2)}\n\n### Steps to reproduce\n\n1. ${capitalize(scene.faker.git.commitMessage())}` : null,
    reactions: reactions(`${api}/reactions`),
    timeline_url: `${api}/timeline`,
    performed_via_github_app: null,
    state_reason: state === 'closed' ? 'completed' : null,
  };
}

const ISSUE_ENDINGS = ['fails on startup', 'returns 500', 'is not documented', 'times out', 'breaks after upgrade', 'should be configurable'];

/** A comment the sender just made on `issue`. */
export function issueComment(scene: Scene, issue: JsonObject): JsonObject {
  const id = scene.int(2_000_000_000, 3_400_000_000);
  const api = `${scene.repo.api}/issues/comments/${id}`;
  const at = scene.ago(1);
  return {
    url: api,
    html_url: `${issue.html_url as string}#issuecomment-${id}`,
    issue_url: issue.url!,
    id,
    node_id: nodeId('IC', [scene.repo.id, id]),
    user: scene.sender.user,
    created_at: at,
    updated_at: at,
    author_association: scene.association,
    body: sentences(scene.faker, scene.int(1, 3)),
    reactions: reactions(`${api}/reactions`),
    performed_via_github_app: null,
  };
}
