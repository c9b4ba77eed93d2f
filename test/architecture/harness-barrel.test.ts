/**
 * The harness's barrel rule can fail: the CLI, the test core, the runner adapters and project loading
 * reach the harness through src/harness/index.ts only, while the harness's own files and the public
 * entries import its inner files freely. The project's .dependency-cruiser.mjs, run on a small tree in a
 * temp folder, reports each planted import and nothing else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cruisePlanted, plantedTsconfig, type Violation } from './planted.js';

const fixture: Record<string, string> = {
  'tsconfig.json': plantedTsconfig,
  'src/core/errors.ts': `export class RelayError extends Error {}\n`,
  'src/providers/index.ts': `export const stripe = {};\n`,
  'src/harness/targets.ts': `export const joinUrl = (base: string, path: string) => base + path;\n`,
  'src/harness/flows/build.ts': `import { stripe } from '../../providers/index.js';\nexport const listFlows = () => [stripe];\n`,
  // Fine: the harness's files import one another, and the barrel gathers them.
  'src/harness/trigger.ts': `import { joinUrl } from './targets.js';\nexport const deliver = joinUrl;\n`,
  'src/harness/index.ts': `export { deliver } from './trigger.js';\nexport { joinUrl } from './targets.js';\nexport { listFlows } from './flows/build.js';\n`,
  // Fine: the shells and the test core through the barrel; the emulator's dispatcher may use the harness.
  'src/cli/trigger.ts': `import { deliver, joinUrl } from '../harness/index.js';\nexport const run = [deliver, joinUrl];\n`,
  'src/testing/client.ts': `import type { deliver } from '../harness/index.js';\nexport type Deliver = typeof deliver;\n`,
  'src/emulator/dispatcher.ts': `import { deliver } from '../harness/index.js';\nexport const dispatch = deliver;\n`,
  // Fine: a public entry chooses its own exports from the inner files.
  'src/index.ts': `export { deliver } from './harness/trigger.js';\n`,
  // BAD: the CLI past the barrel, at a file and into flows/.
  'src/cli/options.ts': `import { joinUrl } from '../harness/targets.js';\nexport const base = joinUrl;\n`,
  'src/cli/flows.ts': `import { listFlows } from '../harness/flows/build.js';\nexport const flows = listFlows;\n`,
  // BAD: the test core past the barrel, by a type-only import and by a dynamic one.
  'src/testing/matchers.ts': `import type { deliver } from '../harness/trigger.js';\nexport type Sent = typeof deliver;\n`,
  'src/testing/lazy.ts': `export const load = () => import('../harness/targets.js');\n`,
};

describe('the harness barrel rule of .dependency-cruiser.mjs', () => {
  let found: Violation[];

  beforeAll(async () => {
    found = await cruisePlanted(fixture);
  });

  it('reports the CLI and the test core importing an inner harness file as harness-through-barrel', () => {
    expect(found.filter((v) => v.rule === 'harness-through-barrel').map((v) => [v.from, v.to])).toEqual([
      ['src/cli/flows.ts', 'src/harness/flows/build.ts'],
      ['src/cli/options.ts', 'src/harness/targets.ts'],
      ['src/testing/lazy.ts', 'src/harness/targets.ts'],
      ['src/testing/matchers.ts', 'src/harness/trigger.ts'],
    ]);
  });

  it('reports nothing else: the barrel, the harness inside, the emulator on the harness and the root entry pass', () => {
    expect(found.filter((v) => v.rule !== 'harness-through-barrel')).toEqual([]);
  });
});
