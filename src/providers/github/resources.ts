/** Releases, webhooks (`ping`), App installations and forks. */
import type { JsonObject } from '../../core/index.js';
import { base62 } from '../shared/ids.js';
import { capitalize } from './objects.js';
import { nodeId } from './node-ids.js';
import { repositoryObject } from './repository.js';
import { DAY, HOUR, type Scene } from './scene.js';
import { API, WEB } from './users.js';

/** A release of a new tag on the default branch, published by the sender just now. */
export function release(scene: Scene): JsonObject {
  const { repo } = scene;
  const id = scene.int(150_000_000, 260_000_000);
  const major = scene.int(0, 4);
  const prerelease = scene.chance(0.15);
  const tag = `v${major}.${scene.int(0, 30)}.${scene.int(0, 12)}${prerelease ? `-rc.${scene.int(1, 4)}` : ''}`;
  const api = `${repo.api}/releases/${id}`;
  const createdAgo = scene.int(30, 2 * HOUR);
  const changes = Array.from({ length: scene.int(1, 4) }, () => `* ${capitalize(scene.faker.git.commitMessage())} by @${scene.sender.login}`);
  return {
    url: api,
    assets_url: `${api}/assets`,
    upload_url: `https://uploads.github.com/repos/${repo.fullName}/releases/${id}/assets{?name,label}`,
    html_url: `${repo.html}/releases/tag/${tag}`,
    id,
    author: scene.sender.user,
    node_id: nodeId('RE', [repo.id, id]),
    tag_name: tag,
    target_commitish: repo.defaultBranch,
    name: tag,
    draft: false,
    immutable: false,
    prerelease,
    created_at: scene.ago(createdAgo),
    updated_at: scene.ago(1),
    published_at: scene.ago(1),
    assets: [],
    tarball_url: `${repo.api}/tarball/${tag}`,
    zipball_url: `${repo.api}/zipball/${tag}`,
    body: `## What's Changed\n${changes.join('\n')}\n\n**Full Changelog**: ${repo.html}/commits/${tag}`,
  };
}

const ZEN = [
  'Responsive is better than fast.',
  "It's not fully shipped until it's fast.",
  'Anything added dilutes everything else.',
  'Practicality beats purity.',
  'Approachable is better than simple.',
  'Mind your words, they are important.',
  'Speak like a human.',
  'Half measures are as bad as nothing at all.',
  'Encourage flow.',
  'Non-blocking is better than blocking.',
  'Favor focus over features.',
  'Avoid administrative distraction.',
  'Design for failure.',
  'Keep it logically awesome.',
];

export function zen(scene: Scene): string {
  return scene.pick(ZEN);
}

/** The repository webhook that was just created (what `ping` describes); its id is `X-GitHub-Hook-ID`. */
export function hook(scene: Scene, hookId: number): JsonObject {
  const api = `${scene.repo.api}/hooks/${hookId}`;
  const at = scene.ago(1);
  const events = scene.chance(0.4) ? ['*'] : scene.pick([['push'], ['push', 'pull_request'], ['issues', 'issue_comment', 'pull_request', 'push']]);
  return {
    type: 'Repository',
    id: hookId,
    name: 'web',
    active: true,
    events,
    config: {
      content_type: 'json',
      insecure_ssl: '0',
      secret: '********',
      url: `https://${scene.faker.internet.domainName()}/api/webhook/github`,
    },
    updated_at: at,
    created_at: at,
    url: api,
    test_url: `${api}/test`,
    ping_url: `${api}/pings`,
    deliveries_url: `${api}/deliveries`,
    last_response: { code: null, status: 'unused', message: null },
  };
}

/** A GitHub App installed on the repository owner's account, with access to selected repositories. */
export interface Installation {
  readonly id: number;
  readonly appId: number;
  readonly object: JsonObject;
}

export function installation(scene: Scene, createdAgo: number): Installation {
  const { owner } = scene;
  const id = scene.int(40_000_000, 75_000_000);
  const appId = scene.int(100_000, 1_300_000);
  const slug = `${scene.faker.word.noun().toLowerCase().replace(/[^a-z0-9]/g, '')}-${scene.pick(['bot', 'ci', 'app', 'sync', 'deploy'])}`;
  const settings = owner.type === 'Organization' ? `${WEB}/organizations/${owner.login}/settings/installations/${id}` : `${WEB}/settings/installations/${id}`;
  return {
    id,
    appId,
    object: {
      id,
      client_id: `Iv23li${base62(scene.faker, 14)}`,
      account: owner.user,
      repository_selection: 'selected',
      access_tokens_url: `${API}/app/installations/${id}/access_tokens`,
      repositories_url: `${API}/installation/repositories`,
      html_url: settings,
      app_id: appId,
      app_slug: slug,
      target_id: owner.id,
      target_type: owner.type,
      permissions: { checks: 'write', contents: 'read', issues: 'write', metadata: 'read', pull_requests: 'write' },
      events: ['check_run', 'issue_comment', 'issues', 'pull_request', 'push'],
      created_at: scene.ago(createdAgo),
      updated_at: scene.ago(Math.min(createdAgo, scene.int(1, 30 * DAY))),
      single_file_name: null,
      has_multiple_single_files: false,
      single_file_paths: [],
      suspended_by: null,
      suspended_at: null,
    },
  };
}

/** `repositories` entries of installation events. */
export function installationRepository(scene: Scene): JsonObject {
  const { repo } = scene;
  return { id: repo.id, node_id: repo.nodeId, name: repo.name, full_name: repo.fullName, private: repo.private };
}

/** The sender's new fork of the repository (`forkee`). */
export function forkee(scene: Scene): JsonObject {
  const { repo, sender, stats } = scene;
  const id = scene.int(900_000_000, 1_150_000_000);
  const fullName = `${sender.login}/${repo.name}`;
  const createdAt = Math.floor(scene.now / 1000) * 1000 - 1000;
  return repositoryObject(
    {
      ...repo,
      id,
      nodeId: nodeId('R', [id]),
      fullName,
      api: `${API}/repos/${fullName}`,
      html: `${WEB}/${fullName}`,
      createdAt,
      openIssues: 0,
      // A fresh fork has no language yet: GitHub computes it later.
      language: null,
    },
    sender,
    { ...stats, updatedAt: scene.ago(1), stars: 0, forks: 0, hasIssues: false, hasPages: false, hasDiscussions: false, allowForking: true, topics: [] },
    { fork: true },
  );
}
