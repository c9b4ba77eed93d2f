/**
 * `npm run bench:bodies`: a real `relay dev` (the built bin, its own process) under many large bodies
 * at once, its peak resident memory (VmHWM) read from /proc against its own idle figure, in one run:
 *
 * - 64 concurrent 24 MiB bodies with no signature header: refused before they are read;
 * - 64 concurrent 24 MiB bodies with a signature header that does not match: read under the
 *   service's cap on body bytes in flight (64 MiB by default), the rest refused with 503.
 *
 * Goal: peak RSS under 400 MB in each case (the attack that found the defect drove it to 1.56 GB).
 * Linux only (/proc). Run `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CONCURRENT = 64;
const BODY_BYTES = 24 * 1024 * 1024;
const GOAL_MB = 400;
const root = path.resolve(import.meta.dirname, '..');
// RELAY_BENCH_BIN measures another build (an older commit's, say) with the same load.
const bin = process.env.RELAY_BENCH_BIN ?? path.join(root, 'dist/cli/index.js');

function status(pid: number): { rssMb: number; peakMb: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** Resets the kernel's peak-RSS mark (VmHWM) of `pid` to its current RSS, so each case measures its own peak. */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** One POST written straight to a socket; resolves with the answer's status (0 when none came). */
function post(port: number, head: string, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.write(head);
    socket.end(body);
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-bench-bodies-'));
const child = spawn(process.execPath, [bin, 'dev', '--dir', dir, '--port', '0'], {
  env: { ...process.env, GITHUB_WEBHOOK_SECRET: 'bench-secret', NO_COLOR: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const port = await new Promise<number>((resolve, reject) => {
  child.on('exit', (code) => reject(new Error(`relay dev exited with ${code}: ${out}`)));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
    if (match) resolve(Number(match[1]));
  });
});
child.stdout.resume();
await new Promise((r) => setTimeout(r, 500));
const idle = status(child.pid!);
console.log(`relay dev idle: RSS ${idle.rssMb.toFixed(1)} MB, peak so far ${idle.peakMb.toFixed(1)} MB`);

const body = Buffer.alloc(BODY_BYTES, 0x20);
const cases = [
  { name: `${CONCURRENT} x 24 MiB, no signature header`, signature: '' },
  { name: `${CONCURRENT} x 24 MiB, wrong signature`, signature: `X-Hub-Signature-256: sha256=${'0'.repeat(64)}\r\n` },
];
let met = true;
for (const { name, signature } of cases) {
  resetPeak(child.pid!);
  await new Promise((r) => setTimeout(r, 50));
  const head = `POST /api/webhook/github HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\n${signature}Content-Length: ${BODY_BYTES}\r\n\r\n`;
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: CONCURRENT }, () => post(port, head, body)));
  const seconds = (performance.now() - started) / 1000;
  const { peakMb } = status(child.pid!);
  const counts = Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ((acc[s] = (acc[s] ?? 0) + 1), acc), {}))
    .map(([s, n]) => `${n}x ${s}`)
    .join(', ');
  const ok = peakMb < GOAL_MB;
  met &&= ok;
  console.log(
    `${name}: peak RSS ${peakMb.toFixed(1)} MB = ${(peakMb / idle.rssMb).toFixed(2)}x idle (goal < ${GOAL_MB} MB: ${ok ? 'met' : 'NOT met'}); ` +
      `answers ${counts}; ${seconds.toFixed(2)} s`,
  );
}
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
process.exitCode = met ? 0 : 1;
