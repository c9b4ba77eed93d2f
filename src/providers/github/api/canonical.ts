/**
 * Where GitHub's REST API reads what an event carries: a code scanning alert at
 * `/repos/{o}/{r}/code-scanning/alerts/{number}`, a milestone at `…/milestones/{number}`, a team at
 * `/orgs/{org}/teams/{slug}`… Each event's resources are recorded at those canonical paths (besides
 * their own `url`), and the actions that remove one (`deleted`, `removed`, `unblocked`…) forget it.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { API, kindOfUrl, pathKey } from './paths.js';

/** The world kind of resources kept only by their canonical path (served by `stored`). */
export const RESOURCE = 'resource';
/** The world kind of lists kept whole by their path (`{ items }`, served by `storedList`). */
export const LIST = 'list';

/** One change to the world: store `object` (merged) at `key` of `kind`, or forget what is there (`object` null). */
interface Change {
  readonly kind: string;
  readonly key: string;
  readonly object: Obj | null;
  /** For lists: add (or, with `object` null, remove) one item instead of replacing the list. */
  readonly item?: Obj;
}

const obj = (value: unknown): Obj | undefined => (isPlainObject(value) ? value : undefined);
const at = (kind: string, key: string, object: Obj | null): Change => ({ kind, key: pathKey(key), object });

/** What an event's payload is read through: its repository's key, its organization's login, its action. */
interface Scope {
  readonly p: Obj;
  readonly repo: string | undefined;
  readonly org: string | undefined;
  readonly action: string;
  /** Whether the action removes the event's main resource. */
  readonly removes: boolean;
}

const REMOVING = new Set(['deleted', 'removed', 'unblocked', 'member_removed', 'cancelled', 'destroyed']);

/** The repository key of a repository object (its `url`), or `undefined`. */
function repoOf(repository: unknown): string | undefined {
  const r = obj(repository);
  return typeof r?.url === 'string' && r.url.startsWith(`${API}/repos/`) ? pathKey(r.url) : undefined;
}

/** The login of an account object. */
const login = (account: unknown): string | undefined => (typeof obj(account)?.login === 'string' ? (obj(account)!.login as string) : undefined);

/** `/users/{login}` or `/orgs/{login}`, as an owner's packages and projects live under. */
function ownerBase(owner: unknown): string | undefined {
  const name = login(owner);
  if (!name) return undefined;
  return obj(owner)?.type === 'Organization' ? `/orgs/${name}` : `/users/${name}`;
}

/** A resource at a path under the repository, when the payload has both. */
function underRepo(s: Scope, key: string, tail: (o: Obj) => unknown, kind = RESOURCE): Change[] {
  const o = obj(s.p[key]);
  const part = o ? tail(o) : undefined;
  if (!o || !s.repo || part === undefined || part === null) return [];
  return [at(kind, `${s.repo}/${String(part)}`, s.removes ? null : o)];
}

/** An item added to (or removed from) the list at `key`, matched by `id`. */
function listItem(key: string, item: Obj, remove: boolean): Change {
  return { kind: LIST, key: pathKey(key), object: remove ? null : {}, item };
}

/** The issue objects of `sub_issues` and `issue_dependencies`, at their issue paths, and the lists linking them. */
function linkedIssues(s: Scope, parentKey: string, childKey: string, parentList: string, childPath: string): Change[] {
  const parent = obj(s.p[parentKey]);
  const child = obj(s.p[childKey]);
  const repoFor = (o: Obj, fallback: unknown): string | undefined =>
    typeof o.repository_url === 'string' && o.repository_url.startsWith(`${API}/repos/`) ? pathKey(o.repository_url) : (repoOf(fallback) ?? s.repo);
  if (!parent || !child) return [];
  const parentIssue = `${repoFor(parent, s.p[`${parentKey}_repo`])}/issues/${String(parent.number)}`;
  const childIssue = `${repoFor(child, s.p[`${childKey}_repo`])}/issues/${String(child.number)}`;
  const removed = s.action.endsWith('removed');
  const changes = [at('issue', parentIssue, parent), at('issue', childIssue, child), listItem(`${parentIssue}/${parentList}`, child, removed)];
  if (childPath === 'parent') changes.push(at(RESOURCE, `${childIssue}/parent`, removed ? null : parent));
  else changes.push(listItem(`${childIssue}/${childPath}`, parent, removed));
  return changes;
}

type Rule = (s: Scope) => Change[];

const alert = (segment: string): Rule => (s) => underRepo(s, 'alert', (a) => (a.number === undefined ? undefined : `${segment}/alerts/${String(a.number)}`));

/** The canonical resources of each event (by `X-GitHub-Event`). */
const RULES: Readonly<Record<string, Rule>> = {
  code_scanning_alert: alert('code-scanning'),
  dependabot_alert: alert('dependabot'),
  secret_scanning_alert: alert('secret-scanning'),
  secret_scanning_alert_location: (s) => {
    const a = obj(s.p.alert);
    const location = obj(s.p.location);
    if (!a || !s.repo || !location) return [];
    const key = `${s.repo}/secret-scanning/alerts/${String(a.number)}`;
    return [at(RESOURCE, key, a), { kind: LIST, key: pathKey(`${key}/locations`), object: {}, item: location }];
  },
  commit_comment: (s) => underRepo(s, 'comment', (c) => `comments/${String(c.id)}`),
  deploy_key: (s) => underRepo(s, 'key', (k) => `keys/${String(k.id)}`),
  deployment_status: (s) => {
    const d = obj(s.p.deployment);
    return d ? underRepo(s, 'deployment_status', (st) => `deployments/${String(d.id)}/statuses/${String(st.id)}`) : [];
  },
  check_run: (s) => underRepo({ ...s, removes: false }, 'check_run', (r) => `check-runs/${String(r.id)}`, 'check_run'),
  pull_request_review: (s) => {
    const pull = obj(s.p.pull_request);
    const review = obj(s.p.review);
    if (!pull || !review || typeof pull.url !== 'string') return [];
    return [at('review', `${pathKey(pull.url)}/reviews/${String(review.id)}`, review)];
  },
  pull_request_review_comment: (s) => underRepo(s, 'comment', (c) => `pulls/comments/${String(c.id)}`, 'review_comment'),
  issue_comment: (s) => (s.removes && typeof obj(s.p.comment)?.url === 'string' ? [at('issue_comment', String(obj(s.p.comment)!.url), null)] : []),
  issues: (s) => (s.action === 'deleted' && typeof obj(s.p.issue)?.url === 'string' ? [at('issue', String(obj(s.p.issue)!.url), null)] : []),
  release: (s) => (s.removes && typeof obj(s.p.release)?.url === 'string' ? [at('release', String(obj(s.p.release)!.url), null)] : []),
  label: (s) => (s.removes ? underRepo(s, 'label', (l) => `labels/${String(l.name)}`, 'label') : []),
  repository: (s) => (s.action === 'deleted' && s.repo ? [at('repository', s.repo, null)] : []),
  member: (s) => underRepo(s, 'member', (m) => (login(m) ? `collaborators/${login(m)!}` : undefined)),
  membership: (s) => {
    const team = obj(s.p.team);
    const user = login(s.p.member);
    if (!team || !user || !s.org) return [];
    const membership = { url: `${API}/orgs/${s.org}/teams/${String(team.slug)}/memberships/${user}`, role: 'member', state: 'active' };
    return [...teamAt(s, team, false), at(RESOURCE, membership.url, s.removes ? null : membership)];
  },
  team: (s) => (obj(s.p.team) ? teamAt(s, obj(s.p.team)!, s.removes) : []),
  team_add: (s) => (obj(s.p.team) ? teamAt(s, obj(s.p.team)!, false) : []),
  organization: (s) => {
    if (!s.org) return [];
    if (s.action === 'deleted') return [at('organization', `/orgs/${s.org}`, null)];
    const membership = obj(s.p.membership);
    const user = login(membership?.user) ?? login(s.p.user);
    if (!user) return [];
    const invited = s.action === 'member_invited';
    const served = membership ?? { url: `${API}/orgs/${s.org}/memberships/${user}`, state: 'pending', role: obj(s.p.invitation)?.role ?? 'member', user: s.p.user };
    return [at(RESOURCE, `/orgs/${s.org}/memberships/${user}`, s.removes ? null : { ...served, ...(invited ? { state: 'pending' } : {}) })];
  },
  org_block: (s) => (s.org && login(s.p.blocked_user) ? [at(RESOURCE, `/orgs/${s.org}/blocks/${login(s.p.blocked_user)!}`, s.removes ? null : obj(s.p.blocked_user)!)] : []),
  meta: (s) => {
    const base = s.repo ?? (s.org ? `/orgs/${s.org}` : undefined);
    return base && s.p.hook_id !== undefined ? [at('hook', `${base}/hooks/${String(s.p.hook_id)}`, null)] : [];
  },
  page_build: (s) => (s.repo && obj(s.p.build) && s.p.id !== undefined ? [at(RESOURCE, `${s.repo}/pages/builds/${String(s.p.id)}`, obj(s.p.build)!)] : []),
  package: (s) => packageAt(obj(s.p.package)),
  registry_package: (s) => packageAt(obj(s.p.registry_package)),
  repository_advisory: (s) => underRepo(s, 'repository_advisory', (a) => `security-advisories/${String(a.ghsa_id)}`),
  security_advisory: (s) => (obj(s.p.security_advisory) ? [at(RESOURCE, `/advisories/${String(obj(s.p.security_advisory)!.ghsa_id)}`, obj(s.p.security_advisory)!)] : []),
  repository_ruleset: (s) => {
    const ruleset = obj(s.p.repository_ruleset);
    const base = s.repo ?? (s.org ? `/orgs/${s.org}` : undefined);
    return ruleset && base ? [at(RESOURCE, `${base}/rulesets/${String(ruleset.id)}`, s.removes ? null : ruleset)] : [];
  },
  custom_property: (s) => {
    const definition = obj(s.p.definition);
    return definition && s.org ? [at(RESOURCE, `/orgs/${s.org}/properties/schema/${String(definition.property_name)}`, s.removes ? null : definition)] : [];
  },
  custom_property_values: (s) =>
    s.repo && Array.isArray(s.p.new_property_values) ? [at(LIST, `${s.repo}/properties/values`, { items: s.p.new_property_values })] : [],
  projects_v2: (s) => {
    const project = obj(s.p.projects_v2);
    const base = ownerBase(project?.owner);
    return project && base ? [at(RESOURCE, `${base}/projectsV2/${String(project.number)}`, s.removes ? null : project)] : [];
  },
  marketplace_purchase: (s) => {
    const purchase = obj(s.p.marketplace_purchase);
    const account = obj(purchase?.account);
    if (!purchase || !account) return [];
    const served = s.removes ? null : { url: `${API}/orgs/${String(account.login)}`, ...account, marketplace_pending_change: null, marketplace_purchase: purchase };
    return [at(RESOURCE, `/marketplace_listing/accounts/${String(account.id)}`, served), at(RESOURCE, `/marketplace_listing/stubbed/accounts/${String(account.id)}`, served)];
  },
  sub_issues: (s) => linkedIssues(s, 'parent_issue', 'sub_issue', 'sub_issues', 'parent'),
  issue_dependencies: (s) => linkedIssues(s, 'blocking_issue', 'blocked_issue', 'dependencies/blocking', 'dependencies/blocked_by'),
};

function teamAt(s: Scope, team: Obj, removes: boolean): Change[] {
  const org = s.org ?? login(obj(s.p.repository)?.owner);
  return org && typeof team.slug === 'string' ? [at(RESOURCE, `/orgs/${org}/teams/${team.slug}`, removes ? null : team)] : [];
}

function packageAt(pkg: Obj | undefined): Change[] {
  const base = ownerBase(pkg?.owner);
  return pkg && base ? [at(RESOURCE, `${base}/packages/${String(pkg.package_type)}/${String(pkg.name)}`, pkg)] : [];
}

/** Resources any event may carry: a deployment, milestones (by number) and the issue's or pull request's labels (by name). */
function common(s: Scope, event: string): Change[] {
  const changes: Change[] = [];
  const deployment = obj(s.p.deployment);
  if (deployment && s.repo && deployment.id !== undefined) changes.push(at(RESOURCE, `${s.repo}/deployments/${String(deployment.id)}`, deployment));
  for (const holder of [s.p, obj(s.p.issue), obj(s.p.pull_request)]) {
    // Labels are read by name, whatever `url` a payload gave them.
    const labels = holder === s.p ? [] : Array.isArray(holder?.labels) ? holder.labels : [];
    for (const label of labels.map(obj)) if (label && s.repo && typeof label.name === 'string') changes.push(at('label', `${s.repo}/labels/${label.name}`, label));
    const milestone = obj(holder?.milestone);
    if (milestone && s.repo && milestone.number !== undefined) {
      changes.push(at(RESOURCE, `${s.repo}/milestones/${String(milestone.number)}`, event === 'milestone' && s.removes ? null : milestone));
    }
  }
  return changes;
}

function apply(world: World, change: Change): void {
  if (change.item !== undefined) {
    const current = world.get('github', change.kind, change.key);
    const items = (Array.isArray(current?.items) ? (current.items as Obj[]) : []).filter((i) => !sameItem(i, change.item!));
    if (change.object !== null) items.push(change.item);
    world.put('github', change.kind, { items }, { id: change.key });
    return;
  }
  if (change.object === null) {
    world.delete('github', change.kind, change.key);
    return;
  }
  world.merge('github', change.kind, change.object, { id: change.key });
}

function sameItem(a: Obj, b: Obj): boolean {
  return a.id !== undefined ? a.id === b.id : JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Records the resources of an event at their canonical REST paths, and forgets those its action removes
 * (with the copy recorded at the resource's own `url`).
 * @example
 * recordCanonical(world, 'code_scanning_alert', payload); // GET /repos/o/r/code-scanning/alerts/{number} answers
 */
export function recordCanonical(world: World, event: string, p: Obj): void {
  const action = typeof p.action === 'string' ? p.action : '';
  const org = login(p.organization);
  const scope: Scope = { p, repo: repoOf(p.repository), org, action, removes: REMOVING.has(action) };
  const changes = [...common(scope, event), ...(RULES[event]?.(scope) ?? [])];
  for (const change of changes) apply(world, change);
  if (scope.removes) forgetMain(world, event, p);
}

/** Forgets the copy of a removed resource recorded at its own `url`. */
function forgetMain(world: World, event: string, p: Obj): void {
  const main = obj(p[event]) ?? obj(p[MAIN_KEY[event] ?? '']);
  if (!main || typeof main.url !== 'string' || !main.url.startsWith(`${API}/`)) return;
  const kind = kindOfUrl(main.url) ?? RESOURCE;
  if (kind === 'user' || kind === 'organization' || kind === 'repository') return;
  world.delete('github', kind, pathKey(main.url));
}

/** The key of an event's main resource when it is not named after the event. */
const MAIN_KEY: Readonly<Record<string, string>> = {
  deploy_key: 'key',
  custom_property: 'definition',
  pull_request_review_comment: 'comment',
  issue_comment: 'comment',
};
