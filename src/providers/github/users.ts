/** GitHub's base URLs and the `simple-user` object. */
import type { JsonObject, JsonValue } from '../shared/merge.js';

export const API = 'https://api.github.com';
export const WEB = 'https://github.com';

/**
 * The `simple-user` object, in GitHub's key order. `contact` adds the leading `name` and `email` of
 * the legacy form `push` uses for repository owners; without it they stay undefined and are not sent.
 */
export function userObject(login: string, id: number, node: string, type: string, contact?: { name: string; email: string | null }): JsonObject {
  const api = `${API}/users/${login}`;
  const fields: Record<string, JsonValue | undefined> = {
    name: contact?.name,
    email: contact?.email,
    login,
    id,
    node_id: node,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `${WEB}/${login}`,
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
  return fields as JsonObject;
}

