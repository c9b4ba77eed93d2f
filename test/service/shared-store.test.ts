/**
 * Several services on one store: each owns the executions it accepted, and recovery takes over only what a
 * gone owner left. In process, two services on one SQLite file (a second clock, 60 s ahead, sees the first
 * one's lease expired); and a store whose writes fail for a while (a full disk), after which the executions
 * it acknowledged run without a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ownerGone } from '../../src/service/instance.js';
import { createRelay, INTERRUPTED, type Relay } from '../../src/service/index.js';
import { MemoryStore, SqliteStore, type Store } from '../../src/service/store/index.js';
import { delivery } from '../store/fixtures.js';
import { officialDelivery, secrets } from './official.js';

const dirs: string[] = [];
function storePath(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-shared-'));
  dirs.push(dir);
  return path.join(dir, 'relay.db');
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A promise with its resolve. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function deliver(relay: Relay): Promise<string> {
  const signed = await officialDelivery('github', 'issues.opened');
  const response = await relay.fetch(new Request('http://relay.test/api/webhook/github', { method: 'POST', headers: signed.headers, body: signed.body }));
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** A service whose handler holds every execution running until `release` resolves; `started` resolves once `count` have started. */
function holding(store: Store, count: number, options: { now?: () => number } = {}) {
  const release = deferred();
  const started = deferred();
  let runs = 0;
  const relay = createRelay({
    store,
    secrets: { github: secrets.github },
    ...options,
    handlers: {
      'github.*': async (_event, { step }) => {
        await step.run('work', async () => {
          if (++runs === count) started.resolve();
          await release.promise;
          return 'done';
        });
      },
    },
  });
  return { relay, release: () => release.resolve(), started: started.promise, runs: () => runs };
}

describe('ownerGone', () => {
  const self = { id: 'inst_self', pid: 100, host: 'here' };
  const lease = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms).toISOString();
  const now = Date.UTC(2026, 0, 1);
  const other = { id: 'inst_other', pid: 200, host: 'here', startedAt: lease(-1000), leaseUntil: lease(30_000) };

  it('takes an unregistered owner, an expired lease, or a process ended on this host for gone, and nothing else', () => {
    const alive = () => true;
    expect(ownerGone(undefined, self, now, alive)).toBe(true);
    expect(ownerGone(other, self, now, alive)).toBe(false);
    expect(ownerGone({ ...other, leaseUntil: lease(0) }, self, now, alive)).toBe(true);
    expect(ownerGone(other, self, now, () => false)).toBe(true);
    // On another host its pid means nothing here: only its lease counts.
    expect(ownerGone({ ...other, host: 'there' }, self, now, () => false)).toBe(false);
    expect(ownerGone({ ...other, id: self.id, leaseUntil: lease(-1) }, self, now, alive)).toBe(false);
  });
});

describe('two services on one SQLite store', () => {
  it('leaves the running executions of a live service alone, says it serves the store, and refuses a retry of them naming its pid', async () => {
    const file = storePath();
    const a = holding(new SqliteStore({ path: file }), 3);
    await a.relay.recover();
    const ids = [await deliver(a.relay), await deliver(a.relay), await deliver(a.relay)];
    await a.started;

    const b = createRelay({ store: new SqliteStore({ path: file }), secrets: { github: secrets.github } });
    const recovery = await b.recover();
    expect(recovery).toMatchObject({ resumed: 0, interrupted: 0 });
    expect(recovery.others.map((o) => o.pid)).toEqual([process.pid]);
    expect((await b.otherInstances()).map((o) => o.pid)).toEqual([process.pid]);
    for (const id of ids) expect((await b.getExecution(id))?.status).toBe('running');
    await expect(b.retryExecution(ids[0]!)).rejects.toThrow(
      `Execution ${ids[0]} is running in another instance serving this store (pid ${process.pid}); retry it once it has finished or failed (a retry now would run its handler twice).`,
    );
    // The retry through the API is a 409 with the same words.
    const refused = await b.fetch(new Request(`http://relay.test/api/executions/${ids[1]}/retry`, { method: 'POST' }));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain(`(pid ${process.pid})`);

    a.release();
    await a.relay.idle();
    for (const id of ids) expect((await b.getExecution(id))?.status).toBe('completed');
    expect(a.runs()).toBe(3);
    await a.relay.close();
    // A closed service unregisters: nothing serves the store but b.
    expect(await b.otherInstances()).toEqual([]);
    await b.close();
  });

  it('takes over the work of a service whose lease expired: its running executions interrupted, its pending ones run; its late outcome is not recorded', async () => {
    const file = storePath();
    const a = holding(new SqliteStore({ path: file }), 2);
    await a.relay.recover();
    const ids = [await deliver(a.relay), await deliver(a.relay)];
    await a.started;
    // A pending execution whose owner never registered (a process that died before its first renewal).
    const store = new SqliteStore({ path: file });
    const orphan = delivery({ provider: 'github', type: 'issues.opened', at: Date.now() });
    await store.insertDelivery(orphan.event, { ...orphan.execution, owner: 'inst_gone' });
    await store.close();

    // b's clock is 60 s ahead: a's 30 s lease has expired as b sees it.
    const ran: string[] = [];
    const b = createRelay({
      store: new SqliteStore({ path: file }),
      now: () => Date.now() + 60_000,
      handlers: { 'github.*': (_event, { execution }) => void ran.push(execution.id) },
    });
    const recovery = await b.recover();
    expect(recovery).toMatchObject({ resumed: 1, interrupted: 2, others: [] });
    await b.idle();
    expect(ran).toEqual([orphan.execution.id]);
    for (const id of ids) expect(await b.getExecution(id)).toMatchObject({ status: 'failed', error: INTERRUPTED });

    a.release();
    await a.relay.idle();
    // a finished, but the executions are b's now: they stay failed until retried, and the retry runs them once more.
    for (const id of ids) expect((await b.getExecution(id))?.status).toBe('failed');
    expect(await b.retryExecution(ids[0]!)).toMatchObject({ status: 'pending', attempt: 2 });
    await b.idle();
    expect(await b.getExecution(ids[0]!)).toMatchObject({ status: 'completed', attempt: 2 });
    await a.relay.close();
    await b.close();
  });
});

describe('a retry of a running execution', () => {
  it('marks it interrupted and resumes it when its owner is gone, without waiting for a recovery', async () => {
    const file = storePath();
    const a = holding(new SqliteStore({ path: file }), 1);
    await a.relay.recover();
    const id = await deliver(a.relay);
    await a.started;
    const ran: string[] = [];
    const b = createRelay({
      store: new SqliteStore({ path: file }),
      now: () => Date.now() + 60_000,
      handlers: { 'github.*': (_event, { execution }) => void ran.push(`${execution.id} attempt ${execution.attempt}`) },
    });
    expect(await b.retryExecution(id)).toMatchObject({ status: 'pending', attempt: 2 });
    await b.idle();
    expect(ran).toEqual([`${id} attempt 2`]);
    expect((await b.getExecution(id))?.logs.map((l) => l.message)).toContain(INTERRUPTED);
    a.release();
    await a.relay.idle();
    expect(await b.getExecution(id)).toMatchObject({ status: 'completed', attempt: 2 });
    await a.relay.close();
    await b.close();
  });
});

describe('a store whose writes fail for a while (a full disk)', () => {
  /** `store`, with updateExecution failing while `full` is set, as SQLite fails every write on a full disk. */
  function fillable(store: Store): { store: Store; full: (value: boolean) => void } {
    let full = false;
    const wrapped = new Proxy(store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        if (name === 'updateExecution') {
          return (...args: unknown[]) => (full ? Promise.reject(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })) : (value as (...a: unknown[]) => unknown).apply(target, args));
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    return { store: wrapped, full: (value) => (full = value) };
  }

  it('runs the executions it acknowledged while writes failed once a write succeeds again, without a restart', async () => {
    const disk = fillable(new MemoryStore());
    const ran: string[] = [];
    const relay = createRelay({ store: disk.store, secrets: { github: secrets.github }, handlers: { 'github.*': (_event, { execution }) => void ran.push(execution.id) } });
    await relay.recover();
    disk.full(true);
    // Stored and acknowledged; its runner then fails to mark it running.
    const stuck = await deliver(relay);
    await relay.idle();
    expect((await relay.getExecution(stuck))?.status).toBe('pending');
    disk.full(false);
    const next = await deliver(relay);
    await relay.idle();
    await until(async () => ran.length === 2);
    expect(ran.sort()).toEqual([stuck, next].sort());
    expect((await relay.getExecution(stuck))?.status).toBe('completed');
    await relay.close();
  });
});

/** Waits for `done` over the service's own event-driven work (a sweep is a chain of store calls). */
async function until(done: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await done()); i++) await new Promise((resolve) => setImmediate(resolve));
  expect(await done()).toBe(true);
}
