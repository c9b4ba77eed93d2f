/**
 * Every row of GITHUB_CHAINS, in order, through @octokit/rest authenticated by @octokit/auth-app with the
 * key installApp gave: each row's webhooks arrive in its order at the App's webhook, verified by
 * @octokit/webhooks, each body valid against GitHub's official schema, each with the installation and
 * the App's hook headers; README.md's table between the `github-chains` markers is chainsTable(GITHUB_CHAINS).
 */
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';
import { GITHUB_CHAINS, type GithubChainContext } from './github-chains.js';
import { githubReceiver, schemaErrors } from './github-oracle.js';
import { chainTypes, chainsTable, listedTypes, readmeChains } from './stripe-chains.js';

const SECRET = 'github-chains-secret';
const hook = githubReceiver(SECRET);
const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let emulator: Emulator;
let ctx: GithubChainContext;
/** Per row, the types it caused, as received. */
const caused: string[][] = [];

beforeAll(async () => {
  emulator = createEmulator({ providers: ['github'], seed: 29, webhooks: { github: { target: hook.receive, secret: SECRET } } });
  await emulator.listen(0);
  const installed = await emulator.github.installApp({
    owner: 'acme',
    repositories: ['app'],
    permissions: { issues: 'write', checks: 'write', statuses: 'write', pull_requests: 'write', contents: 'write', actions: 'write' },
    events: ['issues', 'issue_comment', 'label', 'check_run', 'status', 'push', 'create', 'pull_request', 'pull_request_review', 'pull_request_review_comment', 'release', 'repository_dispatch', 'workflow_dispatch'],
  });
  const octokit = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey, installationId: installed.id }, log });
  ctx = { octokit, emulator, installed, made: {} };
  for (const row of GITHUB_CHAINS) {
    const before = hook.received.length;
    await row.run(ctx);
    await emulator.settled();
    caused.push(hook.received.slice(before).map((r) => r.type));
  }
}, 60_000);
afterAll(() => emulator.close());

describe('GitHub chains', () => {
  it('sends each row its events in order, every delivery verified by @octokit/webhooks', () => {
    expect(hook.refused).toEqual([]);
    expect(GITHUB_CHAINS.map((row, i) => [row.operation, caused[i]])).toEqual(GITHUB_CHAINS.map((row) => [row.operation, row.events]));
  });

  it('sends bodies valid against the official schema, each with the installation and the App hook headers', () => {
    for (const { type, body, headers } of hook.received) {
      expect({ type, errors: schemaErrors(type, body) }).toEqual({ type, errors: [] });
      expect(body.installation.id, type).toBe(ctx.installed.id);
      expect(headers['x-github-hook-installation-target-type'], type).toBe('integration');
      expect(headers['x-github-hook-installation-target-id'], type).toBe(String(ctx.installed.appId));
      expect(headers['user-agent'], type).toMatch(/^GitHub-Hookshot\/[0-9a-f]{7}$/);
    }
  });

  it('records the object each delivery reports: an issue its issue, a comment its comment, a push its head commit', () => {
    const recorded = emulator.deliveries({ provider: 'github' });
    expect(recorded.filter((d) => d.objectId === undefined).map((d) => d.type)).toEqual([]);
    for (const d of recorded) {
      const event = d.event as Record<string, { id?: number } | string | undefined>;
      const [name] = d.type.split('.');
      if (name === 'issues') expect(d.objectId, d.type).toBe(String((event.issue as { id: number }).id));
      if (name === 'issue_comment') expect(d.objectId, d.type).toBe(String((event.comment as { id: number }).id));
      if (name === 'push') expect(d.objectId, d.type).toBe(event.after);
    }
  });

  it('sends objects equal to a later read, written by the App bot; once uninstalled, its token is refused', async () => {
    const last = hook.received.filter((r) => r.type.startsWith('issues.')).at(-1)!;
    const reader = new Octokit({ ...emulator.clientOptions('github'), log });
    expect(last.body.issue).toEqual((await reader.rest.issues.get({ owner: 'acme', repo: 'app', issue_number: Number(ctx.made.issue) })).data);
    const { token } = (await ctx.octokit.auth({ type: 'installation' })) as { token: string };
    const withToken = new Octokit({ ...emulator.clientOptions('github'), auth: token, log });
    await expect(withToken.rest.issues.get({ owner: 'acme', repo: 'app', issue_number: Number(ctx.made.issue) })).rejects.toMatchObject({ status: 401, response: { data: { message: 'Bad credentials' } } });
    expect(last.body.sender.login).toBe(`relaykit-app-${ctx.installed.appId}[bot]`);
    const merged = hook.received.filter((r) => r.type === 'pull_request.closed').map((r) => r.body.pull_request.merged);
    expect(merged).toEqual([false, true]);
    const mergePush = hook.received.filter((r) => r.type === 'push').at(-1)!.body;
    expect(mergePush.ref).toBe('refs/heads/main');
    expect(mergePush.after).toBe(hook.received.filter((r) => r.type === 'pull_request.closed').at(-1)!.body.pull_request.merge_commit_sha);
  });

  it(`reaches at least 35 event types (${chainTypes(GITHUB_CHAINS).length}), each listed in the README`, () => {
    expect(chainTypes(GITHUB_CHAINS).length).toBeGreaterThanOrEqual(35);
    expect(listedTypes(readmeChains('github'))).toEqual(chainTypes(GITHUB_CHAINS));
  });

  it('holds chainsTable(GITHUB_CHAINS) between <!-- github-chains:start --> and <!-- github-chains:end -->', () => {
    const expected = chainsTable(GITHUB_CHAINS);
    expect(readmeChains('github'), `README.md's GitHub chains differ; paste this between the markers:\n\n${expected}\n`).toBe(expected);
  });
});
