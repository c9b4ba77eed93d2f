/** The store a project's service uses: the shell's spec (any `openStore` spec), unless relay.ts chooses its own. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { openProject } from '../../src/project/open-project.js';
import { createRelay, withRelayDefaults } from '../../src/service/relay.js';
import { describeStore, MemoryStore } from '../../src/service/store/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-store-spec-'));
  dirs.push(dir);
  return dir;
};

describe('the store of a project', () => {
  it('is the spec openProject is given (":memory:" here), and no file is made', async () => {
    const dir = tempDir();
    const project = await openProject(dir, { store: ':memory:' });
    try {
      expect(project.store).toBe(':memory:');
      expect(project.relay.store).toBeInstanceOf(MemoryStore);
      expect(describeStore(project.relay.store).kind).toBe('memory');
      expect((await project.relay.listExecutions()).items).toEqual([]);
      expect(existsSync(path.join(dir, '.relay'))).toBe(false);
    } finally {
      await project.relay.close();
    }
  });

  it("is relay.ts's own storePath when it gives one, over the shell's store spec", async () => {
    const dir = tempDir();
    // As loadRelayFile runs a relay.ts: its createRelay call under the shell's defaults.
    const relay = withRelayDefaults({ store: ':memory:' }, () => createRelay({ storePath: path.join(dir, 'own.db') }));
    try {
      expect(describeStore(relay.store)).toMatchObject({ kind: 'sqlite', location: path.join(dir, 'own.db') });
    } finally {
      await relay.close();
    }
    const shells = withRelayDefaults({ store: ':memory:', storePath: path.join(dir, 'shell.db') }, () => createRelay());
    expect(shells.store).toBeInstanceOf(MemoryStore);
    await shells.close();
  });

  it('takes a spec for createRelay({ store }), and an unknown scheme fails when the store is first used, naming the schemes', async () => {
    const relay = createRelay({ store: 'mysql://user:pw@localhost/relay' });
    const failure = await relay.listExecutions().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RelayError);
    expect((failure as RelayError).message).toMatch(/No store of scheme "mysql:" is known\. .*sqlite:/);
    await relay.close();
  });

  it('closes a store object given to createRelay even when nothing used it', async () => {
    const store = new MemoryStore();
    await createRelay({ store }).close();
    await expect(store.countExecutions()).rejects.toThrow(/closed/);
  });
});
