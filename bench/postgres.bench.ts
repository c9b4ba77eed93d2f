/**
 * `npm run bench:postgres`: relaykit on PostgreSQL, in one run on one machine.
 *
 * 1. One instance on PostgreSQL against the hand-written peer of bench:ingest (Express, stripe.webhooks.constructEvent,
 *    better-sqlite3 in WAL: bench/ingest-peer.ts), in alternating rounds; autocannon, 64 connections, each request a
 *    signed Stripe delivery never sent before. Goals: relaykit / peer requests/s >= 1.0x (median of the rounds'
 *    ratios), p99 <= the peer's (median of the rounds).
 * 2. Two instances on one PostgreSQL database behind a client that spreads deliveries over both: 100,000 distinct
 *    deliveries plus redeliveries of earlier ones mixed in (10%), one instance killed with SIGKILL half-way (what it
 *    did not answer is sent to the other, as a load balancer would). Goals: 0 duplicates (executions per delivery
 *    id), 0 lost acknowledged deliveries, nothing left pending or running once the survivor has recovered.
 *
 * PostgreSQL: a throwaway cluster (scripts/postgres.mjs) with its durable defaults (fsync on, synchronous commit),
 * stopped at the end. The servers run in child processes (bench/ingest-server.ts) on the built package.
 *
 * Environment: RELAY_BENCH_DURATION (s per measured run, default 10), RELAY_BENCH_WARMUP (s, default 2),
 * RELAY_BENCH_ROUNDS (default 3), RELAY_BENCH_DELIVERIES (part 2, default 100000), RELAY_BENCH_PG_DURABLE=off (the
 * cluster without fsync, to weigh what durable commits cost).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../scripts/postgres.mjs';
import { buildDelivery } from '../src/harness/build-delivery.js';
import type { ServerCommand, ServerMessage } from './ingest-server.js';

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}".`);
  return value;
};
const DURATION = number('RELAY_BENCH_DURATION', 10);
const WARMUP = number('RELAY_BENCH_WARMUP', 2);
const ROUNDS = Math.max(1, Math.round(number('RELAY_BENCH_ROUNDS', 3)));
const DELIVERIES = Math.round(number('RELAY_BENCH_DELIVERIES', 100_000));
const CONNECTIONS = 64;
const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

interface Signed {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly deliveryId: string;
}

let seed = 0;
/** `count` signed Stripe deliveries never built before, stamped now (Stripe's tolerance is 300 s). */
async function deliveries(count: number): Promise<Signed[]> {
  const timestamp = Date.now();
  const built: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const d = await buildDelivery('stripe', 'payment_intent.succeeded', { secret: SECRET, seed: seed++, timestamp });
    built.push({ headers: d.headers, body: d.body, deliveryId: d.deliveryId! });
  }
  return built;
}

/** A server of bench/ingest-server.ts in a child process. */
async function serve(command: Extract<ServerCommand, { type: 'start' }>): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const child = fork(new URL('./ingest-server.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const reply = (type: ServerMessage['type']) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const on = (message: ServerMessage) => {
        if (message.type !== type && message.type !== 'failed') return;
        child.off('message', on);
        if (message.type === 'failed') reject(new Error(message.message));
        else resolve(message);
      };
      child.on('message', on);
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before answering ${type}`)));
    });
  const ready = reply('ready');
  child.send(command);
  const { port } = (await ready) as Extract<ServerMessage, { type: 'ready' }>;
  return {
    port,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await stopped;
    },
  };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon on `port`: a warm-up, then the measured run, each request the next unsent delivery. */
async function measure(port: number): Promise<Run> {
  const expected = Math.ceil(4000 * (WARMUP + DURATION));
  const pool = await deliveries(expected);
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            const d = pool[next++ % pool.length]!;
            return { ...request, method: 'POST', path: '/api/webhook/stripe', headers: { ...d.headers }, body: d.body };
          },
        },
      ],
    });
  if (WARMUP > 0) await run(WARMUP);
  const result = await run(DURATION);
  if (next > pool.length) throw new Error(`The pool of ${pool.length} deliveries ran out (${next} sent): raise it.`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const int = (n: number) => Math.round(n).toLocaleString('en-US');
let failed = false;
const goal = (what: string, value: string, target: string, ok: boolean) => {
  if (!ok) failed = true;
  console.log(`  ${what.padEnd(64)} ${value.padStart(10)}  goal ${target.padEnd(10)} ${ok ? 'ok' : 'MISSED'}`);
};

const cluster = await startPostgres({ durable: process.env.RELAY_BENCH_PG_DURABLE !== 'off' });
const dir = mkdtempSync(join(tmpdir(), 'relaykit-bench-pg-'));
let made = 0;
async function database(): Promise<string> {
  const name = `bench_${made++}`;
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = `/${name}`;
  return url.toString();
}
async function query<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

try {
  console.log(`bench:postgres, Node ${process.version}, ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at start`);
  console.log(`PostgreSQL: ${cluster.url} (throwaway cluster, fsync on)\n`);

  // 1. One instance against the peer, alternating.
  const peers: Run[] = [];
  const ours: Run[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const peer = await serve({ type: 'start', mode: 'peer', dbPath: join(dir, `peer-${r}.db`), secret: SECRET });
    peers.push(await measure(peer.port));
    await peer.stop();
    const url = await database();
    const relay = await serve({ type: 'start', mode: 'postgres', url, secret: SECRET });
    ours.push(await measure(relay.port));
    await relay.stop();
    const [p, o] = [peers.at(-1)!, ours.at(-1)!];
    console.log(`round ${r}: peer ${int(p.rps)} req/s p99 ${p.p99} ms (non-2xx ${p.non2xx}, errors ${p.errors}); relaykit on PostgreSQL ${int(o.rps)} req/s p99 ${o.p99} ms (non-2xx ${o.non2xx}, errors ${o.errors}); ${(o.rps / p.rps).toFixed(2)}x`);
  }
  const ratio = median(ours.map((o, i) => o.rps / peers[i]!.rps));
  const ourP99 = median(ours.map((o) => o.p99));
  const peerP99 = median(peers.map((p) => p.p99));

  // 2. Two instances on one database, one killed half-way.
  const url = await database();
  const a = await serve({ type: 'start', mode: 'postgres', url, secret: SECRET });
  const b = await serve({ type: 'start', mode: 'postgres', url, secret: SECRET });
  console.log(`\nbuilding ${int(DELIVERIES)} deliveries …`);
  const distinct = await deliveries(DELIVERIES);
  // Every tenth send is a redelivery of an earlier delivery (same bytes, same delivery id).
  const sends: Signed[] = [];
  for (let i = 0; i < distinct.length; i++) {
    sends.push(distinct[i]!);
    if (i % 10 === 9) sends.push(distinct[Math.floor(Math.random() * i)]!);
  }
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const acknowledged = new Map<string, string>();
  const byStatus = new Map<string, number>();
  let next = 0;
  let killedAt = -1;
  const started = performance.now();
  const post = (port: number, d: Signed) =>
    new Promise<{ status: number; id: string | undefined }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/webhook/stripe', method: 'POST', headers: d.headers, agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, id: res.statusCode === 200 ? (JSON.parse(text) as { id: string }).id : undefined }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(d.body);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      for (;;) {
        const i = next++;
        if (i >= sends.length) return;
        if (i === sends.length >> 1 && killedAt < 0) {
          killedAt = i;
          a.child.kill('SIGKILL');
        }
        const d = sends[i]!;
        let answer: { status: number | string; id: string | undefined };
        const first = i % 2 === 0 && killedAt < 0 ? a : b;
        try {
          answer = await post(first.port, d);
        } catch {
          // The killed instance's connection: the load balancer sends it to the other.
          answer = await post(b.port, d).catch((error: Error) => ({ status: `error ${error.message}`, id: undefined }));
        }
        byStatus.set(String(answer.status), (byStatus.get(String(answer.status)) ?? 0) + 1);
        if (answer.id) {
          const earlier = acknowledged.get(d.deliveryId);
          if (earlier && earlier !== answer.id) byStatus.set('acknowledged with another execution', (byStatus.get('acknowledged with another execution') ?? 0) + 1);
          acknowledged.set(d.deliveryId, answer.id);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`${int(sends.length)} sends (${int(sends.length - distinct.length)} redeliveries) in ${seconds.toFixed(1)} s (${int(sends.length / seconds)}/s); instance A killed at send ${int(killedAt)}`);
  console.log(`answers: ${[...byStatus].map(([status, n]) => `${status} ${int(n)}`).join(', ')}`);

  const [{ executions, deliveries: stored }] = (await query<{ executions: string; deliveries: string }>(
    url,
    'SELECT count(*) AS executions, count(DISTINCT e.delivery_id) AS deliveries FROM relay_executions x JOIN relay_events e ON e.id = x.event_id',
  )) as [{ executions: string; deliveries: string }];
  const storedIds = new Map((await query<{ delivery_id: string; id: string }>(url, 'SELECT e.delivery_id, x.id FROM relay_executions x JOIN relay_events e ON e.id = x.event_id')).map((r) => [r.delivery_id, r.id]));
  const lost = [...acknowledged].filter(([deliveryId, id]) => storedIds.get(deliveryId) !== id).length;
  // The survivor takes over the killed instance's executions at its next lease renewal (10 s).
  const deadline = Date.now() + 40_000;
  let stuck = -1;
  while (Date.now() < deadline) {
    stuck = Number((await query<{ n: string }>(url, `SELECT count(*) AS n FROM relay_executions WHERE status IN ('pending', 'running')`))[0]!.n);
    if (stuck === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await b.stop();
  agent.destroy();

  console.log(`\nsummary (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')} at the end)`);
  console.log('goals');
  goal(`one instance: relaykit on PostgreSQL / peer requests/s, median of ${ROUNDS}`, `${ratio.toFixed(2)}x`, '>= 1.00x', ratio >= 1);
  goal('one instance: p99 latency, median of the rounds (peer in the goal)', `${ourP99} ms`, `<= ${peerP99} ms`, ourP99 <= peerP99);
  goal('one instance: non-2xx / errors, every round', `${ours.reduce((n, o) => n + o.non2xx, 0)}/${ours.reduce((n, o) => n + o.errors, 0)}`, '0/0', ours.every((o) => o.non2xx + o.errors === 0));
  goal(`two instances: duplicates (executions - distinct delivery ids)`, int(Number(executions) - Number(stored)), '0', Number(executions) === Number(stored));
  goal(`two instances: acknowledged deliveries not stored (of ${int(acknowledged.size)})`, int(lost), '0', lost === 0);
  goal('two instances: every distinct delivery acknowledged', int(acknowledged.size), int(distinct.length), acknowledged.size === distinct.length);
  goal('two instances: executions pending or running after recovery', int(stuck), '0', stuck === 0);
} finally {
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
