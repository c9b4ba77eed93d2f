/**
 * A second process for the SQLite tests, run with `node --import tsx test/store/child.ts <mode> …`:
 * - `write <path> <count>`: inserts `count` deliveries one by one, printing each execution id once committed;
 * - `commit-and-hang <path>`: inserts one delivery, prints `committed <execution id>`, then waits to be killed;
 * - `flood <path>`: keeps 64 deliveries in flight through a store whose worker threads start after its first commit,
 *   printing each execution id once committed, and `in worker` once commits go through the writer thread, until killed;
 * - `import-only`: prints whether better-sqlite3 is loaded after importing the store module, then after opening a store,
 *   and the store's driver (RELAY_SQLITE_DRIVER chooses it).
 */
import { createRequire } from 'node:module';
import { SqliteStore } from '../../src/service/store/sqlite.js';
import { delivery } from './fixtures.js';

const [mode, path, count] = process.argv.slice(2);

const addonLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes('better-sqlite3'));

if (mode === 'write') {
  const store = new SqliteStore({ path: path! });
  for (let i = 0; i < Number(count); i++) {
    const d = delivery({ at: Date.now() });
    await store.insertDelivery(d.event, d.execution);
    process.stdout.write(`${d.execution.id}\n`);
    if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  await store.close();
} else if (mode === 'commit-and-hang') {
  const store = new SqliteStore({ path: path! });
  const d = delivery({ at: Date.now() });
  await store.insertDelivery(d.event, d.execution);
  process.stdout.write(`committed ${d.execution.id}\n`);
  setInterval(() => {}, 60_000);
} else if (mode === 'flood') {
  const store = new SqliteStore({ path: path!, threadsAfterCommits: 1 });
  let said = false;
  const sender = async (): Promise<void> => {
    for (;;) {
      const d = delivery({ at: Date.now() });
      await store.insertDelivery(d.event, d.execution);
      if (!said && store.committingInWorker) {
        said = true;
        process.stdout.write('in worker\n');
      }
      // Synchronous on a pipe (Linux): once printed, the parent has it, whenever this process dies.
      process.stdout.write(`${d.execution.id}\n`);
    }
  };
  await Promise.all(Array.from({ length: 64 }, sender));
} else if (mode === 'import-only') {
  const afterImport = addonLoaded();
  const store = new SqliteStore({ path: ':memory:' });
  process.stdout.write(`${JSON.stringify({ afterImport, afterOpen: addonLoaded(), driver: store.driver })}\n`);
  await store.close();
} else {
  throw new Error(`unknown mode ${String(mode)}`);
}
