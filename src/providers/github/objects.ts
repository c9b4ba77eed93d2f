/** Objects several GitHub events share: labels, reactions, commits, the Actions app, repository variants. */
import type { JsonObject } from '../../core/index.js';
import { legacyNodeId, nodeId } from './node-ids.js';
import { isoSeconds } from '../shared/time.js';
import { minimalRepository, repositoryObject } from './repository.js';
import { DAY, type Account, type Scene } from './scene.js';
import { WEB, userObject } from './users.js';

export type LabelRow = readonly [name: string, color: string, description: string];

/** GitHub's default labels, as a new repository gets them. */
const DEFAULT_LABELS: readonly LabelRow[] = [
  ['bug', 'd73a4a', "Something isn't working"],
  ['documentation', '0075ca', 'Improvements or additions to documentation'],
  ['duplicate', 'cfd3d7', 'This issue or pull request already exists'],
  ['enhancement', 'a2eeef', 'New feature or request'],
  ['good first issue', '7057ff', 'Good for newcomers'],
  ['help wanted', '008672', 'Extra attention is needed'],
  ['invalid', 'e4e669', "This doesn't seem right"],
  ['question', 'd876e3', 'Further information is requested'],
  ['wontfix', 'ffffff', 'This will not be worked on'],
];

/** The labels repositories commonly have: GitHub's defaults, then Dependabot's and two common additions (not defaults). */
export const LABELS: readonly LabelRow[] = [
  ...DEFAULT_LABELS,
  ['dependencies', '0366d6', 'Pull requests that update a dependency file'],
  ['security', 'ee0701', 'Security fixes and reports'],
  ['needs triage', 'fbca04', 'Waiting for a maintainer to sort it'],
];
/** How many of `LABELS` are GitHub's defaults (they come first). */
export const DEFAULT_LABEL_COUNT = DEFAULT_LABELS.length;

/** One of the repository's default labels. */
export function label(scene: Scene): JsonObject {
  const [name, color, description] = scene.pick(DEFAULT_LABELS);
  return labelObject(scene, scene.id(10), [name, color, description], true);
}

/** A label as GitHub sends it: `row` is its name, color and description. */
export function labelObject(scene: Scene, id: number, [name, color, description]: LabelRow, isDefault: boolean): JsonObject {
  return {
    id,
    node_id: nodeId('LA', [scene.repo.id, id]),
    url: `${scene.repo.api}/labels/${encodeURIComponent(name)}`,
    name,
    color,
    default: isDefault,
    description,
  };
}

/** A `reactions` rollup with no reactions yet. */
export function reactions(url: string): JsonObject {
  return { url, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 };
}

/** The repository inside a pull request (`head.repo`, `base.repo`): the delivered repository plus its merge settings. */
export function pullRepository(scene: Scene): JsonObject {
  const squashOnly = scene.chance(0.3);
  const settings = { squashOnly, autoMerge: scene.chance(0.4), deleteBranchOnMerge: scene.chance(0.6), updateBranch: scene.chance(0.5) };
  return repositoryObject(scene.repo, scene.owner, scene.stats, { settings });
}

/**
 * The repository as `push` carries it: `created_at` and `pushed_at` in Unix seconds, the owner with
 * `name` and `email`, and the legacy `stargazers`, `master_branch` and `organization` keys.
 */
export function pushRepository(scene: Scene): JsonObject {
  return repositoryObject(scene.repo, scene.owner, scene.stats, { push: true, customProperties: scene.organization !== undefined });
}

/** The minimal repository `workflow_run.repository` and `head_repository` hold. */
export function workflowRepository(scene: Scene): JsonObject {
  return minimalRepository(scene.repo, scene.owner);
}

/** A commit an account made: what push, workflow runs, check suites and statuses describe. */
export interface Commit {
  readonly sha: string;
  readonly treeSha: string;
  readonly message: string;
  readonly author: Account;
  /** Seconds before the delivery. */
  readonly secondsAgo: number;
  readonly added: readonly string[];
  readonly removed: readonly string[];
  readonly modified: readonly string[];
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  TypeScript: 'ts', JavaScript: 'js', Python: 'py', Go: 'go', Rust: 'rs', Ruby: 'rb', Java: 'java', Kotlin: 'kt',
  'C#': 'cs', Swift: 'swift', PHP: 'php', Shell: 'sh',
};
const DIRECTORIES = ['src', 'lib', 'src/utils', 'test', 'internal', 'pkg'];

/** A plausible path of a file the repository's language suggests. */
export function sourcePath(scene: Scene): string {
  const roll = scene.int(0, 9);
  if (roll === 0) return 'README.md';
  if (roll === 1) return `.github/workflows/${scene.pick(['ci', 'release', 'test'])}.yml`;
  const ext = EXTENSIONS[scene.repo.language ?? ''] ?? 'md';
  return `${scene.pick(DIRECTORIES)}/${scene.faker.word.noun().toLowerCase().replace(/[^a-z0-9]/g, '')}.${ext}`;
}

/** The text with its first letter in upper case. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `count` commits by `author`, oldest first, the newest `newestAgo` seconds before the delivery. */
export function commits(scene: Scene, author: Account, count: number, newestAgo: number): Commit[] {
  const ages = [newestAgo];
  while (ages.length < count) ages.unshift(ages[0]! + scene.int(60, 900));
  return ages.map((secondsAgo) => {
    const modified = [sourcePath(scene)];
    const added = scene.chance(0.3) ? [sourcePath(scene)].filter((p) => p !== modified[0]) : [];
    return {
      sha: scene.sha(),
      treeSha: scene.sha(),
      message: capitalize(scene.faker.git.commitMessage()),
      author,
      secondsAgo,
      added,
      removed: [],
      modified,
    };
  });
}

/** A commit as `push` lists it (`commits[]`, `head_commit`). */
export function pushCommit(scene: Scene, commit: Commit): JsonObject {
  const person = { name: commit.author.name, email: commit.author.email, username: commit.author.login };
  return {
    id: commit.sha,
    tree_id: commit.treeSha,
    distinct: true,
    message: commit.message,
    timestamp: scene.localAgo(commit.author, commit.secondsAgo),
    url: `${scene.repo.html}/commit/${commit.sha}`,
    author: person,
    committer: person,
    added: [...commit.added],
    removed: [...commit.removed],
    modified: [...commit.modified],
  };
}

/** A commit as workflow runs and check suites summarize it (`head_commit`). */
export function simpleCommit(scene: Scene, commit: Commit): JsonObject {
  const person = { name: commit.author.name, email: commit.author.email };
  return {
    id: commit.sha,
    tree_id: commit.treeSha,
    message: commit.message,
    timestamp: scene.localAgo(commit.author, commit.secondsAgo),
    author: person,
    committer: person,
  };
}

const ACTIONS_CREATED = Date.UTC(2018, 6, 30, 9, 30, 17);
const ACTIONS_UPDATED = Date.UTC(2024, 3, 10, 20, 33, 16);

/**
 * The GitHub Actions app (id 15368), which owns Actions' check suites, check runs and workflow jobs.
 * Its real times, unless the delivery predates them.
 */
export function actionsApp(scene: Scene): JsonObject {
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    owner: userObject('github', 9919, legacyNodeId('Organization', 9919), 'Organization'),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${WEB}/apps/github-actions`,
    created_at: isoSeconds(Math.min(ACTIONS_CREATED, scene.now - 400 * DAY * 1000)),
    updated_at: isoSeconds(Math.min(ACTIONS_UPDATED, scene.now - 30 * DAY * 1000)),
    permissions: {
      actions: 'write',
      administration: 'read',
      attestations: 'write',
      checks: 'write',
      contents: 'write',
      deployments: 'write',
      discussions: 'write',
      issues: 'write',
      merge_queues: 'write',
      metadata: 'read',
      packages: 'write',
      pages: 'write',
      pull_requests: 'write',
      repository_hooks: 'write',
      repository_projects: 'write',
      security_events: 'write',
      statuses: 'write',
      vulnerability_alerts: 'read',
    },
    events: [
      'branch_protection_rule',
      'check_run',
      'check_suite',
      'create',
      'delete',
      'deployment',
      'deployment_status',
      'discussion',
      'discussion_comment',
      'fork',
      'gollum',
      'issues',
      'issue_comment',
      'label',
      'merge_group',
      'milestone',
      'page_build',
      'project',
      'project_card',
      'project_column',
      'public',
      'pull_request',
      'pull_request_review',
      'pull_request_review_comment',
      'push',
      'registry_package',
      'release',
      'repository',
      'repository_dispatch',
      'status',
      'watch',
      'workflow_dispatch',
      'workflow_run',
    ],
  };
}
