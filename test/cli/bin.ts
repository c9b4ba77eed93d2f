/**
 * The built `relay` bin in its own process, as users and CI scripts run it, and what it talks to: a
 * loopback server that records every request it gets, a temp project with its own relay.ts, and a real
 * `relay dev` serving that project.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'dist/cli/index.js');

/** What to close or remove after a test file. */
const cleanups: (() => unknown)[] = [];

/** Stops the servers and processes and removes the folders made so far. */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export interface BinRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `relay <argv>` (this repo's built bin, or `options.bin`) to its end with only `env` (and PATH) in its environment. */
export function relay(argv: readonly string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; bin?: string } = {}): Promise<BinRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.bin ?? bin, ...argv], { env: { PATH: process.env.PATH, ...options.env }, cwd: options.cwd ?? tmpdir() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A request the recording server got. */
export interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  type?: string;
  body: string;
  /** Other response headers. */
  headers?: Record<string, string>;
}

export interface RecordingServer {
  /** Its base URL. */
  url: string;
  requests: Recorded[];
  /** How to answer the `index`th request (default: 200 with a JSON execution-like body). */
  answer: (request: Recorded, index: number) => Answer;
}

/** A loopback server that records each request whole and answers as `answer` says. */
export async function recordingServer(): Promise<RecordingServer> {
  const state: RecordingServer = {
    url: '',
    requests: [],
    answer: (_, index) => ({ status: 200, type: 'application/json', body: JSON.stringify({ id: `exec_${index}`, received: true }) }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      const answer = state.answer(recorded, state.requests.length);
      state.requests.push(recorded);
      res.writeHead(answer.status, { ...answer.headers, ...(answer.type ? { 'content-type': answer.type } : {}) }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)), () => server.closeAllConnections());
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A base URL where nothing listens. */
export async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** A project folder outside the repo whose `relaykit` dependency is this package; `relayTs: 'example'` copies examples/relay.ts. */
export function project(relayTs?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-cli-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(root, path.join(dir, 'node_modules', 'relaykit'), 'dir');
  if (relayTs === 'example') copyFileSync(path.join(root, 'examples/relay.ts'), path.join(dir, 'relay.ts'));
  else if (relayTs !== undefined) writeFileSync(path.join(dir, 'relay.ts'), relayTs);
  return dir;
}

/** A running `relay dev`. */
export interface Dev {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** `relay dev --dir <dir>` (or `relay capture`, which serves the same way) on an ephemeral port, with `args` after; resolves once it serves. */
export async function startDev(dir: string, env: NodeJS.ProcessEnv = {}, args: readonly string[] = [], command: 'dev' | 'capture' = 'dev'): Promise<Dev> {
  const child = spawn(process.execPath, [bin, command, '--dir', dir, '--port', '0', ...args], { env: { PATH: process.env.PATH, ...env } });
  cleanups.push(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    void exit.then((code) => reject(new Error(`relay dev exited with ${code}: ${stderr}`)));
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match && stdout.includes('Press Ctrl+C')) resolve(match[1]!);
    });
  });
  return { child, url, stdout: () => stdout, stderr: () => stderr, exit };
}

/** Polls `read` until it returns a value (10 s at most). */
export async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
