/**
 * Teams in schema-drawn GitHub bodies (`team`, a team's `parent`, `requested_teams`, a team among
 * `requested_reviewers`, an advisory's `collaborating_teams`): named as organizations name their teams,
 * the slug made from the name as GitHub makes it, and every URL under the organization, as GitHub's
 * payloads give them (`/organizations/<org id>/team/<id>`, `github.com/orgs/<org>/teams/<slug>`,
 * `members_url` with its `{/member}` template).
 */
import type { JsonObject } from '../../core/index.js';
import { nodeId } from './node-ids.js';
import { fact, idOf, type Places } from './routes.js';
import { API, WEB } from './users.js';

/** Team names and what each team does (its description). */
const TEAMS: readonly (readonly [name: string, description: string])[] = [
  ['Platform', 'Shared services, build and deploy.'],
  ['Core Maintainers', 'Reviews and merges changes to the core.'],
  ['Security', 'Triage of vulnerability reports and security reviews.'],
  ['Frontend', 'The web app and the design system.'],
  ['Backend', 'APIs, workers and the database schema.'],
  ['Infrastructure', 'Cloud accounts, networking and Terraform.'],
  ['Docs', 'Guides, API reference and the changelog.'],
  ['Release Managers', 'Cuts releases and owns the release branches.'],
  ['SRE', 'On-call, monitoring and incident reviews.'],
  ['Mobile', 'The iOS and Android apps.'],
  ['Data Platform', 'Pipelines, the warehouse and analytics events.'],
  ['Developer Experience', 'CI, tooling and local development.'],
];

/** A team's permission on a repository, least to most. */
export const PERMISSIONS = ['pull', 'triage', 'push', 'maintain', 'admin'] as const;

/** A team's slug, as GitHub makes it from the name: lower case, words joined by hyphens. */
const teamSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The names of the teams given out in one body, so that no two teams of a body share one. */
const taken = (body: Places): Set<string> => fact(body, 'team names', () => new Set<string>());

function drawTeam(body: Places, place: string): JsonObject {
  const { scene } = body;
  const used = taken(body);
  const free = TEAMS.filter(([name]) => !used.has(name));
  const [base, description] = free.length > 0 ? scene.pick(free) : scene.pick(TEAMS);
  const name = free.length > 0 ? base : `${base} ${used.size + 1}`;
  used.add(name);
  const id = idOf(body, place);
  const org = scene.owner;
  const url = `${API}/organizations/${org.id}/team/${id}`;
  const slug = teamSlug(name);
  return {
    name,
    id,
    node_id: nodeId('T', [org.id, id]),
    slug,
    description,
    privacy: scene.pick(['closed', 'closed', 'secret']),
    notification_setting: 'notifications_enabled',
    url,
    html_url: `${WEB}/orgs/${org.login}/teams/${slug}`,
    members_url: `${url}/members{/member}`,
    repositories_url: `${url}/repos`,
    permission: scene.pick(PERMISSIONS),
    parent: null,
    type: 'organization',
    organization_id: org.id,
  };
}

/** The team at `place` of one body: the same object each time it is asked for. */
export const teamAt = (body: Places, place: string): JsonObject => fact(body, `team ${place}`, (b) => drawTeam(b, place));

/** Whether an object with these keys is a team (an organization, which also has a slug, has a login). */
export const isTeamShape = (keys: Readonly<Record<string, unknown>>): boolean =>
  'slug' in keys && 'members_url' in keys && 'repositories_url' in keys && !('login' in keys);
