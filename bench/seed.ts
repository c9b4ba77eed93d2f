/**
 * Seeding for benchmarks and fixtures: `count` deliveries written straight into a relay store file,
 * thousands per transaction, far faster than `insertDelivery` one by one, then the WAL checkpointed into
 * the database so that what is measured next does not pay for it. It uses the store's own schema and
 * write SQL through its own connection; the store's API has no bulk path of its own.
 */
import { SqliteStore } from '../src/service/store/sqlite.js';
import { sqliteDriver, type SqliteDriverName } from '../src/service/store/sqlite-driver.js';
import { BUSY_TIMEOUT_MS, eventParams, executionParams, transaction, WRITE_SQL } from '../src/service/store/sqlite-schema.js';
import type { ExecutionRecord, StoredEvent } from '../src/service/store/types.js';

/** Rows per transaction. */
const SEED_BATCH = 20_000;

/**
 * Inserts the deliveries `make(0)` … `make(count - 1)` into the store at `path` (created and migrated when
 * missing). A delivery id already stored is an error: the batch it is in is rolled back, earlier batches stay.
 * Yields to the event loop between batches.
 * @example
 * await seedExecutions('.relay/relay.db', 1_000_000, (i) => ({ event: eventFor(i), execution: executionFor(i) }));
 */
export async function seedExecutions(
  path: string,
  count: number,
  make: (i: number) => { event: StoredEvent; execution: ExecutionRecord },
  options: { driver?: SqliteDriverName } = {},
): Promise<void> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`seedExecutions: invalid count ${String(count)}`);
  // Creates the file and brings its schema up to date.
  await new SqliteStore({ path, ...options }).close();
  const db = sqliteDriver(options.driver).open(path, { busyTimeoutMs: BUSY_TIMEOUT_MS });
  try {
    const insertEvent = db.prepare(WRITE_SQL.insertEvent);
    const insertExecution = db.prepare(WRITE_SQL.insertExecution);
    const inTransaction = transaction(db);
    for (let from = 0; from < count; from += SEED_BATCH) {
      inTransaction(() => {
        for (let i = from; i < Math.min(count, from + SEED_BATCH); i++) {
          const { event, execution } = make(i);
          if (execution.eventId !== event.id) throw new Error(`seedExecutions: item ${i}'s execution belongs to event ${execution.eventId}, not ${event.id}`);
          if (insertEvent.run(eventParams(event)).changes === 0) {
            throw new Error(`seedExecutions: delivery ${event.deliveryId} (${event.provider}) of item ${i} is already stored`);
          }
          insertExecution.run(executionParams(execution));
        }
      });
      if (from + SEED_BATCH < count) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
