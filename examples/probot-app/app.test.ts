/**
 * The Probot app behind Probot's own middleware, at its default route: each webhook signed with the
 * plugin's GITHUB_WEBHOOK_SECRET, the App's token exchange and its API calls answered by relaykit/msw,
 * and what the app wrote read back through the same API.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createNodeMiddleware, Probot } from 'probot';
import { createProviderServer, resetProviderWorld } from 'relaykit/msw';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import app from './app.js';

const APP = { id: 1234, installationId: 4242 };
// A fresh key: the mock accepts any App JWT, so nothing real is needed.
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const probot = new Probot({ appId: APP.id, privateKey, secret: process.env.GITHUB_WEBHOOK_SECRET, logLevel: 'warn' });
const middleware = await createNodeMiddleware(app, { probot });

const server = createProviderServer();
beforeAll(() => server.listen());
afterEach(() => resetProviderWorld());
afterAll(() => server.close());

/** Delivers `eventType` as GitHub sends it to the App, at Probot's route; returns the payload and an installation client. */
async function send(eventType: string) {
  const result = await triggerWebhook('github', eventType, { target: middleware, path: '/api/github/webhooks', app: APP });
  expect(result).toBeAccepted();
  const payload = JSON.parse(result.delivery.body);
  const repo = { owner: payload.repository.owner.login as string, repo: payload.repository.name as string };
  return { payload, repo, octokit: await probot.auth(APP.installationId) };
}

test('issues.opened: the app comments on the issue', async () => {
  const { payload, repo, octokit } = await send('issues.opened');
  const { data: comments } = await octokit.rest.issues.listComments({ ...repo, issue_number: payload.issue.number });
  expect(comments.map((comment) => comment.body)).toEqual(['Thanks for opening this issue!']);
});

test('issue_comment.created: the app labels the issue', async () => {
  const { payload, repo, octokit } = await send('issue_comment.created');
  const { data: labels } = await octokit.rest.issues.listLabelsOnIssue({ ...repo, issue_number: payload.issue.number });
  expect(labels.map((label) => label.name)).toContain('triage');
});

test('check_suite.requested: the app reports a check run on the suite head', async () => {
  const { payload, repo, octokit } = await send('check_suite.requested');
  const { data } = await octokit.rest.checks.listForRef({ ...repo, ref: payload.check_suite.head_sha });
  expect(data.check_runs).toMatchObject([{ name: 'lint', head_sha: payload.check_suite.head_sha, status: 'completed', conclusion: 'success' }]);
});
