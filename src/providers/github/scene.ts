/**
 * The world one delivery happens in: the repository, its owner, the sender and the clock. Drawn once
 * per build so that every object in the payload refers to the same accounts, URLs and times.
 */
import type { JsonObject } from '../../core/index.js';
import { hex } from '../shared/ids.js';
import type { Faker } from '../shared/random.js';
import { isoSeconds, isoWithOffset, unixSeconds } from '../shared/time.js';
import { legacyNodeId, nodeId } from './node-ids.js';
import { repositoryObject, type Account, type Repo, type RepositoryStats } from './repository.js';
import { API, organizationObject, WEB, userObject } from './users.js';

/** A user or organization, with what commits and payloads need beside the user object. */
export type { Account, Repo } from './repository.js';

export interface Scene {
  readonly faker: Faker;
  /** Epoch ms of the delivery. */
  readonly now: number;
  readonly owner: Account;
  readonly sender: Account;
  readonly repo: Repo;
  /** What the repository's object forms share beyond `repo`. */
  readonly stats: RepositoryStats;
  /** The top-level `repository` object (`repository-webhooks`). */
  readonly repository: JsonObject;
  /** `organization` for org-owned repositories, else undefined. */
  readonly organization: JsonObject | undefined;
  /** The `author_association` of the sender with the repository. */
  readonly association: string;
  /** Draws a new account (a collaborator, reviewer or assignee). */
  person(): Account;
  /** ISO time (`2026-11-21T16:29:56Z`) `seconds` before the delivery. */
  ago(seconds: number): string;
  /** ISO time with the account's UTC offset, as commit timestamps are written. */
  localAgo(account: Account, seconds: number): string;
  /** Unix seconds `seconds` before the delivery. */
  unixAgo(seconds: number): number;
  /** A 40-hex commit or tree SHA. */
  sha(): string;
  /** A number of `digits` digits, below 2^53. */
  id(digits: number): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

export const MINUTE = 60;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const LANGUAGES = ['TypeScript', 'JavaScript', 'Python', 'Go', 'Rust', 'Ruby', 'Java', 'Kotlin', 'C#', 'Swift', 'PHP', 'Shell', null];
const LICENSES: readonly (JsonObject | null)[] = [
  { key: 'mit', name: 'MIT License', spdx_id: 'MIT', url: `${API}/licenses/mit`, node_id: 'MDc6TGljZW5zZTEz' },
  { key: 'apache-2.0', name: 'Apache License 2.0', spdx_id: 'Apache-2.0', url: `${API}/licenses/apache-2.0`, node_id: 'MDc6TGljZW5zZTI=' },
  {
    key: 'bsd-3-clause',
    name: 'BSD 3-Clause "New" or "Revised" License',
    spdx_id: 'BSD-3-Clause',
    url: `${API}/licenses/bsd-3-clause`,
    node_id: 'MDc6TGljZW5zZTU=',
  },
  { key: 'gpl-3.0', name: 'GNU General Public License v3.0', spdx_id: 'GPL-3.0', url: `${API}/licenses/gpl-3.0`, node_id: 'MDc6TGljZW5zZTk=' },
  null,
];
const REPO_SUFFIXES = ['api', 'web', 'service', 'cli', 'sdk', 'app', 'core', 'worker', 'infra', 'docs', 'ui', 'server'];
const ORG_SUFFIXES = ['labs', 'hq', 'dev', 'io', 'tech', 'systems', 'cloud', 'oss'];
const TOPICS = ['api', 'cli', 'devtools', 'docker', 'graphql', 'kubernetes', 'nodejs', 'react', 'testing', 'typescript', 'webhooks'];
/** Offsets of committers' local time, in minutes. */
const UTC_OFFSETS = [-480, -420, -300, -240, -180, 0, 60, 120, 180, 330, 480, 540];

/** Event-specific constraints on the world. */
export interface SceneOptions {
  /** `other`: the sender is never the owner (forks, stars); default: either. */
  readonly sender?: 'owner' | 'other';
  /** The repository is public (forks, stars); default: public or private. */
  readonly public?: boolean;
  /** The delivery follows a push (`push`, `pull_request.synchronize`): `pushed_at` is seconds ago. */
  readonly pushed?: boolean;
  /** The repository belongs to an organization (events about an organization); default: either. */
  readonly organization?: boolean;
}

export function createScene(faker: Faker, now: number, options: SceneOptions = {}): Scene {
  const draw = {
    int: (min: number, max: number) => faker.number.int({ min, max }),
    chance: (probability: number) => faker.number.float() < probability,
    pick: <T>(items: readonly T[]): T => items[faker.number.int(items.length - 1)]!,
  };
  const ago = (seconds: number) => isoSeconds(now - seconds * 1000);
  // faker's lastName() goes through a weighted pattern and costs ~10x a list pick.
  const lastNames = faker.definitions.person.last_name?.generic;
  const lastName = () => (lastNames && lastNames.length > 0 ? draw.pick(lastNames) : faker.person.lastName());
  const person = (): Account => {
    const first = clean(faker.person.firstName());
    const last = clean(lastName());
    const login = draw.pick([
      `${first}${last}`,
      `${first[0]}${last}`.toLowerCase(),
      `${first}-${last}`.toLowerCase(),
      `${first}${draw.int(1, 99)}`.toLowerCase(),
      `${first}${last[0]}`,
    ]);
    const id = draw.int(600_000, 240_000_000);
    return account(login, id, 'User', `${first} ${last}`, draw.pick(UTC_OFFSETS));
  };

  const orgOwned = draw.chance(0.5) || options.organization === true;
  let owner: Account;
  if (orgOwned) {
    const login = `${clean(lastName())}-${draw.pick(ORG_SUFFIXES)}`.toLowerCase();
    owner = account(login, draw.int(1_000_000, 220_000_000), 'Organization', login, 0);
  } else {
    owner = person();
  }
  const senderIsOwner = options.sender === 'owner' || (options.sender === undefined && !orgOwned && draw.chance(0.6));
  const sender = senderIsOwner && !orgOwned ? owner : person();
  // A sender who is not the owner has write access: a member of the org, or a collaborator.
  const association = sender === owner ? 'OWNER' : orgOwned ? 'MEMBER' : 'COLLABORATOR';

  const name = `${clean(faker.word.noun()).toLowerCase()}-${draw.pick(REPO_SUFFIXES)}`;
  const repoId = draw.int(20_000_000, 1_100_000_000);
  const fullName = `${owner.login}/${name}`;
  const pushedAgo = options.pushed ? draw.int(1, 3) : draw.int(2 * MINUTE, 3 * DAY);
  const repo: Repo = {
    id: repoId,
    nodeId: repoId < 350_000_000 ? legacyNodeId('Repository', repoId) : nodeId('R', [repoId]),
    name,
    fullName,
    private: options.public ? false : draw.chance(0.25),
    defaultBranch: draw.chance(0.85) ? 'main' : 'master',
    api: `${API}/repos/${fullName}`,
    html: `${WEB}/${fullName}`,
    description: draw.chance(0.85) ? faker.company.catchPhrase() : null,
    language: draw.pick(LANGUAGES),
    createdAt: wholeSeconds(now) - draw.int(60 * DAY, 9 * 365 * DAY) * 1000,
    openIssues: draw.int(0, 120),
    pushedAgo,
    pushedAt: wholeSeconds(now) - pushedAgo * 1000,
  };
  const stars = repo.private ? draw.int(0, 12) : draw.int(0, 4_000);
  const forks = Math.floor(stars / draw.int(4, 12));
  const stats: RepositoryStats = {
    updatedAt: ago(draw.int(2 * MINUTE, 20 * DAY)),
    homepage: draw.chance(0.3) ? `https://${owner.login.toLowerCase()}.github.io/${name}/` : null,
    size: draw.int(40, 250_000),
    stars,
    forks,
    hasIssues: true,
    hasPages: !repo.private && draw.chance(0.2),
    hasDiscussions: draw.chance(0.2),
    license: draw.pick(LICENSES),
    allowForking: !repo.private || orgOwned,
    topics: draw.chance(0.5) ? [...new Set([draw.pick(TOPICS), draw.pick(TOPICS)])].sort() : [],
  };
  const repository = repositoryObject(repo, owner, stats, { customProperties: orgOwned });

  return {
    faker,
    now,
    owner,
    sender,
    repo,
    stats,
    repository,
    organization: orgOwned ? organizationObject({ ...owner.user, login: owner.login, id: owner.id }, draw.chance(0.7) ? faker.company.catchPhrase() : null) : undefined,
    association,
    person,
    ago,
    localAgo: (who, seconds) => isoWithOffset(now - seconds * 1000, who.utcOffset),
    unixAgo: (seconds) => unixSeconds(now - seconds * 1000),
    sha: () => hex(faker, 40),
    id: (digits) => draw.int(10 ** (digits - 1), Math.min(Number.MAX_SAFE_INTEGER, 10 ** digits - 1)),
    ...draw,
  };
}


function wholeSeconds(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

/** Letters and digits only: names such as `O'Keefe` become valid logins. */
function clean(word: string): string {
  return word.replace(/[^A-Za-z0-9]/g, '');
}

function account(login: string, id: number, type: 'User' | 'Organization', name: string, utcOffset: number): Account {
  const legacy = type === 'User' ? id < 80_000_000 : id < 90_000_000;
  const node = legacy ? legacyNodeId(type, id) : nodeId(type === 'User' ? 'U' : 'O', [id]);
  return {
    login,
    id,
    type,
    name,
    email: `${id}+${login}@users.noreply.github.com`,
    utcOffset,
    user: userObject(login, id, node, type),
  };
}

