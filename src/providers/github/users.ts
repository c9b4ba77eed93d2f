/** GitHub's base URLs, and the `simple-user` and `organization-simple` objects. */
import type { JsonObject } from '../../core/index.js';

/** The REST API's base URL. */
export const API = 'https://api.github.com';
/** The web site's base URL. */
export const WEB = 'https://github.com';

/**
 * The `simple-user` object, in GitHub's key order. `contact` adds the leading `name` and `email` of
 * the legacy form `push` uses for repository owners. A `Bot` (an app's `<slug>[bot]` account) has its
 * avatar under `/in/`, its page under `/apps/<slug>` and its login escaped in its API URL, as GitHub shows them.
 */
export function userObject(login: string, id: number, node: string, type: string, contact?: { name: string; email: string | null }): JsonObject {
  const bot = type === 'Bot';
  const api = `${API}/users/${encodeURIComponent(login)}`;
  const user: JsonObject = {
    login,
    id,
    node_id: node,
    avatar_url: `https://avatars.githubusercontent.com/${bot ? 'in' : 'u'}/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: bot ? `${WEB}/apps/${login.replace(/\[bot\]$/, '')}` : `${WEB}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
  return contact ? { name: contact.name, email: contact.email, ...user } : user;
}

/**
 * The `organization-simple` object (`organization` in webhook payloads), in GitHub's key order, from the
 * organization's account (its `simple-user` form names its node id and avatar).
 * @example
 * organizationObject({ login: 'acme', id: 9_000_001, node_id: 'O_kgDO…', avatar_url: 'https://avatars.githubusercontent.com/u/9000001?v=4' }, null);
 */
export function organizationObject(org: Readonly<Record<string, unknown>>, description: string | null): JsonObject {
  const api = `${API}/orgs/${String(org.login)}`;
  return {
    login: org.login as string,
    id: org.id as number,
    node_id: org.node_id as string,
    url: api,
    repos_url: `${api}/repos`,
    events_url: `${api}/events`,
    hooks_url: `${api}/hooks`,
    issues_url: `${api}/issues`,
    members_url: `${api}/members{/member}`,
    public_members_url: `${api}/public_members{/member}`,
    avatar_url: org.avatar_url as string,
    description,
  };
}
