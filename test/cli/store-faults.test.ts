/**
 * `relay dev` over a store file that fails it: one it cannot write to, or a damaged one, is refused at start
 * (exit 2, one line naming the file and the fix, never "could not start on 127.0.0.1:…"); a store removed
 * while it runs acknowledges nothing more and stops it (exit 1, naming the file).
 */
import { spawn } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { sqliteDriver } from '../../src/service/store/sqlite-driver.js';
import { delivery } from '../store/fixtures.js';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, root, startDev } from './bin.js';

afterEach(cleanUp);

/** A project whose store holds a few executions, closed cleanly. */
async function projectWithStore(): Promise<{ dir: string; file: string }> {
  const dir = project();
  const file = path.join(dir, '.relay', 'relay.db');
  const store = new SqliteStore({ path: file });
  for (let i = 0; i < 20; i++) {
    const d = delivery();
    await store.insertDelivery(d.event, d.execution);
  }
  await store.close();
  return { dir, file };
}

/**
 * This Node, where another user can run it. The Node under test may live in a folder only its owner
 * may enter (CI runs Node 22–26 from root's cache, mode 0700), so it is copied into a folder anyone can.
 */
function nodeForAnyUser(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'relaykit-node-'));
  chmodSync(folder, 0o755);
  const copy = path.join(folder, 'node');
  copyFileSync(process.execPath, copy);
  chmodSync(copy, 0o755);
  copies.push(folder);
  return copy;
}
const copies: string[] = [];
afterEach(() => {
  for (const folder of copies.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** `relay dev` in `dir`, until it exits or serves (then stopped); as `uid` when given. */
function devOutcome(dir: string, uid?: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const node = uid === undefined ? process.execPath : nodeForAnyUser();
    const child = spawn(node, [path.join(root, 'dist/cli/index.js'), 'dev', '--dir', dir, '--port', '0'], {
      env: { PATH: process.env.PATH },
      cwd: dir,
      ...(uid === undefined ? {} : { uid, gid: uid }),
    });
    // A service that could not be started at all fails the test at once, naming why.
    child.on('error', reject);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      // It served: the fault went unnoticed at start.
      if (stdout.includes('Press Ctrl+C')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('relay dev over a store it cannot use', () => {
  it('refuses to start on a read-only store file: exit 2, one line naming the file and the fix', async () => {
    const { dir, file } = await projectWithStore();
    chmodSync(file, 0o444);
    // Root writes through a read-only mode: the service runs as another user then, as a developer's would.
    const asRoot = process.getuid?.() === 0;
    if (asRoot) {
      chmodSync(dir, 0o755);
      chmodSync(path.dirname(file), 0o777);
    }
    const result = await devOutcome(dir, asRoot ? 65534 : undefined);
    expect(result.stdout).not.toContain('listening');
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `relay dev: The relay store ${file} cannot be written to (attempt to write a readonly database): make the file and its folder writable (chmod u+w), or set RELAY_STORE_PATH to a writable file.`,
    ]);
  });

  it('refuses to start on a damaged page: exit 2, naming the file and the fix, not the port', async () => {
    const { dir, file } = await projectWithStore();
    // The page the status index starts at, where recovery reads first, overwritten as a bad disk would.
    const db = sqliteDriver().open(file, { busyTimeoutMs: 1000 });
    const page = Number(db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'executions_status'").get<{ rootpage: number }>()!.rootpage);
    const pageSize = Number(db.pragma('page_size'));
    db.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(pageSize, 0xff), 0, pageSize, (page - 1) * pageSize);
    closeSync(fd);
    const result = await devOutcome(dir);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `relay dev: The relay store ${file} is damaged (database disk image is malformed): move it aside to start with an empty store, or restore it from a backup.`,
    ]);
  });

  it('refuses to start on a store missing a table: exit 2, naming the file and the fix', async () => {
    const { dir, file } = await projectWithStore();
    const db = sqliteDriver().open(file, { busyTimeoutMs: 1000 });
    db.exec('DROP TABLE logs');
    db.close();
    const result = await devOutcome(dir);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([
      `relay dev: The relay store ${file} is damaged (no such table: logs): move it aside to start with an empty store, or restore it from a backup.`,
    ]);
  });
});

describe('relay dev whose store is removed while it runs', () => {
  it('acknowledges no delivery after the removal, and stops with exit 1 naming the file', async () => {
    const dir = project();
    const dev = await startDev(dir, { GITHUB_WEBHOOK_SECRET: secrets.github }, ['--quiet']);
    const send = async () => {
      const signed = await officialDelivery('github', 'issues.opened');
      return fetch(`${dev.url}/api/webhook/github`, { method: 'POST', headers: signed.headers, body: signed.body }).then(
        (response) => response.status,
        () => 'refused',
      );
    };
    expect(await send()).toBe(200);
    rmSync(path.join(dir, '.relay'), { recursive: true, force: true });
    const after = await send();
    expect(after).not.toBe(200);
    expect(await dev.exit).toBe(1);
    expect(dev.stderr()).toContain(`relay dev: The relay store ${path.join(dir, '.relay', 'relay.db')} was removed while this service used it`);
    // Nor did it make a new, empty store at the path behind the user's back.
    expect(existsSync(path.join(dir, '.relay'))).toBe(false);
  }, 30_000);
});
