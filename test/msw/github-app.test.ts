/**
 * A GitHub App's first calls against `relaykit/msw`, made with the real Octokit: the installation and
 * App an App delivery implies, the installation token exchange, and the token working on a write,
 * with no handler of the user's (issue 19: what Probot does on every delivery).
 */
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { deliver, useProviderServer } from './support.js';

const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
// The mock cannot check an App's signature (it has no private key): any JWT-shaped bearer is the App.
const JWT = 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiIxMjM0In0.c2lnbmF0dXJl';
useProviderServer({ github: { token: 'ghp_the_configured_token' } });

describe('a GitHub App against relaykit/msw', () => {
  it('finds the installation, App and account its delivery implied, exchanges a token and writes with it', async () => {
    const { delivery, payload } = await deliver('github', 'issues.opened', { app: { id: 1234, installationId: 4242 }, seed: 3 });
    expect(delivery.headers['X-GitHub-Hook-Installation-Target-Type']).toBe('integration');
    const [owner, repo] = (payload.repository.full_name as string).split('/') as [string, string];
    const asApp = new Octokit({ auth: JWT, log });

    const { data: installation } = await asApp.rest.apps.getRepoInstallation({ owner, repo });
    expect(installation).toMatchObject({ id: 4242, app_id: 1234, account: { login: owner } });
    expect(installation).not.toHaveProperty('repositories');
    expect((await asApp.rest.apps.getAuthenticated()).data).toMatchObject({ id: 1234 });

    const { status, data: token } = await asApp.rest.apps.createInstallationAccessToken({ installation_id: 4242 });
    expect(status).toBe(201);
    expect(token.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
    expect(Date.parse(token.expires_at)).toBeGreaterThan(Date.now());

    const asInstallation = new Octokit({ auth: token.token, log });
    const comment = await asInstallation.rest.issues.createComment({ owner, repo, issue_number: payload.issue.number, body: 'Thanks!' });
    expect(comment.status).toBe(201);
    // A token nobody issued is still refused.
    await expect(new Octokit({ auth: 'ghs_notissued', log }).rest.issues.createComment({ owner, repo, issue_number: payload.issue.number, body: 'x' })).rejects.toMatchObject({ status: 401 });
  });

  it('refuses the App endpoints without a JWT, and answers 404 for an installation no delivery named', async () => {
    await deliver('github', 'issues.opened', { app: { id: 1234, installationId: 4242 }, seed: 3 });
    await expect(new Octokit({ auth: 'ghp_the_configured_token', log }).rest.apps.createInstallationAccessToken({ installation_id: 4242 })).rejects.toMatchObject({ status: 401 });
    await expect(new Octokit({ auth: JWT, log }).rest.apps.createInstallationAccessToken({ installation_id: 9999 })).rejects.toMatchObject({ status: 404 });
    await expect(new Octokit({ auth: JWT, log }).rest.apps.getRepoInstallation({ owner: 'nobody', repo: 'nothing' })).rejects.toMatchObject({ status: 404 });
  });

  it('records nothing App-like from a repository webhook delivery', async () => {
    const { payload } = await deliver('github', 'issues.opened', { seed: 3 });
    const [owner, repo] = (payload.repository.full_name as string).split('/') as [string, string];
    await expect(new Octokit({ auth: JWT, log }).rest.apps.getRepoInstallation({ owner, repo })).rejects.toMatchObject({ status: 404 });
  });
});
