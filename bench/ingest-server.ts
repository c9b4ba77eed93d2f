/**
 * The server side of `npm run bench:ingest`: one server per process, forked by ingest.bench.ts with an IPC
 * channel, so that autocannon in the parent never shares this event loop. The same script, Node, loader and
 * flags serve the bare node:http baseline, the hand-written peer (ingest-peer.ts) and relaykit, so they
 * differ only in what answers.
 *
 * Protocol (process messages): the parent sends `start`; this process answers `ready` with its port.
 * `mark` starts the clocks (CPU, requests, event-loop delay) when the measured window opens, `report`
 * answers them and the memory in use, `stop` closes the server (and its database) and exits. `probe`,
 * instead of `start`, answers which SQLite drivers load in this runtime.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type BetterSqlite3 from 'better-sqlite3';
import type { Relay } from '../src/index.js';
import { type SqliteDriverName as Driver, sqliteDriver } from '../src/service/store/sqlite-driver.js';

export type { Driver };

export type ServerCommand =
  | { type: 'start'; mode: 'bare' } //
  | { type: 'start'; mode: 'peer'; dbPath: string; secret: string }
  | { type: 'start'; mode: 'relaykit'; dbPath: string; secret: string; driver: Driver }
  /** relaykit on a PostgreSQL database (bench/postgres.bench.ts), `url` as `createRelay({ store })` takes it. */
  | { type: 'start'; mode: 'postgres'; url: string; secret: string }
  | { type: 'probe'; addon: string | undefined }
  | { type: 'mark' }
  | { type: 'report' }
  | { type: 'stop' };

/** Whether a driver loads here; for better-sqlite3, `addon` names the copy to load instead of node_modules' one. */
export type DriverProbe = { ok: true; addon?: string; note?: string } | { ok: false; reason: string };

export type ServerMessage =
  | { type: 'ready'; port: number; node: string; driver?: string }
  | { type: 'probed'; node: string; drivers: Record<Driver, DriverProbe> }
  | { type: 'marked' }
  | {
      type: 'report';
      rss: number;
      /** The main thread's V8 heap: what it has reserved (new and old spaces) and what is live in it. */
      heapTotal: number;
      heapUsed: number;
      cpuMs: number;
      /** CPU of the main thread alone (the event loop), ms; NaN where /proc is not available. */
      mainCpuMs: number;
      /** CPU of the threads started after the server listened (relaykit's store workers), ms; NaN without /proc. */
      storeThreadsCpuMs: number;
      /**
       * Of those, the store's writer thread and its checkpoint thread, ms; null where there is no such thread or the
       * runtime leaves threads unnamed (before Node 24). Null rather than NaN, which the IPC channel's JSON turns into null anyway.
       */
      writerCpuMs: number | null;
      walCpuMs: number | null;
      /** Bytes the process handed to write calls (files and sockets) and the number of those calls; NaN without /proc. */
      writtenBytes: number;
      writeCalls: number;
      wallMs: number;
      requests: number;
      /** Event-loop delay since the mark, ms: how long the loop was blocked at a stretch. */
      loopDelayP99: number;
      loopDelayMax: number;
    }
  | { type: 'stopped' }
  | { type: 'failed'; message: string };

const send = (message: ServerMessage) => process.send!(message);

function memory(): { rss: number; heapTotal: number; heapUsed: number } {
  const { rss, heapTotal, heapUsed } = process.memoryUsage();
  return { rss, heapTotal, heapUsed };
}

let server: Server | undefined;
let relay: Relay | undefined;
let peerDb: BetterSqlite3.Database | undefined;
let requests = 0;
/**
 * CPU time of each of this process's threads, ms by thread id, from /proc (Linux; empty elsewhere).
 * process.cpuUsage() counts them all: the main thread, the store's writer and checkpoint workers, libuv's pool
 * and V8's helper threads.
 */
/** The OS names of relaykit's store threads (writer.ts, checkpointer.ts), by thread id; filled by threadCpuMs. */
const threadNames = new Map<number, string>();

function threadCpuMs(): Map<number, number> {
  const byThread = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return byThread; // not Linux: the figures that need it are NaN
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, fields 14 and 15 of stat(5), in clock ticks (USER_HZ, 100 per second on Linux).
      byThread.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * 10);
      if (!threadNames.has(Number(tid))) threadNames.set(Number(tid), readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim());
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byThread;
}

/** Threads alive once the server listens (the main thread, V8's and libuv's helpers, loader threads). */
let startupThreads = new Set<number>();

/**
 * CPU since `since`, ms: the main thread's, and that of the threads started after the server was listening. For
 * relaykit those are the store's writer and checkpoint workers, which it starts after its first few hundred
 * commits (during the warm-up); the bare server starts none.
 */
function cpuSplit(since: Map<number, number>): { main: number; late: number; writer: number; wal: number } {
  const now = threadCpuMs();
  if (now.size === 0) return { main: NaN, late: NaN, writer: NaN, wal: NaN };
  let late = 0;
  const named = { 'relaykit-writer': NaN, 'relaykit-wal': NaN } as Record<string, number>;
  for (const [tid, ms] of now) {
    if (startupThreads.has(tid)) continue;
    const spent = ms - (since.get(tid) ?? 0);
    late += spent;
    const name = threadNames.get(tid) ?? '';
    if (name in named) named[name] = (Number.isNaN(named[name]!) ? 0 : named[name]!) + spent;
  }
  return { main: (now.get(process.pid) ?? NaN) - (since.get(process.pid) ?? NaN), late, writer: named['relaykit-writer']!, wal: named['relaykit-wal']! };
}

/**
 * Bytes passed to write calls by every thread of the process, and the number of calls (`wchar`, `syscw` in
 * /proc/self/io, Linux; NaN elsewhere): the WAL, the checkpoints' copies into the database file, and the sockets.
 */
function written(): { bytes: number; calls: number } {
  try {
    const io = readFileSync('/proc/self/io', 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);
    return { bytes: field('wchar'), calls: field('syscw') };
  } catch {
    return { bytes: NaN, calls: NaN };
  }
}

let mark = { cpu: process.cpuUsage(), threads: threadCpuMs(), written: written(), wall: performance.now(), requests: 0 };
const loopDelay = monitorEventLoopDelay({ resolution: 10 });

async function start(command: Extract<ServerCommand, { type: 'start' }>): Promise<{ port: number; driver?: string }> {
  if (command.mode === 'bare') {
    // The baseline: read the whole body, answer 200 with a small JSON body. Nothing else.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        Buffer.concat(chunks);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': 11 });
        res.end('{"ok":true}');
      });
    });
    server.keepAliveTimeout = 5_000; // as relaykit's listen()
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port };
  }
  if (command.mode === 'peer') {
    // Imported here: the other modes never load Express, stripe-node or better-sqlite3.
    const { createPeerApp } = await import('./ingest-peer.js');
    const peer = createPeerApp({ dbPath: command.dbPath, secret: command.secret });
    peerDb = peer.db;
    const listening = peer.app.listen(0, '127.0.0.1');
    server = listening;
    await new Promise<void>((resolve, reject) => listening.once('listening', resolve).once('error', reject));
    return { port: (listening.address() as AddressInfo).port, driver: 'better-sqlite3' };
  }
  // The package as its users import it (`npm run bench:ingest` builds it first), not the sources through tsx, whose
  // name-keeping wrapper costs every closure a defineProperty call. Typed from the sources.
  const specifier = 'relaykit';
  const { createRelay, SqliteStore } = (await import(specifier)) as typeof import('../src/index.js');
  if (command.mode === 'postgres') {
    relay = createRelay({ store: command.url, secrets: { stripe: command.secret } });
    const listening = await relay.listen({ port: 0, host: '127.0.0.1' });
    server = listening.server;
    return { port: listening.port, driver: 'pg' };
  }
  // RELAY_BENCH_THREADS=off keeps commits on the main thread (no writer or checkpoint thread), to weigh what they buy.
  const threadsAfterCommits = process.env.RELAY_BENCH_THREADS === 'off' ? Infinity : undefined;
  const store = new SqliteStore({ path: command.dbPath, driver: command.driver, ...(threadsAfterCommits ? { threadsAfterCommits } : {}) });
  relay = createRelay({ store, secrets: { stripe: command.secret } });
  const listening = await relay.listen({ port: 0, host: '127.0.0.1' });
  server = listening.server;
  return { port: listening.port, driver: store.driver };
}

/** An error's message on one line (a failed addon load spreads the reason over several). */
const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

/**
 * better-sqlite3: node_modules' copy if it loads under this Node, else (or when RELAY_BENCH_BETTER_SQLITE3 names
 * one) a copy built for this ABI, where the project's CI script caches them (scripts/node-versions.mjs).
 */
function probeBetterSqlite3(addon: string | undefined): DriverProbe {
  const require = createRequire(import.meta.url);
  let Database: typeof BetterSqlite3;
  try {
    Database = require('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    return { ok: false, reason: `better-sqlite3 is not installed: ${oneLine(error)}` };
  }
  // The addon loads on the first open, not on require.
  const opens = (nativeBinding?: string) => new Database(':memory:', nativeBinding ? { nativeBinding } : {}).close();
  if (addon === undefined) {
    let installed: string;
    try {
      opens();
      return { ok: true };
    } catch (error) {
      installed = oneLine(error);
    }
    const { version } = require('better-sqlite3/package.json') as { version: string };
    const cache = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'relaykit', 'better-sqlite3');
    addon = join(cache, `${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}`, 'better_sqlite3.node');
    if (!existsSync(addon)) {
      return { ok: false, reason: `node_modules' addon does not load (${installed}) and there is no copy for this ABI at ${addon} (scripts/node-versions.mjs builds one)` };
    }
  } else if (!existsSync(addon)) return { ok: false, reason: `RELAY_BENCH_BETTER_SQLITE3: no file ${addon}` };
  try {
    opens(addon);
    return { ok: true, addon };
  } catch (error) {
    return { ok: false, reason: `${addon} does not load: ${oneLine(error)}` };
  }
}

/** node:sqlite, through the store's own driver layer: built into Node 22.13+, experimental before Node 24. */
function probeNodeSqlite(): DriverProbe {
  try {
    const driver = sqliteDriver('node:sqlite');
    driver.open(':memory:', { busyTimeoutMs: 0 }).close();
    return driver.note ? { ok: true, note: driver.note } : { ok: true };
  } catch (error) {
    return { ok: false, reason: oneLine(error) };
  }
}

// Never outlive the benchmark: without the parent there is no one to stop this server.
process.on('disconnect', () => process.exit());

process.on('message', (command: ServerCommand) => {
  void (async () => {
    try {
      switch (command.type) {
        case 'start': {
          const { port, driver } = await start(command);
          startupThreads = new Set(threadCpuMs().keys());
          server!.on('request', () => requests++);
          send({ type: 'ready', port, node: process.version, ...(driver && { driver }) });
          break;
        }
        case 'probe':
          send({ type: 'probed', node: process.version, drivers: { 'better-sqlite3': probeBetterSqlite3(command.addon), 'node:sqlite': probeNodeSqlite() } });
          break;
        case 'mark':
          mark = { cpu: process.cpuUsage(), threads: threadCpuMs(), written: written(), wall: performance.now(), requests };
          loopDelay.reset();
          loopDelay.enable();
          send({ type: 'marked' });
          break;
        case 'report': {
          loopDelay.disable();
          const cpu = process.cpuUsage(mark.cpu);
          const now = written();
          const split = cpuSplit(mark.threads);
          send({
            type: 'report',
            ...memory(),
            cpuMs: (cpu.user + cpu.system) / 1000,
            mainCpuMs: split.main,
            storeThreadsCpuMs: split.late,
            writerCpuMs: Number.isNaN(split.writer) ? null : split.writer,
            walCpuMs: Number.isNaN(split.wal) ? null : split.wal,
            writtenBytes: now.bytes - mark.written.bytes,
            writeCalls: now.calls - mark.written.calls,
            wallMs: performance.now() - mark.wall,
            requests: requests - mark.requests,
            loopDelayP99: loopDelay.percentile(99) / 1e6,
            loopDelayMax: loopDelay.max / 1e6,
          });
          break;
        }
        case 'stop':
          if (relay) await relay.close();
          else if (server) {
            await new Promise<void>((resolve) => {
              server!.close(() => resolve());
              server!.closeAllConnections();
            });
          }
          peerDb?.close();
          send({ type: 'stopped' });
          process.disconnect();
          break;
      }
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exitCode = 1;
      process.disconnect();
    }
  })();
});
