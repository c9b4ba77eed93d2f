/**
 * The PostgreSQL store's database: its schema and migrations (run at start, in one transaction, under an advisory
 * lock), the SQL of its statements, the `pg` driver (an optional peer dependency, loaded on first use) and what its
 * errors mean for the service.
 */
import { createRequire } from 'node:module';
import { EXECUTION_STATUSES, RelayError, STEP_STATUSES } from '../../core/index.js';
import { sqlStrings } from './shared.js';
import type { ExecutionPatch, ExecutionStatus, OwnerCondition } from './types.js';

/** The `pg` module, as far as the store uses it (pg's own types, loaded only for their shape). */
export type PgModule = typeof import('pg');
/** A `pg` connection pool (the store's reads and grouped writes). */
export type PgPool = import('pg').Pool;
/** A client checked out of the pool (a transaction's). */
export type PgClient = import('pg').PoolClient;

/**
 * `pg` (node-postgres), resolved from `from` (default: this module), or a `RelayError` `STORE_UNAVAILABLE` telling
 * the user to install it: relaykit lists it as an optional peer dependency, needed only for a PostgreSQL store.
 * @example
 * const { Pool } = loadPg();
 */
export function loadPg(from: string = import.meta.url): PgModule {
  try {
    const loaded = createRequire(from)('pg') as PgModule & { default?: PgModule };
    return loaded.default ?? loaded;
  } catch (error) {
    const notInstalled = (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
    const why = notInstalled ? 'the driver `pg` is not installed' : `the driver \`pg\` does not load (${(error as Error).message.split('\n', 1)[0]})`;
    throw new RelayError('STORE_UNAVAILABLE', `A PostgreSQL store needs the driver pg, and ${why}: run \`npm install pg\` in your project (relaykit lists it as an optional peer dependency).`, {
      cause: error,
    });
  }
}

/**
 * The schema, one step per version: step `i` brings a database from version i to i + 1 (kept in
 * `relay_schema`). Append only: a released step is never edited. Every table is prefixed `relay_`, so that the
 * store can share a database with the application's own tables. Times are kept as the ISO 8601 text the
 * records carry, and JSON as text, so that everything reads back exactly as it was written.
 */
export const PG_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE relay_events (
    id          text PRIMARY KEY,
    provider    text NOT NULL,
    type        text NOT NULL,
    delivery_id text,
    headers     text NOT NULL,
    body        text NOT NULL,
    data        text,
    received_at text NOT NULL,
    captured    boolean NOT NULL DEFAULT false
  );
  -- The deduplication key, checked by the database itself: two instances inserting one delivery at once
  -- cannot both succeed. Replays and plugins without delivery ids store NULL, which never collides.
  CREATE UNIQUE INDEX relay_events_delivery ON relay_events (provider, delivery_id) WHERE delivery_id IS NOT NULL;
  CREATE INDEX relay_events_captured ON relay_events (id) WHERE captured;

  CREATE TABLE relay_executions (
    id            text PRIMARY KEY,
    event_id      text NOT NULL REFERENCES relay_events (id),
    event_type    text NOT NULL,
    status        text NOT NULL CHECK (status IN (${sqlStrings(EXECUTION_STATUSES)})),
    attempt       integer NOT NULL CHECK (attempt >= 1),
    created_at    text NOT NULL,
    updated_at    text NOT NULL,
    replayed_from text REFERENCES relay_executions (id),
    error         text,
    owner         text
  );
  CREATE INDEX relay_executions_event ON relay_executions (event_id, id);
  CREATE INDEX relay_executions_type ON relay_executions (event_type, id);
  CREATE INDEX relay_executions_status ON relay_executions (status, id);
  CREATE INDEX relay_executions_replayed ON relay_executions (replayed_from, id) WHERE replayed_from IS NOT NULL;

  CREATE TABLE relay_steps (
    execution_id text NOT NULL REFERENCES relay_executions (id),
    name         text NOT NULL,
    seq          integer NOT NULL,
    status       text NOT NULL CHECK (status IN (${sqlStrings(STEP_STATUSES)})),
    attempt      integer NOT NULL,
    result       text,
    error        text,
    started_at   text NOT NULL,
    ended_at     text,
    PRIMARY KEY (execution_id, name)
  );

  CREATE TABLE relay_logs (
    id           bigserial PRIMARY KEY,
    execution_id text NOT NULL REFERENCES relay_executions (id),
    attempt      integer NOT NULL,
    at           text NOT NULL,
    level        text NOT NULL CHECK (level IN ('debug', 'info', 'warn', 'error')),
    message      text NOT NULL,
    fields       text
  );
  CREATE INDEX relay_logs_execution ON relay_logs (execution_id, id);

  CREATE TABLE relay_instances (
    id          text PRIMARY KEY,
    pid         integer NOT NULL,
    host        text NOT NULL,
    started_at  text NOT NULL,
    lease_until text NOT NULL
  );
  `,
];

/** The advisory lock migrations run under (any constant: `relaykit` in ASCII, as a bigint). */
export const MIGRATION_LOCK = '125779863889268';

/** The channel instances tell each other of changes on (`LISTEN`/`NOTIFY`). */
export const CHANGES_CHANNEL = 'relay_changes';

/** The columns of each table as the records name them (`event_id AS "eventId"`), for the SELECTs. */
export const PG_EXECUTION_COLUMNS = `id, event_id AS "eventId", event_type AS "eventType", status, attempt, created_at AS "createdAt",
  updated_at AS "updatedAt", replayed_from AS "replayedFrom", error, owner`;
export const PG_EVENT_COLUMNS = `id, provider, type, delivery_id AS "deliveryId", headers, body, data, received_at AS "receivedAt", captured::int AS captured`;
export const PG_STEP_COLUMNS = `execution_id AS "executionId", name, status, attempt, result, error, started_at AS "startedAt", ended_at AS "endedAt"`;
export const PG_LOG_COLUMNS = `execution_id AS "executionId", attempt, at, level, message, fields`;
export const PG_INSTANCE_COLUMNS = `id, pid, host, started_at AS "startedAt", lease_until AS "leaseUntil"`;

/**
 * A delivery in one statement: the event, unless its `(provider, delivery_id)` is stored (the unique index decides,
 * waiting for a concurrent insert of the same delivery to commit or roll back), and its execution only when the
 * event was inserted. No row back: a redelivery, whose execution `PG_SQL.executionByDelivery` reads.
 */
export const PG_SQL = {
  insertDelivery: `WITH event AS (
      INSERT INTO relay_events (id, provider, type, delivery_id, headers, body, data, received_at, captured)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
      ON CONFLICT (provider, delivery_id) WHERE delivery_id IS NOT NULL DO NOTHING
      RETURNING id)
    INSERT INTO relay_executions (id, event_id, event_type, status, attempt, created_at, updated_at, replayed_from, error, owner)
      SELECT $10, event.id, $11, $12, $13, $14, $15, $16, $17, $18 FROM event
    RETURNING id`,
  /**
   * Several deliveries in one statement, as \`insertDelivery\` with one column array per parameter (in its order):
   * each event inserted unless its delivery is stored (or an earlier one of the batch has its delivery id), each
   * execution only when its event was. The ids of the executions created come back.
   */
  insertDeliveries: `WITH input AS (
      SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[],
        $10::text[], $11::text[], $12::text[], $13::integer[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[])
        WITH ORDINALITY AS i (event_id, provider, type, delivery_id, headers, body, data, received_at, captured,
          id, event_type, status, attempt, created_at, updated_at, replayed_from, error, owner, n)),
    event AS (
      INSERT INTO relay_events (id, provider, type, delivery_id, headers, body, data, received_at, captured)
      SELECT event_id, provider, type, delivery_id, headers, body, data, received_at, captured FROM input ORDER BY n
      ON CONFLICT (provider, delivery_id) WHERE delivery_id IS NOT NULL DO NOTHING
      RETURNING id)
    INSERT INTO relay_executions (id, event_id, event_type, status, attempt, created_at, updated_at, replayed_from, error, owner)
      SELECT input.id, input.event_id, event_type, status, attempt, created_at, updated_at, replayed_from, error, owner
      FROM input JOIN event ON event.id = input.event_id ORDER BY n
    RETURNING id`,
  executionByDelivery: `SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions
    WHERE event_id = (SELECT id FROM relay_events WHERE provider = $1 AND delivery_id = $2) ORDER BY id LIMIT 1`,
  updateExecution: `UPDATE relay_executions SET
      status = coalesce($1, status),
      attempt = coalesce($2, attempt),
      updated_at = coalesce($3, updated_at),
      error = CASE WHEN $4 THEN $5 ELSE error END,
      owner = CASE WHEN $6 THEN $7 ELSE owner END
    WHERE id = $8 AND ($9 OR status = ANY($10::text[])) AND ($11 OR owner IS NOT DISTINCT FROM $12)`,
  saveStep: `INSERT INTO relay_steps (execution_id, name, seq, status, attempt, result, error, started_at, ended_at)
      VALUES ($1, $2, (SELECT count(*) FROM relay_steps WHERE execution_id = $1), $3, $4, $5, $6, $7, $8)
    ON CONFLICT (execution_id, name) DO UPDATE SET status = excluded.status, attempt = excluded.attempt,
      result = excluded.result, error = excluded.error, started_at = excluded.started_at, ended_at = excluded.ended_at`,
  appendLog: `INSERT INTO relay_logs (execution_id, attempt, at, level, message, fields) VALUES ($1, $2, $3, $4, $5, $6)`,
  putInstance: `INSERT INTO relay_instances (id, pid, host, started_at, lease_until) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (id) DO UPDATE SET lease_until = excluded.lease_until`,
  deleteInstance: `DELETE FROM relay_instances WHERE id = $1`,
  /** Pending executions of gone owners, claimed for $1; rows another instance is claiming now are skipped, not waited for. */
  claimPending: `WITH claimable AS (
      SELECT id FROM relay_executions
      WHERE status = 'pending' AND (owner = ANY($2::text[]) OR ($3 AND owner IS NULL))
      ORDER BY id LIMIT $4
      FOR UPDATE SKIP LOCKED)
    UPDATE relay_executions x SET owner = $1 FROM claimable WHERE x.id = claimable.id
    RETURNING x.id, x.event_id AS "eventId", x.event_type AS "eventType", x.status, x.attempt, x.created_at AS "createdAt",
      x.updated_at AS "updatedAt", x.replayed_from AS "replayedFrom", x.error, x.owner`,
  /** The executions of `ids`, for instances told of changes by another. */
  executionsById: `SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions WHERE id = ANY($1::text[])`,
  /** What changed while no `LISTEN` connection was up (read back after a gap), the latest first; ISO stamps compare as text. */
  executionsChangedSince: `SELECT ${PG_EXECUTION_COLUMNS} FROM relay_executions WHERE updated_at >= $1 ORDER BY updated_at DESC LIMIT 1000`,
} as const;

/** Deleting the captures (`deleteCaptures`), in one transaction: what refers to their executions first. */
export const PG_DELETE_CAPTURES = [
  `CREATE TEMP TABLE relay_doomed ON COMMIT DROP AS
     SELECT id FROM relay_executions WHERE event_id IN (SELECT id FROM relay_events WHERE captured)`,
  `UPDATE relay_executions SET replayed_from = NULL WHERE replayed_from IN (SELECT id FROM relay_doomed)`,
  `DELETE FROM relay_logs WHERE execution_id IN (SELECT id FROM relay_doomed)`,
  `DELETE FROM relay_steps WHERE execution_id IN (SELECT id FROM relay_doomed)`,
  `DELETE FROM relay_executions WHERE id IN (SELECT id FROM relay_doomed)`,
  `DELETE FROM relay_events WHERE captured`,
];

/** The parameters of `PG_SQL.updateExecution`. */
export function pgUpdateParams(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): unknown[] {
  const setError = patch.error !== undefined;
  const setOwner = patch.owner !== undefined;
  return [
    patch.status ?? null,
    patch.attempt ?? null,
    patch.updatedAt ?? null,
    setError,
    setError ? patch.error : null,
    setOwner,
    setOwner ? patch.owner : null,
    id,
    expected === undefined,
    expected ?? [],
    condition === undefined,
    condition === undefined ? null : condition.owner,
  ];
}

/**
 * Brings the schema to the latest version on `client`, in one transaction under an advisory lock, so that
 * instances starting together migrate once (the others wait, then find it done). Refuses a database whose
 * schema is newer than this code's, naming `where`.
 */
export async function migrate(client: PgClient, where: string): Promise<void> {
  const latest = PG_MIGRATIONS.length;
  await client.query('BEGIN');
  try {
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await client.query('CREATE TABLE IF NOT EXISTS relay_schema (version integer NOT NULL)');
    const rows = (await client.query<{ version: number }>('SELECT version FROM relay_schema')).rows;
    const found = rows[0]?.version ?? 0;
    if (found > latest) {
      throw new RelayError(
        'STORE_UNAVAILABLE',
        `The relay store ${where} has schema version ${found}, newer than the latest this relaykit knows (${latest}): it was written by a newer relaykit. Upgrade relaykit, or point RELAY_DATABASE_URL at another database.`,
      );
    }
    for (let v = found; v < latest; v++) await client.query(PG_MIGRATIONS[v]!);
    if (rows.length === 0) await client.query('INSERT INTO relay_schema (version) VALUES ($1)', [latest]);
    else if (found < latest) await client.query('UPDATE relay_schema SET version = $1', [latest]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** `url` as people may see it: the password replaced by `****`, the query string dropped. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    parsed.search = '';
    return parsed.toString();
  } catch {
    // Not a URL `new URL` reads: show only its scheme, never what may be a password.
    return `${url.split(':', 1)[0]}://…`;
  }
}

/** SQLSTATE classes and codes of a server that is gone, starting, stopping or full, and Node's network errors. */
const UNREACHABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Whether `error` says the database cannot be reached now (it may come back), rather than refusing what was asked. */
export function isUnreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  if (UNREACHABLE_CODES.has(code) || code.startsWith('08')) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed/i.test(message);
}

/**
 * The error the service shows for a driver's `error`: a `RelayError` `STORE_UNAVAILABLE` (503 with `Retry-After` to
 * a delivery: nothing was stored, the provider sends it again) when the database cannot be reached or refuses the
 * login, naming it (password masked) and the fix; `error` itself otherwise.
 */
export function pgFailure(error: unknown, where: string): unknown {
  if (RelayError.is(error)) return error;
  const code = String((error as { code?: unknown } | undefined)?.code ?? '');
  const message = error instanceof Error ? error.message : String(error);
  if (isUnreachable(error)) {
    return new RelayError('STORE_UNAVAILABLE', `The PostgreSQL database ${where} cannot be reached (${message}); nothing was stored. Check that the database runs and that RELAY_DATABASE_URL (or --store) names it.`, { cause: error });
  }
  if (code === '28P01' || code === '28000' || code === '3D000' || code === '42501') {
    return new RelayError('STORE_UNAVAILABLE', `The PostgreSQL database ${where} refuses this store (${message}): check the user, password and database name in RELAY_DATABASE_URL (or --store).`, {
      cause: error,
    });
  }
  return error;
}
