/**
 * relaykit/store-contract through the built package: a store of one's own registers the contract with its runner's
 * describe/it/expect (here a plain Node process with a runner of ten lines and vitest's expect), and the entry loads
 * no test runner of its own.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);

/** Runs the contract in a new Node process over the store `makeStore` (source text) makes; prints the outcome as JSON. */
async function runContract(makeStore: string): Promise<{ passed: number; failed: string[] }> {
  const source = `
    import { expect } from 'vitest';
    import { MemoryStore, openStore } from 'relaykit';
    import { describeStoreContract } from 'relaykit/store-contract';
    const checks = [];
    const path = [];
    const runner = {
      describe(name, body) { path.push(name); body(); path.pop(); },
      it(name, body) { checks.push({ name: [...path, name].join(' > '), body }); },
      expect,
    };
    describeStoreContract(runner, 'a store of ones own', () => ${makeStore});
    const failed = [];
    for (const check of checks) {
      try { await check.body(); } catch { failed.push(check.name); }
    }
    console.log(JSON.stringify({ passed: checks.length - failed.length, failed }));
  `;
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', source], { cwd: root });
  return JSON.parse(stdout.trim()) as { passed: number; failed: string[] };
}

describe('relaykit/store-contract (built output)', () => {
  it('passes every check for a store that keeps the contract', async () => {
    const outcome = await runContract(`openStore(':memory:')`);
    expect(outcome.failed).toEqual([]);
    expect(outcome.passed).toBeGreaterThan(40);
  });

  it('fails, by name, the checks a store breaks (here one that takes any limit)', async () => {
    const outcome = await runContract(`(() => {
      const store = new MemoryStore();
      const list = store.listExecutions.bind(store);
      store.listExecutions = (filter = {}) => list({ ...filter, limit: undefined });
      return store;
    })()`);
    expect(outcome.failed).toContain('a store of ones own (Store contract) > listExecutions > rejects limit 0 with a RelayError INVALID_FILTER naming the range');
    expect(outcome.failed).toContain('a store of ones own (Store contract) > listExecutions > uses a limit of 50 by default and accepts 1 and 500');
  });

  it('loads no test runner: the entry and the chunks it imports never import vitest, jest or fast-check', async () => {
    const seen = new Set<string>();
    const visit = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toMatch(/from ["'](vitest|@jest\/globals|jest|fast-check)["']/);
      for (const [, next] of text.matchAll(/from ["'](\.\.?\/[^"']+)["']/g)) await visit(path.resolve(path.dirname(file), next!));
    };
    await visit(path.join(root, 'dist', 'store-contract', 'index.js'));
    expect(seen.size).toBeGreaterThan(0);
  });
});
