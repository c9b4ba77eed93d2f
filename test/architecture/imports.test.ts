/**
 * The import rules of .dependency-cruiser.mjs (`npm run lint:imports`) can fail: the project's own
 * config, run on a small tree in a temp folder with the layer folders' names, reports each planted
 * forbidden import and cycle, and nothing else. Today's src passes it.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const projectConfig = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as {
  default: IConfiguration;
};

/** Cruises `<baseDir>/src` the way `npm run lint:imports` does, with the project's rules. */
async function cruiseSrc(baseDir: string): Promise<ICruiseResult> {
  const { options, ...ruleSet } = projectConfig.default;
  const tsConfig = path.join(baseDir, 'tsconfig.json');
  const { output } = await cruise(
    ['src'],
    { ...options, baseDir, tsConfig: { fileName: tsConfig }, ruleSet, validate: true },
    {},
    { tsConfig: extractTSConfig(tsConfig) },
  );
  if (typeof output === 'string') throw new Error(`dependency-cruiser answered text: ${output}`);
  return output;
}

/** A layered tree: allowed imports, plus one planted violation of each kind (marked BAD). */
const fixture: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', verbatimModuleSyntax: true, strict: true },
    include: ['src'],
  }),
  'src/core/errors.ts': `export class RelayError extends Error {}\n`,
  'src/signers/stripe.ts': `import { RelayError } from '../core/errors.js';\nexport const sign = () => new RelayError('x');\n`,
  // BAD: a signer reaching up into the service.
  'src/signers/upward.ts': `import { serve } from '../service/serve.js';\nexport const up = serve;\n`,
  'src/providers/stripe.ts': `import { sign } from '../signers/stripe.js';\nexport const plugin = { sign };\n`,
  'src/providers/index.ts': `export { plugin } from './stripe.js';\n`,
  // BAD: a type-only import is an arrow too.
  'src/providers/typed.ts': `import type { Target } from '../harness/targets.js';\nexport type T = Target;\n`,
  'src/harness/targets.ts': `import { plugin } from '../providers/index.js';\nexport type Target = typeof plugin;\n`,
  // BAD: the harness may not use the service.
  'src/harness/trigger.ts': `import { serve } from '../service/serve.js';\nexport const trigger = serve;\n`,
  'src/service/serve.ts': `import { plugin } from '../providers/index.js';\nexport const serve = () => plugin;\n`,
  // BAD: a cycle inside one layer.
  'src/service/a.ts': `import { b } from './b.js';\nexport const a = () => b;\n`,
  'src/service/b.ts': `import { a } from './a.js';\nexport const b = () => a;\n`,
  'src/msw/handlers.ts': `import { plugin } from '../providers/index.js';\nexport const handlers = [plugin];\n`,
  // BAD: another layer reaching past the providers' barrel into one of their files.
  'src/msw/deep.ts': `import { plugin } from '../providers/stripe.js';\nexport const deep = [plugin];\n`,
  // BAD: an import the tool cannot resolve is an arrow it cannot check.
  'src/msw/moved.ts': `export { handlers } from './gone.js';\n`,
  'src/harness/index.ts': `export { trigger } from './trigger.js';\n`,
  'src/cli/trigger.ts': `import { trigger } from '../harness/index.js';\nimport { serve } from '../service/serve.js';\nexport const run = [trigger, serve];\n`,
  'src/testing/service.ts': `import { trigger } from '../harness/index.js';\nimport { serve } from '../service/serve.js';\nexport const start = () => [trigger, serve];\n`,
  // BAD: the test core importing vitest, which a Jest or node:test run does not have.
  'src/testing/runner.ts': `import { expect } from 'vitest';\nexport const runner = expect;\n`,
  'src/vitest-plugin/plugin.ts':
    `import { test } from 'vitest';\nimport { start } from '../testing/service.js';\n` +
    `export const relay = async () => [test, start, (await import('../msw/handlers.js')).handlers];\n`,
  // BAD: the Vitest adapter reaching past the test core into the service.
  'src/vitest-plugin/start.ts': `import { serve } from '../service/serve.js';\nexport const start = serve;\n`,
  // The Jest adapter may import Jest...
  'src/jest/setup.ts': `import { expect } from '@jest/globals';\nimport { start } from '../testing/service.js';\nexport const setup = [expect, start];\n`,
  // BAD: ...no other layer may (the Vitest adapter runs where Jest is not installed).
  'src/vitest-plugin/jest.ts': `import { expect } from '@jest/globals';\nexport const borrowed = expect;\n`,
  // BAD: the node:test adapter reaching past the test core into the service.
  'src/node-test/start.ts': `import { serve } from '../service/serve.js';\nexport const start = serve;\n`,
  'node_modules/@jest/globals/package.json': JSON.stringify({ name: '@jest/globals', exports: { '.': './index.js' } }),
  'node_modules/@jest/globals/index.js': `exports.expect = () => {};\n`,
  'node_modules/vitest/package.json': JSON.stringify({ name: 'vitest', type: 'module', exports: { '.': './index.js' } }),
  'node_modules/vitest/index.js': `export const test = () => {};\nexport const expect = () => {};\n`,
  // The browser page may use the dashboard's wire types...
  'src/service/dashboard/wire.ts': `export interface ListItem { id: string }\n`,
  'src/dashboard-client/list.ts': `import type { ListItem } from '../service/dashboard/wire.js';\nexport const rows: ListItem[] = [];\n`,
  // BAD: ...but no other server code, which would end up in its bundle.
  'src/dashboard-client/main.ts': `import { serve } from '../service/serve.js';\nimport { rows } from './list.js';\nexport const app = [serve, rows];\n`,
  // BAD: the library barrel may not pull in the CLI.
  'src/index.ts': `export { trigger } from './harness/trigger.js';\nexport { run } from './cli/trigger.js';\n`,
};

describe('import rules (.dependency-cruiser.mjs)', () => {
  let dir: string;
  let found: { rule: string; from: string; to: string; types: string[] }[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'relaykit-imports-'));
    for (const [file, text] of Object.entries(fixture)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const result = await cruiseSrc(dir);
    found = result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to, types: v.dependencyTypes ?? [] }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports a signer importing the service as signers-layer', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'signers-layer', from: 'src/signers/upward.ts', to: 'src/service/serve.ts' }));
  });

  it('reports the harness importing the service as harness-layer', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'harness-layer', from: 'src/harness/trigger.ts', to: 'src/service/serve.ts' }));
  });

  it('counts a type-only import from a higher layer', () => {
    expect(found).toContainEqual({ rule: 'providers-layer', from: 'src/providers/typed.ts', to: 'src/harness/targets.ts', types: expect.arrayContaining(['type-only']) });
  });

  it('reports the root barrel re-exporting the CLI', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'root-barrel-not-to-cli', from: 'src/index.ts', to: 'src/cli/trigger.ts' }));
  });

  it('reports another layer importing a provider file past src/providers/index.ts as providers-through-barrel', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'providers-through-barrel', from: 'src/msw/deep.ts', to: 'src/providers/stripe.ts' }));
  });

  it('reports the dashboard page importing server code other than its wire types as dashboard-client-alone', () => {
    expect(found.filter((v) => v.rule === 'dashboard-client-alone')).toEqual([
      expect.objectContaining({ from: 'src/dashboard-client/main.ts', to: 'src/service/serve.ts' }),
    ]);
  });

  it('reports the Vitest adapter importing the service past src/testing as vitest-plugin-layer', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'vitest-plugin-layer', from: 'src/vitest-plugin/start.ts', to: 'src/service/serve.ts' }));
  });

  it('reports vitest imported outside src/vitest-plugin as vitest-only-in-vitest-plugin', () => {
    expect(found.filter((v) => v.rule === 'vitest-only-in-vitest-plugin')).toEqual([
      expect.objectContaining({ from: 'src/testing/runner.ts', to: 'node_modules/vitest/index.js' }),
    ]);
  });

  it('reports the node:test adapter importing the service past src/testing as node-test-layer', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'node-test-layer', from: 'src/node-test/start.ts', to: 'src/service/serve.ts' }));
  });

  it('reports @jest/globals imported outside src/jest as jest-only-in-jest', () => {
    expect(found.filter((v) => v.rule === 'jest-only-in-jest')).toEqual([
      expect.objectContaining({ from: 'src/vitest-plugin/jest.ts', to: 'node_modules/@jest/globals/index.js' }),
    ]);
  });

  it('reports a cycle between two files as no-circular', () => {
    expect(found.filter((v) => v.rule === 'no-circular').map((v) => [v.from, v.to].sort())).toEqual([['src/service/a.ts', 'src/service/b.ts']]);
  });

  it('reports an import it cannot resolve as no-unresolvable', () => {
    expect(found).toContainEqual(expect.objectContaining({ rule: 'no-unresolvable', from: 'src/msw/moved.ts', to: './gone.js' }));
  });

  it('reports nothing else: every allowed arrow of the tree passes', () => {
    expect(found).toHaveLength(12);
  });

  it('finds no cycle and no forbidden arrow in src today', async () => {
    const result = await cruiseSrc(root);
    const circular = result.modules.flatMap((m) => m.dependencies.filter((d) => d.circular).map((d) => `${m.source} → ${d.resolved}`));
    expect(circular).toEqual([]);
    expect(result.summary.violations).toEqual([]);
    expect(result.modules.length).toBeGreaterThan(100);
  });
});
