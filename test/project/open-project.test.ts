/** `openProject`: relay.ts or the built-ins, with the store resolved from the project's directory, not the working one. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProject } from '../../src/project/open-project.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-project-'));
  dirs.push(dir);
  return dir;
};

describe('openProject', () => {
  it('serves the built-ins without relay.ts, its store in <dir>/.relay, opened on first use, leaving cwd and env as they were', async () => {
    const dir = tempDir();
    const [cwd, env] = [process.cwd(), process.env.RELAY_STORE_PATH];
    const project = await openProject(dir);
    try {
      expect(project).toMatchObject({ dir, file: undefined, storePath: path.join(dir, '.relay', 'relay.db') });
      expect(project.relay.plugins.has('stripe')).toBe(true);
      expect(existsSync(path.join(dir, '.relay'))).toBe(false);
      expect(await project.relay.listExecutions()).toMatchObject({ items: [] });
      expect((project.relay.store as { path?: string }).path).toBe(project.storePath);
      expect(existsSync(project.storePath)).toBe(true);
      expect([process.cwd(), process.env.RELAY_STORE_PATH]).toEqual([cwd, env]);
    } finally {
      await project.relay.close();
    }
  });

  it('loads relay.ts unless relayFile is false, with the store path given', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'relay.mjs');
    writeFileSync(file, 'export const relay = { fetch() {}, listen() {}, findExecution: async () => undefined, close: async () => {}, plugins: new Map([["acme", {}]]) };\n');
    const loaded = await openProject(dir, { storePath: path.join(dir, 'elsewhere.db') });
    expect([loaded.file, loaded.storePath, loaded.relay.plugins.has('acme')]).toEqual([file, path.join(dir, 'elsewhere.db'), true]);
    await loaded.relay.close();
    const builtIns = await openProject(dir, { relayFile: false });
    expect([builtIns.file, builtIns.relay.plugins.has('acme')]).toEqual([undefined, false]);
    await builtIns.relay.close();
  });
});
