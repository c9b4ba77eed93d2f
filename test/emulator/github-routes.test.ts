/**
 * GitHub's REST routes run on web Request/Response with the world they are handed, without msw, and
 * a bot's write appends the webhook body GitHub would send for it (action, the object, repository, sender) to the outbox.
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { githubAdapter, githubRoutes } from '../../src/providers/internal.js';
import { callRoute } from './support.js';

const TOKEN = 'ghs_test123';
const REPO = 'https://api.github.com/repos/acme/app';

function seeded() {
  const world = createWorld({ adapters: [githubAdapter], now: () => 1_767_225_600_000 });
  world.put('github', 'repository', { id: 1, name: 'app', full_name: 'acme/app', url: REPO });
  world.put('github', 'issue', { id: 11, number: 1, title: 'Bug', body: null, state: 'open', labels: [], comments: 0, url: `${REPO}/issues/1` });
  return world;
}

function call(world: ReturnType<typeof createWorld>, method: string, path: string, body?: unknown, token: string | null = TOKEN): Promise<Response> {
  return callRoute(githubRoutes({ tokens: [TOKEN] }), world, method, path, { body, headers: token === null ? {} : { authorization: `token ${token}` } });
}

describe('githubRoutes, without msw', () => {
  it('stores a comment in the world it is handed and appends issue_comment.created with the comment', async () => {
    const world = seeded();
    const answer = await call(world, 'POST', '/repos/acme/app/issues/1/comments', { body: 'Thanks!' });
    expect(answer.status).toBe(201);
    expect(world.outbox.drain()).toEqual([
      {
        provider: 'github',
        type: 'issue_comment.created',
        data: expect.objectContaining({
          action: 'created',
          comment: expect.objectContaining({ body: 'Thanks!', user: expect.objectContaining({ login: 'relaykit-bot[bot]' }) }),
          issue: expect.objectContaining({ number: 1, comments: 1 }),
          repository: expect.objectContaining({ full_name: 'acme/app' }),
          sender: expect.objectContaining({ login: 'relaykit-bot[bot]' }),
        }),
        at: 1_767_225_600_000,
      },
    ]);
  });

  it('appends issues.labeled per new label (with the label), issues.edited for a new title, issues.closed for a close', async () => {
    const world = seeded();
    await call(world, 'POST', '/repos/acme/app/issues/1/labels', { labels: ['bug', 'triage'] });
    await call(world, 'POST', '/repos/acme/app/issues/1/labels', { labels: ['bug'] });
    await call(world, 'PATCH', '/repos/acme/app/issues/1', { title: 'Crash on start' });
    await call(world, 'PATCH', '/repos/acme/app/issues/1', { state: 'closed' });
    const issue = (e: { data: Record<string, any> }) => e.data.issue as Record<string, any>;
    expect(world.outbox.drain().map((e) => [e.type, issue(e).title, issue(e).state, (e.data.label as { name?: string } | undefined)?.name ?? e.data.changes ?? null])).toEqual([
      ['issues.labeled', 'Bug', 'open', 'bug'],
      ['issues.labeled', 'Bug', 'open', 'triage'],
      ['issues.edited', 'Crash on start', 'open', { title: { from: 'Bug' } }],
      ['issues.closed', 'Crash on start', 'closed', null],
    ]);
  });

  it('appends check_run.created, then check_run.completed and check_suite.completed once a conclusion completes its only run, and status for a commit status', async () => {
    const world = seeded();
    const created = await call(world, 'POST', '/repos/acme/app/check-runs', { name: 'ci', head_sha: 'a'.repeat(40) });
    const { id } = (await created.json()) as { id: number };
    await call(world, 'PATCH', `/repos/acme/app/check-runs/${id}`, { status: 'in_progress' });
    await call(world, 'PATCH', `/repos/acme/app/check-runs/${id}`, { conclusion: 'success' });
    await call(world, 'POST', `/repos/acme/app/statuses/${'a'.repeat(40)}`, { state: 'success', context: 'ci' });
    expect(world.outbox.drain().map((e) => [e.type, ((e.data.check_run ?? e.data.check_suite) as Record<string, unknown> | undefined)?.status ?? e.data.state])).toEqual([
      ['check_run.created', 'queued'],
      ['check_run.completed', 'completed'],
      ['check_suite.completed', 'completed'],
      ['status', 'success'],
    ]);
  });

  it('appends nothing for a refused write: no token, an unknown issue, a comment without a body', async () => {
    const world = seeded();
    expect((await call(world, 'POST', '/repos/acme/app/issues/1/comments', { body: 'x' }, null)).status).toBe(401);
    expect((await call(world, 'POST', '/repos/acme/app/issues/2/comments', { body: 'x' })).status).toBe(404);
    expect((await call(world, 'POST', '/repos/acme/app/issues/1/comments', {})).status).toBe(422);
    expect(world.outbox.pending()).toEqual([]);
  });
});
