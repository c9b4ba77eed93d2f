/**
 * Property over every GitHub catalog type, several seeds, as repository and as App deliveries: every
 * object the payload references (the repository and its owner, the sender, the organization, the
 * issue or pull request with its author, labels and milestone, the head and base repositories, the
 * installation), read back through relaykit/msw with the real Octokit, exists and agrees with the
 * payload. Each type × seed is built once; each check starts from a world holding only its delivery.
 */
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, useProviderServer } from './support.js';

// GitHub alone: fewer handlers for msw to match each of the many reads against.
useProviderServer({ providers: ['github'] });
const octokit = new Octokit({ auth: 'ghs_agree', log: { debug() {}, info() {}, warn() {}, error() {} } });

/** Seeds drawn as repository deliveries, and as App deliveries. */
const SEEDS = [101];
const APP_SEEDS = [303];

const types = listEventTypes('github');
const built = await Promise.all(
  types.flatMap((type) => [
    ...SEEDS.map(async (seed) => ({ type, seed, app: false, ...(await deliver('github', type, { seed })) })),
    ...APP_SEEDS.map(async (seed) => ({ type, seed, app: true, ...(await deliver('github', type, { seed, app: true })) })),
  ]),
);

type Fields = Record<string, unknown>;

/** What differs between the fields the payload gives and the object read back. */
function differences(what: string, expected: Fields, actual: any): string[] {
  if (actual === undefined) return [`${what}: not found`];
  const out: string[] = [];
  for (const [field, value] of Object.entries(expected)) {
    if (value === undefined) continue;
    const got = field.split('.').reduce((o: any, k) => o?.[k], actual);
    if (JSON.stringify(got) !== JSON.stringify(value)) out.push(`${what}.${field}: ${JSON.stringify(got)} (payload ${JSON.stringify(value)})`);
  }
  return out;
}

/** An Octokit read, or `undefined` on a 404. */
async function read<T>(call: () => Promise<{ data: T }>): Promise<T | undefined> {
  try {
    return (await call()).data;
  } catch (error: any) {
    if (error.status === 404) return undefined;
    throw error;
  }
}

const account = (a: any): Fields => ({ id: a.id, login: a.login, type: a.type });

/** The checks of one delivery: every referenced object's disagreements with the payload. */
async function check(type: string, p: any, app: boolean): Promise<string[]> {
  const [event, action] = type.split('.');
  const problems: string[] = [];
  // Reads are made once per URL and all at once; each comparison waits for its own.
  const reads = new Map<string, Promise<any>>();
  const once = (key: string, call: () => Promise<{ data: any }>): Promise<any> => {
    if (!reads.has(key)) reads.set(key, read(call));
    return reads.get(key)!;
  };
  const pending: Promise<void>[] = [];
  const compare = (what: string, expected: Fields, got: Promise<any>) => pending.push(got.then((actual) => void problems.push(...differences(what, expected, actual))));
  const user = async (what: string, u: any) => {
    if (!u?.login) return;
    compare(what, account(u), once(`user ${u.login}`, () => octokit.rest.users.getByUsername({ username: u.login })));
  };
  const repository = async (what: string, r: any) => {
    if (!r?.full_name) return;
    const [owner, repo] = r.full_name.split('/');
    const got = once(`repo ${r.full_name}`, () => octokit.rest.repos.get({ owner, repo }));
    compare(what, { id: r.id, full_name: r.full_name, name: r.name, private: r.private, 'owner.login': r.owner?.login, default_branch: r.default_branch }, got);
  };
  const repoGone = event === 'repository' && action === 'deleted';
  if (p.repository && !repoGone) {
    await repository('repository', p.repository);
    await user('repository.owner', p.repository.owner);
  }
  await user('sender', p.sender);
  if (p.organization && !(event === 'organization' && action === 'deleted')) {
    compare('organization', { id: p.organization.id, login: p.organization.login }, read(() => octokit.rest.orgs.get({ org: p.organization.login })));
  }
  const target = p.repository?.full_name?.split('/') as [string, string] | undefined;
  const milestone = (what: string, m: any) => {
    const got = once(`milestone ${m.number}`, () => octokit.rest.issues.getMilestone({ owner: target![0], repo: target![1], milestone_number: m.number }));
    compare(what, { id: m.id, number: m.number, title: m.title, state: m.state }, got);
  };
  const issueLike = async (what: string, o: any, fetch: () => Promise<any>) => {
    compare(what, { id: o.id, number: o.number, title: o.title, state: o.state, 'user.login': o.user?.login, comments: o.comments }, read(fetch));
    await user(`${what}.user`, o.user);
    for (const label of o.labels ?? []) {
      const got = once(`label ${label.name}`, () => octokit.rest.issues.getLabel({ owner: target![0], repo: target![1], name: label.name }));
      compare(`${what}.labels[${label.name}]`, { id: label.id, name: label.name, color: label.color }, got);
    }
    if (o.milestone) milestone(`${what}.milestone`, o.milestone);
  };
  if (target && p.issue?.number !== undefined && !(event === 'issues' && action === 'deleted') && p.issue.url === `${p.repository.url}/issues/${p.issue.number}`) {
    await issueLike('issue', p.issue, () => octokit.rest.issues.get({ owner: target[0], repo: target[1], issue_number: p.issue.number }));
  }
  if (target && p.pull_request?.number !== undefined && p.pull_request.url === `${p.repository.url}/pulls/${p.pull_request.number}`) {
    await issueLike('pull_request', p.pull_request, () => octokit.rest.pulls.get({ owner: target[0], repo: target[1], pull_number: p.pull_request.number }));
    for (const side of ['head', 'base'] as const) if (p.pull_request[side]?.repo) await repository(`pull_request.${side}.repo`, p.pull_request[side].repo);
  }
  if (target && p.milestone?.number !== undefined && !(event === 'milestone' && action === 'deleted')) {
    milestone('milestone', p.milestone);
  }
  // An App's ping and a revoked user authorization concern the App, not an installation.
  if (app && !(event === 'installation' && action === 'deleted') && event !== 'ping' && event !== 'github_app_authorization') {
    if (!p.installation?.id) problems.push('installation: an App delivery names none');
    else {
      const owner = p.organization ?? p.repository?.owner ?? p.installation.account;
      compare('installation', { id: p.installation.id, 'account.login': owner?.login }, read(() => octokit.rest.apps.getInstallation({ installation_id: p.installation.id })));
    }
  }
  await Promise.all(pending);
  return problems;
}

describe('relaykit/msw: GitHub objects a payload references agree with it', () => {
  it.each([...SEEDS.map((seed) => [seed, false] as const), ...APP_SEEDS.map((seed) => [seed, true] as const)])(
    `every catalog type (${types.length}), seed %i (App deliveries: %s)`,
    async (seed, app) => {
      const mine = built.filter((b) => b.seed === seed && b.app === app);
      expect(mine.length).toBe(types.length);
      const failures: string[] = [];
      for (const { type, delivery, payload } of mine) {
        resetProviderWorld();
        providerWorld.record({ provider: 'github', eventType: type, headers: delivery.headers, body: delivery.body });
        for (const problem of await check(type, payload, app)) failures.push(`${type}: ${problem}`);
      }
      expect(failures).toEqual([]);
    },
  );
});
