/**
 * How the store's worker threads (writer.ts, checkpointer.ts) reach the file: through the store's own
 * driver and the very functions the serving thread uses, sent as source text, so that a worker opens,
 * prepares, binds, reports errors and runs transactions exactly as the serving connection does,
 * whichever driver that is. Internal: not exported from the barrel.
 *
 * A worker's source is a string run with `eval: true`, so that it works the same from source (tsx, vitest)
 * and from the bundle in dist/, where no separate worker file exists.
 */
import { createRequire } from 'node:module';
import { loadNodeSqlite, openBetterSqlite, openNodeSqlite, type SqliteDriverName } from './sqlite-driver.js';
import { transaction } from './sqlite-schema.js';

/** How a worker opens the store's file: the store's driver, and for better-sqlite3 its entry as the serving thread resolved it. */
export interface WorkerDriver {
  readonly name: SqliteDriverName;
  readonly entry?: string;
}

/** The `WorkerDriver` of a store that reads and writes through `name`. */
export function workerDriver(name: SqliteDriverName): WorkerDriver {
  return name === 'better-sqlite3' ? { name, entry: createRequire(import.meta.url).resolve('better-sqlite3') } : { name };
}

/**
 * Source that defines, inside a worker, `openDatabase(driver, path, busyTimeoutMs)` (a `WorkerDriver`; an
 * `SqlDatabase` on a file that must exist already) and `transaction(db)` (sqlite-schema.ts: a runner of
 * `BEGIN IMMEDIATE` transactions). Run with `require` in scope, as an `eval` worker has.
 */
export const WORKER_DB_SOURCE = `
// Run under tsx, esbuild's keepNames wraps nested functions in __name(…), a helper of the module they came from.
var __name = (target) => target;
const loadNodeSqlite = (${loadNodeSqlite.toString()});
const openNodeSqlite = (${openNodeSqlite.toString()});
const openBetterSqlite = (${openBetterSqlite.toString()});
const transaction = (${transaction.toString()});
function openDatabase(driver, path, busyTimeoutMs) {
  // The serving connection created the file; a worker never does (node:sqlite has no fileMustExist).
  require('node:fs').statSync(path);
  if (driver.name === 'node:sqlite') {
    const builtIn = loadNodeSqlite();
    if (!builtIn) throw new Error('node:sqlite is not available in this worker thread');
    return openNodeSqlite(builtIn.module.DatabaseSync, path, busyTimeoutMs);
  }
  return openBetterSqlite(require(driver.entry), path, busyTimeoutMs);
}
`;
