/**
 * The SQLite store's group commit. Writes issued in the same turn of the event loop (the deliveries of
 * concurrent requests, the runner's status changes) run in one `BEGIN IMMEDIATE` transaction, and one
 * failing write fails alone (a failed statement undoes itself; a delivery whose execution insert fails
 * deletes its event again). A commit costs a write to the WAL whatever it holds, so under load this is
 * what lets one process ingest thousands of deliveries per second.
 *
 * Once a file store has committed a few hundred times (either driver), two worker threads take the disk
 * work off the event loop: a writer with its own connection commits the batches (writer.ts), and a
 * checkpointer copies the WAL into the database in the background (checkpointer.ts) instead of a commit
 * doing it every ~4 MB and waiting for two fsyncs. Neither keeps the process alive.
 */
import { Checkpointer, MAX_HOLD_MS } from './checkpointer.js';
import { BUSY_TIMEOUT_MS, transaction, WRITE_SQL } from './sqlite-schema.js';
import type { SqlDatabase, SqliteDriverName } from './sqlite-driver.js';
import { type WorkerDriver, workerDriver } from './worker-db.js';
import { Writer } from './writer.js';
import { applyWrite, toError, type WriteOp, type WriteTarget } from './writes.js';

/** SQLite's default `wal_autocheckpoint`, restored if the checkpoint worker fails. */
const AUTOCHECKPOINT_PAGES = 1000;
/** better-sqlite3's default page cache (`cache_size`, negative: KiB), and this connection's once the writer thread writes. */
const DEFAULT_CACHE_KIB = -16_000;
const READER_CACHE_KIB = -4_000;
/**
 * Group commits after which a file store starts its writer and checkpoint threads: a store that only reads, or
 * writes now and then (a CLI command, most tests), never pays for a thread and commits as SQLite does by default.
 */
export const THREADS_AFTER_COMMITS = 256;

/** A write waiting for the next group commit. */
interface PendingWrite {
  readonly op: WriteOp;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** The outcome of a write that threw, told apart from any value a write returns. */
class Failed {
  constructor(readonly error: unknown) {}
}

export interface GroupCommitOptions {
  readonly db: SqlDatabase;
  readonly path: string;
  /** `false` for `:memory:`: no other connection, so no threads. */
  readonly file: boolean;
  readonly driver: SqliteDriverName;
  /** Group commits after which the worker threads start; `Infinity` never. */
  readonly threadsAfterCommits: number;
  /**
   * Called after each commit, before its writes resolve: an error fails every write of the commit (the file it went
   * to is no longer the store's, say), so that nothing is acknowledged that a reader of the store will not find.
   */
  readonly afterCommit?: () => Error | undefined;
}

/** Queues writes and commits them together, on this connection or, under sustained load, on the writer thread. */
export class GroupCommit {
  readonly #db: SqlDatabase;
  readonly #path: string;
  readonly #threadsAllowed: boolean;
  readonly #driver: SqliteDriverName;
  readonly #threadsAfterCommits: number;
  readonly #target: WriteTarget;
  readonly #transaction: <T>(fn: () => T) => T;
  readonly #afterCommit: () => Error | undefined;
  #queue: PendingWrite[] = [];
  #flushScheduled = false;
  /** The timer of a flush put off while the checkpoint worker holds commits back. */
  #heldFlush: NodeJS.Timeout | undefined;
  /** Group commits so far, until the worker threads start. */
  #commits = 0;
  #checkpointer: Checkpointer | undefined;
  #writer: Writer | undefined;
  #writerReady = false;
  #closed = false;

  constructor(options: GroupCommitOptions) {
    const db = options.db;
    this.#db = db;
    this.#path = options.path;
    this.#threadsAllowed = options.file;
    this.#driver = options.driver;
    this.#threadsAfterCommits = options.threadsAfterCommits;
    const statements = Object.fromEntries(Object.entries(WRITE_SQL).map(([name, sql]) => [name, db.prepare(sql)]));
    this.#target = { statements: statements as unknown as WriteTarget['statements'], inTransaction: () => db.inTransaction, path: options.path };
    this.#transaction = transaction(db);
    this.#afterCommit = options.afterCommit ?? (() => undefined);
  }

  /** Whether commits now go through the writer thread. */
  get inWorker(): boolean {
    return this.#writerReady;
  }

  /** Queues `op` for the next group commit; resolves to its result once committed. */
  write(op: WriteOp): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      this.#queue.push({ op, resolve, reject });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        // setImmediate rather than a microtask: it runs after the I/O callbacks of this loop turn, so the writes of
        // every request that arrived in it share the commit.
        setImmediate(this.#scheduledFlush);
      }
    });
  }

  /** Commits the writes already issued, then lets the worker threads finish and close their connections. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flush();
    this.#closed = true;
    clearTimeout(this.#heldFlush);
    // The workers' connections first (the writer's once the batches sent to it are committed), so that the
    // store's connection is the last and its close checkpoints and removes the WAL.
    this.#writerReady = false;
    if (this.#writer) await this.#writer.close();
    if (this.#checkpointer) await this.#checkpointer.close();
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
      this.#transaction(() => {
        for (let i = 0; i < batch.length; i++) {
          try {
            outcomes[i] = applyWrite(this.#target, batch[i]!.op);
          } catch (error) {
            // A constraint failure undoes its own statement (and a delivery its event); an error that aborted the
            // whole transaction (I/O, disk full) fails the batch.
            if (!this.#db.inTransaction) throw error;
            outcomes[i] = new Failed(error);
          }
        }
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    const lost = this.#afterCommit();
    if (lost) {
      for (const write of batch) write.reject(lost);
      return;
    }
    if (++this.#commits === this.#threadsAfterCommits && this.#threadsAllowed) this.#startThreads();
    for (let i = 0; i < batch.length; i++) {
      const outcome = outcomes[i];
      if (outcome instanceof Failed) batch[i]!.reject(outcome.error);
      else batch[i]!.resolve(outcome);
    }
  };

  /** Hands a batch to the writer thread; each write resolves or rejects with its outcome once the batch committed. */
  #send(batch: readonly PendingWrite[]): void {
    this.#writer!.commit(batch.map((write) => write.op)).then(
      (outcomes) => {
        const lost = this.#afterCommit();
        if (lost) {
          for (const write of batch) write.reject(lost);
          return;
        }
        for (let i = 0; i < batch.length; i++) {
          const outcome = outcomes[i]!;
          if (outcome[0] === 0) batch[i]!.resolve(outcome[1]);
          else batch[i]!.reject(toError(outcome[1]));
        }
      },
      (error: unknown) => {
        for (const write of batch) write.reject(error);
      },
    );
  }

  /**
   * Starts the writer (writer.ts), which commits the batches, and the checkpointer (checkpointer.ts), which copies
   * the WAL into the database, each with its own connection. Until the writer is ready, and if it fails, this
   * connection commits as before.
   */
  #startThreads(): void {
    const db = this.#db;
    const path = this.#path;
    const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
    let checkpointer: Checkpointer;
    let driver: WorkerDriver;
    try {
      // The workers open the file through the store's own driver (worker-db.ts).
      driver = workerDriver(this.#driver);
      checkpointer = new Checkpointer({
        driver,
        path,
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
          process.emitWarning(`relaykit: the WAL checkpoint worker of ${path} stopped (${reason(error)}); checkpointing on commit instead`);
        },
      });
    } catch (error) {
      process.emitWarning(`relaykit: cannot start a WAL checkpoint worker for ${path} (${reason(error)})`);
      return;
    }
    this.#checkpointer = checkpointer;
    try {
      this.#writer = new Writer({
        driver,
        path,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        sql: WRITE_SQL,
        hold: checkpointer.holdBuffer,
        maxHoldMs: MAX_HOLD_MS,
        onReady: () => {
          if (this.#closed) return;
          this.#writerReady = true;
          // The store's connection now only reads: its page cache can give back what it filled while it wrote.
          db.pragma(`cache_size = ${READER_CACHE_KIB}`);
          db.pragma('shrink_memory');
        },
        onFailure: (error) => {
          const wasReady = this.#writerReady;
          this.#writerReady = false;
          this.#writer = undefined;
          if (this.#closed) return;
          if (wasReady) db.pragma(`cache_size = ${DEFAULT_CACHE_KIB}`);
          process.emitWarning(`relaykit: the writer thread of ${path} stopped (${reason(error)}); writing on the main thread instead`);
        },
      });
    } catch (error) {
      process.emitWarning(`relaykit: cannot start a writer thread for ${path} (${reason(error)})`);
    }
  }
}
