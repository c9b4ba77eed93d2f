/**
 * The default store: one SQLite file, in WAL mode, so that `relay dev` writes while `relay inspect` and
 * `relay replay --print` read (or write) from other processes. Through `node:sqlite` or better-sqlite3
 * (sqlite-driver.ts): the same file either way.
 */
import { isAbsolute, relative } from 'node:path';
import { FileWatch } from './file-watch.js';
import { GroupCommit, THREADS_AFTER_COMMITS } from './group-commit.js';
import {
  closedError,
  copyExecution,
  decodeCursor,
  encodeCursor,
  eventFromRow,
  type EventRow,
  foreignEventError,
  logFromRow,
  type LogRow,
  pageLimit,
  statusFilter,
  stepFromRow,
  type StepRow,
  typeFilter,
} from './shared.js';
import { sqliteDriver, type SqlDatabase, type SqliteDriverName, type SqlStatement } from './sqlite-driver.js';
import {
  cannotOpen,
  DELETE_CAPTURES_SQL,
  EVENT_COLUMNS,
  eventParams,
  EXECUTION_COLUMNS,
  executionParams,
  logParams,
  INSTANCE_COLUMNS,
  LOG_COLUMNS,
  MIGRATIONS,
  openDatabase,
  STEP_COLUMNS,
  stepParams,
  updateParams,
  WRITE_SQL,
  transaction,
  unusable,
} from './sqlite-schema.js';
import type {
  CaptureFilter,
  DescribeOptions,
  ExecutionFilter,
  ExecutionPage,
  ExecutionPatch,
  ExecutionRecord,
  ExecutionStatus,
  InstanceRecord,
  LogRecord,
  OwnerCondition,
  StepRecord,
  Store,
  StoredEvent,
  StoreDescription,
} from './types.js';

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
   * `RELAY_SQLITE_DRIVER`, else chosen automatically. The worker threads (`threadsAfterCommits`) use the same driver.
   */
  readonly driver?: SqliteDriverName;
}

/**
 * A `Store` in one SQLite file (node:sqlite or better-sqlite3). WAL mode: any number of processes read while one writes, and a
 * writer waits up to 5 s for another. Every method resolves after its transaction has committed.
 *
 * Writes are group-committed (group-commit.ts): those issued in the same turn of the event loop share one
 * transaction, and under sustained load a writer thread commits them. Reads run at once and see what has been
 * committed. The schema, its migrations, opening a connection and binding rows are in sqlite-schema.ts, the writes' SQL in
 * writes.ts, and watching for the file to be removed or replaced in file-watch.ts.
 *
 * Under sustained load (file stores, either driver), a writer and a checkpoint thread take the disk work off the
 * event loop; see group-commit.ts.
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
  readonly path: string;
  /** The SQLite driver this store reads and writes through. */
  readonly driver: SqliteDriverName;
  /** What `relay dev` says of the driver, e.g. `experimental on Node 22.12.0`; empty when nothing. */
  readonly driverNote: string;

  readonly #db: SqlDatabase;
  readonly #commits: GroupCommit;
  #closed = false;
  /** Whether the path still leads to the file opened (file-watch.ts). */
  readonly #watch: FileWatch;

  readonly #getExecution: SqlStatement;
  readonly #getExecutionByEvent: SqlStatement;
  readonly #getEvent: SqlStatement;
  readonly #getExecutionByDelivery: SqlStatement;
  readonly #listReplays: SqlStatement;
  readonly #listSteps: SqlStatement;
  readonly #listLogs: SqlStatement;
  readonly #count: SqlStatement;
  readonly #dataVersion: SqlStatement;
  readonly #listInstances: SqlStatement;
  /** One statement per combination of list filters, prepared on first use. */
  readonly #listStatements = new Map<string, SqlStatement>();
  /** `countExecutions`, cached while no other connection has committed (`PRAGMA data_version` unchanged). */
  #countCache: { count: number; version: unknown } | undefined;

  constructor(options: SqliteStoreOptions) {
    this.path = options.path;
    const file = !(this.path === ':memory:' || this.path === '');
    const threadsAfterCommits = options.threadsAfterCommits ?? THREADS_AFTER_COMMITS;
    if (!(threadsAfterCommits === Infinity || (Number.isSafeInteger(threadsAfterCommits) && threadsAfterCommits >= 1))) {
      throw new RangeError(`threadsAfterCommits must be a positive integer or Infinity, got ${String(threadsAfterCommits)}.`);
    }
    // Chosen here rather than on import, so that importing the service loads no driver.
    const driver = sqliteDriver(options.driver);
    this.driver = driver.name;
    this.driverNote = driver.note;
    const db = openDatabase(driver, this.path, file);
    this.#db = db;
    this.#watch = new FileWatch(this.path, file);
    try {
      this.#commits = new GroupCommit({ db, path: this.path, file, driver: driver.name, threadsAfterCommits, afterCommit: () => this.#watch.check() });
      this.#getExecution = db.prepare(`SELECT ${EXECUTION_COLUMNS} FROM executions WHERE id = ?`);
      this.#getExecutionByEvent = db.prepare(`SELECT ${EXECUTION_COLUMNS} FROM executions WHERE event_id = ? ORDER BY id LIMIT 1`);
      this.#getEvent = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`);
      this.#getExecutionByDelivery = db.prepare(WRITE_SQL.executionByDelivery);
      this.#listReplays = db.prepare(`SELECT ${EXECUTION_COLUMNS} FROM executions WHERE replayed_from = ? ORDER BY id`);
      this.#listSteps = db.prepare(`SELECT ${STEP_COLUMNS} FROM steps WHERE execution_id = ? ORDER BY seq`);
      this.#listLogs = db.prepare(`SELECT ${LOG_COLUMNS} FROM logs WHERE execution_id = ? ORDER BY id`);
      this.#count = db.prepare('SELECT count(*) AS n FROM executions');
      this.#dataVersion = db.prepare('PRAGMA data_version');
      this.#listInstances = db.prepare(`SELECT ${INSTANCE_COLUMNS} FROM instances ORDER BY started_at, id`);
    } catch (error) {
      // A table the schema has is missing (dropped by hand, or a damaged schema page): name the file and the fix.
      db.close();
      throw unusable(this.path, error) ?? cannotOpen(this.path, error);
    }
  }

  /** Whether commits now go through the writer thread (see `threadsAfterCommits`); for diagnostics and tests. */
  get committingInWorker(): boolean {
    return this.#commits.inWorker;
  }

  async insertDelivery(event: StoredEvent, execution: ExecutionRecord): Promise<{ created: boolean; execution: ExecutionRecord }> {
    this.#writable();
    if (execution.eventId !== event.id) throw foreignEventError(event, execution);
    // Serialized now, so that the caller changing its objects before the commit changes nothing.
    const eventRow = eventParams(event);
    const stored = copyExecution(execution);
    const existing = (await this.#commits.write(['delivery', eventRow, executionParams(stored)])) as ExecutionRecord | undefined;
    if (existing) return { created: false, execution: copyExecution(existing) };
    if (this.#countCache) this.#countCache.count++;
    return { created: true, execution: stored };
  }

  async getExecution(id: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    return record(this.#getExecution.get<ExecutionRecord>([id]));
  }

  async getExecutionByEventId(eventId: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    return record(this.#getExecutionByEvent.get<ExecutionRecord>([eventId]));
  }

  async getExecutionByDeliveryId(provider: string, deliveryId: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    return record(this.#getExecutionByDelivery.get<ExecutionRecord>([provider, deliveryId]));
  }

  async listReplays(executionId: string): Promise<ExecutionRecord[]> {
    this.#open();
    return this.#listReplays.all<ExecutionRecord>([executionId]).map(copyExecution);
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
    const items = this.#listStatement(status !== undefined, kind, before !== undefined).all<ExecutionRecord>(params).map(copyExecution);
    if (items.length <= limit) return { items, nextCursor: null };
    items.pop();
    return { items, nextCursor: encodeCursor(items[limit - 1]!.id) };
  }

  async updateExecution(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): Promise<boolean> {
    this.#writable();
    return (await this.#commits.write(['update', updateParams(id, patch, expected, condition)])) as boolean;
  }

  async saveStep(step: StepRecord): Promise<void> {
    this.#writable();
    try {
      await this.#commits.write(['step', stepParams(step)]);
    } catch (error) {
      throw this.#missingExecution(error, 'saveStep', step.executionId);
    }
  }

  async listSteps(executionId: string): Promise<StepRecord[]> {
    this.#open();
    const rows = this.#listSteps.all<StepRow>([executionId]);
    return rows.map(stepFromRow);
  }

  async appendLog(log: LogRecord): Promise<void> {
    this.#writable();
    try {
      await this.#commits.write(['log', logParams(log)]);
    } catch (error) {
      throw this.#missingExecution(error, 'appendLog', log.executionId);
    }
  }

  async listLogs(executionId: string): Promise<LogRecord[]> {
    this.#open();
    const rows = this.#listLogs.all<LogRow>([executionId]);
    return rows.map(logFromRow);
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

  async listCaptures(filter: CaptureFilter = {}): Promise<StoredEvent[]> {
    this.#open();
    const limit = pageLimit(filter.limit);
    // Few and rare: prepared per call rather than kept.
    const where = filter.provider === undefined ? '' : ' AND provider = ?';
    const params = filter.provider === undefined ? [limit] : [filter.provider, limit];
    const rows = this.#db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE captured = 1${where} ORDER BY id DESC LIMIT ?`).all<EventRow>(params);
    return rows.map(eventFromRow);
  }

  async deleteCaptures(): Promise<number> {
    this.#open();
    const count = (this.#db.prepare('SELECT count(*) AS n FROM events WHERE captured = 1').get<{ n: number }>()?.n ?? 0) as number;
    if (count === 0) return 0;
    // secure_delete zeroes the freed content; the checkpoint then empties the WAL, which still holds the pages as written.
    this.#db.pragma('secure_delete = ON');
    transaction(this.#db)(() => this.#db.exec(DELETE_CAPTURES_SQL));
    this.#db.pragma('wal_checkpoint(TRUNCATE)');
    this.#countCache = undefined;
    return count;
  }

  async putInstance(instance: InstanceRecord): Promise<void> {
    this.#writable();
    await this.#commits.write(['instance', [instance.id, instance.pid, instance.host, instance.startedAt, instance.leaseUntil]]);
  }

  async deleteInstance(id: string): Promise<void> {
    this.#writable();
    await this.#commits.write(['forget', id]);
  }

  async listInstances(): Promise<InstanceRecord[]> {
    this.#open();
    return this.#listInstances.all<InstanceRecord>();
  }

  /**
   * Calls `listener` once if the store's file is found removed or replaced while the store is open (a
   * `rm -rf .relay`): looked at after every commit (whose writes then fail rather than resolve) and, while a
   * listener is registered, every second. From then on every write fails with the same error. Returns a function
   * that removes the listener.
   */
  onLost(listener: (error: Error) => void): () => void {
    return this.#watch.onLost(listener);
  }

  /** `sqlite`, the file (relative to `options.relativeTo` when inside it) and the driver: `.relay/relay.db (node:sqlite)`. */
  describe(options: DescribeOptions = {}): StoreDescription {
    const inside = this.#watch.watching && options.relativeTo !== undefined ? relative(options.relativeTo, this.path) : '';
    const shown = inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : this.path;
    const driver = [this.driver, this.driverNote].filter(Boolean).join(', ');
    return { kind: 'sqlite', location: this.path, driver: this.driver, label: `${shown} (${driver})` };
  }

  /** The error naming this file and the fix when `error` comes of it being read-only or damaged; else `undefined`. */
  diagnose(error: unknown): Error | undefined {
    return unusable(this.path, error);
  }

  /** Commits the writes already issued, then closes the database. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#watch.stop();
    await this.#commits.close();
    this.#db.close();
  }

  #listStatement(status: boolean, type: '' | 'exact' | 'prefix', cursor: boolean): SqlStatement {
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

  #writable(): void {
    this.#open();
    const lost = this.#watch.lost;
    if (lost) throw lost;
  }
}

/** A row as an `ExecutionRecord`: `owner` only when the execution has one (see `copyExecution`). */
function record(row: ExecutionRecord | undefined): ExecutionRecord | undefined {
  return row && copyExecution(row);
}
