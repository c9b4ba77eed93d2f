/**
 * Crash recovery: executions acknowledged but unfinished when the process stopped. In-process over a
 * real SQLite file (a second service opening the store the first left), and a real `relay dev` killed
 * with SIGKILL under load, then started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createRelay, INTERRUPTED, type ExecutionJson } from '../../src/service/index.js';
import { SqliteStore } from '../../src/service/store/index.js';
import { cleanUp, project, startDev, until } from '../cli/bin.js';
import { delivery } from '../store/fixtures.js';
import { officialDelivery, secrets } from './official.js';

const dirs: string[] = [];
function storePath(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-recovery-'));
  dirs.push(dir);
  return path.join(dir, 'relay.db');
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(cleanUp);

describe('recover() over a store a stopped process left', () => {
  async function leftBehind(file: string) {
    const store = new SqliteStore({ path: file });
    const pending = delivery();
    const running = delivery();
    await store.insertDelivery(pending.event, pending.execution);
    await store.insertDelivery(running.event, { ...running.execution, status: 'running' });
    const stepAt = new Date().toISOString();
    await store.saveStep({ executionId: running.execution.id, name: 'charge', status: 'completed', attempt: 1, result: { charged: 1 }, error: null, startedAt: stepAt, endedAt: stepAt });
    await store.saveStep({ executionId: running.execution.id, name: 'email', status: 'running', attempt: 1, result: null, error: null, startedAt: stepAt, endedAt: null });
    await store.close();
    return { pending: pending.execution.id, running: running.execution.id };
  }

  it('on listen, runs pending executions and marks running ones failed as interrupted, unfinished steps too', async () => {
    const file = storePath();
    const ids = await leftBehind(file);
    const seen: string[] = [];
    const relay = createRelay({ store: new SqliteStore({ path: file }), handlers: { 'stripe.*': (event) => void seen.push(event.id) } });
    await relay.listen({ port: 0 });
    await relay.idle();
    expect((await relay.getExecution(ids.pending))?.status).toBe('completed');
    expect(seen).toHaveLength(1);
    const interrupted = await relay.getExecution(ids.running);
    expect(interrupted).toMatchObject({ status: 'failed', error: INTERRUPTED, attempt: 1 });
    expect(interrupted?.steps.map((s) => [s.name, s.status])).toEqual([['charge', 'completed'], ['email', 'failed']]);
    expect(interrupted?.logs.at(-1)).toMatchObject({ level: 'error', message: INTERRUPTED });
    await relay.close();
  });

  it('lets a retry resume an interrupted execution, skipping the steps that completed', async () => {
    const file = storePath();
    const ids = await leftBehind(file);
    const ran: string[] = [];
    const relay = createRelay({
      store: new SqliteStore({ path: file }),
      handlers: {
        'stripe.*': async (_event, { step }) => {
          const charged = await step.run('charge', () => (ran.push('charge'), { charged: 2 }));
          await step.run('email', () => void ran.push(`email after ${charged.charged}`));
        },
      },
    });
    expect(await relay.recover()).toEqual({ resumed: 1, interrupted: 1, others: [] });
    await relay.idle();
    ran.length = 0;
    expect(await relay.retryExecution(ids.running)).toMatchObject({ status: 'pending', attempt: 2 });
    await relay.idle();
    expect(ran).toEqual(['email after 1']);
    expect((await relay.getExecution(ids.running))?.status).toBe('completed');
    await relay.close();
  });

  it('recovers once per service: a second listen does not run executions twice', async () => {
    const file = storePath();
    await leftBehind(file);
    let runs = 0;
    const relay = createRelay({ store: new SqliteStore({ path: file }), handlers: { '*': () => void runs++ } });
    await relay.listen({ port: 0 });
    await relay.listen({ port: 0 });
    await relay.idle();
    expect(runs).toBe(1);
    await relay.close();
  });
});

describe('a real relay dev killed under load', () => {
  const relayTs = `import { createRelay } from 'relaykit';
export default createRelay({
  handlers: {
    'github.*': async (event, { step }) => {
      await step.run('slow', () => new Promise((resolve) => setTimeout(() => resolve(event.id), 300)));
      await step.run('after', () => 'done');
    },
  },
});
`;

  it('leaves every acknowledged execution completed or failed after a restart, none stuck; redeliveries then find them settled', async () => {
    const dir = project(relayTs);
    const env = { GITHUB_WEBHOOK_SECRET: secrets.github };
    const first = await startDev(dir, env);
    const acknowledged = new Map<string, { headers: Record<string, string>; body: string }>();
    const sendOne = async () => {
      const signed = await officialDelivery('github', 'issues.opened');
      const response = await fetch(`${first.url}/api/webhook/github`, { method: 'POST', headers: signed.headers, body: signed.body });
      if (response.status === 200) acknowledged.set(((await response.json()) as ExecutionJson).id, signed);
    };
    // Keep 8 deliveries in flight until the kill; each handler takes 300 ms, so many are mid-run.
    let stop = false;
    const workers = Array.from({ length: 8 }, async () => {
      while (!stop) await sendOne().catch(() => undefined);
    });
    await until(async () => (acknowledged.size >= 60 ? true : undefined), '60 acknowledged deliveries');
    // Some have run to the end before the kill, however slow the machine is; the rest are mid-run or waiting.
    await until(async () => {
      const page = (await (await fetch(`${first.url}/api/executions?status=completed&limit=5`)).json()) as { items: unknown[] };
      return page.items.length >= 5 ? true : undefined;
    }, '5 completed executions');
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await first.exit;
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startDev(dir, env);
    const statusOf = async (id: string) => {
      const response = await fetch(`${second.url}/api/executions/${id}`);
      return ((await response.json()) as { status: string; error: string | null }).status;
    };
    const settled = await until(async () => {
      const statuses = await Promise.all([...acknowledged.keys()].map(statusOf));
      return statuses.every((s) => s === 'completed' || s === 'failed') ? statuses : undefined;
    }, 'every acknowledged execution to settle');
    expect(settled).toHaveLength(acknowledged.size);
    // Some were interrupted mid-handler, and say so; the rest ran to the end, before the kill or after the restart.
    expect(settled.filter((s) => s === 'failed').length).toBeGreaterThan(0);
    expect(settled.filter((s) => s === 'completed').length).toBeGreaterThan(0);
    const [failedId] = [...acknowledged.keys()].filter((_, i) => settled[i] === 'failed');
    const failed = (await (await fetch(`${second.url}/api/executions/${failedId}`)).json()) as { error: string };
    expect(failed.error).toBe(INTERRUPTED);
    // The provider's redelivery finds the execution, and a retry now works instead of answering 409.
    const again = acknowledged.get(failedId!)!;
    const redelivered = await fetch(`${second.url}/api/webhook/github`, { method: 'POST', headers: again.headers, body: again.body });
    expect(redelivered.headers.get('x-relay-deduplicated')).toBe('true');
    const retried = await fetch(`${second.url}/api/executions/${failedId}/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    await until(async () => ((await statusOf(failedId!)) === 'completed' ? true : undefined), 'the retried execution to complete');
  }, 60_000);
});
