/**
 * The SQLite schema and src/core/statuses.ts say the same statuses: the CHECK constraints of a store's file
 * allow exactly the statuses of the module, and compare-and-set matches each of them. Released migration
 * steps are pinned, so that a change to the statuses cannot edit one silently: it needs a new step.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXECUTION_STATUSES, STEP_STATUSES } from '../../src/core/statuses.js';
import { SqliteStore } from '../../src/service/store/index.js';
import { sqliteDriver } from '../../src/service/store/sqlite-driver.js';
import { MIGRATIONS } from '../../src/service/store/sqlite-schema.js';
import { delivery } from './fixtures.js';

const temp = mkdtempSync(join(tmpdir(), 'relay-statuses-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(temp, `db${files++}.db`);

/** The string literals of `table`'s `status IN (…)` check, as the file's schema holds it. */
function statusCheck(path: string, table: string): string[] {
  const db = sqliteDriver().open(path, { busyTimeoutMs: 1000 });
  try {
    const [{ sql }] = db.prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?').all<{ sql: string }>(['table', table]) as [{ sql: string }];
    const list = /\bstatus\s+TEXT NOT NULL CHECK \(status IN \(([^)]*)\)\)/.exec(sql)?.[1];
    expect(list, `${table}'s status check`).toBeDefined();
    return [...list!.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
  } finally {
    db.close();
  }
}

describe('execution and step statuses in the SQLite schema', () => {
  it("checks a file's execution and step statuses against exactly those of src/core/statuses.ts", async () => {
    const path = freshPath();
    await new SqliteStore({ path }).close();
    expect(statusCheck(path, 'executions')).toEqual([...EXECUTION_STATUSES]);
    expect(statusCheck(path, 'steps')).toEqual([...STEP_STATUSES]);
  });

  it('stores an execution in every status, refuses any other, and compare-and-sets on each', async () => {
    const store = new SqliteStore({ path: freshPath() });
    try {
      for (const status of EXECUTION_STATUSES) {
        const d = delivery();
        await store.insertDelivery(d.event, { ...d.execution, status });
        const others = EXECUTION_STATUSES.filter((s) => s !== status);
        expect(await store.updateExecution(d.execution.id, { attempt: 2 }, others), `expecting ${others.join(', ')} of a ${status} execution`).toBe(false);
        expect(await store.updateExecution(d.execution.id, { attempt: 2 }, [status]), `expecting ${status}`).toBe(true);
        expect((await store.getExecution(d.execution.id))?.attempt).toBe(2);
      }
      const d = delivery();
      await expect(store.insertDelivery(d.event, { ...d.execution, status: 'done' as never })).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  it('never edits a released migration step (a new status is a new step, and step 1 keeps the list it was released with)', () => {
    const digests = MIGRATIONS.map((step) => createHash('sha256').update(step).digest('hex'));
    expect(digests.slice(0, 4), 'A released migration step changed: existing files never run it again. Append a step instead.').toEqual([
      'b100a871c264c24fd06cceba28523267429006dda3b6d680b2d0ffe3b1ae720a',
      '03314d25271c161c93edc065cd309637d4e6dfa901bf9fe4a2661929381ecdb6',
      '819010dc45cc2867d2893159505b5ff5c8e234a7e097977cb75365003c182e61',
      '019c38a2b806ddfa8b1c0c1c5a820f9721134b58e41ec14e6a18b3de56c7ec96',
    ]);
  });
});
