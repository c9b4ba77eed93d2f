/**
 * The house's remaining rules can fail: the service's core never reaches the node adapter or a store
 * implementation, @faker-js/faker is imported only where bodies are made, and fast-check only in the
 * harness. The project's .dependency-cruiser.mjs, run on a small tree in a temp folder (with stand-in
 * packages), reports each planted import and nothing else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cruisePlanted, plantedTsconfig, standIn, type Violation } from './planted.js';

const fixture: Record<string, string> = {
  'tsconfig.json': plantedTsconfig,
  ...standIn('@faker-js/faker'),
  ...standIn('fast-check'),
  'src/service/store/types.ts': `export interface Store { close(): Promise<void> }\n`,
  'src/service/store/sqlite.ts': `import type { Store } from './types.js';\nexport const open = (): Store | undefined => undefined;\n`,
  'src/service/store/index.ts': `export { open } from './sqlite.js';\n`,
  'src/service/node.ts': `export const listen = 1;\n`,
  // Fine: the core over the Store interface; the node adapter over the core and a store.
  'src/service/executions.ts': `import type { Store } from './store/types.js';\nexport const accept = (store: Store) => store;\n`,
  'src/service/relay.ts': `import { listen } from './node.js';\nimport { open } from './store/index.js';\nexport const relay = [listen, open];\n`,
  // BAD: the core reaching the node adapter, and the stores (through their barrel).
  'src/service/routes.ts': `import { listen } from './node.js';\nexport const routes = listen;\n`,
  'src/service/runner.ts': `import { open } from './store/index.js';\nexport const runner = open;\n`,
  // Fine: faker where bodies are made; fast-check in the harness.
  'src/providers/stripe/build.ts': `import { x as value } from '@faker-js/faker';\nexport const build = value;\n`,
  'src/harness/arbitraries.ts': `import { x as value } from 'fast-check';\nimport { x as fake } from '@faker-js/faker';\nexport const arbitraries = [value, fake];\n`,
  // BAD: the CLI making up data; the service importing the optional fast-check.
  'src/cli/trigger.ts': `import { x as value } from '@faker-js/faker';\nexport const trigger = value;\n`,
  'src/service/views.ts': `import { x as value } from 'fast-check';\nexport const views = value;\n`,
};

describe('the house rules of .dependency-cruiser.mjs', () => {
  let found: Pick<Violation, 'rule' | 'from'>[];

  beforeAll(async () => {
    found = (await cruisePlanted(fixture)).map(({ rule, from }) => ({ rule, from }));
  });

  it('reports the service core importing the node adapter or a store implementation, and not the adapter itself', () => {
    expect(found.filter((v) => v.rule === 'service-core-runtime-free')).toEqual([
      { rule: 'service-core-runtime-free', from: 'src/service/routes.ts' },
      { rule: 'service-core-runtime-free', from: 'src/service/runner.ts' },
    ]);
  });

  it('reports faker outside the providers and the harness, and fast-check outside the harness', () => {
    expect(found.filter((v) => v.rule === 'faker-where-bodies-are-made')).toEqual([{ rule: 'faker-where-bodies-are-made', from: 'src/cli/trigger.ts' }]);
    expect(found.filter((v) => v.rule === 'fast-check-only-in-harness')).toEqual([{ rule: 'fast-check-only-in-harness', from: 'src/service/views.ts' }]);
  });

  it('reports nothing else in the planted tree', () => {
    const planted = new Set(['service-core-runtime-free', 'faker-where-bodies-are-made', 'fast-check-only-in-harness']);
    expect(found.filter((v) => !planted.has(v.rule))).toEqual([]);
  });
});
