/**
 * The PostgreSQL store on a real server (the run's throwaway cluster, a database of this file's own): the Store
 * contract, migrations at start (once, under concurrent starts; a newer schema refused), what it says of itself
 * (password masked), and the message when its driver is missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openStore, PostgresStore } from '../../src/service/store/index.js';
import { loadPg, PG_MIGRATIONS } from '../../src/service/store/postgres-schema.js';
import { emptyDatabase, freshDatabase, sql } from '../support/postgres.js';
import { describeStoreContract } from './contract.js';
import { delivery } from './fixtures.js';

let url = '';
beforeAll(async () => {
  url = await freshDatabase();
});

// One database for the file: each check empties it before its store opens (checks run one at a time).
describeStoreContract('PostgresStore', async () => {
  await emptyDatabase(url);
  return new PostgresStore({ url });
});

describe('PostgresStore migrations', () => {
  it('migrates once when eight instances start together, and every one of them works', async () => {
    const db = await freshDatabase();
    const stores = Array.from({ length: 8 }, () => new PostgresStore({ url: db, poolSize: 2 }));
    try {
      // Without the advisory lock, concurrent CREATE TABLEs fail (a duplicate key in pg_type) and some of these reject.
      expect(await Promise.all(stores.map((store) => store.countExecutions()))).toEqual(Array(8).fill(0));
      const inserted = await Promise.all(
        stores.map((store) => {
          const d = delivery();
          return store.insertDelivery(d.event, d.execution);
        }),
      );
      expect(inserted.map((r) => r.created)).toEqual(Array(8).fill(true));
      const version = await sql(db, 'SELECT version FROM relay_schema');
      expect(version.rows).toEqual([{ version: PG_MIGRATIONS.length }]);
      expect(PostgresStore.schemaVersion).toBe(PG_MIGRATIONS.length);
      expect(await stores[0]!.countExecutions()).toBe(8);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('refuses a database written by a newer relaykit, naming its version and the fix, and leaves it as it was', async () => {
    const db = await freshDatabase();
    const first = new PostgresStore({ url: db });
    await first.countExecutions();
    await first.close();
    await sql(db, 'UPDATE relay_schema SET version = 99');
    const store = new PostgresStore({ url: db });
    try {
      const failure = await store.countExecutions().catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(String((failure as Error).message)).toMatch(/schema version 99, newer than the latest this relaykit knows \(1\).*Upgrade relaykit/);
      expect((await sql(db, 'SELECT version FROM relay_schema')).rows).toEqual([{ version: 99 }]);
    } finally {
      await store.close();
    }
  });
});

describe('choosing and describing a PostgreSQL store', () => {
  it('opens postgres:// and postgresql:// specs, and describes them with the password masked', async () => {
    const secretUrl = 'postgres://relay:s3cret-pw@127.0.0.1:5432/relay?sslmode=disable';
    const cases = [
      { spec: secretUrl, label: 'postgres://relay:****@127.0.0.1:5432/relay (PostgreSQL)' },
      { spec: 'postgresql://relay@db.internal/relay', label: 'postgresql://relay@db.internal/relay (PostgreSQL)' },
      { spec: 'POSTGRES://relay@127.0.0.1:5433/x', label: 'postgres://relay@127.0.0.1:5433/x (PostgreSQL)' },
    ];
    for (const { spec, label } of cases) {
      const store = openStore(spec);
      expect(store).toBeInstanceOf(PostgresStore);
      expect(store.describe!()).toMatchObject({ kind: 'postgres', driver: 'pg', label });
      expect(JSON.stringify(store.describe!())).not.toContain('s3cret');
      await store.close();
    }
  });

  it('answers a database it cannot reach with STORE_UNAVAILABLE naming it without the password, then works once it can', async () => {
    const store = new PostgresStore({ url: 'postgres://relay:s3cret-pw@127.0.0.1:1/relay' });
    try {
      const failure = (await store.countExecutions().catch((e: unknown) => e)) as Error & { code?: string };
      expect(failure.code).toBe('STORE_UNAVAILABLE');
      expect(failure.message).toMatch(/^The PostgreSQL database postgres:\/\/relay:\*\*\*\*@127\.0\.0\.1:1\/relay cannot be reached \(.*ECONNREFUSED.*\); nothing was stored/);
      expect(failure.message).not.toContain('s3cret');
    } finally {
      await store.close();
    }
    // And a store that reaches it, on the same code path: recovery after failures is the fault test's (test/cli/postgres-faults.test.ts).
    const ok = new PostgresStore({ url });
    await expect(ok.countExecutions()).resolves.toBeTypeOf('number');
    await ok.close();
  });

  it('tells the user to npm install pg when the driver is missing', () => {
    // A real resolution from a folder with no node_modules: what a project without pg meets.
    const bare = mkdtempSync(join(tmpdir(), 'relay-no-pg-'));
    try {
      const failure = (() => {
        try {
          loadPg(pathToFileURL(join(bare, 'index.js')).href);
          return undefined;
        } catch (error) {
          return error as Error & { code?: string };
        }
      })();
      expect(failure?.code).toBe('STORE_UNAVAILABLE');
      expect(failure?.message).toBe(
        'A PostgreSQL store needs the driver pg, and the driver `pg` is not installed: run `npm install pg` in your project (relaykit lists it as an optional peer dependency).',
      );
      expect(typeof loadPg().Pool).toBe('function');
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('PostgresStore.claimPending (recovery of gone instances, FOR UPDATE SKIP LOCKED)', () => {
  it('splits the pending executions of gone owners between instances claiming at once, each claimed once, oldest first', async () => {
    const db = await freshDatabase();
    const setup = new PostgresStore({ url: db });
    const owners = ['inst_gone', null, 'inst_alive'];
    const expected: string[] = [];
    for (let i = 0; i < 120; i++) {
      const d = delivery();
      const execution = { ...d.execution, owner: owners[i % 3] ?? null, ...(i % 10 === 9 ? { status: 'running' as const } : {}) };
      await setup.insertDelivery(d.event, execution);
      if (i % 3 !== 2 && i % 10 !== 9) expected.push(d.execution.id);
    }
    const stores = [setup, new PostgresStore({ url: db }), new PostgresStore({ url: db })];
    try {
      const claimedBy = await Promise.all(
        stores.map(async (store, n) => {
          const mine: string[] = [];
          for (;;) {
            const claimed = await store.claimPending(`inst_${n}`, ['inst_gone', null], 7);
            expect(claimed.map((e) => e.id)).toEqual(claimed.map((e) => e.id).sort());
            for (const e of claimed) expect(e).toMatchObject({ owner: `inst_${n}`, status: 'pending' });
            mine.push(...claimed.map((e) => e.id));
            if (claimed.length < 7) return mine;
          }
        }),
      );
      const all = claimedBy.flat();
      expect(all.sort()).toEqual(expected.sort());
      expect(new Set(all).size).toBe(all.length);
      // Running ones and a live owner's are left alone.
      const left = await sql(db, `SELECT count(*)::int AS n FROM relay_executions WHERE owner = 'inst_alive' OR status = 'running'`);
      expect(left.rows[0].n).toBe(120 - expected.length);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });
});

describe('PostgresStore.onChange across a lost LISTEN connection', () => {
  it('tells a follower what another instance changed while its LISTEN connection was down, once it is back', async () => {
    const db = await freshDatabase();
    const [a, b] = [new PostgresStore({ url: db }), new PostgresStore({ url: db })];
    const created: string[] = [];
    const stop = b.onChange((changes) => created.push(...changes.created.map((execution) => execution.id)));
    const until = async (done: () => boolean, what: string) => {
      for (let waited = 0; !done(); waited += 50) {
        if (waited > 10_000) throw new Error(`waited 10 s for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const listening = async () => (await sql(db, `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).rows as { pid: number }[];
    try {
      // B follows: what A stores reaches it through NOTIFY.
      // Stamped now, as the service stamps what it stores (the fixtures' clock starts in 2026-01).
      const first = delivery({ at: Date.now() });
      await a.insertDelivery(first.event, first.execution);
      await until(() => created.includes(first.execution.id), 'the first NOTIFY');

      // B's LISTEN connection is cut; A stores meanwhile, and its NOTIFY reaches no one.
      const [listener] = await listening();
      await sql(db, 'SELECT pg_terminate_backend($1)', [listener!.pid]);
      const missed = delivery({ at: Date.now() });
      await a.insertDelivery(missed.event, missed.execution);
      expect(created).not.toContain(missed.execution.id);
      await until(() => created.includes(missed.execution.id), 'the change made while B was not listening');
      expect((await listening())[0]!.pid).not.toBe(listener!.pid);
    } finally {
      stop();
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('PostgresStore batches concurrent deliveries', () => {
  it('stores 200 concurrent deliveries in batches: redeliveries within a batch deduplicated, a refused record failing alone', async () => {
    const db = await freshDatabase();
    const store = new PostgresStore({ url: db, poolSize: 4 });
    try {
      await store.countExecutions();
      const firsts = Array.from({ length: 190 }, () => delivery());
      // Redeliveries of ten of them (same provider and delivery id, new ids), and one execution whose id is taken.
      const again = firsts.slice(0, 10).map((d) => delivery({ deliveryId: d.event.deliveryId }));
      const clash = delivery();
      const taken = { ...clash.execution, id: firsts[50]!.execution.id };
      const results = await Promise.all([
        ...[...firsts, ...again].map((d) => store.insertDelivery(d.event, d.execution)),
        store.insertDelivery(clash.event, taken).then(
          () => 'stored',
          (error: Error) => `refused: ${error.message}`,
        ),
      ]);
      const outcomes = results.slice(0, 200) as { created: boolean; execution: { id: string } }[];
      expect(outcomes.slice(0, 190).every((r) => r.created)).toBe(true);
      expect(outcomes.slice(190).map((r) => [r.created, r.execution.id])).toEqual(firsts.slice(0, 10).map((d) => [false, d.execution.id]));
      expect(results[200]).toMatch(/^refused: .*duplicate key/);
      expect(await store.countExecutions()).toBe(190);
      expect(await store.getEvent(clash.event.id)).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});

describe('PostgresStore groups the runner writes', () => {
  it('writes concurrent logs, steps and updates in one group, values with quotes, backslashes and $1 kept byte for byte', async () => {
    const db = await freshDatabase();
    const store = new PostgresStore({ url: db });
    try {
      const d = delivery();
      await store.insertDelivery(d.event, d.execution);
      const texts = [`it's`, 'back\\slash \\n', '$1 $10 $$ E\'x\'', 'ünïcødé ✓', "'; DROP TABLE relay_logs; --", ''];
      const at = d.execution.createdAt;
      const [applied, refused] = await Promise.all([
        store.updateExecution(d.execution.id, { status: 'running', updatedAt: at, error: texts[2]! }, ['pending'], { owner: null }),
        store.updateExecution(d.execution.id, { status: 'failed' }, ['completed']),
        ...texts.map((message, i) => store.appendLog({ executionId: d.execution.id, attempt: 1, at, level: 'info', message, fields: { text: message, i } })),
        ...texts.map((name) => store.saveStep({ executionId: d.execution.id, name: `s ${name}`, status: 'completed', attempt: 1, result: name, error: null, startedAt: at, endedAt: at })),
      ]);
      expect([applied, refused]).toEqual([true, false]);
      expect((await store.listLogs(d.execution.id)).map((log) => [log.message, log.fields])).toEqual(texts.map((text, i) => [text, { text, i }]));
      expect((await store.listSteps(d.execution.id)).map((step) => [step.name, step.result])).toEqual(texts.map((text) => [`s ${text}`, text]));
      expect(await store.getExecution(d.execution.id)).toMatchObject({ status: 'running', error: texts[2] });
    } finally {
      await store.close();
    }
  });
});
