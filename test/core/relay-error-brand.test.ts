import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';

// A second loaded copy of the class, as a CLI's and a test runner's copies of relaykit are: the same
// source in another file, so the module loader makes another class of it.
const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-copy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function secondCopy(): Promise<typeof RelayError> {
  const file = path.join(dir, 'errors.ts');
  copyFileSync(new URL('../../src/core/errors.ts', import.meta.url), file);
  return ((await import(file)) as { RelayError: typeof RelayError }).RelayError;
}

describe('RelayError.is', () => {
  it('knows an error of another loaded copy of relaykit, where instanceof does not', async () => {
    const Other = await secondCopy();
    expect(Other).not.toBe(RelayError);
    const theirs = new Other('MISSING_SECRET', 'STRIPE_WEBHOOK_SECRET is not set.');
    expect(theirs instanceof RelayError).toBe(false);
    expect(RelayError.is(theirs)).toBe(true);
    expect(Other.is(new RelayError('USAGE', 'x'))).toBe(true);
  });

  it('says no to other errors and to non-errors', () => {
    expect(RelayError.is(new Error('x'))).toBe(false);
    expect(RelayError.is({ name: 'RelayError', code: 'USAGE', message: 'x' })).toBe(false);
    expect(RelayError.is(null)).toBe(false);
    expect(RelayError.is('RelayError')).toBe(false);
  });

  it('keeps the brand out of what a RelayError shows', () => {
    const error = new RelayError('USAGE', 'bad');
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
    expect(JSON.stringify(error)).toBe('{"name":"RelayError","code":"USAGE"}');
  });
});
