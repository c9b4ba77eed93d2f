#!/usr/bin/env node
/**
 * `npm run build`'s last step: the CommonJS build's declarations (dist/cjs/**.d.cts) from the ESM
 * build's (dist/**.d.ts). Both builds export the same names from the same sources, so the declarations
 * are the same text; only the relative specifiers change (`./x.js` → `./x.cjs`, which TypeScript
 * resolves to `./x.d.cts`), so that a CommonJS project's types stay in CommonJS files. Bundling the
 * declarations a second time would double the build's slowest step.
 *
 *   node scripts/cjs-types.mjs
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../dist');
const cjs = path.join(dist, 'cjs');
/** Folders of dist/ with no CommonJS build: itself, the dashboard's page, the ESM-only Vitest entries, the CLI. */
const skipped = new Set(['cjs', 'dashboard', 'vitest', 'cli']);

let written = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const relative = path.relative(dist, path.join(entry.parentPath, entry.name));
  if (skipped.has(relative.split(path.sep)[0])) continue;
  const text = readFileSync(path.join(dist, relative), 'utf8').replace(/(['"])(\.{1,2}\/[^'"]+)\.js\1/g, '$1$2.cjs$1');
  const target = path.join(cjs, relative.replace(/\.d\.ts$/, '.d.cts'));
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  written++;
}
if (written === 0) {
  process.stderr.write('cjs-types: no declarations in dist/ to derive dist/cjs/ from; run tsup first.\n');
  process.exitCode = 1;
}
