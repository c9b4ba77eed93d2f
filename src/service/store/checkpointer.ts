/**
 * WAL checkpoints off the request path, for SqliteStore: a worker thread with its own connection to the file
 * copies committed WAL frames into the database (and fsyncs both), so that commits only append to the WAL. Internal: not exported from the barrel.
 *
 * The worker's source is a string run with `eval: true` (see worker-db.ts, which also gives it the store's driver).
 */
import { Worker } from 'node:worker_threads';
import { WORKER_DB_SOURCE, type WorkerDriver } from './worker-db.js';

/**
 * WAL bytes not yet copied to the database that start a checkpoint (SQLite's automatic checkpoints start at 1000
 * pages, 4 MB): fewer, larger checkpoints copy a page changed by many commits once, and fsync less often.
 */
const CHECKPOINT_BYTES = 16 * 1024 * 1024;
/**
 * A WAL this long is made to start over: commits are held back while the worker copies the last frames (and
 * fsyncs), so that the next commit restarts the WAL from its beginning. Without this, under steady load the worker
 * never quite catches up with the writer, and the WAL file would grow for as long as the load lasts. Each restart
 * holds commits back for a few tens of ms, so they are kept rare: the WAL grows to this size under sustained load,
 * and is truncated once the store is idle.
 */
const RESTART_BYTES = 256 * 1024 * 1024;
/** How often the worker looks at the WAL (a 100-byte read of the shared-memory file), ms. */
const POLL_MS = 20;
/** Quiet this long (ms), the worker copies what is left and truncates the WAL file. */
const IDLE_MS = 1000;
/** The longest a commit waits for a restart before going ahead anyway, ms. */
export const MAX_HOLD_MS = 100;

/**
 * The worker. `workerData`: `driver` (a `WorkerDriver`), `path`, the thresholds and `hold`, an
 * Int32Array on shared memory whose element 0 is 1 while the worker asks the writing connection (SqliteStore's, or its writer
 * thread's) to hold commits back.
 *
 * It reads `mxFrame` and `nBackfill` from the wal-index header at the start of the `-shm` file (documented file
 * format: header copies at 0 and 48, checkpoint info at 96; native byte order), so that it only checkpoints when
 * there is enough to copy. The read takes no lock: a torn value only moves one decision by one poll.
 */
const WORKER_SOURCE = `
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const os = require('node:os');
const { driver, path, checkpointBytes, restartBytes, pollMs, idleMs } = workerData;
const hold = new Int32Array(workerData.hold);
${WORKER_DB_SOURCE}
const db = openDatabase(driver, path, 0);
db.pragma('busy_timeout = 0');
db.pragma('synchronous = NORMAL');
// A checkpoint copies frames through its own buffer, not the page cache.
db.pragma('cache_size = -512');
const passive = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
const truncate = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
const little = os.endianness() === 'LE';
const header = Buffer.alloc(100);
let shm = -1;
let checkpointFrames = 0;
let restartFrames = 0;
/** [mxFrame, nBackfill], or undefined while there is no shared-memory file to read. */
function wal() {
  if (shm < 0) {
    try { shm = fs.openSync(path + '-shm', 'r'); } catch { return undefined; }
  }
  if (fs.readSync(shm, header, 0, 100, 0) < 100) return undefined;
  const pageSize = little ? header.readUInt16LE(14) : header.readUInt16BE(14);
  if (pageSize === 0) return undefined;
  // The page size, 1 meaning 65536.
  const bytes = pageSize === 1 ? 65536 : pageSize;
  checkpointFrames = Math.ceil(checkpointBytes / bytes);
  restartFrames = Math.ceil(restartBytes / bytes);
  return little ? [header.readUInt32LE(16), header.readUInt32LE(96)] : [header.readUInt32BE(16), header.readUInt32BE(96)];
}
let lastFrame = -1;
let quietSince = Date.now();
let truncated = false;
let stopped = false;
function tick() {
  if (stopped) return;
  const state = wal();
  if (!state) return;
  const [frames, copied] = state;
  const now = Date.now();
  if (frames !== lastFrame) {
    lastFrame = frames;
    quietSince = now;
    truncated = false;
  }
  if (frames >= restartFrames && copied < frames) {
    // Copy the bulk while writes go on, then hold them back for the last frames: once every frame is copied, the
    // next commit starts the WAL over from its beginning.
    passive.get();
    Atomics.store(hold, 0, 1);
    try {
      for (let tries = 0; tries < 4; tries++) {
        passive.get();
        const after = wal();
        if (!after || after[0] === after[1]) break;
      }
    } finally {
      Atomics.store(hold, 0, 0);
      Atomics.notify(hold, 0);
      parentPort.postMessage('released');
    }
  } else if (frames - copied >= checkpointFrames) {
    passive.get();
  } else if (!truncated && frames > 0 && now - quietSince >= idleMs) {
    // Idle: copy the rest and cut the WAL file back to nothing. Busy (a writer came back) just waits for the next quiet spell.
    truncated = true;
    truncate.get();
  }
}
const timer = setInterval(() => {
  try { tick(); } catch (error) {
    // SQLITE_BUSY from another process's checkpoint or lock: try again at the next poll.
    if (!(error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY'))) throw error;
  }
}, pollMs);
parentPort.on('message', (message) => {
  if (message !== 'close') return;
  stopped = true;
  clearInterval(timer);
  if (shm >= 0) fs.closeSync(shm);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

export interface CheckpointerOptions {
  /** The store's driver (worker-db.ts). */
  readonly driver: WorkerDriver;
  /** The database file. */
  readonly path: string;
  /** Called once the worker has opened the file: the serving connection can stop checkpointing itself. */
  readonly onReady: () => void;
  /** Called after the worker held commits back, so that they go ahead at once. */
  readonly onRelease: () => void;
  /** Called when the worker failed or exited without being closed: the serving connection checkpoints again. */
  readonly onFailure: (error: unknown) => void;
}

/** A running checkpoint worker. It keeps the process alive only while it is being closed. */
export class Checkpointer {
  readonly #worker: Worker;
  readonly #hold = new Int32Array(new SharedArrayBuffer(4));
  #heldSince = 0;
  #closing: Promise<void> | undefined;
  #failed = false;

  constructor(options: CheckpointerOptions) {
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      // The thread's name where the runtime gives it to the OS thread (Node 24: `top -H`, /proc/<pid>/task/*/comm).
      name: 'relaykit-wal',
      workerData: {
        driver: options.driver,
        path: options.path,
        hold: this.#hold.buffer,
        checkpointBytes: CHECKPOINT_BYTES,
        restartBytes: RESTART_BYTES,
        pollMs: POLL_MS,
        idleMs: IDLE_MS,
      },
      // Its own small heap: it only polls and runs pragmas.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    this.#worker.unref();
    this.#worker.on('message', (message: unknown) => {
      if (message === 'ready') options.onReady();
      else if (message === 'released') options.onRelease();
    });
    const fail = (error: unknown) => {
      if (this.#failed || this.#closing) return;
      this.#failed = true;
      Atomics.store(this.#hold, 0, 0);
      options.onFailure(error);
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the WAL checkpoint worker exited with code ${code}`)));
  }

  /** The hold flag, for the writer thread (writer.ts), which waits on it itself. */
  get holdBuffer(): SharedArrayBuffer {
    return this.#hold.buffer as SharedArrayBuffer;
  }

  /**
   * Whether commits should wait: the worker is copying the last frames of a long WAL so that it can start over.
   * Never for longer than MAX_HOLD_MS in a row.
   */
  holding(now: number): boolean {
    if (Atomics.load(this.#hold, 0) === 0) {
      this.#heldSince = 0;
      return false;
    }
    if (this.#heldSince === 0) this.#heldSince = now;
    return now - this.#heldSince < MAX_HOLD_MS;
  }

  /** Stops the worker after its current checkpoint and closes its connection. */
  close(): Promise<void> {
    return (this.#closing ??= new Promise<void>((resolve) => {
      Atomics.store(this.#hold, 0, 0);
      if (this.#failed) return resolve();
      // Referenced until it exits, or a process awaiting close() with nothing else to do would end first.
      this.#worker.ref();
      this.#worker.once('exit', () => resolve());
      this.#worker.postMessage('close');
    }));
  }
}
