/**
 * The resources of GitHub's schema-drawn events, read with @octokit/rest's own methods (the routes a
 * handler calls), and gone once the event that removes them is delivered.
 */
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, useProviderServer } from './support.js';

useProviderServer({ providers: ['github'] });
const octokit = new Octokit({ auth: 'ghs_resources', log: { debug() {}, info() {}, warn() {}, error() {} } });

type Read = (p: any, repo: { owner: string; repo: string }) => Promise<{ status: number; data: any }>;

/** Event type → the Octokit read of its resource, and what the answer must hold. */
const READS: readonly (readonly [string, Read, (data: any, p: any) => boolean])[] = [
  ['code_scanning_alert.created', (p, r) => octokit.rest.codeScanning.getAlert({ ...r, alert_number: p.alert.number }), (d, p) => d.number === p.alert.number],
  ['dependabot_alert.dismissed', (p, r) => octokit.rest.dependabot.getAlert({ ...r, alert_number: p.alert.number }), (d, p) => d.state === p.alert.state],
  ['secret_scanning_alert.created', (p, r) => octokit.rest.secretScanning.getAlert({ ...r, alert_number: p.alert.number }), (d, p) => d.number === p.alert.number],
  ['secret_scanning_alert_location.created', (p, r) => octokit.rest.secretScanning.listLocationsForAlert({ ...r, alert_number: p.alert.number }), (d, p) => d[0].type === p.location.type],
  ['commit_comment.created', (p, r) => octokit.rest.repos.getCommitComment({ ...r, comment_id: p.comment.id }), (d, p) => d.body === p.comment.body],
  ['deploy_key.created', (p, r) => octokit.rest.repos.getDeployKey({ ...r, key_id: p.key.id }), (d, p) => d.key === p.key.key],
  ['deployment.created', (p, r) => octokit.rest.repos.getDeployment({ ...r, deployment_id: p.deployment.id }), (d, p) => d.sha === p.deployment.sha],
  ['deployment_status.created', (p, r) => octokit.rest.repos.getDeploymentStatus({ ...r, deployment_id: p.deployment.id, status_id: p.deployment_status.id }), (d, p) => d.state === p.deployment_status.state],
  ['milestone.created', (p, r) => octokit.rest.issues.getMilestone({ ...r, milestone_number: p.milestone.number }), (d, p) => d.title === p.milestone.title],
  ['label.edited', (p, r) => octokit.rest.issues.getLabel({ ...r, name: p.label.name }), (d, p) => d.color === p.label.color],
  ['member.added', (p, r) => octokit.rest.repos.checkCollaborator({ ...r, username: p.member.login }), () => true],
  ['page_build', (p, r) => octokit.rest.repos.getPagesBuild({ ...r, build_id: p.id }), (d, p) => d.status === p.build.status],
  ['repository_advisory.published', (p, r) => octokit.rest.securityAdvisories.getRepositoryAdvisory({ ...r, ghsa_id: p.repository_advisory.ghsa_id }), (d, p) => d.summary === p.repository_advisory.summary],
  ['security_advisory.published', (p) => octokit.rest.securityAdvisories.getGlobalAdvisory({ ghsa_id: p.security_advisory.ghsa_id }), (d, p) => d.summary === p.security_advisory.summary],
  ['repository_ruleset.created', (p, r) => octokit.rest.repos.getRepoRuleset({ ...r, ruleset_id: p.repository_ruleset.id }), (d, p) => d.name === p.repository_ruleset.name],
  ['custom_property_values.updated', (_p, r) => octokit.rest.repos.customPropertiesForReposGetRepositoryValues(r), (d, p) => d.length === p.new_property_values.length],
  ['sub_issues.sub_issue_added', (p, r) => octokit.rest.issues.listSubIssues({ ...r, issue_number: p.parent_issue.number }), (d, p) => d[0].id === p.sub_issue.id],
  ['sub_issues.parent_issue_added', (p, r) => octokit.rest.issues.getParent({ ...r, issue_number: p.sub_issue.number }), (d, p) => d.id === p.parent_issue.id],
  ['team.created', (p) => octokit.rest.teams.getByName({ org: p.organization.login, team_slug: p.team.slug }), (d, p) => d.id === p.team.id],
  ['membership.added', (p) => octokit.rest.teams.getMembershipForUserInOrg({ org: p.organization.login, team_slug: p.team.slug, username: p.member.login }), (d) => d.state === 'active'],
  ['organization.member_added', (p) => octokit.rest.orgs.getMembershipForUser({ org: p.organization.login, username: p.membership.user.login }), (d, p) => d.user.id === p.membership.user.id],
  ['org_block.blocked', (p) => octokit.rest.orgs.checkBlockedUser({ org: p.organization.login, username: p.blocked_user.login }), () => true],
  ['custom_property.created', (p) => octokit.rest.orgs.customPropertiesForReposGetOrganizationDefinition({ org: p.organization.login, custom_property_name: p.definition.property_name }), (d, p) => d.property_name === p.definition.property_name],
  ['projects_v2.created', (p) => octokit.rest.projects.getForOrg({ org: p.projects_v2.owner.login, project_number: p.projects_v2.number }), (d, p) => d.id === p.projects_v2.id],
  ['marketplace_purchase.purchased', (p) => octokit.rest.apps.getSubscriptionPlanForAccount({ account_id: p.marketplace_purchase.account.id }), (d, p) => d.marketplace_purchase.plan.id === p.marketplace_purchase.plan.id],
  ['check_run.requested_action', (p, r) => octokit.rest.checks.get({ ...r, check_run_id: p.check_run.id }), (d, p) => d.id === p.check_run.id],
];

/** Event type, the action that adds what it removes, and the read that answers 404 once it is delivered. */
const REMOVED: readonly (readonly [string, string, Read])[] = [
  ['label.deleted', 'created', (p, r) => octokit.rest.issues.getLabel({ ...r, name: p.label.name })],
  ['milestone.deleted', 'created', (p, r) => octokit.rest.issues.getMilestone({ ...r, milestone_number: p.milestone.number })],
  ['deploy_key.deleted', 'created', (p, r) => octokit.rest.repos.getDeployKey({ ...r, key_id: p.key.id })],
  ['issues.deleted', 'opened', (p, r) => octokit.rest.issues.get({ ...r, issue_number: p.issue.number })],
  ['repository.deleted', 'created', (_p, r) => octokit.rest.repos.get(r)],
  ['member.removed', 'added', (p, r) => octokit.rest.repos.checkCollaborator({ ...r, username: p.member.login })],
  ['org_block.unblocked', 'blocked', (p) => octokit.rest.orgs.checkBlockedUser({ org: p.organization.login, username: p.blocked_user.login })],
  ['team.deleted', 'created', (p) => octokit.rest.teams.getByName({ org: p.organization.login, team_slug: p.team.slug })],
];

const repoOf = (p: any) => ({ owner: p.repository?.owner?.login, repo: p.repository?.name });

describe('relaykit/msw: resources of the schema-drawn GitHub events', () => {
  it('reads each with its own @octokit/rest method', async () => {
    const failures: string[] = [];
    for (const [type, read, holds] of READS) {
      const { payload } = await deliver('github', type, { seed: 5 });
      const answer = await read(payload, repoOf(payload)).catch((error: any) => ({ status: error.status, data: undefined }));
      const ok = answer.status === 204 || (answer.status === 200 && holds(answer.data, payload));
      if (!ok) failures.push(`${type}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves a resource, then answers 404 once an event removes it', async () => {
    const failures: string[] = [];
    for (const [type, adding, read] of REMOVED) {
      resetProviderWorld();
      const { delivery, payload } = await deliver('github', type, { seed: 5 });
      // The same body with the adding action first: the resource is there.
      providerWorld.record({ provider: 'github', eventType: type, headers: delivery.headers, body: JSON.stringify({ ...payload, action: adding }) });
      const status = () => read(payload, repoOf(payload)).then((a) => a.status, (error: any) => error.status);
      const before = await status();
      providerWorld.record({ provider: 'github', eventType: type, headers: delivery.headers, body: delivery.body });
      const after = await status();
      if (before === 404 || after !== 404) failures.push(`${type}: ${before} before, ${after} after`);
    }
    expect(failures).toEqual([]);
  });
});
