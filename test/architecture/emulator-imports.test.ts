/**
 * The import rules of the emulator seam can fail: the emulator sits on the providers and the harness
 * (its dispatcher delivers through the harness's targets), never on msw; the providers' second door,
 * internal.ts, is for the emulator and msw only;
 * and only src/msw/ imports the msw package. The project's .dependency-cruiser.mjs, run on a small
 * tree in a temp folder (with a stand-in msw package), reports each planted import and nothing else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cruisePlanted, plantedTsconfig, type Violation } from './planted.js';

const fixture: Record<string, string> = {
  'tsconfig.json': plantedTsconfig,
  'node_modules/msw/package.json': JSON.stringify({ name: 'msw', type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
  'node_modules/msw/index.js': `export const http = {};\n`,
  'node_modules/msw/index.d.ts': `export declare const http: object;\n`,
  'src/core/errors.ts': `export class RelayError extends Error {}\n`,
  'src/providers/resend/routes.ts': `import { RelayError } from '../../core/errors.js';\nexport const routes = [RelayError];\n`,
  'src/providers/index.ts': `export const resend = {};\n`,
  'src/providers/internal.ts': `export { routes } from './resend/routes.js';\n`,
  // BAD: a provider's routes written against msw instead of web Request/Response.
  'src/providers/resend/mocked.ts': `import { http } from 'msw';\nexport const mocked = http;\n`,
  'src/harness/trigger.ts': `import { resend } from '../providers/index.js';\nexport const trigger = resend;\n`,
  // BAD: the harness reaching through the door kept for the emulator and msw.
  'src/harness/routes.ts': `import { routes } from '../providers/internal.js';\nexport const r = routes;\n`,
  'src/emulator/world.ts': `import { routes } from '../providers/internal.js';\nimport { resend } from '../providers/index.js';\nexport const world = [routes, resend];\n`,
  'src/harness/index.ts': `export { trigger } from './trigger.js';\n`,
  // Fine: the emulator's dispatcher delivers through the harness's door.
  'src/emulator/deliver.ts': `import { trigger } from '../harness/index.js';\nexport const deliver = trigger;\n`,
  // BAD: the emulator past the harness's door.
  'src/emulator/inner.ts': `import { trigger } from '../harness/trigger.js';\nexport const inner = trigger;\n`,
  'src/msw/bind.ts': `import { http } from 'msw';\nimport { world } from '../emulator/world.js';\nimport { routes } from '../providers/internal.js';\nexport const handlers = [http, world, routes];\n`,
  // BAD: the emulator reaching up into its msw binding.
  'src/emulator/mocks.ts': `import { handlers } from '../msw/bind.js';\nexport const mocks = handlers;\n`,
  // Fine: emulator.handlers()'s one file, named in the rule.
  'src/emulator/msw.ts': `import { http } from 'msw';\nexport const bound = http;\n`,
  // BAD: any other emulator file importing msw.
  'src/emulator/server.ts': `import { http } from 'msw';\nexport const served = http;\n`,
};

describe('import rules of the emulator seam (.dependency-cruiser.mjs)', () => {
  let found: Violation[];

  beforeAll(async () => {
    found = await cruisePlanted(fixture);
  });

  it('reports a provider file and an emulator file importing msw as msw-only-in-msw, all but src/emulator/msw.ts', () => {
    expect(found.filter((v) => v.rule === 'msw-only-in-msw').map((v) => v.from)).toEqual(['src/emulator/server.ts', 'src/providers/resend/mocked.ts']);
  });

  it('reports the harness importing src/providers/internal.ts as providers-internal-door', () => {
    expect(found.filter((v) => v.rule === 'providers-internal-door')).toEqual([{ rule: 'providers-internal-door', from: 'src/harness/routes.ts', to: 'src/providers/internal.ts' }]);
  });

  it('reports the emulator importing msw as emulator-layer, and not the emulator importing the harness', () => {
    expect(found.filter((v) => v.rule === 'emulator-layer').map((v) => [v.from, v.to])).toEqual([['src/emulator/mocks.ts', 'src/msw/bind.ts']]);
  });

  it('reports the emulator importing an inner harness file as harness-through-barrel', () => {
    expect(found.filter((v) => v.rule === 'harness-through-barrel').map((v) => [v.from, v.to])).toEqual([['src/emulator/inner.ts', 'src/harness/trigger.ts']]);
  });

  it('reports nothing else: msw importing the emulator, the emulator importing the harness through its door, the door and msw pass', () => {
    expect(found).toHaveLength(5);
  });
});
