/**
 * Lean start-up: each command of the built CLI loads only what it needs. The bin runs with a preload
 * that logs every module resolved (ESM through loader hooks, CommonJS through Module._load).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDriver } from '../../src/service/store/sqlite-driver.js';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'dist/cli/index.js');
const preload = path.join(import.meta.dirname, 'fixtures/log-loads.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const exec = promisify(execFile);
let runs = 0;

/** The modules `relay <argv>` loaded, one line each. */
async function loaded(argv: string[]): Promise<string> {
  const log = path.join(dir, `loads-${runs++}.txt`);
  await exec(process.execPath, ['--import', preload, bin, ...argv], {
    cwd: dir,
    env: { PATH: process.env.PATH, RELAY_LOAD_LOG: log, STRIPE_WEBHOOK_SECRET: 'whsec_startup' },
  }).catch((error: { code?: number }) => {
    // An id that exists nowhere exits 2; what was loaded until then is what these tests read.
    if (error.code !== 2) throw error;
  });
  return readFileSync(log, 'utf8');
}

describe('relay start-up', () => {
  it('--help and events load no faker, jiti or better-sqlite3', async () => {
    for (const argv of [['--help'], ['events', 'github']]) {
      const modules = await loaded(argv);
      expect(modules, argv.join(' ')).toMatch(/dist\/cli\/index\.js/);
      expect(modules, argv.join(' ')).not.toMatch(/@faker-js|jiti|better-sqlite3/);
    }
  });

  it('trigger loads faker to build the payload, but no jiti and no better-sqlite3', async () => {
    const modules = await loaded(['trigger', 'stripe', 'payment_intent.succeeded', '--print']);
    expect(modules).toMatch(/@faker-js\/faker/);
    expect(modules).not.toMatch(/jiti|better-sqlite3/);
  });

  it("the log sees what inspect loads: jiti for a relay.ts, and for a store the SQLite driver this runtime chooses (better-sqlite3's addon, or none with node:sqlite)", async () => {
    const withRelayTs = path.join(dir, 'with-relay-ts');
    mkdirSync(withRelayTs);
    writeFileSync(
      path.join(withRelayTs, 'relay.ts'),
      'export default { fetch() {}, listen() {}, findExecution: async () => undefined, close: async () => {}, store: { countExecutions: async () => 0 } };\n',
    );
    expect(await loaded(['inspect', 'exec_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--dir', withRelayTs])).toMatch(/jiti/);
    const withStore = path.join(dir, 'with-store');
    mkdirSync(path.join(withStore, '.relay'), { recursive: true });
    writeFileSync(path.join(withStore, '.relay', 'relay.db'), '');
    const storeLoads = await loaded(['inspect', 'exec_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--dir', withStore]);
    if (sqliteDriver().name === 'better-sqlite3') expect(storeLoads).toMatch(/require better-sqlite3/);
    else expect(storeLoads).not.toMatch(/better-sqlite3/);
  });
});
