/**
 * `npm run bench:dashboard`: the dashboard over a store of 100,000 executions (SQLite, as relay dev keeps it).
 *
 * The service runs in a child process (bench/dashboard-server.ts); this process seeds, sends and listens.
 *
 * 1. The first page of the list: `GET /_dashboard/api/executions` (and with each filter, a search, a page far
 *    down) against the baseline measured in the same run, the JSON API's own first page `GET /api/executions`.
 *    Goal: < 200 ms. With Chromium present, also the real page: navigation to the first row drawn.
 * 2. Live updates: a server-sent-events client (and, with Chromium, the page itself) while signed deliveries
 *    arrive at 1,000/s for a few seconds over HTTP. Goal: every execution received, the page's newest row the
 *    last delivery within a second of the end.
 *
 * Env: RELAY_BENCH_EXECUTIONS (default 100000), RELAY_BENCH_RATE (deliveries/s, default 1000),
 * RELAY_BENCH_SECONDS (default 5).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { buildDelivery, type Delivery } from '../src/index.js';
import { eventId, executionId } from '../src/service/ids.js';
import type { ExecutionRecord, ExecutionStatus, StoredEvent } from '../src/service/store/types.js';
import { launchChromium } from '../test/dashboard/browser.js';
import { seedExecutions } from './seed.js';

const COUNT = Number(process.env.RELAY_BENCH_EXECUTIONS ?? 100_000);
const RATE = Number(process.env.RELAY_BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.RELAY_BENCH_SECONDS ?? 5);
const SECRET = `whsec_${Buffer.from('dashboard-bench-secret-32-bytes!').toString('base64')}`;
const GOAL_MS = 200;

const dir = mkdtempSync(path.join(tmpdir(), 'relay-dashboard-bench-'));
const dbPath = path.join(dir, 'relay.db');
let failed = false;
const verdict = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? 'ok' : 'MISSED';
};

// --- seeding ---------------------------------------------------------------------------------------

const TYPES = [
  ['stripe', 'payment_intent.succeeded'],
  ['stripe', 'invoice.paid'],
  ['github', 'push'],
  ['github', 'pull_request.opened'],
  ['clerk', 'user.created'],
  ['shopify', 'orders/create'],
  ['resend', 'email.delivered'],
] as const;
const STATUSES: readonly ExecutionStatus[] = ['completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'completed', 'failed', 'completed', 'running'];

const now = Date.now();
const templates = await Promise.all(TYPES.map(([provider, type], i) => buildDelivery(provider, type, { secret: SECRET, seed: i, timestamp: now })));
const from = now - 30 * 86_400_000;
const step = (30 * 86_400_000 - 60_000) / COUNT;
const make = (i: number): { event: StoredEvent; execution: ExecutionRecord } => {
  const template = templates[i % templates.length]!;
  const at = Math.floor(from + i * step);
  const createdAt = new Date(at).toISOString();
  const ids = { event: eventId(at), execution: executionId(at) };
  const status = STATUSES[i % STATUSES.length]!;
  const headers: Record<string, string> = Object.fromEntries(Object.entries(template.headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    event: { id: ids.event, provider: template.provider, type: `${template.provider}.${template.eventType}`, deliveryId: `dlv_${i}`, headers, body: template.body, data: JSON.parse(template.body), dataIsBody: true, receivedAt: createdAt },
    execution: { id: ids.execution, eventId: ids.event, eventType: `${template.provider}.${template.eventType}`, status, attempt: 1, createdAt, updatedAt: createdAt, replayedFrom: null, error: status === 'failed' ? 'seeded failure' : null },
  };
};
let started = performance.now();
await seedExecutions(dbPath, COUNT, make);
console.log(`Seeded ${COUNT.toLocaleString('en-US')} executions (7 types of 5 providers, 10% failed) into ${dbPath} in ${Math.round(performance.now() - started)} ms.`);

const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'dashboard-server.ts'), dbPath, SECRET], { stdio: ['ignore', 'pipe', 'inherit'] });
const listening = {
  url: await new Promise<string>((resolve, reject) => {
    server.stdout.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
    server.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  }),
};
let agent = new Agent({ keepAlive: true, maxSockets: 64 });
// A crash of this process must not leave the service running.
process.once('exit', () => server.kill('SIGKILL'));

/** One HTTP request: status, body and the time it took, in ms. */
function send(method: string, pathname: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string; ms: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${listening.url}${pathname}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - start }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const quantile = (values: readonly number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const fmt = (ms: number) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;

// --- 1. the first page -------------------------------------------------------------------------------

const middle = make(Math.floor(COUNT / 2)).execution.id;
const cases: [string, string][] = [
  ['baseline: GET /api/executions (first page of 50)', '/api/executions'],
  ['dashboard: first page', '/_dashboard/api/executions'],
  ['dashboard: provider=github', '/_dashboard/api/executions?provider=github'],
  ['dashboard: status=failed', '/_dashboard/api/executions?status=failed'],
  ['dashboard: provider=clerk&status=failed', '/_dashboard/api/executions?provider=clerk&status=failed'],
  ['dashboard: type=shopify.orders/create', '/_dashboard/api/executions?type=shopify.orders%2Fcreate'],
  ['dashboard: search by delivery id', `/_dashboard/api/executions?q=dlv_${Math.floor(COUNT / 3)}`],
  ['dashboard: page 1,000 executions down (before=<id>)', `/_dashboard/api/executions?before=${make(COUNT - 1000).execution.id}`],
  ['dashboard: page half-way down (before=<id>)', `/_dashboard/api/executions?before=${middle}`],
];
const ROUNDS = 60;
const timings = new Map<string, number[]>(cases.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS + 5; round++) {
  for (const [name, pathname] of round % 2 ? [...cases].reverse() : cases) {
    const answer = await send('GET', pathname);
    if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}: ${answer.body}`);
    const items = (JSON.parse(answer.body) as { items: unknown[] }).items.length;
    if (items === 0) throw new Error(`${pathname} answered no executions`);
    if (round >= 5) timings.get(name)!.push(answer.ms);
  }
}
console.log(`\n1. The first page with ${COUNT.toLocaleString('en-US')} stored executions (HTTP on loopback, ${ROUNDS} rounds, alternating order; goal < ${GOAL_MS} ms)`);
const baseline = quantile(timings.get(cases[0]![0])!, 0.5);
for (const [name] of cases) {
  const values = timings.get(name)!;
  const median = quantile(values, 0.5);
  const p95 = quantile(values, 0.95);
  const goal = name.startsWith('baseline') ? '' : `  ${(median / baseline).toFixed(2)}x baseline  ${verdict(p95 < GOAL_MS)}`;
  console.log(`  ${name.padEnd(52)} median ${fmt(median).padStart(9)}  p95 ${fmt(p95).padStart(9)}${goal}`);
}

const chromiumPresent = existsSync('/usr/bin/chromium');
const browser = chromiumPresent ? await launchChromium() : undefined;
if (browser) {
  // The browser's own cost, for scale: the JSON API's first page opened as a document.
  const page = await browser.newPage();
  const timed = async (url: string, drawn: () => Promise<unknown>) => {
    const loads: number[] = [];
    for (let i = 0; i < 8; i++) {
      const start = performance.now();
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}n=${i}`);
      await drawn();
      loads.push(performance.now() - start);
    }
    return quantile(loads.slice(2), 0.5);
  };
  const raw = await timed(`${listening.url}/api/executions`, async () => undefined);
  const drawn = await timed(`${listening.url}/`, () => page.locator('table.executions tbody tr').first().waitFor());
  console.log(`  ${'Chromium: GET /api/executions as a document'.padEnd(52)} median ${fmt(raw).padStart(9)}  (baseline of the browser's own cost)`);
  console.log(`  ${'Chromium: the page, navigation to first row drawn'.padEnd(52)} median ${fmt(drawn).padStart(9)}  ${(drawn / raw).toFixed(2)}x that (HTML, script, style, catalog and list: 3 round trips)`);
  await page.close();
} else console.log('  (Chromium not installed: the page load is not measured; apt-get install chromium)');

// --- 2. live updates at RATE deliveries/s ---------------------------------------------------------------

const total = RATE * SECONDS;
started = performance.now();
const deliveries: Delivery[] = [];
for (let i = 0; i < total + Math.min(total / 2, 2000) + 500; i++) deliveries.push(await buildDelivery('stripe', 'payment_intent.succeeded', { secret: SECRET, seed: 5_000_000 + i }));
console.log(`\n2. Live updates: ${total.toLocaleString('en-US')} signed Stripe deliveries (built in ${Math.round(performance.now() - started)} ms) POSTed at ${RATE}/s for ${SECONDS} s`);

// Fresh connections: idle ones from part 1 may be closing on the service's side (keep-alive timeout).
agent.destroy();
agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs `list` at RATE/s; resolves with when each execution's 200 arrived and the seconds it took. */
async function sendAtRate(list: readonly Delivery[]): Promise<{ answered: Map<string, number>; seconds: number; lateness: number[] }> {
  const answered = new Map<string, number>();
  const lateness: number[] = [];
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < list.length; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    lateness.push(Math.max(0, performance.now() - due));
    const d = list[i]!;
    inFlight.push(
      send('POST', d.path, { ...d.headers }, d.body).then((answer) => {
        if (answer.status !== 200) throw new Error(`delivery ${i} answered ${answer.status}: ${answer.body}`);
        answered.set((JSON.parse(answer.body) as { id: string }).id, performance.now());
      }),
    );
  }
  await Promise.all(inFlight);
  return { answered, seconds: (performance.now() - start) / 1000, lateness };
}

// Baseline: the same sender and service with no page open (the live stream then costs nothing).
const warm = Math.min(total / 2, 2000);
await sendAtRate(deliveries.slice(total + warm)); // warm-up, not reported
const bare = await sendAtRate(deliveries.slice(total, total + warm));
console.log(`  baseline, no live client: ${bare.answered.size.toLocaleString('en-US')} sent in ${bare.seconds.toFixed(2)} s = ${Math.round(bare.answered.size / bare.seconds)}/s achieved`);

/** A server-sent-events client: when each new execution arrived. */
const arrivals = new Map<string, number>();
const sse = await new Promise<() => void>((resolve, reject) => {
  const req = request(`${listening.url}/_dashboard/api/live`, { headers: { accept: 'text/event-stream' } }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: execution\n')) arrivals.set((JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { id: string }).id, at);
      }
    });
    resolve(() => req.destroy());
  });
  req.on('error', reject).end();
});
const page = browser ? await browser.newPage() : undefined;
if (page) {
  await page.goto(`${listening.url}/`);
  await page.locator('table.executions tbody tr').first().waitFor();
  await page.locator('.live', { hasText: 'Live' }).waitFor();
}

const { answered, seconds: sendSeconds, lateness } = await sendAtRate(deliveries.slice(0, total));
const lastId = [...answered.keys()].sort().at(-1)!;
let pageCaughtUpMs: number | undefined;
if (page) {
  const end = performance.now();
  await page.locator(`tbody tr:first-child[data-id="${lastId}"]`).waitFor({ timeout: 5000 }).catch(() => undefined);
  pageCaughtUpMs = performance.now() - end;
}
await new Promise((resolve) => setTimeout(resolve, 500));
const received = [...answered.keys()].filter((id) => arrivals.has(id));
const lags = received.map((id) => arrivals.get(id)! - answered.get(id)!);
console.log(`  with an SSE client and the page open: ${answered.size.toLocaleString('en-US')} sent in ${sendSeconds.toFixed(2)} s = ${Math.round(answered.size / sendSeconds)}/s achieved (${((answered.size / sendSeconds) / (bare.answered.size / bare.seconds)).toFixed(2)}x the baseline; sender lateness p99 ${fmt(quantile(lateness, 0.99))})`);
if (answered.size / sendSeconds < RATE * 0.9) console.log(`  (this machine could not send ${RATE}/s: the figures below are at the rate achieved; see uptime's load average)`);
console.log(`  SSE client received ${received.length.toLocaleString('en-US')} of ${answered.size.toLocaleString('en-US')} executions  ${verdict(received.length === answered.size)}`);
console.log(`  lag from the delivery's 200 to its event: median ${fmt(quantile(lags, 0.5))}, p99 ${fmt(quantile(lags, 0.99))}, max ${fmt(Math.max(...lags))}  ${verdict(quantile(lags, 0.99) < 1000)}`);
if (page) {
  const rows = await page.locator('tbody tr').count();
  const ok = pageCaughtUpMs !== undefined && pageCaughtUpMs < 1000;
  console.log(`  the page in Chromium: newest row = the last delivery ${fmt(pageCaughtUpMs!)} after the last 200, ${rows} rows kept  ${verdict(ok)}`);
}

sse();
await browser?.close();
agent.destroy();
server.kill('SIGTERM');
await new Promise((resolve) => server.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });
console.log(failed ? '\nSome goals were missed.' : '\nEvery goal met.');
process.exitCode = failed ? 1 : 0;
