import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { MIGRATIONS } from '../../src/service/store/sqlite-schema.js';
import { betterSqliteCrashesHere, sqliteDriver, type SqliteDriverName } from '../../src/service/store/sqlite-driver.js';
import { seedExecutions } from '../../bench/seed.js';
import { describeStoreContract } from './contract.js';
import { delivery } from './fixtures.js';

const root = resolve(import.meta.dirname, '../..');
const child = resolve(import.meta.dirname, 'child.ts');
const temp = mkdtempSync(join(tmpdir(), 'relay-store-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let files = 0;
/** A path in a directory that does not exist yet. */
const freshPath = () => join(temp, `db${files++}`, '.relay', 'relay.db');

/**
 * The drivers this runtime has: better-sqlite3 (a devDependency, built for this Node by `npm ci` or
 * .ci/run) up to Node 24.18, node:sqlite where Node has it (22.13+). Every suite below runs once per driver.
 */
const drivers: SqliteDriverName[] = [];
if (!betterSqliteCrashesHere()) drivers.push('better-sqlite3');
const nodeHasSqlite = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:sqlite') !== undefined;
if (nodeHasSqlite) drivers.push('node:sqlite');

describe('the SQLite drivers of this runtime', () => {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];

  it('has node:sqlite exactly where Node 22.13+ provides it, so both drivers are tested on Node 22', () => {
    expect(nodeHasSqlite).toBe(major > 22 || (major === 22 && minor >= 13));
    expect(drivers.length).toBeGreaterThan(0);
    for (const driver of drivers) expect(sqliteDriver(driver).name).toBe(driver);
  });

  it('knows the Node versions better-sqlite3 12 crashes on, and refuses it there with the reason and the fix', () => {
    expect(['20.20.2', '22.23.3', '24.18.1'].map((v) => betterSqliteCrashesHere(v))).toEqual([false, false, false]);
    expect(['24.19.0', '24.21.0', '25.0.0'].map((v) => betterSqliteCrashesHere(v))).toEqual([true, true, true]);
    if (betterSqliteCrashesHere()) {
      expect(() => sqliteDriver('better-sqlite3')).toThrow(/crashes on Node .* use node:sqlite, the default on this Node/);
    } else {
      expect(sqliteDriver('better-sqlite3').name).toBe('better-sqlite3');
    }
  });
});

/** A raw connection to `path` through `driver`, for looking at the file as another program would. */
const raw = (driver: SqliteDriverName, path: string) => sqliteDriver(driver).open(path, { busyTimeoutMs: 1000 });

for (const driver of drivers) {
  describeStoreContract(`SqliteStore (${driver})`, () => new SqliteStore({ path: freshPath(), driver }));
  describeStoreContract(`SqliteStore in memory (${driver})`, () => new SqliteStore({ path: ':memory:', driver }));
}
// The same contract once the writer and checkpoint threads have taken over (a store under sustained load).
for (const driver of drivers) {
  describeStoreContract(`SqliteStore with worker threads (${driver})`, () => new SqliteStore({ path: freshPath(), threadsAfterCommits: 1, driver }));
}

/** Runs test/store/child.ts in a new Node process. */
function spawnChild(driver: SqliteDriverName, ...args: string[]): { process: ChildProcess; lines: AsyncIterable<string>; stderr: () => string; exit: Promise<number | null> } {
  const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RELAY_SQLITE_DRIVER: driver } });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((done) => proc.on('exit', (code) => done(code)));
  return { process: proc, lines: createInterface({ input: proc.stdout! }), stderr: () => stderr, exit };
}

/** Polls until `done()` holds, failing with `what` after 10 s. */
async function eventually(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// The worker threads open the file through the store's own driver (worker-db.ts): tested on each.
for (const driver of drivers) {
  describe(`SqliteStore worker threads (${driver})`, () => {
    it('commits through the writer thread: outcomes per write, dedupe, failures alone, all durable after reopening', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, threadsAfterCommits: 1, driver });
      const first = delivery();
      await store.insertDelivery(first.event, first.execution);
      await eventually('the writer thread did not start', () => store.committingInWorker);
      const batch = Array.from({ length: 200 }, () => delivery());
      const duplicate = delivery({ deliveryId: first.event.deliveryId });
      const orphan = delivery();
      const results = await Promise.allSettled([
        ...batch.map((d) => store.insertDelivery(d.event, d.execution)),
        store.insertDelivery(duplicate.event, duplicate.execution),
        store.updateExecution('exec_missing', { status: 'running' }),
        store.saveStep({ executionId: orphan.execution.id, name: 'orphan', status: 'completed', attempt: 1, result: null, error: null, startedAt: orphan.execution.createdAt, endedAt: orphan.execution.createdAt }),
      ]);
      expect(store.committingInWorker).toBe(true);
      expect(results.slice(0, 200).every((r) => r.status === 'fulfilled' && (r.value as { created: boolean }).created)).toBe(true);
      expect(results[200]).toMatchObject({ status: 'fulfilled', value: { created: false, execution: { id: first.execution.id } } });
      expect(results[201]).toMatchObject({ status: 'fulfilled', value: false });
      expect(results[202]!.status).toBe('rejected');
      await store.close();
      const reopened = new SqliteStore({ path, driver });
      expect(await reopened.countExecutions()).toBe(201);
      expect(await reopened.getExecution(batch[199]!.execution.id)).toEqual(batch[199]!.execution);
      await reopened.close();
    });

    it('moves to the threads after the default number of group commits, and its checkpoint thread empties the WAL once idle', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      try {
        // One commit each, as a store under steady load makes them: the threads start at the 256th.
        const before: string[] = [];
        for (let i = 0; i < 255; i++) {
          const d = delivery();
          await store.insertDelivery(d.event, d.execution);
          before.push(d.execution.id);
        }
        await new Promise((r) => setTimeout(r, 100));
        expect(store.committingInWorker).toBe(false);
        const last = delivery();
        await store.insertDelivery(last.event, last.execution);
        await eventually('the writer thread did not start after 256 commits', () => store.committingInWorker);
        // Writes of every kind through the writer thread, concurrently, each with its own outcome.
        const more = Array.from({ length: 300 }, () => delivery());
        const outcomes = await Promise.all([
          ...more.map((d) => store.insertDelivery(d.event, d.execution)),
          store.updateExecution(before[0]!, { status: 'running' }, ['pending']),
          store.updateExecution(before[1]!, { status: 'running' }, ['completed']),
          store.appendLog({ executionId: before[2]!, attempt: 1, at: last.execution.createdAt, level: 'info', message: 'through the writer', fields: null }),
          store.saveStep({ executionId: 'exec_absent', name: 's', status: 'completed', attempt: 1, result: null, error: null, startedAt: last.execution.createdAt, endedAt: null }).catch((error: Error) => error),
        ]);
        expect(outcomes.slice(0, 300).every((o) => (o as { created: boolean }).created)).toBe(true);
        expect(outcomes.slice(300, 303)).toEqual([true, false, undefined]);
        expect(String(outcomes[303])).toMatch(/saveStep: execution exec_absent is not stored/);
        expect(store.committingInWorker).toBe(true);
        // Committed by the writer, readable at once on the store's own connection.
        expect(await store.countExecutions()).toBe(556);
        expect(await store.getExecution(before[0]!)).toMatchObject({ status: 'running' });
        expect((await store.listLogs(before[2]!)).map((l) => l.message)).toEqual(['through the writer']);
        // The store's connection no longer checkpoints (wal_autocheckpoint 0); the checkpoint thread copies the WAL
        // and, after a quiet second, truncates it while the store is still open.
        expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
        await eventually('the checkpoint thread did not truncate the WAL', () => statSync(`${path}-wal`).size === 0);
      } finally {
        await store.close();
      }
      const reopened = new SqliteStore({ path, driver });
      expect(await reopened.countExecutions()).toBe(556);
      await reopened.close();
    });

    it('keeps every acknowledged write when the process is killed while its writer thread commits under load', async () => {
      const path = freshPath();
      const run = spawnChild(driver, 'flood', path);
      const acknowledged: string[] = [];
      let inWorker = false;
      let afterWorker = 0;
      for await (const line of run.lines) {
        if (line === 'in worker') inWorker = true;
        else acknowledged.push(line);
        if (inWorker) afterWorker++;
        // Killed mid-stream: deliveries are still being sent, and batches are in flight in the writer.
        if (afterWorker >= 1000) {
          run.process.kill('SIGKILL');
          break;
        }
      }
      expect(await run.exit, run.stderr()).toBeNull();
      expect(run.process.signalCode).toBe('SIGKILL');
      expect(inWorker).toBe(true);
      const store = new SqliteStore({ path, driver });
      try {
        const missing: string[] = [];
        for (const id of acknowledged) if (!(await store.getExecution(id))) missing.push(id);
        expect(missing).toEqual([]);
        expect(await store.countExecutions()).toBeGreaterThanOrEqual(acknowledged.length);
      } finally {
        await store.close();
      }
      // Nothing half-stored: every event has its execution and every execution its event.
      const db = raw(driver, path);
      const halves = db.prepare(`SELECT
        (SELECT count(*) FROM events WHERE id NOT IN (SELECT event_id FROM executions)) AS events,
        (SELECT count(*) FROM executions WHERE event_id NOT IN (SELECT id FROM events)) AS executions`).get();
      db.close();
      expect(halves).toEqual({ events: 0, executions: 0 });
    });
  });
}

for (const driver of drivers) {
  describe(`SqliteStore file (${driver})`, () => {
    it('creates the file and its missing parent directories', async () => {
      // One tree per driver: where node:sqlite exists (Node 22.13+) this runs once for each.
      const top = join(temp, `deep-${driver.replace(':', '-')}`);
      const path = join(top, 'er', 'project', '.relay', 'relay.db');
      expect(existsSync(top)).toBe(false);
      const store = new SqliteStore({ path, driver });
      expect(statSync(path).isFile()).toBe(true);
      await store.close();
    });

    it('uses WAL mode, visible to another connection while open', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      const d = delivery();
      await store.insertDelivery(d.event, d.execution);
      expect(existsSync(`${path}-wal`)).toBe(true);
      const other = raw(driver, path);
      expect(other.pragma('journal_mode')).toBe('wal');
      other.close();
      await store.close();
    });

    it('keeps everything after close and reopen', async () => {
      const path = freshPath();
      const first = new SqliteStore({ path, driver });
      const d = delivery({ data: { nested: { ok: true } } });
      await first.insertDelivery(d.event, d.execution);
      await first.saveStep({ executionId: d.execution.id, name: 's', status: 'completed', attempt: 1, result: [1], error: null, startedAt: d.execution.createdAt, endedAt: d.execution.createdAt });
      await first.appendLog({ executionId: d.execution.id, attempt: 1, at: d.execution.createdAt, level: 'info', message: 'hi', fields: { a: 1 } });
      await first.close();

      const again = new SqliteStore({ path, driver });
      expect(await again.getExecution(d.execution.id)).toEqual(d.execution);
      expect(await again.getEvent(d.event.id)).toEqual(d.event);
      expect(await again.listSteps(d.execution.id)).toHaveLength(1);
      expect(await again.listLogs(d.execution.id)).toHaveLength(1);
      const dup = delivery({ deliveryId: d.event.deliveryId });
      expect(await again.insertDelivery(dup.event, dup.execution)).toEqual({ created: false, execution: d.execution });
      await again.close();
    });

    it('sets user_version to the latest schema version and creates the tables', async () => {
      const path = freshPath();
      await new SqliteStore({ path, driver }).close();
      const db = raw(driver, path);
      expect(SqliteStore.schemaVersion).toBeGreaterThanOrEqual(1);
      expect(db.pragma('user_version')).toBe(SqliteStore.schemaVersion);
      const names = (sql: string) => db.prepare(sql).all<{ name: string }>().map((row) => row.name);
      const tables = names("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      expect(tables).toEqual(['events', 'executions', 'instances', 'logs', 'steps']);
      const indexes = names("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name");
      expect(indexes).toEqual(['events_captured', 'events_delivery', 'executions_created', 'executions_event', 'executions_replayed', 'executions_status', 'executions_type', 'logs_execution']);
      db.close();
    });

    /** A file at schema `version`, as an older relaykit left it: event `evt_old` and its execution `exec_old` in `status`. */
    function oldFile(version: number, status: string): string {
      const path = freshPath();
      mkdirSync(join(path, '..'), { recursive: true });
      const db = raw(driver, path);
      for (const step of MIGRATIONS.slice(0, version)) db.exec(step);
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec(`INSERT INTO events (id, provider, type, delivery_id, headers, body, data, received_at)
        VALUES ('evt_old', 'stripe', 'stripe.x', 'evt_1', '{}', '{"id":"evt_1"}', NULL, '2026-01-01T00:00:00.000Z')`);
      db.exec(`INSERT INTO executions (id, event_id, event_type, status, attempt, created_at, updated_at)
        VALUES ('exec_old', 'evt_old', 'stripe.x', '${status}', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`);
      db.close();
      return path;
    }

    it('migrates a version-1 file in place: its events stay, read back as before, and captures can be stored beside them', async () => {
      const path = oldFile(1, 'completed');
      const store = new SqliteStore({ path, driver });
      try {
        expect(await store.getEvent('evt_old')).toEqual({
          id: 'evt_old', provider: 'stripe', type: 'stripe.x', deliveryId: 'evt_1', headers: {}, body: '{"id":"evt_1"}',
          data: { id: 'evt_1' }, dataIsBody: true, receivedAt: '2026-01-01T00:00:00.000Z',
        });
        const at = '2026-01-02T00:00:00.000Z';
        const event = { id: 'evt_new', provider: 'stripe', type: 'stripe.x', deliveryId: 'evt_2', headers: {}, body: '{"id":"evt_2"}', data: { id: 'evt_2' }, dataIsBody: true, receivedAt: at, captured: true };
        const execution = { id: 'exec_new', eventId: 'evt_new', eventType: 'stripe.x', status: 'pending', attempt: 1, createdAt: at, updatedAt: at, replayedFrom: null, error: null } as const;
        await store.insertDelivery(event, execution);
        expect(await store.getEvent('evt_new')).toEqual(event);
        expect((await store.listCaptures()).map((e) => e.id)).toEqual(['evt_new']);
        expect(await store.deleteCaptures()).toBe(1);
        expect(await store.getEvent('evt_new')).toBeUndefined();
        expect(await store.getExecution('exec_new')).toBeUndefined();
        expect(await store.getExecution('exec_old')).toBeDefined();
      } finally {
        await store.close();
      }
      expect(raw(driver, path).pragma('user_version')).toBe(SqliteStore.schemaVersion);
    });

    it('migrates a version-3 file in place: its executions stay without an owner, and owners and instances can be stored', async () => {
      const path = oldFile(3, 'running');
      const store = new SqliteStore({ path, driver });
      try {
        const old = { id: 'exec_old', eventId: 'evt_old', eventType: 'stripe.x', status: 'running', attempt: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', replayedFrom: null, error: null };
        expect(await store.getExecution('exec_old')).toStrictEqual(old);
        expect(await store.updateExecution('exec_old', { owner: 'inst_a' }, ['running'], { owner: null })).toBe(true);
        expect(await store.getExecution('exec_old')).toStrictEqual({ ...old, owner: 'inst_a' });
        const instance = { id: 'inst_a', pid: 1, host: 'h', startedAt: '2026-01-02T00:00:00.000Z', leaseUntil: '2026-01-02T00:00:30.000Z' };
        await store.putInstance(instance);
        expect(await store.listInstances()).toEqual([instance]);
      } finally {
        await store.close();
      }
      expect(raw(driver, path).pragma('user_version')).toBe(SqliteStore.schemaVersion);
    });

    it('refuses a database written by a newer schema version, naming the file and both versions, and leaves it unchanged', async () => {
      const path = freshPath();
      await new SqliteStore({ path, driver }).close();
      const newer = SqliteStore.schemaVersion + 7;
      const db = raw(driver, path);
      db.exec(`PRAGMA user_version = ${newer}`);
      db.close();

      const open = () => new SqliteStore({ path, driver });
      expect(open).toThrow(path);
      expect(open).toThrow(`schema version ${newer}`);
      expect(open).toThrow(`(${SqliteStore.schemaVersion})`);
      const after = raw(driver, path);
      expect(after.pragma('user_version')).toBe(newer);
      after.close();
    });

    it('names the file when it is not a SQLite database', () => {
      const dir = join(temp, `not-a-db-${driver.replace(':', '-')}`);
      const path = join(dir, 'relay.db');
      mkdirSync(dir);
      writeFileSync(path, 'this is not a database, just some text that is long enough to have a header'.repeat(20));
      expect(() => new SqliteStore({ path, driver })).toThrow(`Cannot open the relay store ${path}`);
    });

    it('commits the writes issued in one turn of the event loop together, not one commit each', async () => {
      // Each commit appends every page it changed to the WAL; one commit for 40 deliveries shares the pages they have in common.
      const walBytes = async (together: boolean) => {
        const store = new SqliteStore({ path: freshPath(), driver });
        const ds = Array.from({ length: 40 }, () => delivery());
        if (together) await Promise.all(ds.map((d) => store.insertDelivery(d.event, d.execution)));
        else for (const d of ds) await store.insertDelivery(d.event, d.execution);
        const size = statSync(`${store.path}-wal`).size;
        expect(await store.countExecutions()).toBe(40);
        await store.close();
        return size;
      };
      expect(await walBytes(true)).toBeLessThan((await walBytes(false)) / 3);
    });

    it('commits the writes already issued when closed', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      const d = delivery();
      const pending = store.insertDelivery(d.event, d.execution);
      await store.close();
      expect(await pending).toEqual({ created: true, execution: d.execution });
      const again = new SqliteStore({ path, driver });
      expect(await again.getExecution(d.execution.id)).toEqual(d.execution);
      await again.close();
    });

    it('fails the writes of a commit whose file was removed, and every write after, telling onLost (on this thread and the writer thread)', async () => {
      for (const threadsAfterCommits of [Infinity, 1]) {
        const path = freshPath();
        const store = new SqliteStore({ path, driver, threadsAfterCommits });
        const first = delivery();
        await store.insertDelivery(first.event, first.execution);
        if (threadsAfterCommits === 1) await eventually('commits in the writer thread', () => store.committingInWorker);
        const lost = new Promise<Error>((resolve) => store.onLost(resolve));
        rmSync(join(path, '..'), { recursive: true });
        const second = delivery();
        const removed = `The relay store ${path} was removed while this service used it`;
        await expect(store.insertDelivery(second.event, second.execution)).rejects.toThrow(removed);
        expect((await lost).message).toContain(removed);
        await expect(store.updateExecution(first.execution.id, { status: 'running' })).rejects.toThrow(removed);
        await store.close();
      }
    });

    it('tells onLost when its file is replaced by another one, found on its own timer while no write comes', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      const lost = new Promise<Error>((resolve) => store.onLost(resolve));
      const other = join(path, '..', 'other.db');
      await new SqliteStore({ path: other, driver }).close();
      renameSync(other, path);
      expect((await lost).message).toContain(`The relay store ${path} was replaced by another file while this service used it`);
      const d = delivery();
      await expect(store.insertDelivery(d.event, d.execution)).rejects.toThrow('was replaced by another file');
      await store.close();
    });

    it('counts rows another connection committed', async () => {
      const path = freshPath();
      const a = new SqliteStore({ path, driver });
      const b = new SqliteStore({ path, driver });
      const [d1, d2, d3] = [delivery(), delivery(), delivery()];
      await a.insertDelivery(d1.event, d1.execution);
      expect(await a.countExecutions()).toBe(1);
      await b.insertDelivery(d2.event, d2.execution);
      expect(await a.countExecutions()).toBe(2);
      await a.insertDelivery(d3.event, d3.execution);
      expect(await a.countExecutions()).toBe(3);
      expect(await b.countExecutions()).toBe(3);
      await Promise.all([a.close(), b.close()]);
    });

    it('deduplicates a redelivery stored through another connection', async () => {
      const path = freshPath();
      const a = new SqliteStore({ path, driver });
      const b = new SqliteStore({ path, driver });
      const first = delivery({ deliveryId: 'evt_shared' });
      const second = delivery({ deliveryId: 'evt_shared' });
      await a.insertDelivery(first.event, first.execution);
      expect(await b.insertDelivery(second.event, second.execution)).toEqual({ created: false, execution: first.execution });
      await Promise.all([a.close(), b.close()]);
    });
  });

  describe(`bench's seedExecutions (${driver})`, () => {
    it('inserts count deliveries, listed and counted like any other', async () => {
      const path = freshPath();
      // More than one seeding transaction (20,000 rows each).
      const ds = Array.from({ length: 20_500 }, () => delivery());
      await seedExecutions(path, ds.length, (i) => ds[i]!, { driver });
      const store = new SqliteStore({ path, driver });
      expect(await store.countExecutions()).toBe(ds.length);
      expect((await store.listExecutions({ limit: 3 })).items).toEqual([ds[20_499]!.execution, ds[20_498]!.execution, ds[20_497]!.execution]);
      expect(existsSync(`${store.path}-wal`) ? statSync(`${store.path}-wal`).size : 0).toBe(0);
      expect(await store.getEvent(ds[123]!.event.id)).toEqual(ds[123]!.event);
      const dup = delivery({ deliveryId: ds[9]!.event.deliveryId });
      expect((await store.insertDelivery(dup.event, dup.execution)).execution).toEqual(ds[9]!.execution);
      await store.close();
    });

    it('rejects a delivery id that is already stored', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      const d = delivery();
      await store.insertDelivery(d.event, d.execution);
      await store.close();
      const again = delivery({ deliveryId: d.event.deliveryId });
      await expect(seedExecutions(path, 2, (i) => (i === 0 ? delivery() : again), { driver })).rejects.toThrow(/already stored/);
      const reopened = new SqliteStore({ path, driver });
      expect(await reopened.countExecutions()).toBe(1);
      await reopened.close();
    });
  });

  describe(`SqliteStore across processes (${driver})`, () => {
    it(driver === 'better-sqlite3' ? 'does not load the native addon until a store is opened' : 'opens a store with no native addon loaded at all', async () => {
      const run = spawnChild(driver, 'import-only');
      const lines: string[] = [];
      for await (const line of run.lines) lines.push(line);
      expect(await run.exit, run.stderr()).toBe(0);
      expect(JSON.parse(lines[0]!)).toEqual({ afterImport: false, afterOpen: driver === 'better-sqlite3', driver });
    });

    it('lets this process read and write while another process writes, seeing every committed row and never SQLITE_BUSY', async () => {
      const path = freshPath();
      const store = new SqliteStore({ path, driver });
      const count = 1000;
      const run = spawnChild(driver, 'write', path, String(count));
      let childRunning = true;
      void run.exit.then(() => (childRunning = false));
      let seenWhileChildWrote = 0;
      const seen: string[] = [];
      for await (const id of run.lines) {
        if (childRunning) seenWhileChildWrote++;
        // The child printed the id after its commit: it must be visible now.
        const found = await store.getExecution(id);
        expect(found, id).toMatchObject({ id, status: 'pending' });
        expect(await store.updateExecution(id, { status: 'running' }, ['pending'])).toBe(true);
        if (seen.length % 100 === 0) expect((await store.listExecutions({ limit: 1 })).items).toHaveLength(1);
        seen.push(id);
      }
      expect(await run.exit, run.stderr()).toBe(0);
      expect(run.stderr()).not.toMatch(/BUSY|locked/i);
      expect(seen).toHaveLength(count);
      // The two processes did overlap: this one read and wrote while the child was still writing.
      expect(seenWhileChildWrote).toBeGreaterThan(0);
      expect(await store.countExecutions()).toBe(count);
      const running = await store.listExecutions({ status: 'running', limit: 500 });
      expect(running.items).toHaveLength(500);
      await store.close();
    });

    it('keeps a committed delivery when the process is killed right after insertDelivery resolves', async () => {
      const path = freshPath();
      const run = spawnChild(driver, 'commit-and-hang', path);
      let id: string | undefined;
      for await (const line of run.lines) {
        id = /^committed (\S+)$/.exec(line)?.[1];
        run.process.kill('SIGKILL');
        break;
      }
      expect(await run.exit).toBeNull();
      expect(run.process.signalCode).toBe('SIGKILL');
      expect(id).toMatch(/^exec_/);
      // The row was only in the write-ahead log when the process died: reopening must recover it from there.
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
      const store = new SqliteStore({ path, driver });
      const execution = await store.getExecution(id!);
      expect(execution).toMatchObject({ id, status: 'pending' });
      expect(await store.getEvent(execution!.eventId)).toBeDefined();
      await store.close();
    });
  });
}
