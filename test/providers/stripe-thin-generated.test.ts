/** The committed Stripe notification modules are what `scripts/gen/stripe-thin.ts` writes from the installed stripe-node. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateThin } from '../../scripts/gen/stripe-thin.js';

const COMMITTED = new URL('../../src/providers/stripe/generated/', import.meta.url);

describe('generated Stripe notification modules', () => {
  it('are up to date with the generator (re-run `npm run gen stripe` after a stripe-node update)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaykit-thin-'));
    try {
      expect(generateThin(dir)).toBe(326);
      const written = readdirSync(dir).sort();
      expect(written).toEqual(['thin-data-types.ts', 'thin-fetch.ts', 'thin-types.ts', 'thin.ts']);
      for (const file of written) expect(readFileSync(join(dir, file), 'utf8'), file).toBe(readFileSync(new URL(file, COMMITTED), 'utf8'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
