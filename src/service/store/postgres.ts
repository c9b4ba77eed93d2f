/**
 * The store of a shared service: one PostgreSQL database, the one truth of every instance on it. Deduplication is
 * the database's unique index, retries and recovery compare-and-set on the execution's status and owner, and each
 * instance tells the others of its changes with `NOTIFY`, so that every dashboard shows every instance's work live.
 */
import { randomUUID } from 'node:crypto';
import { RelayError } from '../../core/index.js';
import {
  CHANGES_CHANNEL,
  loadPg,
  maskUrl,
  migrate,
  PG_DELETE_CAPTURES,
  PG_EVENT_COLUMNS,
  PG_EXECUTION_COLUMNS,
  PG_INSTANCE_COLUMNS,
  PG_LOG_COLUMNS,
  PG_SQL,
  PG_STEP_COLUMNS,
  pgFailure,
  pgUpdateParams,
  type PgClient,
  type PgPool,
} from './postgres-schema.js';
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
  toJson,
  typeFilter,
} from './shared.js';
import type {
  CaptureFilter,
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
  StoreChanges,
  StoredEvent,
  StoreDescription,
} from './types.js';

/** Options of `new PostgresStore(…)`. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (or `postgresql://…`), as `pg` reads it. */
  readonly url: string;
  /** Connections kept to the database. Default 10. */
  readonly poolSize?: number;
}

/** The most deliveries one flush takes from the queue. */
const MAX_BATCH = 512;
/** The fewest deliveries worth a statement of their own when a flush is split over connections. */
const MIN_PART = 8;
/** How long changes are gathered before one `NOTIFY` tells the other instances of them. */
const NOTIFY_WINDOW_MS = 50;
/** PostgreSQL refuses a `NOTIFY` payload of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7000;
/** How long a listener waits before connecting again after losing its connection. */
const RELISTEN_MS = 1000;
/** How far before a listening gap its read-back starts: the instances' clocks stamp `updated_at`, and may differ. */
const RESYNC_MARGIN_MS = 5000;

/** A delivery waiting for its batch: `insertDelivery`'s parameters, and whom to tell whether it was a redelivery. */
interface Queued {
  readonly params: unknown[];
  readonly done: (redelivery: boolean) => void;
  readonly fail: (error: unknown) => void;
}

/** A write waiting for its group's transaction. */
interface Grouped {
  readonly sql: string;
  readonly params: unknown[];
  readonly done: (changed: number) => void;
  readonly fail: (error: unknown) => void;
}

/** `sql` with its `$n` parameters replaced by SQL literals (strings escaped as pg's `escapeLiteral` does). */
function inline(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Cannot store the number ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]::text[]`;
  return escapeLiteral(String(value));
}

/** A string as an SQL literal: quotes doubled, and backslashes doubled in an `E''` literal (pg's `escapeLiteral`). */
function escapeLiteral(text: string): string {
  const quoted = `'${text.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
  return text.includes('\\') ? ` E${quoted}` : quoted;
}

/** Work queued while a batch of it is in flight, run in batches one after another: the store's group commit. */
class Batches<T> {
  readonly #queue: T[] = [];
  readonly #run: (batch: T[]) => Promise<unknown>;
  #running = false;

  constructor(run: (batch: T[]) => Promise<unknown>) {
    this.#run = run;
  }

  push(item: T): void {
    this.#queue.push(item);
    if (!this.#running) void this.#drain();
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length > 0) await this.#run(this.#queue.splice(0, MAX_BATCH));
    } finally {
      this.#running = false;
    }
  }
}

/** A change notice between instances: who sent it, and the ids created, updated, or whose steps or logs changed. */
interface Notice {
  readonly o: string;
  readonly c: string[];
  readonly u: string[];
  readonly a: string[];
}

/**
 * A `Store` in a PostgreSQL database, through `pg` (node-postgres, an optional peer dependency: `npm install pg`).
 * It connects, and migrates the schema, on its first call; a database it cannot reach makes that call (and every
 * later one until the database is back) reject with a `RelayError` `STORE_UNAVAILABLE`, which the service answers
 * with 503 and `Retry-After`. Chosen by `RELAY_DATABASE_URL=postgres://…`, `relay dev --store postgres://…` or
 * `createRelay({ store: 'postgres://…' })`.
 *
 * @example
 * const store = new PostgresStore({ url: 'postgres://relay:secret@127.0.0.1:5432/relay' });
 * const { created, execution } = await store.insertDelivery(event, execution);
 * await store.close();
 */
export class PostgresStore implements Store {
  /** The schema version this code writes (`relay_schema.version`). */
  static readonly schemaVersion = 1;

  /** The URL with its password masked, for messages. */
  readonly location: string;
  readonly #url: string;
  readonly #poolSize: number;
  /** This store's id in change notices, so that it skips its own. */
  readonly #origin = randomUUID();
  #pool: PgPool | undefined;
  #ready: Promise<PgPool> | undefined;
  #closed = false;
  readonly #changes = { created: new Set<string>(), updated: new Set<string>(), activity: new Set<string>() };
  /** Deliveries waiting for the next batch: `#batched`. Several statements in flight at once, up to the pool's size less one (kept for reads). */
  readonly #deliveries = new Batches<Queued>((batch) => Promise.all(this.#split(batch).map((part) => this.#insertBatch(part))));
  /** The runner's writes waiting for the next group: `#grouped`. */
  readonly #writes = new Batches<Grouped>((group) => this.#commitGroup(group));
  #notifyTimer: NodeJS.Timeout | undefined;
  #notifying: Promise<void> = Promise.resolve();
  readonly #listeners = new Set<(changes: StoreChanges) => void>();
  #listener: { client: import('pg').Client; timer?: NodeJS.Timeout } | undefined;

  constructor(options: PostgresStoreOptions) {
    const poolSize = options.poolSize ?? 10;
    if (!(Number.isSafeInteger(poolSize) && poolSize >= 1)) throw new RangeError(`poolSize must be a positive integer, got ${String(poolSize)}.`);
    this.#url = options.url;
    this.#poolSize = poolSize;
    this.location = maskUrl(options.url);
  }

  async insertDelivery(event: StoredEvent, execution: ExecutionRecord): Promise<{ created: boolean; execution: ExecutionRecord }> {
    if (execution.eventId !== event.id) {
      this.#open();
      throw foreignEventError(event, execution);
    }
    const stored = copyExecution(execution);
    const params = [
      event.id,
      event.provider,
      event.type,
      event.deliveryId ?? null,
      toJson(event.headers),
      event.body,
      event.dataIsBody ? null : toJson(event.data),
      event.receivedAt,
      event.captured === true,
      stored.id,
      stored.eventType,
      stored.status,
      stored.attempt,
      stored.createdAt,
      stored.updatedAt,
      stored.replayedFrom,
      stored.error,
      stored.owner ?? null,
    ];
    if (!(await this.#batched(params))) {
      this.#changed('created', stored.id);
      return { created: true, execution: stored };
    }
    const existing = (await this.#query<ExecutionRecord>(PG_SQL.executionByDelivery, [event.provider, event.deliveryId])).rows[0];
    if (!existing) throw new Error(`insertDelivery: the stored event of delivery ${String(event.deliveryId)} (${event.provider}) has no execution`);
    return { created: false, execution: copyExecution(existing) };
  }

  async getExecution(id: string): Promise<ExecutionRecord | undefined> {
    return this.#one(`SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions WHERE id = $1`, [id]);
  }

  async getExecutionByEventId(eventId: string): Promise<ExecutionRecord | undefined> {
    return this.#one(`SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions WHERE event_id = $1 ORDER BY id LIMIT 1`, [eventId]);
  }

  async getExecutionByDeliveryId(provider: string, deliveryId: string): Promise<ExecutionRecord | undefined> {
    return this.#one(PG_SQL.executionByDelivery, [provider, deliveryId]);
  }

  async listReplays(executionId: string): Promise<ExecutionRecord[]> {
    const rows = (await this.#query<ExecutionRecord>(`SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions WHERE replayed_from = $1 ORDER BY id`, [executionId])).rows;
    return rows.map(copyExecution);
  }

  async getEvent(id: string): Promise<StoredEvent | undefined> {
    const row = (await this.#query<EventRow>(`SELECT ${PG_EVENT_COLUMNS} FROM relay_events WHERE id = $1`, [id])).rows[0];
    return row && eventFromRow(row);
  }

  async listExecutions(filter: ExecutionFilter = {}): Promise<ExecutionPage> {
    this.#open();
    const limit = pageLimit(filter.limit);
    const before = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
    const type = typeFilter(filter.type);
    const status = statusFilter(filter.status);
    const where: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    if (status !== undefined) where.push(`status = ${bind(status)}`);
    if (type !== undefined && 'exact' in type) where.push(`event_type = ${bind(type.exact)}`);
    // A prefix compared as text, not LIKE, whose wildcards (`_`, `%`) may appear in a plugin's type names.
    if (type !== undefined && 'prefix' in type) where.push(`left(event_type, length(${bind(type.prefix)})) = $${params.length}`);
    if (before !== undefined) where.push(`id < ${bind(before)}`);
    const sql = `SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${bind(limit + 1)}`;
    const items = (await this.#query<ExecutionRecord>(sql, params)).rows.map(copyExecution);
    if (items.length <= limit) return { items, nextCursor: null };
    items.pop();
    return { items, nextCursor: encodeCursor(items[limit - 1]!.id) };
  }

  async updateExecution(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): Promise<boolean> {
    const applied = (await this.#grouped(PG_SQL.updateExecution, pgUpdateParams(id, patch, expected, condition))) === 1;
    if (applied) this.#changed('updated', id);
    return applied;
  }

  async saveStep(step: StepRecord): Promise<void> {
    const result = step.result === undefined || step.result === null ? null : toJson(step.result);
    await this.#write('saveStep', step.executionId, PG_SQL.saveStep, [step.executionId, step.name, step.status, step.attempt, result, step.error ?? null, step.startedAt, step.endedAt ?? null]);
  }

  async listSteps(executionId: string): Promise<StepRecord[]> {
    const rows = (await this.#query<StepRow>(`SELECT ${PG_STEP_COLUMNS} FROM relay_steps WHERE execution_id = $1 ORDER BY seq`, [executionId])).rows;
    return rows.map(stepFromRow);
  }

  async appendLog(log: LogRecord): Promise<void> {
    const fields = log.fields === null ? null : toJson(log.fields);
    await this.#write('appendLog', log.executionId, PG_SQL.appendLog, [log.executionId, log.attempt, log.at, log.level, log.message, fields]);
  }

  async listLogs(executionId: string): Promise<LogRecord[]> {
    const rows = (await this.#query<LogRow>(`SELECT ${PG_LOG_COLUMNS} FROM relay_logs WHERE execution_id = $1 ORDER BY id`, [executionId])).rows;
    return rows.map(logFromRow);
  }

  async countExecutions(): Promise<number> {
    return Number((await this.#query<{ n: string }>('SELECT count(*) AS n FROM relay_executions')).rows[0]!.n);
  }

  async listCaptures(filter: CaptureFilter = {}): Promise<StoredEvent[]> {
    this.#open();
    const limit = pageLimit(filter.limit);
    const rows =
      filter.provider === undefined
        ? (await this.#query<EventRow>(`SELECT ${PG_EVENT_COLUMNS} FROM relay_events WHERE captured ORDER BY id DESC LIMIT $1`, [limit])).rows
        : (await this.#query<EventRow>(`SELECT ${PG_EVENT_COLUMNS} FROM relay_events WHERE captured AND provider = $1 ORDER BY id DESC LIMIT $2`, [filter.provider, limit])).rows;
    return rows.map(eventFromRow);
  }

  async deleteCaptures(): Promise<number> {
    return this.#transaction(async (client) => {
      for (const sql of PG_DELETE_CAPTURES.slice(0, -1)) await client.query(sql);
      return (await client.query(PG_DELETE_CAPTURES.at(-1)!)).rowCount ?? 0;
    });
  }

  async putInstance(instance: InstanceRecord): Promise<void> {
    await this.#query(PG_SQL.putInstance, [instance.id, instance.pid, instance.host, instance.startedAt, instance.leaseUntil]);
  }

  async deleteInstance(id: string): Promise<void> {
    await this.#query(PG_SQL.deleteInstance, [id]);
  }

  async listInstances(): Promise<InstanceRecord[]> {
    return (await this.#query<InstanceRecord>(`SELECT ${PG_INSTANCE_COLUMNS} FROM relay_instances ORDER BY started_at, id`)).rows;
  }

  /** Claims pending executions of gone owners in one statement (`FOR UPDATE SKIP LOCKED`): see `Store.claimPending`. */
  async claimPending(owner: string, from: readonly (string | null)[], limit: number): Promise<ExecutionRecord[]> {
    const owners = from.filter((id): id is string => id !== null);
    const rows = (await this.#query<ExecutionRecord>(PG_SQL.claimPending, [owner, owners, from.includes(null), pageLimit(limit)])).rows;
    for (const row of rows) this.#changed('updated', row.id);
    return rows.map(copyExecution).sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  /**
   * Calls `listener` with what other stores on the same database (other instances) created and changed, as their
   * `NOTIFY` reaches this store's `LISTEN`ing connection (opened with the first listener, closed with the last;
   * reopened after the database comes back). Returns a function that removes the listener.
   */
  onChange(listener: (changes: StoreChanges) => void): () => void {
    this.#open();
    this.#listeners.add(listener);
    if (!this.#listener) this.#listen();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#unlisten();
    };
  }

  /** `postgres`, the URL without its password: `postgres://relay@127.0.0.1:5432/relay (PostgreSQL)`. */
  describe(): StoreDescription {
    return { kind: 'postgres', location: this.location, driver: 'pg', label: `${this.location} (PostgreSQL)` };
  }

  /** Sends the change notices still gathered, then ends every connection. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    clearTimeout(this.#notifyTimer);
    await this.#notify().catch(() => {});
    this.#closed = true;
    this.#unlisten();
    const ready = this.#ready;
    this.#ready = undefined;
    const pool = this.#pool ?? (await ready?.catch(() => undefined));
    this.#pool = undefined;
    await pool?.end().catch(() => {});
  }

  // --- connections ----------------------------------------------------------------------------------

  /** The pool, the schema migrated, made on first use; made again after a failure (the database may be back). */
  #connect(): Promise<PgPool> {
    this.#open();
    if (this.#ready) return this.#ready;
    const ready = (async () => {
      const pg = loadPg();
      const pool = new pg.Pool({ connectionString: this.#url, max: this.#poolSize, connectionTimeoutMillis: 5000 });
      // An idle connection the server ended (a restart): the pool drops it; the next query opens another.
      pool.on('error', () => {});
      try {
        const client = await pool.connect();
        try {
          await migrate(client, this.location);
        } finally {
          client.release();
        }
      } catch (error) {
        await pool.end().catch(() => {});
        throw error;
      }
      this.#pool = pool;
      return pool;
    })();
    this.#ready = ready;
    ready.catch(() => {
      if (this.#ready === ready) this.#ready = undefined;
    });
    return ready;
  }

  async #query<Row extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[]; rowCount: number | null }> {
    try {
      const pool = await this.#connect();
      return await pool.query<Row>(sql, params);
    } catch (error) {
      throw this.#failure(error);
    }
  }

  /**
   * Inserts a delivery (`insertDelivery`'s parameters); resolves to whether it was a redelivery (nothing inserted).
   * Deliveries arriving while a batch is in flight go together in the next one: one statement and one commit for
   * all of them, so that concurrent deliveries do not each wait for a connection and a commit of their own. A batch
   * the database refuses (one record it rejects) is inserted again one by one, so that only that record fails.
   */
  #batched(params: unknown[]): Promise<boolean> {
    return new Promise<boolean>((done, fail) => this.#deliveries.push({ params, done, fail }));
  }

  /** `batch` in up to `poolSize - 1` parts of similar size. */
  #split<T>(batch: T[]): T[][] {
    const parts = Math.max(1, Math.min(this.#poolSize - 1, Math.ceil(batch.length / MIN_PART)));
    const size = Math.ceil(batch.length / parts);
    return Array.from({ length: Math.ceil(batch.length / size) }, (_, i) => batch.slice(i * size, (i + 1) * size));
  }

  async #insertBatch(batch: Queued[]): Promise<void> {
    if (batch.length === 1) {
      const [one] = batch as [Queued];
      await this.#query(PG_SQL.insertDelivery, one.params).then((r) => one.done(r.rowCount !== 1), one.fail);
      return;
    }
    const columns = batch[0]!.params.map((_, c) => batch.map((entry) => entry.params[c]));
    try {
      const created = new Set((await this.#query<{ id: string }>(PG_SQL.insertDeliveries, columns)).rows.map((row) => row.id));
      for (const entry of batch) entry.done(!created.has(entry.params[9] as string));
    } catch (error) {
      if (RelayError.is(error)) {
        for (const entry of batch) entry.fail(error);
        return;
      }
      await Promise.all(batch.map((entry) => this.#insertBatch([entry])));
    }
  }

  async #one(sql: string, params: unknown[]): Promise<ExecutionRecord | undefined> {
    const row = (await this.#query<ExecutionRecord>(sql, params)).rows[0];
    return row && copyExecution(row);
  }

  /** A write of an execution's step or log: a missing execution is named, and the change told to other instances. */
  async #write(method: string, executionId: string, sql: string, params: unknown[]): Promise<void> {
    try {
      await this.#grouped(sql, params);
    } catch (error) {
      if ((error as { code?: unknown }).code === '23503') throw new Error(`${method}: execution ${executionId} is not stored`, { cause: error });
      throw error;
    }
    this.#changed('activity', executionId);
  }

  /**
   * Runs a write of the runner's (an execution's status, a step, a log line) in one transaction with the others
   * issued meanwhile, in the order they were issued: one commit for all, as SQLite's group commit does. A group the
   * database refuses (one write it rejects) is run again write by write, so that only that one fails. Resolves to
   * the rows it changed.
   */
  #grouped(sql: string, params: unknown[]): Promise<number> {
    return new Promise<number>((done, fail) => this.#writes.push({ sql, params, done, fail }));
  }

  async #commitGroup(group: Grouped[]): Promise<void> {
    const alone = (write: Grouped) => this.#query(write.sql, write.params).then((r) => write.done(r.rowCount ?? 0), write.fail);
    if (group.length === 1) return alone(group[0]!);
    let counts: number[];
    try {
      // One round trip: the group as one multi-statement text (its values as escaped literals), which PostgreSQL
      // runs as one transaction; a statement that fails undoes the whole text.
      const text = group.map((write) => inline(write.sql, write.params)).join(';\n');
      const results = (await this.#query(text)) as unknown as { rowCount: number | null }[];
      counts = results.map((result) => result.rowCount ?? 0);
    } catch (error) {
      if (RelayError.is(error)) for (const write of group) write.fail(error);
      else for (const write of group) await alone(write);
      return;
    }
    group.forEach((write, i) => write.done(counts[i]!));
  }

  async #transaction<T>(fn: (client: PgClient) => Promise<T>): Promise<T> {
    let client: PgClient | undefined;
    try {
      client = await (await this.#connect()).connect();
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => {});
      throw this.#failure(error);
    } finally {
      client?.release();
    }
  }

  #failure(error: unknown): unknown {
    if (this.#closed) return closedError(`PostgresStore ${this.location}`);
    return pgFailure(error, this.location);
  }

  #open(): void {
    if (this.#closed) throw closedError(`PostgresStore ${this.location}`);
  }

  // --- changes between instances --------------------------------------------------------------------

  #changed(kind: 'created' | 'updated' | 'activity', id: string): void {
    this.#changes[kind].add(id);
    this.#notifyTimer ??= setTimeout(() => void this.#notify(), NOTIFY_WINDOW_MS).unref();
  }

  /** Sends what changed since the last notice, in notices under PostgreSQL's payload limit. */
  #notify(): Promise<void> {
    this.#notifyTimer = undefined;
    const { created, updated, activity } = this.#changes;
    if (created.size + updated.size + activity.size === 0) return this.#notifying;
    const notices: Notice[] = [];
    let notice: Notice = { o: this.#origin, c: [], u: [], a: [] };
    let bytes = 64;
    const add = (key: 'c' | 'u' | 'a', ids: Set<string>) => {
      for (const id of ids) {
        if (bytes + id.length + 3 > NOTIFY_MAX_BYTES) {
          notices.push(notice);
          notice = { o: this.#origin, c: [], u: [], a: [] };
          bytes = 64;
        }
        notice[key].push(id);
        bytes += id.length + 3;
      }
      ids.clear();
    };
    add('c', created);
    add('u', updated);
    add('a', activity);
    notices.push(notice);
    // One after another, so that a creation is never told after its update.
    this.#notifying = this.#notifying.then(async () => {
      for (const n of notices) await this.#query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(n)]).catch(() => {});
    });
    return this.#notifying;
  }

  /**
   * Opens the `LISTEN`ing connection; on its loss, opens another after a pause while anyone listens. A
   * `NOTIFY` sent while no connection listened is lost, so once `LISTEN` is up, what changed since `gapFrom`
   * (when following began, or the last connection was lost) is read back and told as changes (`#resync`).
   */
  #listen(gapFrom = new Date().toISOString()): void {
    const pg = loadPg();
    const client = new pg.Client({ connectionString: this.#url });
    const state: { client: import('pg').Client; timer?: NodeJS.Timeout } = { client };
    this.#listener = state;
    let up = false;
    const again = () => {
      if (this.#listener !== state) return;
      client.end().catch(() => {});
      const from = up ? new Date().toISOString() : gapFrom;
      state.timer ??= setTimeout(() => {
        if (this.#listener === state && !this.#closed) this.#listen(from);
      }, RELISTEN_MS).unref();
    };
    client.on('error', again);
    client.on('end', again);
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) void this.#received(message.payload);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHANGES_CHANNEL}`))
      .then(() => {
        up = true;
        return this.#resync(gapFrom);
      })
      .catch(again);
  }

  /**
   * Tells the listeners of every execution changed since `from` (less a margin for the instances' clocks):
   * those created since as created, all of them as updated and as having new steps or logs. A page shows
   * what it already has again unchanged, so telling too much is harmless; telling too little is not.
   */
  async #resync(from: string): Promise<void> {
    if (this.#listeners.size === 0) return;
    const since = new Date(Date.parse(from) - RESYNC_MARGIN_MS).toISOString();
    const rows = (await this.#query<ExecutionRecord>(PG_SQL.executionsChangedSince, [since])).rows.map(copyExecution).reverse();
    if (rows.length === 0) return;
    const changes: StoreChanges = { created: rows.filter((row) => row.createdAt >= since), updated: rows, activity: rows.map((row) => row.id) };
    for (const listener of this.#listeners) listener(changes);
  }

  #unlisten(): void {
    const state = this.#listener;
    this.#listener = undefined;
    if (!state) return;
    clearTimeout(state.timer);
    state.client.end().catch(() => {});
  }

  async #received(payload: string): Promise<void> {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.o === this.#origin || this.#listeners.size === 0) return;
    try {
      const ids = [...notice.c, ...notice.u];
      const rows = ids.length === 0 ? [] : (await this.#query<ExecutionRecord>(PG_SQL.executionsById, [ids])).rows.map(copyExecution);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const pick = (list: string[]) => list.flatMap((id) => byId.get(id) ?? []);
      const changes: StoreChanges = { created: pick(notice.c), updated: pick(notice.u.filter((id) => !notice.c.includes(id))), activity: notice.a };
      for (const listener of this.#listeners) listener(changes);
    } catch {
      // The database went away meanwhile: the pages catch up when they reload; the next notices come through.
    }
  }
}

