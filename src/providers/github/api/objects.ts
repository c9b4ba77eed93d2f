/** GitHub objects the mock makes: the acting user, an issue view of a pull request, new comments and check runs. */
import { createHash } from 'node:crypto';
import { base62, type Obj, type World } from '../../shared/api/index.js';
import { userObject as githubUserObject } from '../users.js';

/** An ISO 8601 timestamp without milliseconds, as GitHub writes them. */
export function githubTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A numeric id for a new object of `kind`: above every stored one (and `floor`) by a step drawn from the
 * world's ids, so that a seeded world gives the same ids in every run.
 * @example
 * newId(world, 'issue', 1_000_000_000); // 1000000412
 */
export function newId(world: Pick<World, 'id' | 'list'>, kind: string, floor: number): number {
  let max = floor;
  for (const object of world.list('github', kind)) if (typeof object.id === 'number' && object.id > max) max = object.id;
  const step = [...world.id('', 3)].reduce((sum, char) => sum * 62 + base62Digit(char), 0) % 1000;
  return max + 1 + step;
}

function base62Digit(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code <= 90 ? code - 55 : code - 61;
}

/** A GitHub node id: a type prefix and an opaque body, drawn from `world`'s ids when given (the same in a seeded run). */
export function nodeId(prefix: string, world?: Pick<World, 'id'>): string {
  return `${prefix}_kwDO${world ? world.id('', 16) : base62(16)}`;
}

/** The simple user object of the login the mock acts as (a bot when it ends with `[bot]`). */
export function actorUser(login: string): Obj {
  const id = Number.parseInt(createHash('sha256').update(login).digest('hex').slice(0, 8), 16) % 200_000_000;
  const bot = login.endsWith('[bot]');
  return githubUserObject(login, id, `${bot ? 'BOT' : 'U'}_kgDO${base62(8)}`, bot ? 'Bot' : 'User');
}

/** An empty reactions roll-up for `url`. */
export function reactions(url: string): Obj {
  return { url: `${url}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

/** A pull request as `GET /repos/{o}/{r}/issues/{n}` shows it (every pull request is also an issue). */
export function issueViewOfPull(pull: Obj): Obj {
  const issueUrl = String(pull.issue_url);
  const htmlUrl = String(pull.html_url);
  return {
    url: issueUrl,
    repository_url: issueUrl.replace(/\/issues\/\d+$/, ''),
    labels_url: `${issueUrl}/labels{/name}`,
    comments_url: `${issueUrl}/comments`,
    events_url: `${issueUrl}/events`,
    html_url: htmlUrl,
    id: pull.id,
    node_id: pull.node_id,
    number: pull.number,
    title: pull.title,
    user: pull.user,
    labels: pull.labels ?? [],
    state: pull.state,
    locked: pull.locked ?? false,
    assignee: pull.assignee ?? null,
    assignees: pull.assignees ?? [],
    milestone: pull.milestone ?? null,
    comments: pull.comments ?? 0,
    created_at: pull.created_at,
    updated_at: pull.updated_at,
    closed_at: pull.closed_at ?? null,
    author_association: pull.author_association,
    active_lock_reason: pull.active_lock_reason ?? null,
    draft: pull.draft ?? false,
    pull_request: {
      url: pull.url,
      html_url: htmlUrl,
      diff_url: pull.diff_url ?? `${htmlUrl}.diff`,
      patch_url: pull.patch_url ?? `${htmlUrl}.patch`,
      merged_at: pull.merged_at ?? null,
    },
    body: pull.body ?? null,
    reactions: reactions(issueUrl),
    timeline_url: `${issueUrl}/timeline`,
    performed_via_github_app: null,
    state_reason: null,
  };
}

/** A new issue comment by `user` on the issue (or pull request) at `issue`. */
export function newIssueComment(issue: Obj, id: number, body: string, user: Obj, now = githubTime(), world?: Pick<World, 'id'>): Obj {
  const repoUrl = String(issue.url).replace(/\/issues\/\d+$/, '');
  const url = `${repoUrl}/issues/comments/${id}`;
  return {
    url,
    html_url: `${String(issue.html_url)}#issuecomment-${id}`,
    issue_url: issue.url,
    id,
    node_id: nodeId('IC', world),
    user,
    created_at: now,
    updated_at: now,
    author_association: 'NONE',
    body,
    reactions: reactions(url),
    performed_via_github_app: null,
  };
}

/** The app object of checks made by the mock's actor. */
export function actorApp(login: string, owner: Obj): Obj {
  const slug = login.replace(/\[bot\]$/, '');
  return {
    id: Number(owner.id) % 1_000_000,
    client_id: `Iv23li${base62(10)}`,
    slug,
    node_id: `A_kwDO${base62(8)}`,
    owner,
    name: slug,
    description: '',
    external_url: `https://github.com/apps/${slug}`,
    html_url: `https://github.com/apps/${slug}`,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    permissions: { checks: 'write', issues: 'write', metadata: 'read', pull_requests: 'write', statuses: 'write' },
    events: [],
  };
}
