/**
 * relaykit/vitest/setup runs before every test file: registering the matchers must not load the harness
 * (and with it faker's locale) or fast-check. The matchers reach the harness by type and, for
 * toBeIdempotent, by a dynamic import when used; through the harness barrel a plain import would pull in
 * every harness file. Checked on today's src with the project's own dependency-cruiser options.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const { default: config } = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as { default: IConfiguration };

/** What loading `entry` evaluates: its imports followed, except type-only and dynamic ones. */
async function loadedWith(entry: string): Promise<string[]> {
  const tsConfig = path.join(root, 'tsconfig.json');
  const { output } = await cruise([entry], { ...config.options, baseDir: root, tsConfig: { fileName: tsConfig } }, {}, { tsConfig: extractTSConfig(tsConfig) });
  if (typeof output === 'string') throw new Error(`dependency-cruiser answered text: ${output}`);
  const bySource = new Map(output.modules.map((m) => [m.source, m]));
  const seen = new Set<string>();
  const visit = (source: string) => {
    if (seen.has(source)) return;
    seen.add(source);
    for (const d of bySource.get(source)?.dependencies ?? []) {
      if (d.dependencyTypes.some((t) => t === 'type-only' || t === 'dynamic-import' || t === 'type-import')) continue;
      visit(d.resolved);
    }
  };
  visit(entry);
  return [...seen];
}

describe('relaykit/vitest/setup', () => {
  let loaded: string[];

  beforeAll(async () => {
    loaded = await loadedWith('src/vitest-plugin/setup.ts');
  });

  it('loads the matchers', () => {
    expect(loaded).toContain('src/testing/matchers.ts');
  });

  it('loads no harness file, no faker and no fast-check', () => {
    expect(loaded.filter((file) => /^src\/harness\/|node_modules\/(@faker-js|fast-check)\//.test(file))).toEqual([]);
  });
});
