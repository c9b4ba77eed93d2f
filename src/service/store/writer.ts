/**
 * SqliteStore's writes on a worker thread: the serving thread hands each group commit (a batch of writes, as data)
 * to a worker with its own connection to the file, which commits it and answers with each write's outcome. The
 * event loop then spends a message per batch instead of the B-tree work, the WAL writes and their syscalls.
 * Internal: not exported from the barrel.
 *
 * The worker's source is a string run with `eval: true` (see worker-db.ts, which also gives it the store's driver).
 * Its writes are `applyWrite` (writes.ts), the same function the serving connection runs, sent as source.
 */
import { Worker } from 'node:worker_threads';
import { WORKER_DB_SOURCE, type WorkerDriver } from './worker-db.js';
import { applyWrite, toError, type Outcome, type WriteOp, type WriteSql } from './writes.js';

/**
 * The worker. `workerData`: `driver` (a `WorkerDriver`), `path`, `busyTimeoutMs`, `sql`, `hold` (an
 * Int32Array on shared memory, element 0 is 1 while the checkpoint worker asks to hold commits back) and
 * `maxHoldMs`. Each message is `{ id, ops }`, or `'close'`; batches that queued while one was committed are
 * committed together, in one transaction, each write failing alone as on the serving connection.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const { driver, path, busyTimeoutMs, sql, maxHoldMs } = workerData;
const hold = new Int32Array(workerData.hold);
${WORKER_DB_SOURCE}
const db = openDatabase(driver, path, busyTimeoutMs);
db.pragma('busy_timeout = ' + busyTimeoutMs);
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('temp_store = MEMORY');
const statements = {};
for (const name of Object.keys(sql)) statements[name] = db.prepare(sql[name]);
const target = { statements, inTransaction: () => db.inTransaction, path };
const applyWrite = (${applyWrite.toString()});
function apply(op) {
  return applyWrite(target, op);
}
const immediate = transaction(db);
function commit(batches, outcomes) {
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
}
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
      immediate(() => commit(batches, outcomes));
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
  /** The store's driver (worker-db.ts). */
  readonly driver: WorkerDriver;
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
      // The thread's name where the runtime gives it to the OS thread (Node 24: `top -H`, /proc/<pid>/task/*/comm).
      name: 'relaykit-writer',
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
