/** relaykit/msw against the official GitHub client: deliveries' objects read back, writes, lists, errors, credentials, reset, unsupported endpoints. */
import { describe, expect, it } from 'vitest';
import { Octokit } from '@octokit/rest';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const TOKEN = 'ghs_relaykitInstallationToken';
useProviderServer({ github: { token: TOKEN, actor: 'relay-ci[bot]' } });
// Octokit logs every failed request; these tests fail requests on purpose.
const log = { debug() {}, info() {}, warn() {}, error() {} };
const octokit = new Octokit({ auth: TOKEN, log });
const anonymous = new Octokit({ log });

function repoOf(payload: Record<string, any>): { owner: string; repo: string } {
  return { owner: payload.repository.owner.login, repo: payload.repository.name };
}

describe('relaykit/msw: GitHub', () => {
  it('serves the pull request of a pull_request.opened delivery to @octokit/rest, unauthenticated', async () => {
    const { payload } = await deliver('github', 'pull_request.opened', { data: { pull_request: { title: 'Add relaykit' } } });
    const { data, status } = await anonymous.rest.pulls.get({ ...repoOf(payload), pull_number: payload.number });
    expect(status).toBe(200);
    expect(data).toEqual(payload.pull_request);
    expect(data.title).toBe('Add relaykit');
    const repo = await anonymous.rest.repos.get(repoOf(payload));
    expect(repo.data.full_name).toBe(payload.repository.full_name);
    const sender = await anonymous.rest.users.getByUsername({ username: payload.sender.login });
    expect(sender.data.id).toBe(payload.sender.id);
  });

  it('shows a pull request as an issue too, as GitHub does', async () => {
    const { payload } = await deliver('github', 'pull_request.opened');
    const { data } = await octokit.rest.issues.get({ ...repoOf(payload), issue_number: payload.number });
    expect(data).toMatchObject({ number: payload.number, title: payload.pull_request.title, pull_request: { url: payload.pull_request.url } });
  });

  it('creates an issue comment that the comment list and the issue then show', async () => {
    const { payload } = await deliver('github', 'issues.opened');
    const target = { ...repoOf(payload), issue_number: payload.issue.number };
    const created = await octokit.rest.issues.createComment({ ...target, body: 'Thanks, on it.' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ body: 'Thanks, on it.', issue_url: payload.issue.url, user: { login: 'relay-ci[bot]', type: 'Bot' } });
    const comments = await octokit.rest.issues.listComments(target);
    expect(comments.data.map((c) => c.id)).toEqual([created.data.id]);
    const issue = await octokit.rest.issues.get(target);
    expect(issue.data.comments).toBe(payload.issue.comments + 1);
    await octokit.rest.issues.updateComment({ ...repoOf(payload), comment_id: created.data.id, body: 'Done.' });
    expect((await octokit.rest.issues.getComment({ ...repoOf(payload), comment_id: created.data.id })).data.body).toBe('Done.');
  });

  it('creates and completes a check run that later reads see', async () => {
    const { payload } = await deliver('github', 'pull_request.opened');
    const head_sha = payload.pull_request.head.sha;
    const created = await octokit.rest.checks.create({ ...repoOf(payload), name: 'relay', head_sha, status: 'in_progress' });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'relay', head_sha, status: 'in_progress', conclusion: null });
    await octokit.rest.checks.update({ ...repoOf(payload), check_run_id: created.data.id, conclusion: 'success', output: { title: 'OK', summary: 'All good' } });
    const fetched = await octokit.rest.checks.get({ ...repoOf(payload), check_run_id: created.data.id });
    expect(fetched.data).toMatchObject({ status: 'completed', conclusion: 'success', output: { title: 'OK', summary: 'All good' } });
    const forRef = await octokit.rest.checks.listForRef({ ...repoOf(payload), ref: head_sha });
    expect(forRef.data.total_count).toBe(1);
    expect(forRef.data.check_runs[0]!.id).toBe(created.data.id);
  });

  it('pages lists with per_page/page and a Link header', async () => {
    const { payload } = await deliver('github', 'issues.opened');
    const target = { ...repoOf(payload), issue_number: payload.issue.number };
    for (const body of ['one', 'two', 'three']) await octokit.rest.issues.createComment({ ...target, body });
    const first = await octokit.rest.issues.listComments({ ...target, per_page: 2 });
    expect(first.data.map((c) => c.body)).toEqual(['one', 'two']);
    expect(first.headers.link).toMatch(/<https:\/\/api\.github\.com\/repos\/[^>]+page=2[^>]*>; rel="next", <[^>]+page=2[^>]*>; rel="last"/);
    const all = await octokit.paginate(octokit.rest.issues.listComments, { ...target, per_page: 2 });
    expect(all.map((c) => c.body)).toEqual(['one', 'two', 'three']);
  });

  it('answers an unknown resource with GitHub 404 Not Found', async () => {
    const { payload } = await deliver('github', 'issues.opened');
    const error = await octokit.rest.issues.get({ ...repoOf(payload), issue_number: 999_999 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'HttpError', status: 404, response: { data: { message: 'Not Found', documentation_url: expect.stringContaining('docs.github.com') } } });
  });

  it('needs a token for writes (401 Requires authentication) and refuses a wrong one (401 Bad credentials)', async () => {
    const { payload } = await deliver('github', 'issues.opened');
    const target = { ...repoOf(payload), issue_number: payload.issue.number, body: 'hi' };
    await expect(anonymous.rest.issues.createComment(target)).rejects.toMatchObject({ status: 401, response: { data: { message: 'Requires authentication' } } });
    const wrong = new Octokit({ auth: 'ghp_notTheConfiguredToken', log });
    await expect(wrong.rest.repos.get(repoOf(payload))).rejects.toMatchObject({ status: 401, response: { data: { message: 'Bad credentials' } } });
    expect((await octokit.rest.issues.listComments(target)).data).toEqual([]);
  });

  it('forgets everything on resetProviderWorld()', async () => {
    const { payload } = await deliver('github', 'push');
    expect((await octokit.rest.repos.get(repoOf(payload))).status).toBe(200);
    resetProviderWorld();
    await expect(octokit.rest.repos.get(repoOf(payload))).rejects.toMatchObject({ status: 404 });
  });

  it('fails an unsupported endpoint with a message naming the method, the path and what is supported', async () => {
    quietConsoleError();
    const error = (await octokit.rest.repos.listForOrg({ org: 'relaykit' }).catch((e: unknown) => e)) as { status: number; message: string };
    expect(error.status).toBe(501);
    expect(error.message).toContain('no handler for GET /orgs/relaykit/repos');
    expect(error.message).toContain("supportedEndpoints('github') lists the");
    expect(providerWorld.unsupportedRequests().map((r) => r.provider)).toEqual(['github']);
  });
});
