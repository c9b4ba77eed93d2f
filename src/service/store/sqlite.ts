/**
 * The default store: one SQLite file, in WAL mode, so that `relay dev` writes while `relay inspect` and
 * `relay replay --print` read (or write) from other processes. Through `node:sqlite` or better-sqlite3
 * (sqlite-driver.ts): the same file either way.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { RelayError } from '../../core/index.js';
import { Checkpointer, MAX_HOLD_MS } from './checkpointer.js';
import {
  closedError,
  copyExecution,
  decodeCursor,
  encodeCursor,
  eventFromRow,
  type EventRow,
  foreignEventError,
  pageLimit,
  statusFilter,
  toJson,
  typeFilter,
} from './shared.js';
import type {
  ExecutionFilter,
  ExecutionPage,
  ExecutionPatch,
  ExecutionRecord,
  ExecutionStatus,
  LogRecord,
  StepRecord,
  Store,
  StoredEvent,
} from './types.js';
import { sqliteDriver, type SqlDatabase, type SqliteDriverName, type SqlStatement } from './sqlite-driver.js';
import { toError, type WriteOp, type WriteSql, Writer } from './writer.js';

type Database = SqlDatabase;
type Statement = SqlStatement;

/**
 * The schema, one step per version: step `i` brings a database from `user_version` i to i + 1. Append only: a
 * released step is never edited, a change is a new step.
 */
const MIGRATIONS: readonly string[] = [
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
    status        TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
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
    status       TEXT NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
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
];

/** How long a connection waits for another process's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;
/** Rows per transaction in `seedExecutions`. */
const SEED_BATCH = 20_000;
/** SQLite's default `wal_autocheckpoint`, restored if the checkpoint worker fails. */
const AUTOCHECKPOINT_PAGES = 1000;
/** better-sqlite3's default page cache (`cache_size`, negative: KiB), and this connection's once the writer thread writes. */
const DEFAULT_CACHE_KIB = -16_000;
const READER_CACHE_KIB = -4_000;
/**
 * Group commits after which a file store starts its writer and checkpoint threads: a store that only reads, or
 * writes now and then (a CLI command, most tests), never pays for a thread and commits as SQLite does by default.
 */
const THREADS_AFTER_COMMITS = 256;

const EXECUTION_COLUMNS = `id, event_id AS eventId, event_type AS eventType, status, attempt, created_at AS createdAt,
  updated_at AS updatedAt, replayed_from AS replayedFrom, error`;
const EVENT_COLUMNS = `id, provider, type, delivery_id AS deliveryId, headers, body, data, received_at AS receivedAt`;
const STEP_COLUMNS = `execution_id AS executionId, name, status, attempt, result, error, started_at AS startedAt, ended_at AS endedAt`;
const LOG_COLUMNS = `execution_id AS executionId, attempt, at, level, message, fields`;

/** The writes' SQL, prepared by this connection and by the writer thread's (writer.ts). */
const WRITE_SQL: WriteSql = {
  insertEvent: `INSERT INTO events (id, provider, type, delivery_id, headers, body, data, received_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (provider, delivery_id) WHERE delivery_id IS NOT NULL DO NOTHING`,
  insertExecution: `INSERT INTO executions (id, event_id, event_type, status, attempt, created_at, updated_at, replayed_from, error)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  executionByDelivery: `SELECT ${EXECUTION_COLUMNS} FROM executions
       WHERE event_id = (SELECT id FROM events WHERE provider = ? AND delivery_id = ?) ORDER BY id LIMIT 1`,
  updateExecution: `UPDATE executions SET
         status = coalesce(?, status),
         attempt = coalesce(?, attempt),
         updated_at = coalesce(?, updated_at),
         error = CASE WHEN ? THEN ? ELSE error END
       WHERE id = ? AND (? OR status IN (?, ?, ?, ?))`,
  saveStep: `INSERT INTO steps (execution_id, name, seq, status, attempt, result, error, started_at, ended_at)
       VALUES (?, ?, (SELECT count(*) FROM steps WHERE execution_id = ?), ?, ?, ?, ?, ?, ?)
       ON CONFLICT (execution_id, name) DO UPDATE SET status = excluded.status, attempt = excluded.attempt,
         result = excluded.result, error = excluded.error, started_at = excluded.started_at, ended_at = excluded.ended_at`,
  appendLog: `INSERT INTO logs (execution_id, attempt, at, level, message, fields) VALUES (?, ?, ?, ?, ?, ?)`,
  deleteEvent: `DELETE FROM events WHERE id = ?`,
};

interface StepRow extends Omit<StepRecord, 'result'> {
  readonly result: string | null;
}
interface LogRow extends Omit<LogRecord, 'fields'> {
  readonly fields: string | null;
}

/** Options of `new SqliteStore(…)`. */
export interface SqliteStoreOptions {
  /** The database file, created with its directory when missing; `':memory:'` for a private in-memory database. */
  readonly path: string;
  /**
   * Group commits after which a file store hands commits and WAL checkpoints to its two worker threads.
   * Default 256; `1` starts them after the first commit, `Infinity` never.
   */
  readonly threadsAfterCommits?: number;
  /**
   * The SQLite driver: `'node:sqlite'` (built into Node 22.13+; chosen automatically where it needs no flag
   * and prints no warning) or `'better-sqlite3'` (a native addon, installed separately). Default:
   * `RELAY_SQLITE_DRIVER`, else chosen automatically. Worker threads are used with better-sqlite3 only.
   */
  readonly driver?: SqliteDriverName;
}

/** A write waiting for the next group commit. */
interface PendingWrite {
  readonly op: WriteOp;
  readonly resolve: (value: never) => void;
  readonly reject: (error: unknown) => void;
}

/** The outcome of a write that threw, told apart from any value a write returns. */
class Failed {
  constructor(readonly error: unknown) {}
}

/**
 * A `Store` in one SQLite file (node:sqlite or better-sqlite3). WAL mode: any number of processes read while one writes, and a
 * writer waits up to 5 s for another. Every method resolves after its transaction has committed.
 *
 * Writes are group-committed: those issued in the same turn of the event loop (the deliveries of concurrent
 * requests, the runner's status changes) run in one `BEGIN IMMEDIATE` transaction, and one failing write fails
 * alone (a failed statement undoes itself; a delivery whose execution insert fails deletes its event again). A
 * commit costs a write to the WAL whatever it holds, so under load this is what lets one process ingest thousands
 * of deliveries per second. Reads run at once and see what has been committed.
 *
 * Once a file store has committed a few hundred times, two worker threads take the disk work off the event loop:
 * a writer with its own connection commits the batches (writer.ts), and a checkpointer copies the WAL into the
 * database in the background (checkpointer.ts) instead of a commit doing it every ~4 MB and waiting for two
 * fsyncs. Neither keeps the process alive; `close()` lets both finish and close their connections.
 *
 * The driver is loaded when the first store is constructed, not when this module is imported; a store that
 * cannot open (no driver loads, the file is not writable, corrupt or from a newer relaykit) throws a
 * `RelayError` `STORE_UNAVAILABLE` that names the cause and the fix.
 *
 * @example
 * const store = new SqliteStore({ path: '.relay/relay.db' });
 * const { created, execution } = await store.insertDelivery(event, execution);
 * await store.close();
 */
export class SqliteStore implements Store {
  /** The schema version this code writes (`PRAGMA user_version`). */
  static readonly schemaVersion = MIGRATIONS.length;

  /** The file, as given. */
  /** Whether commits now go through the writer thread (see `threadsAfterCommits`); for diagnostics and tests. */
  get committingInWorker(): boolean {
    return this.#writerReady;
  }

  readonly path: string;

  /** The SQLite driver this store reads and writes through. */
  readonly driver: SqliteDriverName;
  /** What `relay dev` says of the driver, e.g. `experimental on Node 22.12.0`; empty when nothing. */
  readonly driverNote: string;

  readonly #db: Database;
  #closed = false;

  readonly #insertEvent: Statement;
  readonly #insertExecution: Statement;
  readonly #executionByDelivery: Statement;
  readonly #getExecution: Statement;
  readonly #getExecutionByEvent: Statement;
  readonly #getEvent: Statement;
  readonly #updateExecution: Statement;
  readonly #saveStep: Statement;
  readonly #listSteps: Statement;
  readonly #appendLog: Statement;
  readonly #listLogs: Statement;
  readonly #count: Statement;
  readonly #dataVersion: Statement;
  /** One statement per combination of list filters, prepared on first use. */
  readonly #listStatements = new Map<string, Statement>();

  /** Inserts an event and its execution, or returns the execution of the stored event with the same delivery id. */
  readonly #deleteEvent: Statement;
  /** Runs a batch of writes in one transaction, storing each one's result or `Failed` in `outcomes`. */
  readonly #commitBatch: (batch: readonly PendingWrite[], outcomes: unknown[]) => void;
  #queue: PendingWrite[] = [];
  #flushScheduled = false;
  /** The timer of a flush put off while the checkpoint worker holds commits back. */
  #heldFlush: NodeJS.Timeout | undefined;
  /** Group commits so far, until the checkpoint worker starts. */
  #commits = 0;
  /** The WAL checkpoint worker, once started (file stores under sustained writes); see checkpointer.ts. */
  #checkpointer: Checkpointer | undefined;
  /** The writer thread, started with the checkpointer; batches go to it once it is ready. See writer.ts. */
  #writer: Writer | undefined;
  #writerReady = false;
  readonly #inMemory: boolean;
  readonly #threadsAfterCommits: number;

  /** `countExecutions`, cached while no other connection has committed (`PRAGMA data_version` unchanged). */
  #countCache: { count: number; version: unknown } | undefined;

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    const inMemory = this.path === ':memory:' || this.path === '';
    this.#inMemory = inMemory;
    const threadsAfter = options.threadsAfterCommits ?? THREADS_AFTER_COMMITS;
    if (!(threadsAfter === Infinity || (Number.isSafeInteger(threadsAfter) && threadsAfter >= 1))) {
      throw new RangeError(`threadsAfterCommits must be a positive integer or Infinity, got ${String(threadsAfter)}.`);
    }
    this.#threadsAfterCommits = threadsAfter;
    // Chosen here rather than on import, so that importing the service loads no driver.
    const driver = sqliteDriver(options.driver);
    this.driver = driver.name;
    this.driverNote = driver.note;
    let db: Database;
    try {
      if (!inMemory) mkdirSync(dirname(this.path), { recursive: true });
      db = driver.open(this.path, { busyTimeoutMs: BUSY_TIMEOUT_MS });
    } catch (error) {
      throw cannotOpen(this.path, error);
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
      migrate(db, this.path);
    } catch (error) {
      db.close();
      throw cannotOpen(this.path, error);
    }
    this.#db = db;

    this.#insertEvent = db.prepare(WRITE_SQL.insertEvent);
    this.#insertExecution = db.prepare(WRITE_SQL.insertExecution);
    this.#executionByDelivery = db.prepare(WRITE_SQL.executionByDelivery);
    this.#getExecution = db.prepare(`SELECT ${EXECUTION_COLUMNS} FROM executions WHERE id = ?`);
    this.#getExecutionByEvent = db.prepare(`SELECT ${EXECUTION_COLUMNS} FROM executions WHERE event_id = ? ORDER BY id LIMIT 1`);
    this.#getEvent = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`);
    this.#updateExecution = db.prepare(WRITE_SQL.updateExecution);
    this.#saveStep = db.prepare(WRITE_SQL.saveStep);
    this.#listSteps = db.prepare(`SELECT ${STEP_COLUMNS} FROM steps WHERE execution_id = ? ORDER BY seq`);
    this.#appendLog = db.prepare(WRITE_SQL.appendLog);
    this.#listLogs = db.prepare(`SELECT ${LOG_COLUMNS} FROM logs WHERE execution_id = ? ORDER BY id`);
    this.#count = db.prepare('SELECT count(*) AS n FROM executions');
    this.#dataVersion = db.prepare('PRAGMA data_version');

    this.#deleteEvent = db.prepare(WRITE_SQL.deleteEvent);
    const inTransaction = transaction(db);
    this.#commitBatch = (batch, outcomes) => inTransaction(() => {
      for (let i = 0; i < batch.length; i++) {
        try {
          outcomes[i] = this.#apply(batch[i]!.op);
        } catch (error) {
          // A constraint failure undoes its own statement (and insertDelivery its event); an error that aborted the whole
          // transaction (I/O, disk full) fails the batch.
          if (!db.inTransaction) throw error;
          outcomes[i] = new Failed(error);
        }
      }
    });
    this.#transaction = inTransaction;
  }

  /** Runs a function in one `BEGIN IMMEDIATE` transaction on this connection. */
  readonly #transaction: <T>(fn: () => T) => T;

  async insertDelivery(event: StoredEvent, execution: ExecutionRecord): Promise<{ created: boolean; execution: ExecutionRecord }> {
    this.#open();
    if (execution.eventId !== event.id) throw foreignEventError(event, execution);
    // Serialized now, so that the caller changing its objects before the commit changes nothing.
    const eventRow = eventParams(event);
    const stored = copyExecution(execution);
    const existing = (await this.#write(['delivery', eventRow, executionParams(stored)])) as ExecutionRecord | undefined;
    if (existing) return { created: false, execution: existing };
    if (this.#countCache) this.#countCache.count++;
    return { created: true, execution: stored };
  }

  async getExecution(id: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    return this.#getExecution.get<ExecutionRecord>([id]);
  }

  async getExecutionByEventId(eventId: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    return this.#getExecutionByEvent.get<ExecutionRecord>([eventId]);
  }

  async getEvent(id: string): Promise<StoredEvent | undefined> {
    this.#open();
    const row = this.#getEvent.get<EventRow>([id]);
    if (!row) return undefined;
    return eventFromRow(row);
  }

  async listExecutions(filter: ExecutionFilter = {}): Promise<ExecutionPage> {
    this.#open();
    const limit = pageLimit(filter.limit);
    const before = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
    const type = typeFilter(filter.type);
    const status = statusFilter(filter.status);
    const params: Record<string, string | number> = { limit: limit + 1 };
    if (before !== undefined) params.before = before;
    if (status !== undefined) params.status = status;
    if (type !== undefined) params.type = 'exact' in type ? type.exact : type.prefix;
    const kind = type === undefined ? '' : 'exact' in type ? 'exact' : 'prefix';
    const items = this.#listStatement(status !== undefined, kind, before !== undefined).all<ExecutionRecord>(params);
    if (items.length <= limit) return { items, nextCursor: null };
    items.pop();
    return { items, nextCursor: encodeCursor(items[limit - 1]!.id) };
  }

  async updateExecution(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[]): Promise<boolean> {
    this.#open();
    const setError = patch.error !== undefined;
    const params = [
      patch.status ?? null,
      patch.attempt ?? null,
      patch.updatedAt ?? null,
      setError ? 1 : 0,
      setError ? patch.error : null,
      id,
      expected === undefined ? 1 : 0,
      expected?.includes('pending') ? 'pending' : null,
      expected?.includes('running') ? 'running' : null,
      expected?.includes('completed') ? 'completed' : null,
      expected?.includes('failed') ? 'failed' : null,
    ];
    return (await this.#write(['update', params])) as boolean;
  }

  async saveStep(step: StepRecord): Promise<void> {
    this.#open();
    const params = [
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
    try {
      await this.#write(['step', params]);
    } catch (error) {
      throw this.#missingExecution(error, 'saveStep', step.executionId);
    }
  }

  async listSteps(executionId: string): Promise<StepRecord[]> {
    this.#open();
    const rows = this.#listSteps.all<StepRow>([executionId]);
    return rows.map((s) => ({ ...s, result: s.result === null ? null : (JSON.parse(s.result) as unknown) }));
  }

  async appendLog(log: LogRecord): Promise<void> {
    this.#open();
    const params = [log.executionId, log.attempt, log.at, log.level, log.message, log.fields === null ? null : toJson(log.fields)];
    try {
      await this.#write(['log', params]);
    } catch (error) {
      throw this.#missingExecution(error, 'appendLog', log.executionId);
    }
  }

  async listLogs(executionId: string): Promise<LogRecord[]> {
    this.#open();
    const rows = this.#listLogs.all<LogRow>([executionId]);
    return rows.map((l) => ({ ...l, fields: l.fields === null ? null : (JSON.parse(l.fields) as Record<string, unknown> | null) }));
  }

  /**
   * O(1) while this connection is the only writer; a count over the smallest index after another connection wrote
   * (another process, or this store's own writer thread once it has started).
   */
  async countExecutions(): Promise<number> {
    this.#open();
    const version = this.#dataVersion.get()!.data_version;
    let cache = this.#countCache;
    if (cache === undefined || cache.version !== version) this.#countCache = cache = { count: this.#count.get()!.n as number, version };
    return cache.count;
  }

  /** Commits the writes already issued, then closes the database. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flush();
    this.#closed = true;
    clearTimeout(this.#heldFlush);
    // The workers' connections first (the writer's once the batches sent to it are committed), so that this one is
    // the last and its close checkpoints and removes the WAL.
    this.#writerReady = false;
    if (this.#writer) await this.#writer.close();
    if (this.#checkpointer) await this.#checkpointer.close();
    this.#db.close();
  }

  /**
   * For benchmarks and fixtures: inserts `count` deliveries made by `make(0)` … `make(count - 1)`, thousands per
   * transaction, far faster than `insertDelivery` one by one, then checkpoints the WAL into the database file so
   * that what is measured next does not pay for it. A delivery id already stored is an error (the batch it is in
   * is rolled back; earlier batches stay). Yields to the event loop between batches.
   *
   * @example
   * await store.seedExecutions(1_000_000, (i) => ({ event: eventFor(i), execution: executionFor(i) }));
   */
  async seedExecutions(count: number, make: (i: number) => { event: StoredEvent; execution: ExecutionRecord }): Promise<void> {
    this.#open();
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`seedExecutions: invalid count ${String(count)}`);
    const batch = (from: number, to: number) => this.#transaction(() => {
      for (let i = from; i < to; i++) {
        const { event, execution } = make(i);
        if (execution.eventId !== event.id) throw foreignEventError(event, execution);
        if (this.#insertEvent.run(eventParams(event)).changes === 0) {
          throw new Error(`seedExecutions: delivery ${event.deliveryId} (${event.provider}) of item ${i} is already stored`);
        }
        this.#insertExecution.run(executionParams(execution));
      }
    });
    this.#flush();
    this.#countCache = undefined;
    for (let from = 0; from < count; from += SEED_BATCH) {
      batch(from, Math.min(count, from + SEED_BATCH));
      if (from + SEED_BATCH < count) await new Promise<void>((resolve) => setImmediate(resolve));
      this.#open();
    }
    this.#db.pragma('wal_checkpoint(TRUNCATE)');
  }

  /**
   * Inserts an event and its execution, or returns the execution of the stored event with the same delivery id.
   *
   * The deduplication is the insert's ON CONFLICT clause, under the write lock that BEGIN IMMEDIATE took: no other
   * connection can store the same delivery between the check and the insert. A failed execution insert (a
   * constraint: SQLite undoes that statement) deletes the event again, so no half of the delivery stays; that is
   * what a savepoint would do, for less: a savepoint copies every page it touches to a sub-journal first.
   */
  #insertDelivery(event: readonly unknown[], execution: readonly unknown[]): ExecutionRecord | undefined {
    if (this.#insertEvent.run(event).changes === 0) {
      const existing = this.#executionByDelivery.get<ExecutionRecord>([event[1], event[3]]);
      if (!existing) throw new Error(`${this.path}: the stored event of delivery ${String(event[3])} (${String(event[1])}) has no execution`);
      return existing;
    }
    try {
      this.#insertExecution.run(execution);
    } catch (error) {
      if (this.#db.inTransaction) this.#deleteEvent.run([event[0]]);
      throw error;
    }
    return undefined;
  }

  /** Carries out one write on this connection. The writer thread (writer.ts) does the same with its own. */
  #apply(op: WriteOp): unknown {
    switch (op[0]) {
      case 'delivery':
        return this.#insertDelivery(op[1], op[2]);
      case 'update':
        return this.#updateExecution.run(op[1]).changes > 0;
      case 'step':
        this.#saveStep.run(op[1]);
        return undefined;
      case 'log':
        this.#appendLog.run(op[1]);
        return undefined;
    }
  }

  /** Queues `op` for the next group commit; resolves to its result once committed. */
  #write(op: WriteOp): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.#queue.push({ op, resolve: resolve as (value: never) => void, reject });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        // setImmediate rather than a microtask: it runs after the I/O callbacks of this loop turn, so the writes of
        // every request that arrived in it share the commit.
        setImmediate(this.#scheduledFlush);
      }
    });
  }

  /** The group commit of a loop turn, put off for a moment while the checkpoint worker restarts the WAL. */
  readonly #scheduledFlush = (): void => {
    this.#heldFlush = undefined;
    if (this.#closed) return;
    if (!this.#writerReady && this.#checkpointer?.holding(performance.now())) {
      this.#heldFlush = setTimeout(this.#scheduledFlush, 1);
      return;
    }
    this.#flush();
  };

  readonly #flush = (): void => {
    this.#flushScheduled = false;
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    if (this.#writerReady) {
      this.#send(batch);
      return;
    }
    const outcomes = new Array<unknown>(batch.length);
    try {
      this.#commitBatch(batch, outcomes);
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    // The worker threads' code is better-sqlite3's (writer.ts, checkpointer.ts).
    if (++this.#commits === this.#threadsAfterCommits && !this.#inMemory && this.driver === 'better-sqlite3') this.#startThreads();
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i];
      if (outcome instanceof Failed) batch[i]!.reject(outcome.error);
      else batch[i]!.resolve(outcome as never);
    }
  };

  /** Hands a batch to the writer thread; each write resolves or rejects with its outcome once the batch committed. */
  #send(batch: readonly PendingWrite[]): void {
    this.#writer!.commit(batch.map((write) => write.op)).then(
      (outcomes) => {
        for (let i = 0; i < batch.length; i++) {
          const outcome = outcomes[i]!;
          if (outcome[0] === 0) batch[i]!.resolve(outcome[1] as never);
          else batch[i]!.reject(toError(outcome[1]));
        }
      },
      (error: unknown) => {
        for (const write of batch) write.reject(error);
      },
    );
  }

  /**
   * Once this store writes steadily, two worker threads with their own connections take the load off the event
   * loop: the writer (writer.ts) commits the batches, and the checkpointer (checkpointer.ts) copies the WAL into the
   * database, which with SQLite's automatic checkpoints a commit does every ~1000 pages, waiting for two fsyncs.
   * Until the writer is ready, and if it fails, this connection commits as before.
   */
  #startThreads(): void {
    const db = this.#db;
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    let checkpointer: Checkpointer;
    try {
      checkpointer = new Checkpointer({
        driver,
        path: this.path,
        onReady: () => {
          if (this.#closed) return;
          db.pragma('wal_autocheckpoint = 0');
          this.#writer?.setAutocheckpoint(0);
        },
        onRelease: () => {
          if (this.#heldFlush === undefined) return;
          clearTimeout(this.#heldFlush);
          this.#heldFlush = undefined;
          setImmediate(this.#scheduledFlush);
        },
        onFailure: (error) => {
          if (this.#closed) return;
          db.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
          this.#writer?.setAutocheckpoint(AUTOCHECKPOINT_PAGES);
          process.emitWarning(`relaykit: the WAL checkpoint worker of ${this.path} stopped (${error instanceof Error ? error.message : String(error)}); checkpointing on commit instead`);
        },
      });
    } catch (error) {
      process.emitWarning(`relaykit: cannot start a WAL checkpoint worker for ${this.path} (${error instanceof Error ? error.message : String(error)})`);
      return;
    }
    this.#checkpointer = checkpointer;
    try {
      this.#writer = new Writer({
        driver,
        path: this.path,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        sql: WRITE_SQL,
        hold: checkpointer.holdBuffer,
        maxHoldMs: MAX_HOLD_MS,
        onReady: () => {
          if (this.#closed) return;
          this.#writerReady = true;
          // This connection now only reads: its page cache can give back what it filled while it wrote.
          db.pragma(`cache_size = ${READER_CACHE_KIB}`);
          db.pragma('shrink_memory');
        },
        onFailure: (error) => {
          const wasReady = this.#writerReady;
          this.#writerReady = false;
          this.#writer = undefined;
          if (this.#closed) return;
          if (wasReady) db.pragma(`cache_size = ${DEFAULT_CACHE_KIB}`);
          process.emitWarning(`relaykit: the writer thread of ${this.path} stopped (${error instanceof Error ? error.message : String(error)}); writing on the main thread instead`);
        },
      });
    } catch (error) {
      process.emitWarning(`relaykit: cannot start a writer thread for ${this.path} (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  #listStatement(status: boolean, type: '' | 'exact' | 'prefix', cursor: boolean): Statement {
    const key = `${status ? 's' : ''}${type}${cursor ? 'c' : ''}`;
    let statement = this.#listStatements.get(key);
    if (!statement) {
      const where: string[] = [];
      if (status) where.push('status = @status');
      if (type === 'exact') where.push('event_type = @type');
      // A prefix walks the id index newest first and stops after one page of matches: a wide prefix such as
      // `stripe.*` (most rows) costs one page, where a range on the type index would sort every match. substr
      // rather than LIKE or GLOB, whose wildcards (`_`, `%`, `[`) may appear in a plugin's type names.
      if (type === 'prefix') where.push('substr(event_type, 1, length(@type)) = @type');
      if (cursor) where.push('id < @before');
      const sql = `SELECT ${EXECUTION_COLUMNS} FROM executions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT @limit`;
      statement = this.#db.prepare(sql);
      this.#listStatements.set(key, statement);
    }
    return statement;
  }

  #missingExecution(error: unknown, method: string, executionId: string): unknown {
    if ((error as { code?: unknown } | undefined)?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') {
      return new Error(`${method}: execution ${executionId} is not stored`, { cause: error });
    }
    return error;
  }

  #open(): void {
    if (this.#closed) throw closedError(`SqliteStore ${this.path}`);
  }
}

/** The bound parameters of the events insert, in column order. */
function eventParams(e: StoredEvent): unknown[] {
  return [e.id, e.provider, e.type, e.deliveryId ?? null, toJson(e.headers), e.body, e.dataIsBody ? null : toJson(e.data), e.receivedAt];
}

/** The bound parameters of the executions insert, in column order. */
function executionParams(e: ExecutionRecord): unknown[] {
  return [e.id, e.eventId, e.eventType, e.status, e.attempt, e.createdAt, e.updatedAt, e.replayedFrom ?? null, e.error ?? null];
}

/** Brings the schema to the latest version, in one transaction; refuses a database from a newer version. */
function migrate(db: Database, path: string): void {
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
function transaction(db: Database): <T>(fn: () => T) => T {
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
function cannotOpen(path: string, error: unknown): unknown {
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
