/**
 * SqliteStore's writes on a worker thread: the serving thread hands each group commit (a batch of writes, as data)
 * to a worker with its own connection to the file, which commits it and answers with each write's outcome. The
 * event loop then spends a message per batch instead of the B-tree work, the WAL writes and their syscalls.
 * Internal: not exported from the barrel.
 *
 * The worker's source is a string run with `eval: true`, and better-sqlite3 is resolved by the caller, so that it
 * works the same from source (tsx, vitest) and from the bundle in dist/, where no separate worker file exists.
 * It carries out the same writes as `SqliteStore`'s own connection does (see `#apply` there): keep the two alike.
 */
import { Worker } from 'node:worker_threads';

/** A write, as data: what `SqliteStore` queues and either runs itself or sends to the writer. */
export type WriteOp =
  | readonly [kind: 'delivery', event: readonly unknown[], execution: readonly unknown[]]
  | readonly [kind: 'update', params: readonly unknown[]]
  | readonly [kind: 'step', params: readonly unknown[]]
  | readonly [kind: 'log', params: readonly unknown[]];

/** The SQL of each write, prepared by both connections. */
export interface WriteSql {
  readonly insertEvent: string;
  readonly insertExecution: string;
  readonly executionByDelivery: string;
  readonly updateExecution: string;
  readonly saveStep: string;
  readonly appendLog: string;
  readonly deleteEvent: string;
}

/** A write's outcome: `[0, value]`, or `[1, error]` for a write that failed alone. */
export type Outcome = readonly [0, unknown] | readonly [1, { message: string; code?: string }];

/**
 * The worker. `workerData`: `driver` (better-sqlite3's resolved entry), `path`, `busyTimeoutMs`, `sql`, `hold` (an
 * Int32Array on shared memory, element 0 is 1 while the checkpoint worker asks to hold commits back) and
 * `maxHoldMs`. Each message is `{ id, ops }`, or `'close'`; batches that queued while one was committed are
 * committed together, in one transaction, each write failing alone as on the serving connection.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const { driver, path, busyTimeoutMs, sql, maxHoldMs } = workerData;
const hold = new Int32Array(workerData.hold);
const Database = require(driver);
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = ' + busyTimeoutMs);
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('temp_store = MEMORY');
const insertEvent = db.prepare(sql.insertEvent);
const insertExecution = db.prepare(sql.insertExecution);
const executionByDelivery = db.prepare(sql.executionByDelivery);
const updateExecution = db.prepare(sql.updateExecution);
const saveStep = db.prepare(sql.saveStep);
const appendLog = db.prepare(sql.appendLog);
const deleteEvent = db.prepare(sql.deleteEvent);
function insertDelivery(event, execution) {
  if (insertEvent.run(event).changes === 0) {
    const existing = executionByDelivery.get(event[1], event[3]);
    if (!existing) throw new Error(path + ': the stored event of delivery ' + String(event[3]) + ' (' + String(event[1]) + ') has no execution');
    return existing;
  }
  try {
    insertExecution.run(execution);
  } catch (error) {
    if (db.inTransaction) deleteEvent.run(event[0]);
    throw error;
  }
  return undefined;
}
function apply(op) {
  switch (op[0]) {
    case 'delivery': return insertDelivery(op[1], op[2]);
    case 'update': return updateExecution.run(op[1]).changes > 0;
    case 'step': saveStep.run(op[1]); return undefined;
    case 'log': appendLog.run(op[1]); return undefined;
    default: throw new Error('unknown write ' + String(op[0]));
  }
}
const commit = db.transaction((batches, outcomes) => {
  for (const batch of batches) {
    const results = [];
    for (const op of batch.ops) {
      try {
        results.push([0, apply(op)]);
      } catch (error) {
        if (!db.inTransaction) throw error;
        results.push([1, { message: String(error && error.message), code: error && error.code }]);
      }
    }
    outcomes.push(results);
  }
});
let closing = false;
function waitForHold() {
  const started = Date.now();
  for (;;) {
    if (Atomics.load(hold, 0) === 0) return;
    const left = maxHoldMs - (Date.now() - started);
    if (left <= 0) return;
    Atomics.wait(hold, 0, 1, left);
  }
}
function run(first) {
  const batches = [];
  if (first === 'close') closing = true;
  else batches.push(first);
  for (let next; !closing && (next = receiveMessageOnPort(parentPort)); ) {
    if (next.message === 'close') closing = true;
    else if (next.message.type === 'autocheckpoint') db.pragma('wal_autocheckpoint = ' + next.message.pages);
    else batches.push(next.message);
  }
  if (batches.length > 0) {
    if (!closing) waitForHold();
    const outcomes = [];
    try {
      commit.immediate(batches, outcomes);
      for (let i = 0; i < batches.length; i++) parentPort.postMessage({ id: batches[i].id, outcomes: outcomes[i] });
    } catch (error) {
      const failure = { message: String(error && error.message), code: error && error.code };
      for (const batch of batches) parentPort.postMessage({ id: batch.id, failure });
    }
  }
  if (closing) {
    db.close();
    parentPort.postMessage('closed');
    parentPort.close();
  }
}
parentPort.on('message', (message) => {
  if (message && message.type === 'autocheckpoint') db.pragma('wal_autocheckpoint = ' + message.pages);
  else run(message);
});
parentPort.postMessage('ready');
`;

export interface WriterOptions {
  /** better-sqlite3's entry point, resolved by the caller. */
  readonly driver: string;
  readonly path: string;
  readonly busyTimeoutMs: number;
  readonly sql: WriteSql;
  /** The checkpoint worker's hold flag (see checkpointer.ts), and the longest a commit waits on it. */
  readonly hold: SharedArrayBuffer;
  readonly maxHoldMs: number;
  /** Called once the worker has opened the file and can take batches. */
  readonly onReady: () => void;
  /** Called when the worker failed or exited without being closed; batches in flight have been rejected. */
  readonly onFailure: (error: unknown) => void;
}

interface InFlight {
  readonly resolve: (outcomes: readonly Outcome[]) => void;
  readonly reject: (error: unknown) => void;
}

/** A running writer worker. It keeps the process alive only while batches are in flight. */
export class Writer {
  readonly #worker: Worker;
  readonly #inFlight = new Map<number, InFlight>();
  #nextId = 0;
  #closing: Promise<void> | undefined;
  #failed = false;

  constructor(options: WriterOptions) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: options.driver,
        path: options.path,
        busyTimeoutMs: options.busyTimeoutMs,
        sql: options.sql,
        hold: options.hold,
        maxHoldMs: options.maxHoldMs,
      },
      // A small young generation: the batches it receives are garbage once committed. No limit on the old one: a
      // batch holds whole bodies, up to the service's maxBodyBytes each.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    this.#worker.unref();
    let closedMessage: (() => void) | undefined;
    this.#worker.on('message', (message: { id: number; outcomes?: Outcome[]; failure?: { message: string; code?: string } } | string) => {
      if (message === 'ready') return options.onReady();
      if (message === 'closed') return closedMessage?.();
      if (typeof message === 'string') return;
      const waiting = this.#inFlight.get(message.id);
      if (!waiting) return;
      this.#inFlight.delete(message.id);
      if (this.#inFlight.size === 0) this.#worker.unref();
      if (message.failure) waiting.reject(toError(message.failure));
      else waiting.resolve(message.outcomes!);
    });
    const fail = (error: unknown) => {
      if (this.#failed) return;
      this.#failed = true;
      const lost = new Error(`the store's writer thread stopped: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      for (const waiting of this.#inFlight.values()) waiting.reject(lost);
      this.#inFlight.clear();
      if (!this.#closing) options.onFailure(error);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => {
      closedMessage?.();
      fail(new Error(`exited with code ${code}`));
    });
    this.#onClosed = (resolve) => (closedMessage = resolve);
  }

  readonly #onClosed: (resolve: () => void) => void;

  /** Whether the worker can still take batches. */
  get usable(): boolean {
    return !this.#failed && this.#closing === undefined;
  }

  /** Sends a batch; resolves to each write's outcome once the batch is committed. */
  commit(ops: readonly WriteOp[]): Promise<readonly Outcome[]> {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      if (this.#inFlight.size === 0) this.#worker.ref();
      this.#inFlight.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ops });
    });
  }

  setAutocheckpoint(pages: number): void {
    if (this.usable) this.#worker.postMessage({ type: 'autocheckpoint', pages });
  }

  /** Lets the batches already sent commit, then closes the worker's connection. */
  close(): Promise<void> {
    return (this.#closing ??= new Promise<void>((resolve) => {
      if (this.#failed) return resolve();
      this.#worker.ref();
      this.#onClosed(() => {
        this.#worker.unref();
        resolve();
      });
      this.#worker.postMessage('close');
    }));
  }
}

/** An error as the serving thread would have seen it: the message and SQLite's error code. */
export function toError(failure: { message: string; code?: string }): Error {
  const error = new Error(failure.message);
  if (failure.code !== undefined) (error as Error & { code?: string }).code = failure.code;
  return error;
}
