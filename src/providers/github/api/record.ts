/**
 * Recording a GitHub delivery: every object in the payload whose `url` is a REST resource
 * (repository, issue, pull request, comment, check run, workflow run, user…), plus the review,
 * commit status and installation, which carry no `url` of their own.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World, WorldAdapter } from '../../shared/api/index.js';
import { appInstallation, recordAppInstallation } from './app.js';
import { recordCanonical, RESOURCE } from './canonical.js';
import { API, kindOfUrl, pathKey } from './paths.js';

/** Keys whose objects are roll-ups or links, not resources. */
const SKIP = new Set(['reactions', '_links', 'permissions', 'links']);

function walk(world: World, value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(world, item);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, child] of Object.entries(value)) if (!SKIP.has(key)) walk(world, child);
  if (typeof value.url !== 'string' || !value.url.startsWith(`${API}/`)) return;
  const kind = kindOfUrl(value.url);
  // A URL naming a repository or an account on an object that is not one (a link, a config) is not recorded as it.
  const looks = kind ? LOOKS_LIKE[kind] : undefined;
  if (looks && !looks(value)) return;
  world.merge('github', kind ?? RESOURCE, value);
}

/** What an object of a kind always has: a repository its `full_name`, an account its `login`, an issue its `number`. */
const LOOKS_LIKE: Readonly<Record<string, ((o: Obj) => boolean) | undefined>> = {
  repository: (o) => typeof o.full_name === 'string',
  // An issue's `pull_request` is a set of links, not the pull request.
  pull_request: (o) => o.number !== undefined,
  issue: (o) => o.number !== undefined,
  user: (o) => typeof o.login === 'string',
  organization: (o) => typeof o.login === 'string',
};

/** The REST form of a `status` event's commit status. */
function commitStatus(body: Obj): Obj | undefined {
  const repository = body.repository;
  if (!isPlainObject(repository) || typeof repository.url !== 'string' || typeof body.sha !== 'string') return undefined;
  return {
    url: `${repository.url}/statuses/${body.sha}`,
    avatar_url: body.avatar_url ?? null,
    id: body.id,
    node_id: `SC_${Buffer.from(String(body.id)).toString('base64url')}`,
    state: body.state,
    description: body.description ?? null,
    target_url: body.target_url ?? null,
    context: body.context,
    created_at: body.created_at,
    updated_at: body.updated_at,
    creator: body.sender ?? null,
    sha: body.sha,
  };
}

/** A header of a recorded delivery, whatever its casing. */
function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const key in headers) if (key.toLowerCase() === lower) return headers[key];
  return undefined;
}

/** How the world keys and records GitHub objects. */
export const githubAdapter: WorldAdapter = {
  provider: 'github',
  keyHint: 'GitHub objects are keyed by the path of their API `url` (reviews by `pull_request_url`, statuses and installations by `id`).',
  identify(kind, object) {
    if (kind === 'status' && object.id !== undefined) return String(object.id);
    if (kind === 'installation' && object.id !== undefined) return pathKey(`/app/installations/${String(object.id)}`);
    if (kind === 'review' && typeof object.pull_request_url === 'string' && object.id !== undefined) {
      return `${pathKey(object.pull_request_url)}/reviews/${String(object.id)}`;
    }
    if (typeof object.url !== 'string' || !object.url.startsWith(`${API}/`)) return undefined;
    // A label's REST path is its name's, whatever id its `url` was built from.
    const repo = kind === 'label' && typeof object.name === 'string' ? /^(.*\/repos\/[^/]+\/[^/]+)\/labels\//.exec(object.url)?.[1] : undefined;
    return repo ? pathKey(`${repo}/labels/${object.name as string}`) : pathKey(object.url);
  },
  record(world, delivery, payload) {
    if (!isPlainObject(payload)) return;
    walk(world, payload);
    if (isPlainObject(payload.review) && typeof payload.review.pull_request_url === 'string') world.merge('github', 'review', payload.review);
    const event = delivery.headers['X-GitHub-Event'] ?? delivery.headers['x-github-event'];
    const installation = payload.installation;
    if (isPlainObject(installation) && installation.id !== undefined && 'account' in installation) {
      if (event === 'installation' && payload.action === 'deleted') world.delete('github', 'installation', pathKey(`/app/installations/${String(installation.id)}`));
      else world.merge('github', 'installation', installation);
    } else if (header(delivery.headers, 'X-GitHub-Hook-Installation-Target-Type') === 'integration') {
      // An App delivery names its installation by id: the installation, App and account it implies.
      const implied = appInstallation(payload, header(delivery.headers, 'X-GitHub-Hook-Installation-Target-ID'));
      if (implied) recordAppInstallation(world, implied);
    }
    if (event === 'status') {
      const status = commitStatus(payload);
      if (status) world.put('github', 'status', status);
    }
    if (event) recordCanonical(world, event, payload);
  },
};
