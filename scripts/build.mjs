#!/usr/bin/env node
/**
 * `npm run build`: dist/ as it ships.
 *  1. Side by side: tsup's JavaScript builds (tsup.config.ts: the ESM library and CLI, the CommonJS build
 *     in dist/cjs, the dashboard's page) and tsc writing the declarations of src/ into a temporary folder
 *     (tsconfig.build.json; a type error there fails the build, as tsup's declaration build did).
 *  2. tsup again, with RELAYKIT_TYPES naming that folder: the declarations bundled per library entry.
 *  3. scripts/cjs-types.mjs: the CommonJS build's copies of them (dist/cjs/**.d.cts).
 * tsup's own declaration build compiled the sources a second time, file by file: it took 52 of the 58 s of
 * CPU the build used (tsc's declarations take 12, bundling them 3).
 *
 *   node scripts/build.mjs
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

/** Runs a command in the repo with this process's output; rejects when it fails. */
function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * rollup names a bundle's shared chunks and the namespaces of `export * as x` after their modules' files, here
 * `x.d.ts`: chunk `x.d-HASH.d.ts`, namespace `x_d`. Back to `x-HASH.d.ts` and `x` (what a user's editor shows),
 * as when tsup compiled the sources itself, wherever the shorter name is free.
 */
function tidyDeclarations(dist) {
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.d.ts') && !file.startsWith(`cjs${path.sep}`));
  for (const file of files) {
    const before = readFileSync(path.join(dist, file), 'utf8');
    let text = before.replace(/(['"]\.{1,2}\/[^'"]*?)\.d-([\w-]+\.js['"])/g, '$1-$2');
    for (const [alias, name] of before.matchAll(/\b([A-Za-z_]\w*)_d as \1\b/g)) {
      const members = new Set([...text.matchAll(new RegExp(`\\b${name}_d_(\\w+)`, 'g'))].map((match) => match[1]));
      const rest = text.replaceAll(alias, '');
      // Declared, imported or exported under the shorter name already (comments may name it freely).
      const taken = (id) => new RegExp(`(?:\\b(?:const|let|var|function|class|namespace|enum|type|interface|as)\\s+|[{,]\\s*)${id}\\b`).test(rest);
      if (taken(name) || [...members].some((member) => taken(`${name}_${member}`))) continue;
      text = text.replaceAll(alias, name).replace(new RegExp(`\\b${name}_d(?=_|\\b)`, 'g'), name);
    }
    if (text !== before) writeFileSync(path.join(dist, file), text);
    const renamed = file.replace(/\.d-([\w-]+\.d\.ts)$/, '-$1');
    if (renamed !== file) renameSync(path.join(dist, file), path.join(dist, renamed));
  }
}

const types = mkdtempSync(path.join(tmpdir(), 'relaykit-types-'));
try {
  await Promise.all([run(bin('tsup'), []), run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', types])]);
  await run(bin('tsup'), [], { ...process.env, RELAYKIT_TYPES: types });
  tidyDeclarations(path.join(root, 'dist'));
  await run(process.execPath, [path.join(root, 'scripts/cjs-types.mjs')]);
} catch (error) {
  process.stderr.write(`build: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(types, { recursive: true, force: true });
}
