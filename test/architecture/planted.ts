/**
 * Proofs that an import rule can fail: the project's .dependency-cruiser.mjs run on a small planted
 * tree in a temp folder, answering the violations it reports.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '../..');
const { default: config } = (await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href)) as { default: IConfiguration };

/** A planted tree's tsconfig.json, resolving as the project does. */
export const plantedTsconfig = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', verbatimModuleSyntax: true, strict: true },
  include: ['src'],
});

/** A package under node_modules that exports one constant `x`, standing in for a real dependency. */
export const standIn = (name: string): Record<string, string> => ({
  [`node_modules/${name}/package.json`]: JSON.stringify({ name, type: 'module', exports: { '.': { types: './index.d.ts', default: './index.js' } } }),
  [`node_modules/${name}/index.js`]: `export const x = {};\n`,
  [`node_modules/${name}/index.d.ts`]: `export declare const x: object;\n`,
});

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Writes `files` (path → text, a tsconfig.json among them) to a temp folder and cruises its src/ with the project's rules. */
export async function cruisePlanted(files: Record<string, string>): Promise<Violation[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-planted-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const { options, ...ruleSet } = config;
    const tsConfig = path.join(dir, 'tsconfig.json');
    const { output } = await cruise(['src'], { ...options, baseDir: dir, tsConfig: { fileName: tsConfig }, ruleSet, validate: true }, {}, { tsConfig: extractTSConfig(tsConfig) });
    if (typeof output === 'string') throw new Error(`dependency-cruiser answered text: ${output}`);
    return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
