/**
 * GitHub, emulated as a GitHub App sees it: installApp's key signs the App's JWT (@octokit/auth-app),
 * the installation token works through @octokit/rest with the emulator's baseUrl, its permissions are
 * enforced (GitHub's 403), and every write is delivered to the App's webhook, verified by
 * @octokit/webhooks and valid against GitHub's official webhook schema (@octokit/openapi-webhooks).
 */
import { createRequire } from 'node:module';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/rest';
import { Webhooks } from '@octokit/webhooks';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/emulator/index.js';

const SECRET = 'github-app-secret';
const require = createRequire(import.meta.url);
const spec = require('@octokit/openapi-webhooks/generated/api.github.com.json') as {
  components: { schemas: Record<string, unknown> };
  webhooks: Record<string, { post: { operationId: string; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
};
const schemaOf = new Map(
  Object.values(spec.webhooks).map((hook) => {
    const [event, action] = hook.post.operationId.split('/') as [string, string | undefined];
    return [`${event.replace(/-/g, '_')}${action ? `.${action.replace(/-/g, '_')}` : ''}`, hook.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!];
  }),
);
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, inlineRefs: false, code: { optimize: false } });
addFormats(ajv);
ajv.addSchema({ $id: 'gh', components: spec.components });
const validators = new Map<string, ValidateFunction>();
/** The body's errors against the official schema of its type (compiled once per type). */
function schemaErrors(type: string, body: unknown): string[] {
  const schema = schemaOf.get(type);
  if (!schema) return [`no official schema for ${type}`];
  let validate = validators.get(type);
  if (!validate) validators.set(type, (validate = ajv.compile({ $ref: `gh#/components/schemas/${schema}` })));
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

const webhooks = new Webhooks({ secret: SECRET });
const received: { type: string; body: Record<string, any>; headers: Record<string, string> }[] = [];
const refused: string[] = [];
async function receiver(request: Request): Promise<Response> {
  const body = await request.text();
  const signature = request.headers.get('x-hub-signature-256') ?? '';
  if (!(await webhooks.verify(body, signature))) {
    refused.push(body);
    return new Response('bad signature', { status: 400 });
  }
  const payload = JSON.parse(body) as Record<string, any>;
  const event = request.headers.get('x-github-event')!;
  await webhooks.receive({ id: request.headers.get('x-github-delivery')!, name: event as never, payload: payload as never });
  received.push({ type: payload.action ? `${event}.${String(payload.action)}` : event, body: payload, headers: Object.fromEntries(request.headers) });
  return new Response(null, { status: 204 });
}

let emulator: Emulator;
let installed: { id: number; appId: number; privateKey: string };
let octokit: Octokit;
const log = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  emulator = createEmulator({ providers: ['github'], seed: 29, webhooks: { github: { target: receiver, secret: SECRET } } });
  await emulator.listen(0);
  installed = await emulator.github.installApp({ owner: 'acme', repositories: ['app'], permissions: { issues: 'write', checks: 'write', statuses: 'write', pull_requests: 'write', contents: 'write', actions: 'write' }, events: ['issues', 'issue_comment', 'label', 'check_run', 'status', 'push', 'create', 'pull_request', 'pull_request_review', 'pull_request_review_comment', 'release', 'repository_dispatch', 'workflow_dispatch'] });
  octokit = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey, installationId: installed.id }, log });
});
afterAll(async () => {
  await emulator.close();
});

describe('a GitHub App on the emulator', () => {
  it('delivers installation.created, then each issue write in order, verified and valid against the official schema', async () => {
    const issue = await octokit.rest.issues.create({ owner: 'acme', repo: 'app', title: 'Crash on start', body: 'Steps…' });
    expect(issue.status).toBe(201);
    const n = issue.data.number;
    await octokit.rest.issues.update({ owner: 'acme', repo: 'app', issue_number: n, title: 'Crash on start (macOS)' });
    await octokit.rest.issues.addLabels({ owner: 'acme', repo: 'app', issue_number: n, labels: ['bug'] });
    await octokit.rest.issues.removeLabel({ owner: 'acme', repo: 'app', issue_number: n, name: 'bug' });
    await octokit.rest.issues.addAssignees({ owner: 'acme', repo: 'app', issue_number: n, assignees: ['octocat'] });
    await octokit.rest.issues.removeAssignees({ owner: 'acme', repo: 'app', issue_number: n, assignees: ['octocat'] });
    const comment = await octokit.rest.issues.createComment({ owner: 'acme', repo: 'app', issue_number: n, body: 'Thanks!' });
    await octokit.rest.issues.updateComment({ owner: 'acme', repo: 'app', comment_id: comment.data.id, body: 'Thanks, looking.' });
    await octokit.rest.issues.deleteComment({ owner: 'acme', repo: 'app', comment_id: comment.data.id });
    await octokit.rest.issues.lock({ owner: 'acme', repo: 'app', issue_number: n, lock_reason: 'resolved' });
    await octokit.rest.issues.unlock({ owner: 'acme', repo: 'app', issue_number: n });
    await octokit.rest.issues.update({ owner: 'acme', repo: 'app', issue_number: n, state: 'closed' });
    await octokit.rest.issues.update({ owner: 'acme', repo: 'app', issue_number: n, state: 'open' });
    await octokit.rest.issues.createLabel({ owner: 'acme', repo: 'app', name: 'triage', color: 'fbca04' });
    const { after } = emulator.github.push({ repo: 'acme/app', ref: 'refs/heads/feature', commits: [{ message: 'Fix the crash', modified: ['src/main.ts'] }] });
    await emulator.settled();
    const run = await octokit.rest.checks.create({ owner: 'acme', repo: 'app', name: 'ci', head_sha: after, status: 'in_progress', actions: [{ label: 'Fix', description: 'Apply the fix', identifier: 'fix' }] });
    emulator.github.requestAction({ repo: 'acme/app', checkRunId: run.data.id, identifier: 'fix' });
    await octokit.rest.checks.update({ owner: 'acme', repo: 'app', check_run_id: run.data.id, conclusion: 'success', output: { title: 'Passed', summary: 'All good' } });
    emulator.github.rerequestCheckRun({ repo: 'acme/app', checkRunId: run.data.id });
    await octokit.rest.repos.createCommitStatus({ owner: 'acme', repo: 'app', sha: after, state: 'success', context: 'ci/relaykit' });
    await emulator.settled();
    const pull = await octokit.rest.pulls.create({ owner: 'acme', repo: 'app', title: 'Fix the crash', head: 'feature', base: 'main' });
    const p = pull.data.number;
    await octokit.rest.pulls.update({ owner: 'acme', repo: 'app', pull_number: p, body: 'Closes #1' });
    await octokit.rest.issues.addLabels({ owner: 'acme', repo: 'app', issue_number: p, labels: ['bug'] });
    emulator.github.push({ repo: 'acme/app', ref: 'feature', commits: [{ message: 'Add a test' }] });
    await emulator.settled();
    await octokit.rest.pulls.createReview({ owner: 'acme', repo: 'app', pull_number: p, event: 'APPROVE' });
    await octokit.rest.pulls.createReviewComment({ owner: 'acme', repo: 'app', pull_number: p, body: 'Nice', commit_id: pull.data.head.sha, path: 'src/main.ts', line: 3 });
    await octokit.rest.pulls.update({ owner: 'acme', repo: 'app', pull_number: p, state: 'closed' });
    await octokit.rest.pulls.update({ owner: 'acme', repo: 'app', pull_number: p, state: 'open' });
    const merged = await octokit.rest.pulls.merge({ owner: 'acme', repo: 'app', pull_number: p });
    expect(merged.data).toMatchObject({ merged: true, message: 'Pull Request successfully merged' });
    await emulator.settled();
    const draft = await octokit.rest.repos.createRelease({ owner: 'acme', repo: 'app', tag_name: 'v1.0.0', draft: true });
    await octokit.rest.repos.updateRelease({ owner: 'acme', repo: 'app', release_id: draft.data.id, draft: false });
    await octokit.rest.repos.createRelease({ owner: 'acme', repo: 'app', tag_name: 'v1.1.0-rc.1', prerelease: true });
    await octokit.rest.repos.createDispatchEvent({ owner: 'acme', repo: 'app', event_type: 'sample.collected', client_payload: { id: 7 } });
    await octokit.rest.actions.createWorkflowDispatch({ owner: 'acme', repo: 'app', workflow_id: 'deploy.yml', ref: 'main', inputs: { env: 'staging' } });
    await emulator.github.installApp({ owner: 'acme', appId: installed.appId, repositories: ['app', 'web'], permissions: {}, events: [] });
    await emulator.github.installApp({ owner: 'acme', appId: installed.appId, repositories: ['app'], permissions: {}, events: [] });
    await emulator.settled();

    expect(refused).toEqual([]);
    expect(received.map((r) => r.type)).toEqual([
      'installation.created',
      'issues.opened',
      'issues.edited',
      'issues.labeled',
      'issues.unlabeled',
      'issues.assigned',
      'issues.unassigned',
      'issue_comment.created',
      'issue_comment.edited',
      'issue_comment.deleted',
      'issues.locked',
      'issues.unlocked',
      'issues.closed',
      'issues.reopened',
      'label.created',
      'create',
      'push',
      'check_suite.requested',
      'check_run.created',
      'check_run.requested_action',
      'check_run.completed',
      'check_suite.completed',
      'check_run.rerequested',
      'status',
      'pull_request.opened',
      'pull_request.edited',
      'pull_request.labeled',
      'push',
      'pull_request.synchronize',
      'check_suite.requested',
      'pull_request_review.submitted',
      'pull_request_review_comment.created',
      'pull_request.closed',
      'pull_request.reopened',
      'pull_request.closed',
      'push',
      'check_suite.requested',
      'release.created',
      'release.published',
      'release.released',
      'release.created',
      'release.published',
      'release.prereleased',
      'repository_dispatch.sample.collected',
      'workflow_dispatch',
      'installation_repositories.added',
      'installation_repositories.removed',
    ]);
    const closed = received.filter((r) => r.type === 'pull_request.closed');
    expect(closed.map((r) => r.body.pull_request.merged)).toEqual([false, true]);
    expect(received.find((r) => r.type === 'push' && r.body.ref === 'refs/heads/main')!.body).toMatchObject({ after: merged.data.sha });
    for (const { type, body } of received) expect({ type, errors: schemaErrors(type, body) }).toEqual({ type, errors: [] });
    for (const { type, body, headers } of received) {
      expect(headers['x-github-hook-installation-target-type']).toBe('integration');
      expect(headers['x-github-hook-installation-target-id']).toBe(String(installed.appId));
      expect(headers['user-agent']).toMatch(/^GitHub-Hookshot\/[0-9a-f]{7}$/);
      expect(body.installation.id, type).toBe(installed.id);
    }
    // The webhook's issue is the issue a later read returns; the writes were the App's bot's.
    const read = await octokit.rest.issues.get({ owner: 'acme', repo: 'app', issue_number: n });
    expect(received.filter((r) => r.type.startsWith('issues.')).at(-1)!.body.issue).toEqual(read.data);
    expect(received[1]!.body.sender.login).toBe(`relaykit-app-${installed.appId}[bot]`);
  });

  it('refuses a write outside the token permissions with 403 Resource not accessible by integration, and sends nothing', async () => {
    const before = emulator.deliveries().length;
    const app = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey }, log });
    const { data: token } = await app.rest.apps.createInstallationAccessToken({ installation_id: installed.id, permissions: { checks: 'write' } });
    expect(token.permissions).toEqual({ checks: 'write' });
    const narrow = new Octokit({ ...emulator.clientOptions('github'), auth: token.token, log });
    const error = await narrow.rest.issues.create({ owner: 'acme', repo: 'app', title: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, response: { data: { message: 'Resource not accessible by integration' }, headers: { 'x-accepted-github-permissions': 'issues=write' } } });
    await emulator.settled();
    expect(emulator.deliveries().length).toBe(before);
  });

  it('refuses a JWT signed with another key, and tokens ask no more than the installation holds', async () => {
    const other = (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const forged = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: other }, log });
    await expect(forged.rest.apps.getAuthenticated()).rejects.toMatchObject({ status: 401 });
    const app = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey }, log });
    expect((await app.rest.apps.getAuthenticated()).data).toMatchObject({ id: installed.appId });
    await expect(app.rest.apps.createInstallationAccessToken({ installation_id: installed.id, permissions: { administration: 'write' } })).rejects.toMatchObject({ status: 422 });
  });

  it('lists the App webhook deliveries and redelivers one with the same GUID and body', async () => {
    const app = new Octokit({ ...emulator.clientOptions('github'), authStrategy: createAppAuth, auth: { appId: installed.appId, privateKey: installed.privateKey }, log });
    const { data: list } = await app.request('GET /app/hook/deliveries', { per_page: 100 });
    const opened = (list as { id: number; guid: string; event: string; action: string; status: string }[]).find((d) => d.event === 'issues' && d.action === 'opened')!;
    expect(opened.status).toBe('OK');
    received.length = 0;
    const answer = await app.request('POST /app/hook/deliveries/{delivery_id}/attempts', { delivery_id: opened.id });
    expect(answer.status).toBe(202);
    await emulator.settled();
    expect(received.map((r) => [r.type, r.headers['x-github-delivery']])).toEqual([['issues.opened', opened.guid]]);
  });
});
