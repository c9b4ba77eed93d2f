/**
 * `npm run bench:ingest`: the reference service's ingest path over real HTTP, against a bare node:http
 * server that reads the body and answers 200 (the floor) and a hand-written peer (bench/ingest-peer.ts:
 * Express, `stripe.webhooks.constructEvent`, better-sqlite3 in WAL, one transaction per delivery: what a
 * user writes without relaykit), all measured in this one run with autocannon. relaykit runs once per
 * SQLite driver of its store that loads where the servers run (better-sqlite3, node:sqlite).
 *
 * Every server runs in its own child process (bench/ingest-server.ts, forked with IPC) and autocannon
 * runs here, so the two compete for the machine's cores as processes, never for one event loop. relaykit
 * is loaded from its built package (`npm run bench:ingest` builds it first), as users import it: the
 * sources through tsx cost every closure a defineProperty call (main thread 78-92 against 68-73 µs per
 * request, Node 24). Each request is the next of a pool of signed Stripe `payment_intent.succeeded`
 * deliveries built with `buildDelivery` (seed i: unique event ids, so nothing deduplicates), timestamped
 * when the pool is built so that they stay well inside Stripe's 300 s tolerance. The bare server gets the same bytes;
 * the peer, like relaykit, deliveries it has never seen (it stores them in a file of its own).
 *
 * Goals, per driver: relaykit >= 2.5x the peer's requests/s, p99 <= 25 ms, no non-2xx (nor errors or
 * timeouts); with 1,000,000 executions stored, >= 0.8x the empty-store rate and < 200 MB RSS. The ratio to
 * the bare server is printed for information.
 *
 * Rounds: the machine's speed drifts (one run of a server can differ from the next by up to 30% here), so
 * the peer and relaykit on an empty store alternate for RELAY_BENCH_ROUNDS rounds (default 3), each run on a
 * fresh file, and the ratio goal takes the median of the rounds' ratios, each from a peer run and a relaykit
 * run measured next to each other. The other empty-store goals hold for every round.
 *
 * Drivers: each gets a fresh store for its empty-store run; then the first one's file is seeded to
 * RELAY_BENCH_ROWS and every driver runs on it in turn (the later ones on the rows the earlier added too).
 * All servers run under one Node, RELAY_BENCH_NODE: node:sqlite needs Node 22.13+, and under a Node other
 * than the one node_modules was built for, better-sqlite3 (the peer's, and relaykit's driver) loads a copy
 * of its addon built for that ABI (bench/better-sqlite3-addon.cjs), where scripts/node-versions.mjs caches
 * them. A driver (or the peer) that cannot load is said so in the output, never skipped silently.
 *
 * Each server gets a warm-up run, then a measured run whose first seconds (while the server takes on
 * 64 fresh connections) are left out of the figures; autocannon's whole-run figures are printed too.
 *
 * Environment: RELAY_BENCH_NODE (the Node that runs the servers: a path, or a major such as 24 for the copy
 * scripts/node-versions.mjs installs in ~/.cache/relaykit/node-24; default the Node running this script),
 * RELAY_BENCH_DRIVERS (comma-separated, of better-sqlite3 and node:sqlite; default every driver that loads,
 * and a driver named here that cannot load fails the run), RELAY_BENCH_BETTER_SQLITE3 (a better_sqlite3.node
 * built for the servers' Node; default node_modules' one, else the cached copy for that ABI),
 * RELAY_BENCH_DURATION (measured seconds, default 10), RELAY_BENCH_WARMUP (s, default 2),
 * RELAY_BENCH_RAMP (s left out at the start of the measured run, default 2), RELAY_BENCH_ROUNDS (peer and
 * empty-store rounds, default 3), RELAY_BENCH_ROWS
 * (executions in the store for the scale run, default 1000000), RELAY_BENCH_SEED_BODY=full (seed whole
 * deliveries rather than trimmed ones), RELAY_BENCH_CPU_PROF (a directory: the server processes write
 * V8 CPU profiles there), RELAY_BENCH_SERVER_FLAGS (Node or V8 flags given to every server process alike,
 * e.g. `--max-semi-space-size=8`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import Database from 'better-sqlite3';
import { buildDelivery } from '../src/harness/build-delivery.js';
import { timeCode } from '../src/providers/stripe/scene.js';
import { eventId, executionId } from '../src/service/ids.js';
import { SqliteStore } from '../src/service/store/sqlite.js';
import { betterSqliteCrashesHere } from '../src/service/store/sqlite-driver.js';
import { seedExecutions } from './seed.js';
import type { ExecutionRecord, StoredEvent } from '../src/service/store/types.js';
import type { Driver, DriverProbe, ServerCommand, ServerMessage } from './ingest-server.js';

const seconds = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds, got "${raw}".`);
  return value;
};
const DURATION = seconds('RELAY_BENCH_DURATION', 10);
const WARMUP = seconds('RELAY_BENCH_WARMUP', 2);
const RAMP = seconds('RELAY_BENCH_RAMP', 2);
const ROWS = Math.round(seconds('RELAY_BENCH_ROWS', 1_000_000));
const ROUNDS = Math.max(1, Math.round(seconds('RELAY_BENCH_ROUNDS', 3)));
const CPU_PROF = process.env.RELAY_BENCH_CPU_PROF;
const SERVER_FLAGS = (process.env.RELAY_BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
const FULL_SEED_BODY = process.env.RELAY_BENCH_SEED_BODY === 'full';
const CONNECTIONS = 64;
/** Stripe's default tolerance: a delivery older than this is refused with 400. */
const STRIPE_TOLERANCE_MS = 300_000;
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';
const EVENT_TYPE = 'payment_intent.succeeded';
const MB = 1024 * 1024;
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const DRIVERS: readonly Driver[] = ['better-sqlite3', 'node:sqlite'];

/** Where scripts/node-versions.mjs keeps the Node versions it installs and better-sqlite3's addon per ABI. */
const CACHE = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'relaykit');

/** The Node that runs the servers: RELAY_BENCH_NODE as a path, or a major (`24`) installed in the cache. */
function serverNode(): string {
  const raw = process.env.RELAY_BENCH_NODE;
  if (!raw) return process.execPath;
  const path = /^\d+$/.test(raw) ? join(CACHE, `node-${raw}`, 'bin', 'node') : raw;
  if (!existsSync(path)) throw new Error(`RELAY_BENCH_NODE=${raw}: no Node at ${path} (scripts/node-versions.mjs ${raw} installs it there).`);
  return path;
}
const SERVER_NODE = serverNode();

/** RELAY_BENCH_DRIVERS, or undefined for every driver that loads. */
function requestedDrivers(): Driver[] | undefined {
  const raw = process.env.RELAY_BENCH_DRIVERS;
  if (!raw) return undefined;
  const names = raw.split(',').map((name) => name.trim()).filter(Boolean);
  for (const name of names) {
    if (!DRIVERS.includes(name as Driver)) throw new Error(`RELAY_BENCH_DRIVERS: unknown driver "${name}"; use ${DRIVERS.join(', ')}.`);
  }
  return names as Driver[];
}
const REQUESTED_DRIVERS = requestedDrivers();

// --- the pool of signed deliveries ---------------------------------------------------------------

interface Entry {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly deliveryId: string;
  readonly timestamp: number;
}

/**
 * Signed deliveries, each sent once. Seeds only ever increase, so every delivery id is new for the
 * whole run; `fresh()` drops those built so far, whose timestamps may have aged while the store was seeded.
 */
class Pool {
  readonly #entries: Entry[] = [];
  readonly #ids = new Set<string>();
  #seed = 0;
  #cursor = 0;
  #sent = 0;
  /** Requests that found the pool used up and took an already-sent delivery. */
  reused = 0;
  /** Oldest timestamp among the deliveries sent since `startRun()`. */
  oldestSent = Infinity;

  /** Distinct deliveries handed out by `next()` so far. */
  get sent(): number {
    return this.#sent;
  }

  get size(): number {
    return this.#entries.length;
  }

  /**
   * Drops the deliveries sent so far (each run takes new ones: memory stays near one run's worth), then builds
   * deliveries until `size` of them are unsent, all stamped now; returns how many, and how long it took.
   */
  async ensureUnsent(size: number): Promise<{ built: number; ms: number }> {
    this.#entries.splice(0, this.#cursor);
    this.#cursor = 0;
    const timestamp = Date.now();
    const started = performance.now();
    let built = 0;
    while (this.#entries.length - this.#cursor < size) {
      const d = await buildDelivery('stripe', EVENT_TYPE, { secret: SECRET, seed: this.#seed++, timestamp });
      if (this.#ids.has(d.deliveryId)) throw new Error(`Seed ${d.seed} repeats delivery id ${d.deliveryId}; the pool must be unique.`);
      this.#ids.add(d.deliveryId);
      this.#entries.push({ headers: d.headers, body: Buffer.from(d.body), deliveryId: d.deliveryId, timestamp });
      built++;
    }
    return { built, ms: performance.now() - started };
  }

  /** Forgets every delivery built so far (the unsent ones have aged); seeds and ids stay used. */
  fresh(): void {
    this.#entries.length = 0;
    this.#cursor = 0;
  }

  startRun(): void {
    this.reused = 0;
    this.oldestSent = Infinity;
  }

  /** The next unsent delivery; once used up, an already-sent one again (counted in `reused`, an invalid run). */
  next(): Entry {
    let entry: Entry;
    if (this.#cursor < this.#entries.length) {
      entry = this.#entries[this.#cursor++]!;
      this.#sent++;
    } else {
      entry = this.#entries[this.reused % this.#entries.length]!;
      this.reused++;
    }
    if (entry.timestamp < this.oldestSent) this.oldestSent = entry.timestamp;
    return entry;
  }

  /** For the bare server: the same deliveries in turn, wrapping around, without using any up. */
  cycler(): () => Entry {
    let i = 0;
    const count = this.#entries.length;
    return () => {
      const entry = this.#entries[i++ % count]!;
      if (entry.timestamp < this.oldestSent) this.oldestSent = entry.timestamp;
      return entry;
    };
  }

  meanBodyBytes(): number {
    let total = 0;
    for (const e of this.#entries) total += e.body.length;
    return total / this.#entries.length;
  }
}

// --- server children -----------------------------------------------------------------------------

/** better-sqlite3's addon for the servers' ABI, when node_modules' one does not load there (set once probed). */
let redirectAddon: string | undefined;

class ServerProcess {
  readonly #child: ChildProcess;
  readonly #waiting: { type: ServerMessage['type']; resolve: (m: ServerMessage) => void }[] = [];
  #failure: Error | undefined;
  port = 0;
  /** The server's Node version, and the SQLite driver it stores through (the peer's and relaykit's). */
  node = '';
  driver: string | undefined;

  constructor() {
    // Preloaded first, so that it also runs in the worker threads, which inherit these flags.
    const execArgv = ['--require', fileURLToPath(new URL('./better-sqlite3-addon.cjs', import.meta.url)), '--import', 'tsx'];
    if (CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`);
    // The same V8 or Node flags for every server (e.g. --max-semi-space-size=8, to weigh the young generation's share of RSS).
    if (SERVER_FLAGS.length > 0) execArgv.push(...SERVER_FLAGS);
    const env = { ...process.env, RELAY_BENCH_REDIRECT_ADDON: redirectAddon ?? '' };
    this.#child = fork(new URL('./ingest-server.ts', import.meta.url), [], {
      execPath: SERVER_NODE,
      execArgv,
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.#child.on('message', (message: ServerMessage) => {
      if (message.type === 'failed') this.#fail(new Error(`The server process failed:\n${message.message}`));
      const i = this.#waiting.findIndex((w) => w.type === message.type);
      if (i >= 0) this.#waiting.splice(i, 1)[0]!.resolve(message);
    });
    this.#child.on('exit', (code, signal) => {
      if (this.#waiting.length > 0) this.#fail(new Error(`The server process exited (code ${code}, signal ${signal}) while a reply was awaited.`));
    });
  }

  #fail(error: Error): void {
    this.#failure = error;
    for (const w of this.#waiting.splice(0)) w.resolve({ type: 'failed', message: error.message });
  }

  async #ask<T extends ServerMessage['type']>(command: ServerCommand, reply: T): Promise<Extract<ServerMessage, { type: T }>> {
    if (this.#failure) throw this.#failure;
    const answer = new Promise<ServerMessage>((resolve) => this.#waiting.push({ type: reply, resolve }));
    this.#child.send(command);
    const message = await answer;
    if (message.type === 'failed') throw this.#failure ?? new Error(message.message);
    return message as Extract<ServerMessage, { type: T }>;
  }

  static async start(command: Extract<ServerCommand, { type: 'start' }>): Promise<ServerProcess> {
    const server = new ServerProcess();
    const ready = await server.#ask(command, 'ready');
    server.port = ready.port;
    server.node = ready.node;
    server.driver = ready.driver;
    return server;
  }

  /** Which SQLite drivers load under the servers' Node, asked of a throwaway server process. */
  static async probe(): Promise<Extract<ServerMessage, { type: 'probed' }>> {
    const server = new ServerProcess();
    const probed = await server.#ask({ type: 'probe', addon: process.env.RELAY_BENCH_BETTER_SQLITE3 || undefined }, 'probed');
    await server.stop();
    return probed;
  }

  mark = () => this.#ask({ type: 'mark' }, 'marked');
  report = () => this.#ask({ type: 'report' }, 'report');

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.#child.once('exit', () => resolve()));
    await this.#ask({ type: 'stop' }, 'stopped');
    await exited;
  }
}

// --- one measured run ----------------------------------------------------------------------------

/** What the requests sent in one window of an autocannon run got, from its `response` and `reqError` events. */
interface Window {
  /** Response times in ms, 2xx only (as autocannon's own histogram). */
  readonly latencies: number[];
  readonly statusCodes: Map<number, number>;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
}

interface Run {
  readonly name: string;
  /** Short, for the summary table. */
  readonly label: string;
  /** The server's Node version. */
  readonly node: string;
  /** The DURATION seconds after the connection ramp: the figures the goals use. */
  readonly steady: Window;
  /** autocannon's own result for the whole measured run, ramp included. */
  readonly whole: Result;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Share of one core, 0..1. */
  readonly serverCpu: number;
  readonly serverCpuPerRequestUs: number;
  /** The server's main thread (its event loop) alone. */
  readonly serverMainCpuPerRequestUs: number;
  /** The threads the server started after it was listening: relaykit's store writer and checkpoint workers. */
  readonly serverStoreCpuPerRequestUs: number;
  /** Of those, the writer thread and the checkpoint thread; NaN where the runtime leaves threads unnamed (before Node 24). */
  readonly serverWriterCpuPerRequestUs: number;
  readonly serverWalCpuPerRequestUs: number;
  /** Bytes handed to write calls per request, and those calls (files and sockets; NaN without /proc). */
  readonly writtenPerRequest: number;
  readonly writeCallsPerRequest: number;
  readonly clientCpu: number;
  /** Share of all the machine's cores busy in the window (every process and the kernel; /proc/stat), 0..1; NaN elsewhere. */
  readonly machineBusy: number;
  readonly serverRss: number;
  /** The server's main-thread V8 heap when the window closed: reserved, and live. */
  readonly serverHeapTotal: number;
  readonly serverHeapUsed: number;
  readonly loopDelayP99: number;
  readonly loopDelayMax: number;
  /** Event-loop delay of this (autocannon's) process in the steady window, ms. */
  readonly clientLoopDelayMax: number;
  readonly oldestAgeMs: number;
  readonly reused: number;
  readonly warmupRps: number;
  /** 2xx answers of the warm-up and the whole measured run together. */
  readonly ok: number;
}

/** All cores' busy and total time since boot, in clock ticks (the `cpu` line of /proc/stat; NaN without it). */
function machineTicks(): { busy: number; total: number } {
  try {
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    // idle and iowait are the idle columns (4th and 5th).
    return { busy: total - ticks[3]! - ticks[4]!, total };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

const cannon = (port: number, duration: number, take: () => Entry) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          const entry = take();
          // autocannon writes Content-Length into the headers object, so each request gets its own.
          return { ...request, method: 'POST', path: '/api/webhook/stripe', headers: { ...entry.headers }, body: entry.body };
        },
      },
    ],
  });

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * One server, two autocannon runs: WARMUP seconds to warm the JIT up, then RAMP + DURATION seconds.
 * That run opens 64 fresh connections, and a busy single-threaded server takes them on gradually (see
 * the whole-run figures); the figures and goals cover the DURATION seconds after.
 */
async function measureServer(
  name: string,
  label: string,
  server: ServerProcess,
  take: () => Entry,
  pool: Pool,
): Promise<Run> {
  pool.startRun();
  let warmupRps = 0;
  let warmupOk = 0;
  if (WARMUP > 0) {
    const warm = await cannon(server.port, WARMUP, take);
    warmupRps = warm.requests.total / warm.duration;
    warmupOk = warm['2xx'];
  }
  collectGarbage?.();

  const steady: Window = { latencies: [], statusCodes: new Map(), ok: 0, non2xx: 0, errors: 0, timeouts: 0, seconds: 0 };
  let open = false;
  let opened = 0;
  const instance = cannon(server.port, RAMP + DURATION, take);
  // Only requests sent after the ramp: a late first request of a connection opened in the ramp is the ramp's.
  instance.on('response', (_client, status, _bytes, ms) => {
    if (!open || performance.now() - ms < opened) return;
    steady.statusCodes.set(status, (steady.statusCodes.get(status) ?? 0) + 1);
    if (status >= 200 && status < 300) {
      steady.ok++;
      steady.latencies.push(ms);
    } else steady.non2xx++;
  });
  instance.on('reqError', (error) => {
    if (!open) return;
    steady.errors++;
    if (error.message === 'request timed out') steady.timeouts++;
  });
  const clientLoop = monitorEventLoopDelay({ resolution: 10 });
  let clientCpu = process.cpuUsage();
  let machine = machineTicks();
  let marked: Promise<unknown> = Promise.resolve();
  const ramp = setTimeout(() => {
    open = true;
    opened = performance.now();
    clientCpu = process.cpuUsage();
    machine = machineTicks();
    clientLoop.enable();
    marked = server.mark();
  }, RAMP * 1000);
  const whole = await instance;
  clearTimeout(ramp);
  steady.seconds = (performance.now() - opened) / 1000;
  const client = process.cpuUsage(clientCpu);
  const machineEnd = machineTicks();
  const machineBusy = (machineEnd.busy - machine.busy) / (machineEnd.total - machine.total);
  clientLoop.disable();
  await marked;
  const report = await server.report();
  const perRequest = (total: number) => total / Math.max(1, report.requests);
  steady.latencies.sort((x, y) => x - y);
  return {
    name,
    label,
    node: server.node,
    steady,
    whole,
    rps: (steady.ok + steady.non2xx) / steady.seconds,
    p50: percentile(steady.latencies, 50),
    p99: percentile(steady.latencies, 99),
    max: steady.latencies.at(-1) ?? NaN,
    serverCpu: report.cpuMs / report.wallMs,
    serverCpuPerRequestUs: perRequest(report.cpuMs * 1000),
    serverMainCpuPerRequestUs: perRequest(report.mainCpuMs * 1000),
    serverStoreCpuPerRequestUs: perRequest(report.storeThreadsCpuMs * 1000),
    serverWriterCpuPerRequestUs: report.writerCpuMs === null ? NaN : perRequest(report.writerCpuMs * 1000),
    serverWalCpuPerRequestUs: report.walCpuMs === null ? NaN : perRequest(report.walCpuMs * 1000),
    writtenPerRequest: perRequest(report.writtenBytes),
    writeCallsPerRequest: perRequest(report.writeCalls),
    clientCpu: (client.user + client.system) / 1000 / (steady.seconds * 1000),
    machineBusy,
    serverRss: report.rss,
    serverHeapTotal: report.heapTotal,
    serverHeapUsed: report.heapUsed,
    loopDelayP99: report.loopDelayP99,
    loopDelayMax: report.loopDelayMax,
    clientLoopDelayMax: clientLoop.max / 1e6,
    oldestAgeMs: Date.now() - pool.oldestSent,
    reused: pool.reused,
    warmupRps,
    ok: warmupOk + whole['2xx'],
  };
}

// --- the store ----------------------------------------------------------------------------------

function countByStatus(dbPath: string): Record<string, number> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT status, count(*) AS n FROM executions GROUP BY status').all() as { status: string; n: number }[];
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  } finally {
    db.close();
  }
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function fileBytes(dbPath: string): number {
  let bytes = 0;
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      bytes += statSync(dbPath + suffix).size;
    } catch {
      // no WAL or shared-memory file: nothing to add
    }
  }
  return bytes;
}

const SEED_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.created',
  'charge.succeeded',
  'checkout.session.completed',
  'invoice.paid',
  'customer.subscription.updated',
  'customer.created',
  'charge.refunded',
] as const;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Eight base62 characters unique to `i` (< 62^8), scrambled so consecutive rows do not share a prefix. */
function suffix(i: number): string {
  let value = (Math.imul(i, 0x9e3779b1) >>> 0) * 62 + (i % 62);
  let out = '';
  for (let k = 0; k < 8; k++) {
    out += BASE62[value % 62];
    value = Math.floor(value / 62);
  }
  return out;
}

interface Template {
  readonly type: string;
  readonly body: string;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The version character and the ten-character account code of the template's event id. */
  readonly version: string;
  readonly account: string;
  readonly deliveryId: string;
}

/** A Stripe event with `data.object` cut down to its top-level scalar fields (ids, amounts, status, …). */
function trimEvent(event: Record<string, unknown>): Record<string, unknown> {
  const data = event.data as { object: Record<string, unknown> };
  const object = Object.fromEntries(Object.entries(data.object).filter(([, v]) => v === null || typeof v !== 'object'));
  return { ...event, data: { object } };
}

/**
 * History for the scale run: `count` executions of built Stripe deliveries (eight event types, 256
 * templates), spread evenly over the 30 days before now, all `completed`, as a service that has run for
 * a month would hold. Each row gets its own Stripe-shaped event id (version, base62 time of the row, the
 * template's account, a unique tail): ids sort by time, as Stripe's do, so the deduplication index
 * grows where it would in production. By default the event is trimmed to its scalar fields (see
 * `trimEvent`) to keep the file and the seeding time down; RELAY_BENCH_SEED_BODY=full stores whole
 * deliveries. Body (pretty-printed, as Stripe sends) and headers are the template's, with the new id; the data is the
 * body (`dataIsBody`), so each row holds what the service stores for a Stripe delivery it receives.
 */
async function seed(dbPath: string, count: number): Promise<{ ms: number; meanBody: number; headers: Record<string, string> }> {
  const now = Date.now();
  const templates: Template[] = [];
  for (let t = 0; t < 256; t++) {
    const type = SEED_TYPES[t % SEED_TYPES.length]!;
    const d = await buildDelivery('stripe', type, { secret: SECRET, seed: 1_000_000_000 + t, timestamp: now - 30 * 86_400_000 });
    const event = JSON.parse(d.body) as Record<string, unknown>;
    const data = FULL_SEED_BODY ? event : trimEvent(event);
    const body = FULL_SEED_BODY ? d.body : JSON.stringify(data, null, 2);
    const headers: Record<string, string> = { host: '127.0.0.1:3000', connection: 'keep-alive' };
    for (const [name, value] of Object.entries(d.headers)) headers[name.toLowerCase()] = value;
    headers['content-length'] = String(Buffer.byteLength(body));
    templates.push({
      type: `stripe.${type}`,
      body,
      data,
      headers,
      version: d.deliveryId.slice(4, 5),
      account: d.deliveryId.slice(10, 20),
      deliveryId: d.deliveryId,
    });
  }
  const from = now - 30 * 86_400_000;
  const step = (30 * 86_400_000 - 60_000) / Math.max(1, count);
  let bodyBytes = 0;
  const make = (i: number): { event: StoredEvent; execution: ExecutionRecord } => {
    const template = templates[i % templates.length]!;
    const at = Math.floor(from + i * step);
    const createdAt = new Date(at).toISOString();
    const deliveryId = `evt_${template.version}${timeCode(Math.floor(at / 1000))}${template.account}${suffix(i)}`;
    const body = template.body.replace(template.deliveryId, deliveryId);
    bodyBytes += body.length;
    const ids = { event: eventId(at), execution: executionId(at) };
    return {
      event: {
        id: ids.event,
        provider: 'stripe',
        type: template.type,
        deliveryId,
        headers: template.headers,
        body,
        // A Stripe event's data is the whole event: the store keeps the body alone, as it does for a live delivery.
        data: { ...template.data, id: deliveryId },
        dataIsBody: true,
        receivedAt: createdAt,
      },
      execution: {
        id: ids.execution,
        eventId: ids.event,
        eventType: template.type,
        status: 'completed',
        attempt: 1,
        createdAt,
        updatedAt: new Date(at + 4).toISOString(),
        replayedFrom: null,
        error: null,
      },
    };
  };
  const started = performance.now();
  await seedExecutions(dbPath, count, make);
  const n = Math.max(1, count);
  return { ms: performance.now() - started, meanBody: bodyBytes / n, headers: templates[0]!.headers };
}

// --- report --------------------------------------------------------------------------------------

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const pct = (share: number) => `${Math.round(share * 100)}%`;
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'met' : 'NOT met';
};

const ms = (value: number) => (value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US'));

/** ` (writer 38, checkpoints 26)`: the store workers' CPU per request by thread, where the runtime names threads. */
const storeSplit = (run: Run) =>
  Number.isFinite(run.serverWriterCpuPerRequestUs) && Number.isFinite(run.serverWalCpuPerRequestUs)
    ? ` (writer ${int(run.serverWriterCpuPerRequestUs)}, checkpoints ${int(run.serverWalCpuPerRequestUs)})`
    : '';

function printRun(run: Run, extra: string[] = []): void {
  const w = run.steady;
  console.log(`${run.name} — node ${run.node}`);
  console.log(`  requests/s         ${int(run.rps)}   (${int(w.ok + w.non2xx)} in ${w.seconds.toFixed(1)} s after a ${RAMP} s ramp; warm-up run ${int(run.warmupRps)}/s)`);
  console.log(`  latency            p50 ${ms(run.p50)} ms   p99 ${ms(run.p99)} ms   max ${ms(run.max)} ms`);
  const codes = [...w.statusCodes].map(([code, count]) => `${code}: ${int(count)}`).join(', ');
  console.log(`  responses          ${codes || 'none'}; non-2xx ${w.non2xx}, errors ${w.errors}, timeouts ${w.timeouts}`);
  const r = run.whole;
  console.log(
    `  whole run w/ ramp  ${int(r.requests.total / r.duration)}/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; ` +
      `non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}`,
  );
  console.log(
    `  cpu (of one core)  server ${pct(run.serverCpu)} (${int(run.serverCpuPerRequestUs)} µs per request: main thread ${int(run.serverMainCpuPerRequestUs)}, ` +
      `store workers ${int(run.serverStoreCpuPerRequestUs)}${storeSplit(run)}, other threads ${int(run.serverCpuPerRequestUs - run.serverMainCpuPerRequestUs - run.serverStoreCpuPerRequestUs)}), ` +
      `autocannon ${pct(run.clientCpu)} (${int((run.clientCpu * 1e6) / run.rps)} µs per request); ` +
      `server RSS ${mb(run.serverRss)} (main thread's V8 heap ${mb(run.serverHeapTotal)} reserved, ${mb(run.serverHeapUsed)} used)`,
  );
  if (Number.isFinite(run.machineBusy)) {
    console.log(`  machine            ${pct(run.machineBusy)} of its ${availableParallelism()} cores busy (every process and the kernel; /proc/stat)`);
  }
  if (Number.isFinite(run.writtenPerRequest)) {
    console.log(
      `  written            ${(run.writtenPerRequest / 1024).toFixed(1)} KB in ${run.writeCallsPerRequest.toFixed(1)} write calls per request ` +
        '(the WAL, checkpoints and the socket; /proc/self/io)',
    );
  }
  console.log(
    `  event-loop delay   p99 ${ms(run.loopDelayP99)} ms, max ${ms(run.loopDelayMax)} ms in the server; ` +
      `max ${ms(run.clientLoopDelayMax)} ms in autocannon's process`,
  );
  console.log(`  oldest delivery    ${(run.oldestAgeMs / 1000).toFixed(0)} s old at the end (Stripe tolerance 300 s)`);
  for (const line of extra) console.log(`  ${line}`);
  console.log('');
}

/** A run whose deliveries were stale or repeated measured something else: say so and fail. */
function checkValidity(run: Run, unique: boolean): void {
  if (run.oldestAgeMs >= STRIPE_TOLERANCE_MS) {
    failed = true;
    console.log(`  INVALID: deliveries up to ${Math.round(run.oldestAgeMs / 1000)} s old were sent; Stripe's tolerance is 300 s.`);
  }
  if (unique && run.reused > 0) {
    failed = true;
    console.log(`  INVALID: the pool ran out; ${int(run.reused)} requests repeated a delivery id (deduplicated, not ingested).`);
  }
}

// --- the run -------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'relaykit-bench-ingest-'));
const cleanup = () => rmSync(dir, { recursive: true, force: true });
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

console.log(
  `relaykit bench:ingest — autocannon under node ${process.version}, ${availableParallelism()} cores; ${CONNECTIONS} connections, ` +
    `per server: ${WARMUP} s warm-up run, then ${RAMP} s ramp + ${DURATION} s measured`,
);
console.log('Each server runs alone in a child process (fork + IPC, node --import tsx; relaykit from its built package, as users import it); autocannon drives it from this process.');
console.log(`Requests: signed Stripe ${EVENT_TYPE} deliveries (buildDelivery, one seed each), POST /api/webhook/stripe.`);
console.log(`Stores: SQLite files in ${dir} (deleted at exit).`);
if (CPU_PROF) console.log(`CPU profiles of the server processes: ${CPU_PROF}`);
console.log(`Load average before the run: ${loadavg()[0]!.toFixed(2)} (1 min); other busy processes on these cores skew every figure.`);

// Which drivers load where the servers run decides what can be measured: said here, before any load.
const probe = await ServerProcess.probe();
console.log(`Servers: node ${probe.node} (${SERVER_NODE}${process.env.RELAY_BENCH_NODE ? ', RELAY_BENCH_NODE' : ''}).`);
const loads = (driver: Driver): DriverProbe => probe.drivers[driver];
const betterSqlite3 = loads('better-sqlite3');
if (betterSqlite3.ok && betterSqlite3.addon) redirectAddon = betterSqlite3.addon;
const drivers: Driver[] = [];
for (const driver of DRIVERS) {
  // relaykit refuses better-sqlite3 where it crashes (Node 24.19+); the peer, written by hand, still uses it.
  const refused = driver === 'better-sqlite3' && betterSqliteCrashesHere(probe.node.replace(/^v/, ''));
  const probed: DriverProbe = refused ? { ok: false, reason: `relaykit uses node:sqlite on Node ${probe.node} (better-sqlite3 12 crashes there)` } : loads(driver);
  const wanted = REQUESTED_DRIVERS?.includes(driver) ?? true;
  let line: string;
  if (!wanted) line = 'not measured (not in RELAY_BENCH_DRIVERS)';
  else if (probed.ok) {
    drivers.push(driver);
    line = `measured${probed.addon ? ` (addon ${probed.addon})` : ''}${probed.note ? ` (${probed.note})` : ''}`;
  } else {
    // Asked for by name, a driver that cannot load fails the run; by default it is only said.
    if (REQUESTED_DRIVERS) failed = true;
    line = `CANNOT LOAD, not measured: ${probed.reason}`;
  }
  console.log(`  relaykit on ${driver.padEnd(14)} ${line}`);
}
console.log(`  peer (better-sqlite3)       ${betterSqlite3.ok ? 'measured' : `CANNOT LOAD, not measured: ${betterSqlite3.reason}`}`);
if (!betterSqlite3.ok) failed = true;
console.log('');

const pool = new Pool();
const initialBuild = await pool.ensureUnsent(50_000);
console.log(`Built ${int(initialBuild.built)} deliveries in ${(initialBuild.ms / 1000).toFixed(1)} s (mean body ${int(pool.meanBodyBytes())} bytes).\n`);

// 1. The bare node:http server, sent the same deliveries in turn.
const bareServer = await ServerProcess.start({ type: 'start', mode: 'bare' });
const bare = await measureServer('bare node:http (reads the body, answers 200)', 'bare node:http', bareServer, pool.cycler(), pool);
await bareServer.stop();
printRun(bare);
checkValidity(bare, false);

/** Enough unsent deliveries for a run at up to the bare server's rate (the warm-up's rate says little: it has been 2-3x below the measured one). */
async function deliveriesForOneRun(): Promise<void> {
  const { built, ms: buildMs } = await pool.ensureUnsent(Math.ceil(bare.rps * 1.1 * (WARMUP + RAMP + DURATION)) + 1000);
  if (built > 0) console.log(`(built ${int(built)} more deliveries for this run in ${(buildMs / 1000).toFixed(1)} s)`);
}

// 2. The hand-written peer, on a file of its own; each request a delivery never sent before.
async function peerRun(round: string): Promise<Run> {
  const peerDb = join(dir, 'peer.db');
  removeDatabase(peerDb);
  await deliveriesForOneRun();
  const server = await ServerProcess.start({ type: 'start', mode: 'peer', dbPath: peerDb, secret: SECRET });
  const run = await measureServer(
    `hand-written peer (Express 5, express.raw, stripe.webhooks.constructEvent, better-sqlite3 in WAL)${round}`,
    `peer${round}`,
    server,
    () => pool.next(),
    pool,
  );
  await server.stop();
  const db = new Database(peerDb, { readonly: true, fileMustExist: true });
  const stored = (db.prepare('SELECT count(*) AS n FROM stripe_events').get() as { n: number }).n;
  db.close();
  printRun(run, [`events             ${int(stored)} stored by this run (warm-up and measured), ${mb(fileBytes(peerDb))} on disk`]);
  checkValidity(run, true);
  if (stored < run.ok) {
    failed = true;
    console.log(`  INVALID: ${int(run.ok)} answers were 2xx but only ${int(stored)} events were stored (deduplicated deliveries).\n`);
  }
  return run;
}

// 3. relaykit through each driver; each request a delivery never sent before.
async function relaykitRun(name: string, label: string, dbPath: string, driver: Driver): Promise<Run> {
  const before = total(countByStatus(dbPath));
  await deliveriesForOneRun();
  const server = await ServerProcess.start({ type: 'start', mode: 'relaykit', dbPath, secret: SECRET, driver });
  // A store that ignored the option would measure the other driver under this one's name.
  if (server.driver !== driver) {
    await server.stop();
    throw new Error(`relaykit was asked for the ${driver} driver, and its store reports ${server.driver}.`);
  }
  const sentBefore = pool.sent;
  const run = await measureServer(name, label, server, () => pool.next(), pool);
  const atEnd = countByStatus(dbPath);
  await server.stop();
  const after = countByStatus(dbPath);
  const sent = pool.sent - sentBefore;
  const stored = total(after) - before;
  printRun(run, [
    `executions         ${int(stored)} created by this run (warm-up and measured), ${int(sent)} distinct deliveries sent, ` +
      `${int(atEnd.pending ?? 0)} still pending when the load stopped`,
    `store              ${int(total(after))} executions, ${mb(fileBytes(dbPath))} on disk`,
  ]);
  checkValidity(run, true);
  if (stored < run.ok) {
    failed = true;
    console.log(`  INVALID: ${int(run.ok)} answers were 2xx but only ${int(stored)} executions were created (deduplicated deliveries).\n`);
  }
  return run;
}

const dbPathOf = (driver: Driver) => join(dir, `relay-${driver.replace(':', '-')}.db`);
/** Deletes a SQLite file and its WAL and shared-memory files, if there. */
function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
}

// 2 and 3, in ROUNDS rounds: the peer, then relaykit through each driver on a fresh file. The last round's file of
// the first driver is the one seeded below.
const peers: Run[] = [];
/** Each driver's empty-store runs, one per round. */
const empty = new Map<Driver, Run[]>(drivers.map((driver) => [driver, []]));
for (let r = 1; r <= ROUNDS; r++) {
  const round = ROUNDS > 1 ? ` (round ${r} of ${ROUNDS})` : '';
  // Deliveries left from the previous round have aged: each round stamps its own.
  pool.fresh();
  if (betterSqlite3.ok) peers.push(await peerRun(round));
  for (const driver of drivers) {
    const dbPath = dbPathOf(driver);
    removeDatabase(dbPath);
    // The schema exists before the first count: open and close the store once.
    await new SqliteStore({ path: dbPath }).close();
    empty.get(driver)!.push(await relaykitRun(`relaykit on ${driver}, empty SQLite store${round}`, `relaykit ${driver}, empty${round}`, dbPath, driver));
  }
}
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** relaykit's requests/s over the peer's, round by round (the runs measured next to each other). */
const ratios = (driver: Driver) => empty.get(driver)!.map((run, i) => run.rps / peers[i]!.rps);

// 4. Seed the first driver's file up to ROWS executions; then each driver in turn, in a fresh server process on it.
const full = new Map<Driver, Run>();
const fullLabels = new Map<Driver, string>();
if (drivers.length > 0) {
  const dbPath = dbPathOf(drivers[0]!);
  // The other drivers' empty-store files are done with: free their disk space.
  for (const other of drivers.slice(1)) removeDatabase(dbPathOf(other));
  const existing = total(countByStatus(dbPath));
  const toSeed = Math.max(0, ROWS - existing);
  console.log(`Seeding ${int(toSeed)} executions (to ${int(existing + toSeed)} in all) with seedExecutions (bench/seed.ts) …`);
  const seeded = await seed(dbPath, toSeed);
  const dbSize = fileBytes(dbPath);
  console.log(
    `  ${(seeded.ms / 1000).toFixed(1)} s (${int(toSeed / (seeded.ms / 1000))} rows/s); file ${mb(dbSize)} ` +
      `(${int(dbSize / Math.max(1, existing + toSeed))} bytes per execution)`,
  );
  console.log(
    `  rows: Stripe deliveries from buildDelivery, 256 templates over ${SEED_TYPES.length} event types, ` +
      (FULL_SEED_BODY ? 'whole events' : "trimmed to data.object's scalar fields (RELAY_BENCH_SEED_BODY=full for whole ones)") +
      `; each with its own time-sorted Stripe-shaped event id. Per event: the body pretty-printed as Stripe sends it ` +
      `(mean ${int(seeded.meanBody)} bytes), its ${Object.keys(seeded.headers).length} lower-case request headers, and no ` +
      `separate data (the event is the data, as for a live Stripe delivery); per execution: completed, attempt 1, created over the ` +
      '30 days before now. No step or log rows.\n',
  );
  for (const driver of drivers) {
    // The deliveries built before seeding have aged; each run stamps its own.
    pool.fresh();
    collectGarbage?.();
    const stored = int(total(countByStatus(dbPath)));
    fullLabels.set(driver, `${stored} stored`);
    full.set(driver, await relaykitRun(`relaykit on ${driver}, ${stored} executions already stored`, `relaykit ${driver}, ${stored}`, dbPath, driver));
  }
}

// 5. Summary.
const row = (cells: string[], widths: number[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const widths = [48, 9, 8, 7, 7, 8, 15, 13, 11, 11];
console.log(`summary (the ${DURATION} s after the ramp; whole-run p99 includes it)`);
console.log(row(['server', 'node', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors/timeouts', 'whole p99 ms', 'server cpu', 'server RSS'], widths));
const runs = [bare, ...peers, ...[...empty.values()].flat(), ...full.values()];
for (const run of runs) {
  const w = run.steady;
  console.log(
    row(
      [
        run.label,
        run.node,
        int(run.rps),
        ms(run.p50),
        ms(run.p99),
        String(w.non2xx),
        `${w.errors}/${w.timeouts}`,
        String(run.whole.latency.p99),
        pct(run.serverCpu),
        mb(run.serverRss),
      ],
      widths,
    ),
  );
}
console.log('');

const clean = (run: Run) => run.steady.non2xx + run.steady.errors + run.whole.non2xx + run.whole.errors === 0;
const goal = (what: string, value: string, target: string, ok: boolean) =>
  console.log(`  ${what.padEnd(66)} ${value.padStart(9)}  goal ${target.padEnd(9)} ${verdict(ok)}`);
const times = (ratio: number) => `${ratio.toFixed(2)}x`;
console.log('goals');
if (peers.some((peer) => !clean(peer))) console.log(`  (the peer answered non-2xx or failed requests: its rate is not a fair yardstick)`);
if (drivers.length === 0) goal('relaykit measured on at least one driver', 'none', 'one', false);
const each = (label: string) => (ROUNDS > 1 ? `${label}, every round` : label);
for (const driver of drivers) {
  const runsOf = empty.get(driver)!;
  const f = full.get(driver)!;
  const fullLabel = fullLabels.get(driver)!;
  const worstP99 = Math.max(...runsOf.map((run) => run.p99));
  const failures = (run: Run) => [run.whole.non2xx, run.whole.errors, run.whole.timeouts];
  const emptyFailures = runsOf.map(failures).reduce((sum, counts) => sum.map((n, i) => n + counts[i]!));
  if (peers.length > 0) {
    const ratio = median(ratios(driver));
    goal(`${driver}: relaykit / peer requests/s${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}`, times(ratio), '>= 2.50x', ratio >= 2.5);
  } else goal(`${driver}: relaykit / peer requests/s`, 'no peer', '>= 2.50x', false);
  goal(`${driver}: ${each('p99, empty store')}`, `${ms(worstP99)} ms`, '<= 25 ms', worstP99 <= 25);
  goal(`${driver}: p99, ${fullLabel}`, `${ms(f.p99)} ms`, '<= 25 ms', f.p99 <= 25);
  goal(`${driver}: ${each('non-2xx/errors/timeouts, empty store')}`, emptyFailures.join('/'), 'none', runsOf.every(clean));
  goal(`${driver}: non-2xx/errors/timeouts, ${fullLabel}`, failures(f).join('/'), 'none', clean(f));
  const emptyRps = median(runsOf.map((run) => run.rps));
  goal(`${driver}: requests/s, ${fullLabel} / empty store${ROUNDS > 1 ? ' (median)' : ''}`, times(f.rps / emptyRps), '>= 0.80x', f.rps / emptyRps >= 0.8);
  goal(`${driver}: server RSS after the ${fullLabel} run`, mb(f.serverRss), '< 200 MB', f.serverRss < 200 * MB);
}
console.log('for information');
const perRequest = (run: Run) =>
  `${int(run.serverCpuPerRequestUs)} µs (main thread ${int(run.serverMainCpuPerRequestUs)}, store workers ${int(run.serverStoreCpuPerRequestUs)}${storeSplit(run)})`;
if (peers.length > 0) console.log(`  peer / bare requests/s ${peers.map((peer) => times(peer.rps / bare.rps)).join(', ')}`);
for (const driver of drivers) {
  const runsOf = empty.get(driver)!;
  const toPeer = peers.length > 0 ? `; relaykit / peer, round by round: ${ratios(driver).map(times).join(', ')}` : '';
  console.log(`  ${driver}: relaykit / bare requests/s ${runsOf.map((run) => times(run.rps / bare.rps)).join(', ')}${toPeer}`);
}
console.log('  server CPU per request, less sensitive to other load on the machine than requests/s:');
for (const run of runs) console.log(`    ${run.label.padEnd(48)} ${perRequest(run)}`);
process.exitCode = failed ? 1 : 0;
