/**
 * A GitHub App's credentials on the emulator: installApp's key signs the App's JWT (@octokit/auth-app),
 * which GitHub checks (a JWT signed with another key is refused); an installation token asks no more
 * than the installation holds, and a write outside its permissions is GitHub's 403 with nothing
 * delivered; the App's webhook deliveries are listed and one is redelivered with the same GUID.
 * The event chains themselves are github-chains.test.ts's.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type InstalledApp } from '../../src/emulator/index.js';
import { githubReceiver } from './github-oracle.js';

const SECRET = 'github-app-secret';
const hook = githubReceiver(SECRET);
const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
let emulator: Emulator;
let installed: InstalledApp;
let asApp: Octokit;

beforeAll(async () => {
  emulator = createEmulator({ providers: ['github'], seed: 7, webhooks: { github: { target: hook.receive, secret: SECRET } } });
  await emulator.listen(0);
  installed = await emulator.github.installApp({ owner: { login: 'acme-org', type: 'Organization' }, repositories: ['app'], permissions: { issues: 'write', checks: 'write' }, events: ['issues'] });
  asApp = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey }, log });
});
afterAll(() => emulator.close());

describe('a GitHub App on the emulator', () => {
  it('authenticates the App with its own key, and refuses a JWT signed with another', async () => {
    expect((await asApp.rest.apps.getAuthenticated()).data).toMatchObject({ id: installed.appId, slug: `relaykit-app-${installed.appId}` });
    expect((await asApp.rest.apps.getRepoInstallation({ owner: 'acme-org', repo: 'app' })).data).toMatchObject({ id: installed.id, app_id: installed.appId, account: { login: 'acme-org', type: 'Organization' } });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const forged = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: other }, log });
    await expect(forged.rest.apps.getAuthenticated()).rejects.toMatchObject({ status: 401, response: { data: { message: 'A JSON web token could not be decoded' } } });
  });

  it('narrows a token but never widens it, and refuses a write outside its permissions with 403, sending nothing', async () => {
    await expect(asApp.rest.apps.createInstallationAccessToken({ installation_id: installed.id, permissions: { administration: 'write' } })).rejects.toMatchObject({ status: 422 });
    const { data: token } = await asApp.rest.apps.createInstallationAccessToken({ installation_id: installed.id, permissions: { checks: 'write' } });
    expect(token).toMatchObject({ token: expect.stringMatching(/^ghs_[A-Za-z0-9]{36}$/), permissions: { checks: 'write' }, repository_selection: 'all' });
    await emulator.settled();
    const before = emulator.deliveries().length;
    const narrow = new Octokit({ ...emulator.clientOptions('github'), auth: token.token, log });
    const error = await narrow.rest.issues.create({ owner: 'acme-org', repo: 'app', title: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, response: { data: { message: 'Resource not accessible by integration' }, headers: { 'x-accepted-github-permissions': 'issues=write' } } });
    await expect(narrow.rest.issues.create({ owner: 'acme-org', repo: 'other', title: 'x' })).rejects.toMatchObject({ status: 404 });
    await emulator.settled();
    expect(emulator.deliveries().length).toBe(before);
  });

  it('answers bad input with GitHub\'s error shape: 422 naming the field, 404 naming an unmodelled operation and the nearest served', async () => {
    const octokit = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey, installationId: installed.id }, log });
    await expect(octokit.rest.issues.create({ owner: 'acme-org', repo: 'app', title: '' })).rejects.toMatchObject({
      status: 422,
      response: { data: { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] } },
    });
    const error = (await octokit.rest.repos.createFork({ owner: 'acme-org', repo: 'app' }).catch((e: unknown) => e)) as { status: number; response: { data: { message: string } } };
    expect(error.status).toBe(404);
    expect(error.response.data.message).toMatch(/does not model POST \/repos\/acme-org\/app\/forks of github\. Nearest it serves: .*emulator\.operations\('github'\)/);
    expect(emulator.operations('github')).toContain('POST /repos/:owner/:repo/pulls/:pull_number/reviews');
  });

  it('answers api.github.com in process through emulator.handlers(): the default Octokit, no listening server', async () => {
    const { setupServer } = await import('msw/node');
    const own = githubReceiver(SECRET);
    const local = createEmulator({ providers: ['github'], seed: 3, webhooks: { github: { target: own.receive, secret: SECRET } } });
    const app = await local.github.installApp({ owner: 'octo', repositories: ['site'], permissions: { issues: 'write' }, events: ['issues'] });
    const server = setupServer(...local.handlers());
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const octokit = new Octokit({ authStrategy: createAppAuth, auth: { appId: app.appId, privateKey: app.privateKey, installationId: app.id }, log });
      const { data } = await octokit.rest.issues.create({ owner: 'octo', repo: 'site', title: 'In process' });
      await local.settled();
      expect(data.url).toBe('https://api.github.com/repos/octo/site/issues/1');
      expect(local.deliveries().map((d) => [d.type, d.status])).toEqual([
        ['installation.created', 'delivered'],
        ['issues.opened', 'delivered'],
      ]);
      expect(own.received.map((r) => r.type)).toEqual(['installation.created', 'issues.opened']);
    } finally {
      server.close();
    }
  });

  it('sends the same bodies and ids in every run with the same seed, clock and App key', async () => {
    const at = Date.now();
    const run = async () => {
      const own = githubReceiver(SECRET);
      const local = createEmulator({ providers: ['github'], seed: 11, now: () => at, webhooks: { github: { target: own.receive, secret: SECRET } } });
      await local.listen(0);
      const app = await local.github.installApp({ owner: 'octo', repositories: ['site'], permissions: { issues: 'write' }, events: ['issues', 'issue_comment'], appId: installed.appId, privateKey: installed.privateKey });
      const octokit = new Octokit({ ...local.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: app.appId, privateKey: app.privateKey, installationId: app.id }, log });
      const { data: issue } = await octokit.rest.issues.create({ owner: 'octo', repo: 'site', title: 'Same' });
      await octokit.rest.issues.createComment({ owner: 'octo', repo: 'site', issue_number: issue.number, body: 'Again' });
      await local.settled();
      await local.close();
      return own.received.map((r) => [r.headers['x-github-delivery'], r.body]);
    };
    const first = await run();
    expect(first).toHaveLength(3);
    expect(await run()).toEqual(first);
  });

  it('lists the App webhook deliveries and redelivers one with the same GUID and body', async () => {
    const octokit = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey, installationId: installed.id }, log });
    await octokit.rest.issues.create({ owner: 'acme-org', repo: 'app', title: 'Crash' });
    await emulator.settled();
    const { data: list } = await asApp.request('GET /app/hook/deliveries', { per_page: 100 });
    const deliveries = list as { id: number; guid: string; event: string; action: string | null; status: string; redelivery: boolean }[];
    expect(deliveries.map((d) => [d.event, d.action, d.status])).toEqual([
      ['issues', 'opened', 'OK'],
      ['installation', 'created', 'OK'],
    ]);
    const first = hook.received.find((r) => r.type === 'issues.opened')!;
    const answer = await asApp.request('POST /app/hook/deliveries/{delivery_id}/attempts', { delivery_id: deliveries[0]!.id });
    expect(answer.status).toBe(202);
    await emulator.settled();
    const again = hook.received.at(-1)!;
    expect([again.type, again.headers['x-github-delivery'], again.body]).toEqual(['issues.opened', deliveries[0]!.guid, first.body]);
    const { data: after } = await asApp.request('GET /app/hook/deliveries');
    expect((after as typeof deliveries)[0]).toMatchObject({ guid: deliveries[0]!.guid, redelivery: true, status: 'OK' });
  });
});
