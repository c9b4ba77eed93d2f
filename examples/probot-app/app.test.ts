/**
 * The Probot app behind Probot's own middleware, at its default route: each webhook signed with the
 * plugin's GITHUB_WEBHOOK_SECRET, the App's token exchange and its writes answered by relaykit/msw, and
 * the writes read back through the same API.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createNodeMiddleware, Probot } from 'probot';
import { createProviderServer, resetProviderWorld } from 'relaykit/msw';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { app } from './app.js';

const github = { id: 1234, installationId: 4242 };
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const probot = new Probot({ appId: github.id, privateKey, secret: process.env.GITHUB_WEBHOOK_SECRET, logLevel: 'warn' });
const middleware = await createNodeMiddleware(app, { probot });
const send = (eventType: string) => triggerWebhook('github', eventType, { target: middleware, path: '/api/github/webhooks', app: github });

const server = createProviderServer();
beforeAll(() => server.listen());
afterEach(() => resetProviderWorld());
afterAll(() => server.close());

test('issues.opened: the app comments on the issue', async () => {
  const result = await send('issues.opened');
  expect(result).toBeAccepted();
  const { repository, issue } = JSON.parse(result.delivery.body);
  const octokit = await probot.auth(github.installationId);
  const { data: comments } = await octokit.rest.issues.listComments({ owner: repository.owner.login, repo: repository.name, issue_number: issue.number });
  expect(comments.map((comment) => comment.body)).toEqual(['Thanks for opening this issue!']);
});

test('issue_comment.created: the app labels the issue', async () => {
  const result = await send('issue_comment.created');
  expect(result).toBeAccepted();
  const { repository, issue } = JSON.parse(result.delivery.body);
  const octokit = await probot.auth(github.installationId);
  const { data: labels } = await octokit.rest.issues.listLabelsOnIssue({ owner: repository.owner.login, repo: repository.name, issue_number: issue.number });
  expect(labels.map((label) => label.name)).toContain('triage');
});

test('check_suite.requested: the app reports a check run on the suite head', async () => {
  const result = await send('check_suite.requested');
  expect(result).toBeAccepted();
  const { repository, check_suite } = JSON.parse(result.delivery.body);
  const octokit = await probot.auth(github.installationId);
  const { data } = await octokit.rest.checks.listForRef({ owner: repository.owner.login, repo: repository.name, ref: check_suite.head_sha });
  expect(data.check_runs).toMatchObject([{ name: 'lint', head_sha: check_suite.head_sha, status: 'completed', conclusion: 'success' }]);
});
