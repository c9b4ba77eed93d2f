/**
 * `npm run bench:cli`: the `relay` bin as a user runs it, timed as whole processes against a baseline
 * `node -e` script that POSTs the same bytes with fetch to the same loopback server, in one run:
 *
 * - `relay trigger stripe payment_intent.succeeded --forward <server>`: goal ratio <= 0.8 (issue 12: the whole catalog must not slow it);
 * - `relay replay --print <id> --dir <project>` (jiti loading relay.ts, SQLite reading the store
 *   included): goal ratio <= 2.5.
 *
 * Also, for information, the same POST over node:http (no undici), which the CLI uses.
 *
 * Each case runs 20 times in alternating order (forward, then backward); a figure is the median, and a
 * ratio is the median of the per-round ratios, which cancels slow drift of the machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDelivery } from '../src/harness/build-delivery.js';
import { createRelay } from '../src/service/index.js';
import { SqliteStore } from '../src/service/store/index.js';

const ROUNDS = 20;
const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'dist/cli/index.js');
const secret = 'whsec_bench_cli_secret';
const seed = 42;
const timestamp = Date.now();

/** The loopback server: reads the body, answers like a relaykit service, and keeps the bodies it got. */
const received: string[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'exec_01JBENCH', eventId: 'evt_01JBENCH', eventType: 'stripe.payment_intent.succeeded', status: 'pending', attempt: 1 }));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// The bytes the CLI sends with this seed and timestamp; the baseline POSTs exactly these.
const delivery = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, seed, timestamp });
const url = `${base}${delivery.path}`;
const baseline = [
  '-e',
  `fetch(${JSON.stringify(url)}, { method: 'POST', headers: ${JSON.stringify(delivery.headers)}, body: ${JSON.stringify(delivery.body)} })` +
    `.then(async (r) => { console.log(r.status); console.log(JSON.stringify(await r.json(), null, 2)); process.exitCode = r.ok ? 0 : 1; });`,
];

// For information only: the same POST over node:http, which skips loading undici (the CLI sends this way).
const httpBaseline = [
  '-e',
  `const r = require('node:http').request(${JSON.stringify(url)}, { method: 'POST', headers: ${JSON.stringify(delivery.headers)} }, (res) => {` +
    ` let b = ''; res.setEncoding('utf8').on('data', (c) => (b += c)).on('end', () => { console.log(res.statusCode); console.log(JSON.stringify(JSON.parse(b), null, 2)); }); });` +
    ` r.end(${JSON.stringify(delivery.body)});`,
];

// A project as a user has it: relay.ts beside node_modules/relaykit, and a store with one execution.
const project = mkdtempSync(path.join(tmpdir(), 'relaykit-bench-cli-'));
mkdirSync(path.join(project, 'node_modules'));
symlinkSync(root, path.join(project, 'node_modules', 'relaykit'), 'dir');
writeFileSync(
  path.join(project, 'relay.ts'),
  `import { createRelay } from 'relaykit';\n\nexport default createRelay({\n  handlers: { 'stripe.*': async (event, { log }) => log(\`got \${event.type}\`) },\n});\n`,
);
const relay = createRelay({ store: new SqliteStore({ path: path.join(project, '.relay', 'relay.db') }), secrets: { stripe: secret } });
const accepted = await relay.fetch(new Request(`http://relay.local${delivery.path}`, { method: 'POST', headers: delivery.headers, body: delivery.body }));
const sourceId = ((await accepted.json()) as { id: string }).id;
await relay.close();

const cases = {
  baseline: [process.execPath, ...baseline],
  'node:http POST': [process.execPath, ...httpBaseline],
  trigger: [process.execPath, bin, 'trigger', 'stripe', 'payment_intent.succeeded', '--forward', base, '--seed', String(seed), '--timestamp', String(timestamp)],
  'replay --print': [process.execPath, bin, 'replay', '--print', sourceId, '--dir', project],
} as const;
type Name = keyof typeof cases;
const env = { PATH: process.env.PATH, STRIPE_WEBHOOK_SECRET: secret, NO_COLOR: '1' };

/** Runs one process to its end; resolves to its wall time in milliseconds. */
function time(argv: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - start;
      if (code !== 0) reject(new Error(`${argv.slice(1, 4).join(' ')} exited with ${code}: ${stderr}`));
      else resolve(ms);
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

try {
  const names = Object.keys(cases) as Name[];
  // One warm-up each: the OS file cache, and jiti's transpile cache for relay.ts.
  for (const name of names) await time(cases[name]);
  received.length = 0;
  const samples = new Map<Name, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? names : [...names].reverse()) samples.get(name)!.push(await time(cases[name]));
  }
  if (received.some((body) => body !== delivery.body)) throw new Error('relay trigger and the baseline did not POST the same bytes');

  const of = (name: Name) => samples.get(name)!;
  const ratio = (name: Name) => median(of(name).map((ms, i) => ms / of('baseline')[i]!));
  console.log(`bench:cli — whole processes, median of ${ROUNDS} alternating rounds (node ${process.version}, ${delivery.body.length} B body)\n`);
  for (const name of names) console.log(`  ${name.padEnd(18)} ${median(of(name)).toFixed(1).padStart(7)} ms`);
  console.log('');
  const goals: [Name, number][] = [
    ['trigger', 0.8],
    ['replay --print', 2.5],
  ];
  for (const [name, goal] of goals) {
    const r = ratio(name);
    console.log(`  ${`${name} / baseline`.padEnd(32)} ${r.toFixed(2)}x  (goal <= ${goal}: ${r <= goal ? 'met' : 'MISSED'})`);
  }
  const overHttp = median(of('trigger').map((ms, i) => ms / of('node:http POST')[i]!));
  console.log(`  ${'trigger / node:http POST'.padEnd(32)} ${overHttp.toFixed(2)}x  (for information: the CLI's own start-up cost)`);
} finally {
  server.close();
  server.closeAllConnections();
  rmSync(project, { recursive: true, force: true });
}
