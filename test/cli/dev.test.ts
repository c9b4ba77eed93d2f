/**
 * `relay dev` as a developer runs it: the built bin in its own process, serving a relay.ts from
 * `--dir` over real HTTP with its SQLite file, read meanwhile by this (another) process.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { betterSqliteCrashesHere, sqliteDriver } from '../../src/service/store/sqlite-driver.js';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, relay, root, startDev as startBin, until } from './bin.js';

afterEach(cleanUp);

/** `relay dev` with the Stripe and Clerk secrets set. */
const startDev = (dir: string, args: readonly string[] = []) =>
  startBin(dir, { STRIPE_WEBHOOK_SECRET: secrets.stripe, CLERK_WEBHOOK_SECRET: secrets.clerk }, args);

/** The request log lines `relay dev` printed so far. */
const logLines = (stdout: string) => stdout.split('\n').filter((line) => /^\d\d:\d\d:\d\d /.test(line));

/** The status of GET `path` sent with `Host: host` (fetch does not let a caller set Host). */
function statusWithHost(url: string, pathname: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${pathname}`, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject).end();
  });
}

async function post(url: string, provider: 'stripe' | 'clerk', eventType?: string) {
  const delivery = await officialDelivery(provider, eventType);
  const response = await fetch(`${url}/api/webhook/${provider}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
  return { status: response.status, json: (await response.json()) as { id: string; eventId: string; status: string } };
}

describe('relay dev', () => {
  it('serves the built-ins without a relay.ts, says which secrets are set, and stops cleanly on SIGTERM', async () => {
    const dir = project();
    const dev = await startDev(dir);
    expect(dev.stdout()).toContain(`no relay.ts in ${dir}: serving the built-in providers with no handlers`);
    // The driver this runtime chooses, with its note (e.g. experimental on Node 22) when it has one.
    const driver = sqliteDriver();
    expect(dev.stdout()).toContain(`store:   ${path.join('.relay', 'relay.db')} (${[driver.name, driver.note].filter(Boolean).join(', ')})`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/stripe  STRIPE_WEBHOOK_SECRET set`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/github  GITHUB_WEBHOOK_SECRET not set`);
    // The dashboard: its URL printed under the first line, its page and built client served.
    expect(dev.stdout().split('\n')[1]).toBe(`  dashboard: ${dev.url}/`);
    const page = await fetch(`${dev.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<script type="module" src="/_dashboard/app.js"></script>');
    expect((await fetch(`${dev.url}/_dashboard/app.js`)).status).toBe(200);
    expect((await post(dev.url, 'stripe')).status).toBe(200);
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
    expect(dev.stdout()).toMatch(/relay dev: SIGTERM, finishing requests in flight…\nrelay dev: stopped\.\n$/);
    expect(dev.stderr()).toBe('');
  });

  it("runs examples/relay.ts's handlers while this process reads the same SQLite file", async () => {
    const dir = project('example');
    const dev = await startDev(dir);
    expect(dev.stdout()).toContain(`service: ${path.join(dir, 'relay.ts')}`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/acme  verifies without a secret`);
    const reader = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
    try {
      const accepted: { id: string }[] = [];
      for (let i = 0; i < 20; i++) {
        accepted.push((await post(dev.url, 'stripe')).json);
        // Read while the other process keeps writing.
        const page = await reader.listExecutions({ limit: 5 });
        expect(page.items[0]?.id).toBe(accepted.at(-1)!.id);
      }
      const done = await until(async () => {
        const execution = await reader.getExecution(accepted[0]!.id);
        return execution?.status === 'completed' ? execution : undefined;
      }, 'the handler to complete');
      expect(done.attempt).toBe(1);
      const steps = await reader.listSteps(accepted[0]!.id);
      expect(steps.map((s) => [s.name, s.status])).toEqual([
        ['mark-order-paid', 'completed'],
        ['send-receipt', 'completed'],
      ]);
      expect(await reader.countExecutions()).toBe(20);
    } finally {
      await reader.close();
    }
  });

  it('keeps a delivery it answered 200 for when killed right after', async () => {
    const dir = project();
    const dev = await startDev(dir);
    const accepted = await post(dev.url, 'clerk');
    expect(accepted.status).toBe(200);
    dev.child.kill('SIGKILL');
    await dev.exit;
    const reader = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
    try {
      expect(await reader.getExecution(accepted.json.id)).toMatchObject({ id: accepted.json.id, eventType: 'clerk.user.created' });
      expect(await reader.getEvent(accepted.json.eventId)).toMatchObject({ provider: 'clerk' });
    } finally {
      await reader.close();
    }
  });

  it('logs one line per request: time, method, provider or path, status, and the execution id, "duplicate" or the reason', async () => {
    const dev = await startDev(project());
    const delivery = await officialDelivery('stripe');
    const send = () => fetch(`${dev.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const first = (await (await send()).json()) as { id: string };
    expect((await send()).status).toBe(200);
    // A stale timestamp: the service answers 400, and relay trigger prints the reason it gives.
    const stale = await relay(['trigger', 'stripe', 'charge.succeeded', '--timestamp', '2020-01-01T00:00:00Z', '--forward', dev.url], {
      env: { STRIPE_WEBHOOK_SECRET: secrets.stripe },
    });
    expect(stale.code).toBe(1);
    expect(stale.stdout.split('\n')[1]).toBe('[relay trigger] 400');
    const reason = /^ {2}reason: (.+)\n$/.exec(stale.stderr)?.[1];
    expect(reason).toMatch(/old|tolerance/);
    expect((await fetch(`${dev.url}/api/executions?limit=1`)).status).toBe(200);
    const log = await until(async () => {
      const lines = logLines(dev.stdout());
      return lines.length >= 4 ? lines : undefined;
    }, 'four request log lines');
    expect(log.map((line) => line.slice('00:00:00 '.length))).toEqual([
      `POST stripe 200 ${first.id}`,
      `POST stripe 200 ${first.id} duplicate`,
      `POST stripe 400 Invalid webhook signature: ${reason}`,
      'GET /api/executions 200',
    ]);
    // Piped, not a TTY: no colors.
    expect(dev.stdout()).not.toContain('\u001b[');
    expect(dev.stderr()).toBe('');
  });

  it("serves a relay.ts's dashboard with the Trigger form on, unless --no-dashboard", async () => {
    const dev = await startDev(project('example'));
    const catalog = (await (await fetch(`${dev.url}/_dashboard/api/catalog`)).json()) as { providers: { id: string; canTrigger: boolean }[] };
    expect(catalog.providers.find((p) => p.id === 'stripe')?.canTrigger).toBe(true);
    const off = await startDev(project(), ['--no-dashboard']);
    expect(off.stdout()).not.toContain('dashboard:');
    expect((await fetch(`${off.url}/`)).status).toBe(404);
  });

  it('--quiet logs no request', async () => {
    const dev = await startDev(project(), ['--quiet']);
    expect((await post(dev.url, 'stripe')).status).toBe(200);
    expect((await fetch(`${dev.url}/api/executions/exec_01JZZZZZZZZZZZZZZZZZZZZZZZ`)).status).toBe(404);
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
    expect(logLines(dev.stdout())).toEqual([]);
  });

  it('--allowed-host lets the executions API answer that Host name, beside the loopback names', async () => {
    const dev = await startDev(project(), ['--allowed-host', 'relay.test', '--allowed-host', 'my-laptop.local']);
    const statuses = await Promise.all(
      ['relay.test', 'my-laptop.local:3000', 'localhost', 'evil.example'].map((host) => statusWithHost(dev.url, '/api/executions', host)),
    );
    expect(statuses).toEqual([200, 200, 200, 403]);
  });

  it('exits 2 with one line naming the fix when its port is in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const result = await relay(['dev', '--port', String(port)], { cwd: project() });
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `relay dev: port ${port} on 127.0.0.1 is in use. Stop the other process or pass --port <n>.\n`,
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it.each([
    [['--dir', '/nonexistent/relaykit'], 'relay: --dir /nonexistent/relaykit is not a directory.'],
    [['--host', '192.0.2.1'], /^relay dev: cannot listen on --host 192\.0\.2\.1: it is not an address of this machine \(EADDRNOTAVAIL\)\. .*0\.0\.0\.0/],
    [['--allowed-host', 'http://relay.test'], 'relay: --allowed-host takes a host name as clients send it in Host, without scheme or port (e.g. relay.test), got "http://relay.test".'],
  ] as const)('exits 2 with one line when it cannot start with %j', async (argv, message) => {
    const result = await relay(['dev', '--port', '0', ...argv], { cwd: project() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr.trimEnd()).toMatch(message);
  });

  it('exits 2 naming the fix when relay.ts exports no service', async () => {
    const dir = project('export const answer = 42;\n');
    const { code, stderr } = await relay(['dev', '--dir', dir, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain(`relay: ${path.join(dir, 'relay.ts')} does not export a relay service. Export it as \`export default createRelay({ … })\``);
    expect(stderr).toContain('it exports answer.');
    expect(existsSync(path.join(dir, '.relay'))).toBe(false);
  });

  it('exits 2 for a port that is not a number', async () => {
    const { code, stderr } = await relay(['dev', '--port', 'http'], { cwd: project() });
    expect(code).toBe(2);
    expect(stderr).toBe('relay: --port must be a whole number from 0 to 65535, got "http".\n');
  });
});

describe('relay dev without a SQLite driver', () => {
  it('exits 2 before listening, naming the missing driver and the two fixes', async () => {
    // An install of the built package with its dependencies but without the optional better-sqlite3,
    // as a Node 20 user has before following the README's install step.
    const install = mkdtempSync(path.join(tmpdir(), 'relaykit-no-driver-'));
    try {
      const pkg = path.join(install, 'node_modules', 'relaykit');
      mkdirSync(pkg, { recursive: true });
      cpSync(path.join(root, 'dist'), path.join(pkg, 'dist'), { recursive: true });
      cpSync(path.join(root, 'package.json'), path.join(pkg, 'package.json'));
      for (const dep of ['cac', 'jiti', '@faker-js/faker']) {
        mkdirSync(path.dirname(path.join(install, 'node_modules', dep)), { recursive: true });
        symlinkSync(path.join(root, 'node_modules', dep), path.join(install, 'node_modules', dep), 'dir');
      }
      const dir = project();
      const run = await relay(['dev', '--dir', dir, '--port', '0'], { bin: path.join(pkg, 'dist/cli/index.js'), env: { RELAY_SQLITE_DRIVER: 'better-sqlite3' } });
      expect(run.code).toBe(2);
      expect(run.stdout).not.toContain('listening');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      // Where better-sqlite3 12 would crash (Node 24.19+) it is refused before it is looked for.
      expect(run.stderr).toContain(
        betterSqliteCrashesHere()
          ? 'asks for better-sqlite3, which crashes on Node'
          : 'better-sqlite3 is not installed: run `npm install better-sqlite3`, or use Node 22.13 or later',
      );
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(install, { recursive: true, force: true });
    }
  });

  it('exits 2 when RELAY_SQLITE_DRIVER names no driver relaykit knows', async () => {
    const run = await relay(['dev', '--dir', project(), '--port', '0'], { env: { RELAY_SQLITE_DRIVER: 'sqlite4' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown SQLite driver "sqlite4"');
    expect(run.stdout).not.toContain('listening');
  });
});
