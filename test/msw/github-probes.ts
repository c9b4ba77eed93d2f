/**
 * Where each GitHub event's resource is read back from the REST API (the route GitHub documents for
 * it), what the answer must hold, and the events whose resource the REST API cannot read (with why).
 */

/** A read: the URL, and what its answer must satisfy (`status` 204 for GitHub's yes/no checks). */
export type GithubProbe =
  | { url: string; expect: (body: any) => boolean; status?: number }
  | { url: string; gone: true }
  | { skip: string };

/** Events whose resource GitHub's REST API has no read for. */
export const GITHUB_UNREAD: Readonly<Record<string, string>> = {
  branch_protection_rule: 'a rule names a branch pattern; the REST API reads protection per branch, not rules by id',
  discussion: 'repository discussions are read through GraphQL only',
  discussion_comment: 'repository discussions are read through GraphQL only',
  github_app_authorization: 'a revoked user authorization leaves nothing to read',
  gollum: 'wiki pages have no REST API',
  merge_group: 'merge queues are read through GraphQL only',
  personal_access_token_request: 'requests are only listed per organization while pending, by the organization itself',
  project: 'Projects (classic) and its REST API are retired (@octokit/rest has no method for them)',
  project_card: 'Projects (classic) and its REST API are retired (@octokit/rest has no method for them)',
  project_column: 'Projects (classic) and its REST API are retired (@octokit/rest has no method for them)',
  projects_v2_item: 'items are read by project number, and the payload names its project by node id only',
  projects_v2_status_update: 'project status updates are read through GraphQL only',
  repository_import: 'the Source Imports REST API is retired',
  repository_vulnerability_alert: 'superseded by Dependabot alerts; the REST API has no read for them',
  secret_scanning_scan: 'scans are only read as a repository’s whole scan history',
  sponsorship: 'sponsorships are read through GraphQL only',
};

/** Events about the repository itself (or a ref, a star, a setting of it): the repository is what is read. */
const ABOUT_REPOSITORY = new Set([
  'branch_protection_configuration', 'create', 'delete', 'push', 'star', 'watch', 'public', 'repository', 'repository_dispatch',
  'security_and_analysis', 'workflow_dispatch',
]);

const API = 'https://api.github.com';
const sameId = (id: unknown) => (b: any) => b.id === id;
const has = (id: unknown) => (b: any) => Array.isArray(b) && b.some((x: any) => x.id === id);
const hasNot = (id: unknown) => (b: any) => Array.isArray(b) && !b.some((x: any) => x.id === id);
const ownerBase = (owner: any) => `${API}/${owner.type === 'Organization' ? 'orgs' : 'users'}/${owner.login}`;

/** Whether `action` removes the resource. */
const removes = (action: string | undefined) => ['deleted', 'removed', 'unblocked', 'member_removed', 'cancelled'].includes(action ?? '');

/** The read of one GitHub delivery's resource. */
export function githubProbe(type: string, p: any): GithubProbe {
  const [event, action] = type.split('.') as [string, string | undefined];
  if (GITHUB_UNREAD[event]) return { skip: GITHUB_UNREAD[event]! };
  const R = p.repository?.url as string | undefined;
  const org = p.organization?.login ?? p.repository?.owner?.login;
  const read = (url: string, expect: (b: any) => boolean): GithubProbe => (removes(action) ? { url, gone: true } : { url, expect });
  if (ABOUT_REPOSITORY.has(event)) return event === 'repository' && action === 'deleted' ? { url: R!, gone: true } : { url: R!, expect: sameId(p.repository.id) };
  switch (event) {
    case 'check_run':
      return { url: `${R}/check-runs/${p.check_run.id}`, expect: sameId(p.check_run.id) };
    case 'code_scanning_alert':
      return { url: `${R}/code-scanning/alerts/${p.alert.number}`, expect: (b) => b.number === p.alert.number && b.state === p.alert.state };
    case 'dependabot_alert':
      return { url: `${R}/dependabot/alerts/${p.alert.number}`, expect: (b) => b.number === p.alert.number && b.state === p.alert.state };
    case 'secret_scanning_alert':
      return { url: `${R}/secret-scanning/alerts/${p.alert.number}`, expect: (b) => b.number === p.alert.number };
    case 'secret_scanning_alert_location':
      return { url: `${R}/secret-scanning/alerts/${p.alert.number}/locations`, expect: (b) => b.length === 1 && b[0].type === p.location.type };
    case 'commit_comment':
      return { url: `${R}/comments/${p.comment.id}`, expect: sameId(p.comment.id) };
    case 'custom_property':
      return read(`${API}/orgs/${org}/properties/schema/${p.definition.property_name}`, (b) => b.property_name === p.definition.property_name);
    case 'custom_property_values':
      return { url: `${R}/properties/values`, expect: (b) => JSON.stringify(b) === JSON.stringify(p.new_property_values) };
    case 'deploy_key':
      return read(`${R}/keys/${p.key.id}`, sameId(p.key.id));
    case 'deployment':
    case 'deployment_protection_rule':
      return { url: `${R}/deployments/${p.deployment.id}`, expect: sameId(p.deployment.id) };
    case 'deployment_review':
      return { url: p.workflow_run.url, expect: sameId(p.workflow_run.id) };
    case 'deployment_status':
      return { url: `${R}/deployments/${p.deployment.id}/statuses/${p.deployment_status.id}`, expect: (b) => b.id === p.deployment_status.id && b.state === p.deployment_status.state };
    case 'fork':
      return { url: p.forkee.url, expect: sameId(p.forkee.id) };
    case 'installation':
    case 'installation_repositories':
    case 'installation_target': {
      const url = `${API}/app/installations/${p.installation.id}`;
      return event === 'installation' && action === 'deleted' ? { url, gone: true } : { url, expect: sameId(p.installation.id) };
    }
    case 'issue_comment':
      return read(p.comment.url, sameId(p.comment.id));
    case 'issues':
      return action === 'deleted' ? { url: p.issue.url, gone: true } : { url: p.issue.url, expect: (b) => b.id === p.issue.id && b.state === p.issue.state };
    case 'issue_dependencies': {
      const url = `${R}/issues/${p.blocked_issue.number}/dependencies/blocked_by`;
      return { url, expect: action!.endsWith('removed') ? hasNot(p.blocking_issue.id) : has(p.blocking_issue.id) };
    }
    case 'sub_issues': {
      const url = `${R}/issues/${p.parent_issue.number}/sub_issues`;
      return { url, expect: action!.endsWith('removed') ? hasNot(p.sub_issue.id) : has(p.sub_issue.id) };
    }
    case 'label':
      return read(`${R}/labels/${encodeURIComponent(p.label.name)}`, (b) => b.name === p.label.name && b.id === p.label.id);
    case 'marketplace_purchase':
      return read(`${API}/marketplace_listing/accounts/${p.marketplace_purchase.account.id}`, (b) => b.marketplace_purchase.plan.id === p.marketplace_purchase.plan.id);
    case 'member':
      return removes(action) ? { url: `${R}/collaborators/${p.member.login}`, gone: true } : { url: `${R}/collaborators/${p.member.login}`, expect: () => true, status: 204 };
    case 'membership':
      return read(`${API}/orgs/${org}/teams/${p.team.slug}/memberships/${p.member.login}`, (b) => b.state === 'active');
    case 'meta':
      return { url: `${R}/hooks/${p.hook_id}`, gone: true };
    case 'milestone':
      return read(`${R}/milestones/${p.milestone.number}`, (b) => b.id === p.milestone.id && b.number === p.milestone.number);
    case 'org_block':
      return removes(action) ? { url: `${API}/orgs/${org}/blocks/${p.blocked_user.login}`, gone: true } : { url: `${API}/orgs/${org}/blocks/${p.blocked_user.login}`, expect: () => true, status: 204 };
    case 'organization': {
      if (action === 'deleted') return { url: `${API}/orgs/${org}`, gone: true };
      const user = p.membership?.user ?? p.user;
      return read(`${API}/orgs/${org}/memberships/${user.login}`, (b) => b.user.id === user.id);
    }
    case 'package':
    case 'registry_package': {
      const pkg = p[event];
      return { url: `${ownerBase(pkg.owner)}/packages/${pkg.package_type}/${pkg.name}`, expect: sameId(pkg.id) };
    }
    case 'page_build':
      return { url: `${R}/pages/builds/${p.id}`, expect: (b) => b.status === p.build.status };
    case 'ping':
      return { url: p.hook.url, expect: sameId(p.hook.id) };
    case 'projects_v2':
      return read(`${ownerBase(p.projects_v2.owner)}/projectsV2/${p.projects_v2.number}`, sameId(p.projects_v2.id));
    case 'pull_request':
    case 'pull_request_review_thread':
      return { url: p.pull_request.url, expect: (b) => b.id === p.pull_request.id && b.state === p.pull_request.state };
    case 'pull_request_review':
      return { url: `${p.pull_request.url}/reviews/${p.review.id}`, expect: sameId(p.review.id) };
    case 'pull_request_review_comment':
      return read(`${R}/pulls/comments/${p.comment.id}`, sameId(p.comment.id));
    case 'release':
      return read(p.release.url, sameId(p.release.id));
    case 'repository_advisory':
      return { url: `${R}/security-advisories/${p.repository_advisory.ghsa_id}`, expect: (b) => b.ghsa_id === p.repository_advisory.ghsa_id };
    case 'security_advisory':
      return { url: `${API}/advisories/${p.security_advisory.ghsa_id}`, expect: (b) => b.ghsa_id === p.security_advisory.ghsa_id };
    case 'repository_ruleset':
      return read(`${R}/rulesets/${p.repository_ruleset.id}`, sameId(p.repository_ruleset.id));
    case 'status':
      return { url: `${R}/commits/${p.sha}/statuses`, expect: (b) => b[0].id === p.id && b[0].state === p.state };
    case 'team':
      return read(`${API}/orgs/${org}/teams/${p.team.slug}`, sameId(p.team.id));
    case 'team_add':
      return { url: `${API}/orgs/${org}/teams/${p.team.slug}`, expect: sameId(p.team.id) };
    default:
      return { url: p[event].url, expect: sameId(p[event].id) };
  }
}

/** The key of an event's main object when it is not named after the event. */
const OWN_KEY: Readonly<Record<string, string>> = {
  code_scanning_alert: 'alert', dependabot_alert: 'alert', secret_scanning_alert: 'alert', commit_comment: 'comment', issue_comment: 'comment',
  pull_request_review_comment: 'comment', deploy_key: 'key', custom_property: 'definition',
};

/** The API `url` of the event's main object when it is not the probe's: it answers with the same object. */
export function ownUrl(type: string, p: any, probe: GithubProbe): string | undefined {
  if ('skip' in probe || 'gone' in probe) return undefined;
  const event = type.split('.')[0]!;
  // A label is read by its name, whatever id its `url` was built from.
  if (event === 'label') return undefined;
  const main = p[OWN_KEY[event] ?? event];
  const url = main?.url;
  // Accounts (a member, the organization) are read as themselves, not as the membership probed.
  if (typeof url !== 'string' || /^https:\/\/api\.github\.com\/(users|orgs)\//.test(url)) return undefined;
  return url.startsWith(`${API}/`) && url !== probe.url ? url : undefined;
}
