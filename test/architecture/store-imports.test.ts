/**
 * The import rules of the store can fail: outside src/service/store/ a store is chosen through open.ts and used
 * through types.ts (no module reaches sqlite.ts or memory.ts), and the Store contract suite imports no test runner
 * and no fast-check. The project's .dependency-cruiser.mjs, run on a small tree in a temp folder (with stand-in
 * vitest and fast-check packages), reports each planted import and nothing else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cruisePlanted, plantedTsconfig, standIn, type Violation } from './planted.js';

const fixture: Record<string, string> = {
  'tsconfig.json': plantedTsconfig,
  ...standIn('vitest'),
  ...standIn('fast-check'),
  'src/service/store/types.ts': `export interface Store { close(): Promise<void> }\n`,
  'src/service/store/sqlite.ts': `export class SqliteStore {}\n`,
  'src/service/store/open.ts': `import { SqliteStore } from './sqlite.js';\nimport type { Store } from './types.js';\nexport const openStore = (): Store => new SqliteStore() as unknown as Store;\n`,
  'src/service/store/index.ts': `export { openStore } from './open.js';\nexport { SqliteStore } from './sqlite.js';\n`,
  'src/service/relay.ts': `import { openStore } from './store/open.js';\nimport type { Store } from './store/types.js';\nexport const store: Store = openStore();\n`,
  // BAD: the service core reaching a store implementation instead of choosing it through openStore.
  'src/service/routes.ts': `import { SqliteStore } from './store/sqlite.js';\nexport const routes = SqliteStore;\n`,
  'src/service/store/contract/index.ts': `import type { Store } from '../types.js';\nexport const describeStoreContract = (open: () => Store) => open;\n`,
  // BAD: the contract suite tied to one runner, and to fast-check.
  'src/service/store/contract/runner.ts': `import { x } from 'vitest';\nexport const runner = x;\n`,
  'src/service/store/contract/property.ts': `import { x } from 'fast-check';\nexport const property = x;\n`,
};

describe('import rules of the store (.dependency-cruiser.mjs)', () => {
  let found: Violation[];

  beforeAll(async () => {
    found = await cruisePlanted(fixture);
  });

  it('reports a service module importing a store implementation as store-chosen-through-open', () => {
    expect(found.filter((v) => v.rule === 'store-chosen-through-open')).toEqual([{ rule: 'store-chosen-through-open', from: 'src/service/routes.ts', to: 'src/service/store/sqlite.ts' }]);
  });

  it('reports the contract suite importing vitest or fast-check as store-contract-runner-free', () => {
    expect(found.filter((v) => v.rule === 'store-contract-runner-free').map((v) => [v.from, v.to.replace(/\/[^/]+$/, '')])).toEqual([
      ['src/service/store/contract/property.ts', 'node_modules/fast-check'],
      ['src/service/store/contract/runner.ts', 'node_modules/vitest'],
    ]);
  });

  it('reports nothing else of the store: relay.ts choosing through open.ts and the barrel passes', () => {
    // The planted imports also break rules of other floors (routes.ts is the service's core, fast-check is the
    // harness's); house-rules.test.ts proves those. Of the store's two rules, only the three planted fire.
    expect(found.filter((v) => v.rule.startsWith('store-'))).toHaveLength(3);
  });
});
