/**
 * A throwaway PostgreSQL cluster for the tests and benchmarks of the PostgreSQL store: Debian's server
 * (installed with apt-get when its binaries are missing), a cluster in a fresh temporary folder, on a free
 * port, reachable over TCP on 127.0.0.1 with trust authentication, stopped and removed by `stop()`.
 *
 * PostgreSQL refuses to run as root, so when this process is root the server runs as the `postgres` user,
 * in a folder under os.tmpdir() that it owns (CI's HOME is root's, which that user cannot enter).
 *
 * As a script: `node scripts/postgres.mjs` starts a cluster, prints its URL and stops it on Ctrl-C.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const LIB = '/usr/lib/postgresql';

/** The folder of the newest PostgreSQL server's binaries, or undefined. */
function binaries() {
  if (!existsSync(LIB)) return undefined;
  const versions = readdirSync(LIB)
    .filter((v) => existsSync(path.join(LIB, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(LIB, versions[0], 'bin') : undefined;
}

/** The binaries' folder, installing Debian's `postgresql` package first when there is none. */
export function ensureInstalled() {
  let bin = binaries();
  if (bin) return bin;
  if (process.getuid?.() !== 0) throw new Error(`PostgreSQL's server is not installed (no ${LIB}/<version>/bin/pg_ctl): run \`apt-get install -y postgresql\` as root.`);
  run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }, 'installing postgresql');
  bin = binaries();
  if (!bin) throw new Error(`apt-get installed postgresql, yet ${LIB}/<version>/bin/pg_ctl is missing.`);
  return bin;
}

function run(command, args, options, what) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`PostgreSQL: ${what} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output}`);
  }
  return result.stdout;
}

/** A TCP port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster; resolves to `{ url, port, dir, stop, pgCtl, options }`. `url` is the `postgres` database as
 * the `postgres` superuser (`postgres://postgres@127.0.0.1:<port>/postgres`); `stop()` stops the server and
 * removes its folder; `pgCtl(args)` runs pg_ctl on the cluster (`-o options` restarts it as it was).
 * `durable: false` (the tests' default) turns fsync off; the benchmarks keep PostgreSQL's durable defaults.
 */
export async function startPostgres({ durable = false } = {}) {
  const bin = ensureInstalled();
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'relaykit-pg-'));
  chmodSync(dir, 0o755);
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const as = (tool, args, what) => (root ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir }, what) : run(path.join(bin, tool), args, { cwd: dir }, what));
  const data = path.join(dir, 'db');
  const stop = () => {
    if (existsSync(path.join(data, 'postmaster.pid'))) spawnSync(root ? 'runuser' : path.join(bin, 'pg_ctl'), [...(root ? ['-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : []), '-D', data, '-m', 'immediate', '-w', 'stop'], { cwd: dir });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    as('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'], 'initdb');
    // Several attempts: another process may take the free port between looking and binding.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off'}`;
      try {
        as('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start'], `starting the server on port ${port} (log: ${path.join(dir, 'log')})`);
        watch(process.pid, root ? ['runuser', '-u', 'postgres', '--', path.join(bin, 'pg_ctl')] : [path.join(bin, 'pg_ctl')], data, dir);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, dir, bin, root, stop, pgCtl: (args, what) => as('pg_ctl', ['-D', data, ...args], what), options };
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  } catch (error) {
    stop();
    throw error;
  }
}

/**
 * A detached watchdog that stops the cluster and removes its folder once `owner` (this process) has ended without
 * doing so itself: a test run killed with SIGKILL, or stopped before its teardown, leaves no server behind.
 */
function watch(owner, pgCtl, data, dir) {
  const code = `
    const { spawnSync } = require('node:child_process');
    const { existsSync, rmSync } = require('node:fs');
    const [owner, data, dir, ...pgCtl] = process.argv.slice(1);
    const alive = () => { try { process.kill(Number(owner), 0); return true; } catch (e) { return e.code === 'EPERM'; } };
    const timer = setInterval(() => {
      if (!existsSync(dir)) return clearInterval(timer);
      if (alive()) return;
      clearInterval(timer);
      spawnSync(pgCtl[0], [...pgCtl.slice(1), '-D', data, '-m', 'immediate', '-w', 'stop'], { cwd: dir });
      rmSync(dir, { recursive: true, force: true });
    }, 1000);`;
  spawn(process.execPath, ['-e', code, String(owner), data, dir, ...pgCtl], { detached: true, stdio: 'ignore', cwd: dir }).unref();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const cluster = await startPostgres();
  console.log(cluster.url);
  const end = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => {}, 1 << 30);
}
