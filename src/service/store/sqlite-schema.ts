/**
 * The SQLite store's file: its schema and migrations, the SQL of its writes, and how rows are bound,
 * shared by the store's connection, the writer thread and the benchmarks' seeding.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { EXECUTION_STATUSES, RelayError, STEP_STATUSES } from '../../core/index.js';
import type { SqlDatabase } from './sqlite-driver.js';
import { sqlStrings, toJson } from './shared.js';
import type { ExecutionPatch, ExecutionRecord, ExecutionStatus, LogRecord, OwnerCondition, StepRecord, StoredEvent } from './types.js';
import type { WriteSql } from './writes.js';

/**
 * The schema, one step per version: step `i` brings a database from `user_version` i to i + 1. Append only: a
 * released step is never edited, a change is a new step. The status checks are written from src/core/statuses.ts;
 * a new status is therefore a new step (SQLite changes a CHECK only by rebuilding the table) with step 1 keeping
 * the released list as it was (test/store/schema-statuses.test.ts pins every released step's text).
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE events (
    id          TEXT PRIMARY KEY,
    provider    TEXT NOT NULL,
    type        TEXT NOT NULL,
    delivery_id TEXT,
    headers     TEXT NOT NULL, -- JSON object, names in lower case
    body        TEXT NOT NULL, -- the raw body as received
    data        TEXT,          -- JSON; NULL when the data is the parsed body (dataIsBody)
    received_at TEXT NOT NULL
  );
  -- The deduplication key. Replays and plugins without delivery ids store NULL, which never collides.
  CREATE UNIQUE INDEX events_delivery ON events (provider, delivery_id) WHERE delivery_id IS NOT NULL;

  CREATE TABLE executions (
    id            TEXT PRIMARY KEY, -- time-sortable: id order is creation order
    event_id      TEXT NOT NULL REFERENCES events (id),
    event_type    TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN (${sqlStrings(EXECUTION_STATUSES)})),
    attempt       INTEGER NOT NULL CHECK (typeof(attempt) = 'integer' AND attempt >= 1),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL,
    replayed_from TEXT REFERENCES executions (id),
    error         TEXT
  );
  CREATE INDEX executions_event ON executions (event_id, id);
  -- Lookups by creation time. Listing does not need it: it walks the primary key, ids being time-sortable.
  CREATE INDEX executions_created ON executions (created_at);
  -- Listing filters: each index ends in id, so a filtered page is a range walked newest first, never a sort.
  CREATE INDEX executions_type ON executions (event_type, id);
  CREATE INDEX executions_status ON executions (status, id);

  CREATE TABLE steps (
    execution_id TEXT NOT NULL REFERENCES executions (id),
    name         TEXT NOT NULL,
    seq          INTEGER NOT NULL, -- first-start order within the execution; kept when the step is saved again
    status       TEXT NOT NULL CHECK (status IN (${sqlStrings(STEP_STATUSES)})),
    attempt      INTEGER NOT NULL,
    result       TEXT, -- JSON; NULL for null and undefined
    error        TEXT,
    started_at   TEXT NOT NULL,
    ended_at     TEXT,
    PRIMARY KEY (execution_id, name)
  );

  CREATE TABLE logs (
    id           INTEGER PRIMARY KEY, -- append order (logs are never deleted, so AUTOINCREMENT's bookkeeping buys nothing)
    execution_id TEXT NOT NULL REFERENCES executions (id),
    attempt      INTEGER NOT NULL,
    at           TEXT NOT NULL,
    level        TEXT NOT NULL CHECK (level IN ('debug', 'info', 'warn', 'error')),
    message      TEXT NOT NULL,
    fields       TEXT -- JSON object or NULL
  );
  CREATE INDEX logs_execution ON logs (execution_id, id);
  `,
  // 2: the replay chain read backwards (the dashboard links an execution to its replays).
  `CREATE INDEX IF NOT EXISTS executions_replayed ON executions (replayed_from, id) WHERE replayed_from IS NOT NULL;`,
  // 3: captures (`relay capture`, `relay dev --capture`). Old rows are not captures.
  `
  ALTER TABLE events ADD COLUMN captured INTEGER NOT NULL DEFAULT 0 CHECK (captured IN (0, 1));
  -- \`relay captures\` walks only the captured events, newest first.
  CREATE INDEX events_captured ON events (id) WHERE captured = 1;
  `,
  // 4: several processes on one store (recovery.ts). Old rows have no owner: whoever recovers first takes them.
  `
  ALTER TABLE executions ADD COLUMN owner TEXT; -- the instance (instances.id) that runs it or is to run it
  CREATE TABLE instances (
    id          TEXT PRIMARY KEY,
    pid         INTEGER NOT NULL,
    host        TEXT NOT NULL,
    started_at  TEXT NOT NULL,
    lease_until TEXT NOT NULL -- ISO 8601 UTC; renewed while the instance lives
  );
  `,
];

/** How long a connection waits for another process's write lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;
export const EXECUTION_COLUMNS = `id, event_id AS eventId, event_type AS eventType, status, attempt, created_at AS createdAt,
  updated_at AS updatedAt, replayed_from AS replayedFrom, error, owner`;
export const EVENT_COLUMNS = `id, provider, type, delivery_id AS deliveryId, headers, body, data, received_at AS receivedAt, captured`;
export const STEP_COLUMNS = `execution_id AS executionId, name, status, attempt, result, error, started_at AS startedAt, ended_at AS endedAt`;
export const LOG_COLUMNS = `execution_id AS executionId, attempt, at, level, message, fields`;
export const INSTANCE_COLUMNS = `id, pid, host, started_at AS startedAt, lease_until AS leaseUntil`;

/** The writes' SQL, prepared by this connection and by the writer thread's (writer.ts). */
export const WRITE_SQL: WriteSql = {
  insertEvent: `INSERT INTO events (id, provider, type, delivery_id, headers, body, data, received_at, captured) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (provider, delivery_id) WHERE delivery_id IS NOT NULL DO NOTHING`,
  insertExecution: `INSERT INTO executions (id, event_id, event_type, status, attempt, created_at, updated_at, replayed_from, error, owner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  executionByDelivery: `SELECT ${EXECUTION_COLUMNS} FROM executions
       WHERE event_id = (SELECT id FROM events WHERE provider = ? AND delivery_id = ?) ORDER BY id LIMIT 1`,
  updateExecution: `UPDATE executions SET
         status = coalesce(?, status),
         attempt = coalesce(?, attempt),
         updated_at = coalesce(?, updated_at),
         error = CASE WHEN ? THEN ? ELSE error END,
         owner = CASE WHEN ? THEN ? ELSE owner END
       WHERE id = ? AND (? OR status IN (${EXECUTION_STATUSES.map(() => '?').join(', ')})) AND (? OR owner IS ?)`,
  saveStep: `INSERT INTO steps (execution_id, name, seq, status, attempt, result, error, started_at, ended_at)
       VALUES (?, ?, (SELECT count(*) FROM steps WHERE execution_id = ?), ?, ?, ?, ?, ?, ?)
       ON CONFLICT (execution_id, name) DO UPDATE SET status = excluded.status, attempt = excluded.attempt,
         result = excluded.result, error = excluded.error, started_at = excluded.started_at, ended_at = excluded.ended_at`,
  appendLog: `INSERT INTO logs (execution_id, attempt, at, level, message, fields) VALUES (?, ?, ?, ?, ?, ?)`,
  deleteEvent: `DELETE FROM events WHERE id = ?`,
  putInstance: `INSERT INTO instances (id, pid, host, started_at, lease_until) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET lease_until = excluded.lease_until`,
  deleteInstance: `DELETE FROM instances WHERE id = ?`,
};

/** Deleting the captures (`deleteCaptures`), in order: what refers to their executions first. */
export const DELETE_CAPTURES_SQL = `
  CREATE TEMP TABLE IF NOT EXISTS doomed (id TEXT PRIMARY KEY);
  DELETE FROM temp.doomed;
  INSERT INTO temp.doomed SELECT id FROM executions WHERE event_id IN (SELECT id FROM events WHERE captured = 1);
  UPDATE executions SET replayed_from = NULL WHERE replayed_from IN (SELECT id FROM temp.doomed);
  DELETE FROM logs WHERE execution_id IN (SELECT id FROM temp.doomed);
  DELETE FROM steps WHERE execution_id IN (SELECT id FROM temp.doomed);
  DELETE FROM executions WHERE id IN (SELECT id FROM temp.doomed);
  DELETE FROM events WHERE captured = 1;
  DELETE FROM temp.doomed;
`;

/** The bound parameters of the events insert, in column order. */
export function eventParams(e: StoredEvent): unknown[] {
  return [e.id, e.provider, e.type, e.deliveryId ?? null, toJson(e.headers), e.body, e.dataIsBody ? null : toJson(e.data), e.receivedAt, e.captured === true ? 1 : 0];
}

/** The bound parameters of the executions insert, in column order. */
export function executionParams(e: ExecutionRecord): unknown[] {
  return [e.id, e.eventId, e.eventType, e.status, e.attempt, e.createdAt, e.updatedAt, e.replayedFrom ?? null, e.error ?? null, e.owner ?? null];
}

/** The parameters of `WRITE_SQL.update`: the patch's fields, each with whether it is set, then the conditions. */
export function updateParams(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): unknown[] {
  const setError = patch.error !== undefined;
  const setOwner = patch.owner !== undefined;
  return [
    patch.status ?? null,
    patch.attempt ?? null,
    patch.updatedAt ?? null,
    setError ? 1 : 0,
    setError ? patch.error : null,
    setOwner ? 1 : 0,
    setOwner ? patch.owner : null,
    id,
    expected === undefined ? 1 : 0,
    // One placeholder per status: the expected ones bound, the others null (which `IN` never matches).
    ...EXECUTION_STATUSES.map((status) => (expected?.includes(status) ? status : null)),
    condition === undefined ? 1 : 0,
    condition === undefined ? null : condition.owner,
  ];
}

/** The parameters of `WRITE_SQL.step`. */
export function stepParams(step: StepRecord): unknown[] {
  return [
    step.executionId,
    step.name,
    step.executionId,
    step.status,
    step.attempt,
    step.result === undefined || step.result === null ? null : toJson(step.result),
    step.error ?? null,
    step.startedAt,
    step.endedAt ?? null,
  ];
}

/** The parameters of `WRITE_SQL.log`. */
export function logParams(log: LogRecord): unknown[] {
  return [log.executionId, log.attempt, log.at, log.level, log.message, log.fields === null ? null : toJson(log.fields)];
}

/** Brings the schema to the latest version, in one transaction; refuses a database from a newer version. */
export function migrate(db: SqlDatabase, path: string): void {
  const latest = MIGRATIONS.length;
  const version = (): number => {
    const found = Number(db.pragma('user_version'));
    if (found > latest) {
      throw new Error(
        `The relay store ${path} has schema version ${found}, newer than the latest this relaykit knows (${latest}). ` +
          'It was written by a newer relaykit: upgrade relaykit, or use another file.',
      );
    }
    return found;
  };
  if (version() === latest) return;
  transaction(db)(() => {
    // Read again under the write lock: another process may have migrated the file in the meantime.
    for (let v = version(); v < latest; v++) db.exec(MIGRATIONS[v]!);
    db.exec(`PRAGMA user_version = ${latest}`);
  });
}

/** A runner of `BEGIN IMMEDIATE` transactions on `db` (its three statements prepared once). */
export function transaction(db: SqlDatabase): <T>(fn: () => T) => T {
  const begin = db.prepare('BEGIN IMMEDIATE');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  return (fn) => {
    begin.run();
    try {
      const result = fn();
      commit.run();
      return result;
    } catch (error) {
      // An error that aborted the transaction (I/O, disk full) has rolled it back already.
      if (db.inTransaction) rollback.run();
      throw error;
    }
  };
}

/** The error of a store that cannot open `path`: the cause, and what to do about it. */
export function cannotOpen(path: string, error: unknown): unknown {
  if (error instanceof RelayError) return error;
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const fix =
    code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB'
      ? 'The file is damaged or is not a SQLite database: move it aside (relaykit creates a new one) or set RELAY_STORE_PATH to another file.'
      : code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY' || code === 'EACCES' || code === 'EROFS' || code === 'ENOTDIR'
        ? 'Check that the directory exists and is writable, or set RELAY_STORE_PATH to a writable file.'
        : /schema version/.test(message)
          ? ''
          : 'Set RELAY_STORE_PATH to another file if this one cannot be used.';
  return new RelayError('STORE_UNAVAILABLE', `Cannot open the relay store ${path}: ${message}${fix ? ` ${fix}` : ''}`, { cause: error });
}

/**
 * What a store that opened fails with at start (the service's first write and reads, before it listens), when the
 * cause is the file: read-only, or damaged (a corrupt page, a dropped table). `undefined` for any other cause.
 */
export function unusable(path: string, error: unknown): RelayError | undefined {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') {
    return new RelayError(
      'STORE_UNAVAILABLE',
      `The relay store ${path} cannot be written to (${message}): make the file and its folder writable (chmod u+w), or set RELAY_STORE_PATH to a writable file.`,
      { cause: error },
    );
  }
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || /^no such (table|column)|malformed/.test(message)) {
    return new RelayError(
      'STORE_UNAVAILABLE',
      `The relay store ${path} is damaged (${message}): move it aside to start with an empty store, or restore it from a backup.`,
      { cause: error },
    );
  }
  return undefined;
}

/**
 * A connection to the store at `path` (created, with its directory, when missing; `file` false for `:memory:`) in
 * the mode every store connection uses, its schema migrated to this code's. Throws a `RelayError`
 * `STORE_UNAVAILABLE` naming the cause and the fix when it cannot.
 */
export function openDatabase(driver: { open(path: string, options: { busyTimeoutMs: number }): SqlDatabase }, path: string, file: boolean): SqlDatabase {
    let db: SqlDatabase;
    try {
      if (file) mkdirSync(dirname(path), { recursive: true });
      db = driver.open(path, { busyTimeoutMs: BUSY_TIMEOUT_MS });
    } catch (error) {
      throw cannotOpen(path, error);
    }
    try {
      // First, so that every later statement (including switching to WAL) waits for another process's lock.
      db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      db.pragma('journal_mode = WAL');
      // In WAL mode, NORMAL skips the fsync at each commit: a committed transaction is in the WAL file (the OS
      // has it) when the call returns, so it survives the process being killed; only a power loss or an OS crash
      // can lose the last commits. FULL, an fsync per commit, is for that, and would cap ingest at the disk's
      // fsync rate.
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      // Statement journals in memory rather than in temporary files: every UPDATE (and every write in a batch)
      // may need one, and a file costs syscalls. Durability is the WAL's, which this does not touch.
      db.pragma('temp_store = MEMORY');
      migrate(db, path);
    } catch (error) {
      db.close();
      throw cannotOpen(path, error);
    }
  return db;
}
