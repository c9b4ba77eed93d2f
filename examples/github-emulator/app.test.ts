/**
 * The Probot app against relaykit's emulator as GitHub: the App is installed on a repository, Probot
 * takes the emulator's baseUrl and the App's id and key from installApp, and its own webhook middleware
 * verifies every delivery with the App's secret. A pushed commit gets the app's completed check run; an
 * opened issue gets its label and comment, all offline.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { createNodeMiddleware, Probot } from 'probot';
import { createEmulator } from 'relaykit/emulator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import app from './app.js';

const secret = 'github-emulator-example';
let emulator: ReturnType<typeof createEmulator>;
let server: Server;
let octokit: Octokit;

beforeAll(async () => {
  // The app's server first, so that the App's webhook URL is known when GitHub (the emulator) is set up;
  // it answers once Probot is ready.
  let ready!: (handler: (req: IncomingMessage, res: ServerResponse) => unknown) => void;
  const handler = new Promise<(req: IncomingMessage, res: ServerResponse) => unknown>((resolve) => (ready = resolve));
  server = createServer((req, res) => void handler.then((serve) => serve(req, res)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/github/webhooks`;
  emulator = createEmulator({ providers: ['github'], webhooks: { github: { url, secret } }, seed: 1 });
  await emulator.listen(0);
  const { id, appId, privateKey } = await emulator.github.installApp({
    owner: 'acme',
    repositories: ['app'],
    permissions: { issues: 'write', checks: 'write' },
    events: ['issues', 'check_run'],
  });
  const { baseUrl } = emulator.clientOptions('github') as { baseUrl: string };
  const probot = new Probot({ appId, privateKey, secret, baseUrl, logLevel: 'warn' });
  ready(await createNodeMiddleware(app, { probot }));
  // A person's side of the test: the same installation's client opens the issue.
  octokit = new Octokit({ baseUrl, authStrategy: createAppAuth, auth: { appId, privateKey, installationId: id } });
  await emulator.settled();
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
});

test('a pushed commit gets the app check run, completed, and its suite completes', async () => {
  const { after } = emulator.github.push({ repo: 'acme/app', ref: 'main', commits: [{ message: 'Fix the build', modified: ['src/index.ts'] }] });
  await emulator.settled();
  const { data } = await octokit.rest.checks.listForRef({ owner: 'acme', repo: 'app', ref: after });
  expect(data.check_runs).toMatchObject([{ name: 'lint', head_sha: after, status: 'completed', conclusion: 'success' }]);
  expect(emulator.deliveries({ type: 'check_suite.completed' }).map((d) => [d.status, (d.event as { check_suite: { conclusion: string } }).check_suite.conclusion])).toEqual([['delivered', 'success']]);
});

test('an opened issue gets the triage label and a comment; Probot verified every delivery', async () => {
  const { data: issue } = await octokit.rest.issues.create({ owner: 'acme', repo: 'app', title: 'Crash on start' });
  await emulator.settled();
  const { data: labels } = await octokit.rest.issues.listLabelsOnIssue({ owner: 'acme', repo: 'app', issue_number: issue.number });
  expect(labels.map((label) => label.name)).toEqual(['triage']);
  const { data: comments } = await octokit.rest.issues.listComments({ owner: 'acme', repo: 'app', issue_number: issue.number });
  expect(comments.map((comment) => comment.body)).toEqual(['Thanks for opening this issue!']);
  // Probot answers 200 only to deliveries whose signature it verified.
  expect(emulator.deliveries().map((d) => [d.type, d.status])).toEqual([
    ['installation.created', 'delivered'],
    ['check_suite.requested', 'delivered'],
    ['check_run.created', 'delivered'],
    ['check_run.completed', 'delivered'],
    ['check_suite.completed', 'delivered'],
    ['issues.opened', 'delivered'],
    ['issues.labeled', 'delivered'],
  ]);
});
