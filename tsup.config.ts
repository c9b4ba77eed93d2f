import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

/** The entries Vitest loads: ESM only, as Vitest is. */
const vitestEntries = {
  'vitest/index': 'src/vitest-plugin/index.ts',
  'vitest/setup': 'src/vitest-plugin/setup.ts',
  'vitest/global-setup': 'src/vitest-plugin/global-setup.ts',
};

/** The entries a CommonJS project (Jest with ts-jest, as `nest new` makes it) may require: ESM and CommonJS. */
const dualEntries = {
  index: 'src/index.ts',
  'signers/index': 'src/signers/index.ts',
  'providers/index': 'src/providers/index.ts',
  'fast-check/index': 'src/harness/fast-check.ts',
  'msw/index': 'src/msw/index.ts',
  'emulator/index': 'src/emulator/index.ts',
  'store-contract/index': 'src/service/store/contract/index.ts',
  'jest/index': 'src/jest/index.ts',
  'jest/setup': 'src/jest/setup.ts',
  'jest/global-setup': 'src/jest/global-setup.ts',
  'jest/global-teardown': 'src/jest/global-teardown.ts',
  'node-test/index': 'src/node-test/index.ts',
};

const library = { ...dualEntries, ...vitestEntries };

/** The JavaScript: the ESM library and CLI, the CommonJS build, the dashboard's page (all run at once). */
const javascript: Options[] = [
  {
    // One graph for the library and the CLI, so shared code and the lazily loaded payload builders
    // are emitted once. The declarations are the run below's.
    entry: { ...library, 'cli/index': 'src/cli/index.ts' },
    format: 'esm',
    target: 'node20',
    platform: 'node',
    // Keep `node:` on builtins: node:test (relaykit/node-test) and node:sqlite exist only under that name.
    removeNodeProtocol: false,
    // Jest's runtime hands @jest/globals to the test file that asks (relaykit/jest/setup): never bundled.
    external: ['@jest/globals'],
    splitting: true,
    sourcemap: true,
    // The dashboard's client and the CommonJS build are the other builds' (all run at once).
    clean: ['!dashboard/**', '!cjs/**'],
  },
  {
    // The CommonJS build, in dist/cjs/ (`.cjs`; its `.d.cts` declarations are the ESM build's, which
    // scripts/cjs-types.mjs copies after this), for the `require` condition of the exports map. Jest's
    // CommonJS runtime loads it with its own require, which cannot load an ES module (before Node 24.9):
    // so @faker-js/faker (ESM only) is bundled in, and every lazy import() becomes a require (sucrase
    // turns the split chunks' import() into one; `dynamic-import: false` makes esbuild do so too).
    entry: dualEntries,
    outDir: 'dist/cjs',
    format: 'cjs',
    target: 'node20',
    platform: 'node',
    removeNodeProtocol: false,
    external: ['@jest/globals'],
    splitting: true,
    // import.meta.url (createRequire, relay.ts loading, the dashboard's files) from the file's own path.
    shims: true,
    noExternal: [/^@faker-js\/faker/],
    esbuildOptions(options) {
      options.supported = { ...options.supported, 'dynamic-import': false };
    },
    sourcemap: false,
    clean: true,
  },
  {
    // The dashboard's page (src/dashboard-client): one minified script and its style sheet, served by
    // the service from dist/dashboard/ (src/service/dashboard/assets.ts). No source map: it ships.
    entry: { app: 'src/dashboard-client/main.ts' },
    outDir: 'dist/dashboard',
    format: 'esm',
    target: ['chrome109', 'firefox115', 'safari16'],
    platform: 'browser',
    minify: true,
    splitting: false,
    sourcemap: false,
    clean: true,
    outExtension: () => ({ js: '.js' }),
  },
];

/**
 * The library entries' declarations, bundled per entry like the JavaScript (dist/index.d.ts and its shared chunks)
 * from the `.d.ts` files that tsc has written for src/ into `types` (tsconfig.build.json). tsup's own declaration
 * build compiled the sources again in a second TypeScript program, file by file: 52 of the build's 58 s of CPU,
 * where tsc takes 12 and the bundling 3.
 */
const declarations = (types: string): Options => ({
  entry: Object.fromEntries(Object.entries(library).map(([name, file]) => [name, path.join(types, path.relative('src', file).replace(/\.ts$/, '.d.ts'))])),
  dts: { only: true },
  format: 'esm',
  outDir: 'dist',
  external: ['@jest/globals'],
  clean: false,
});

/**
 * `npm run build` (scripts/build.mjs) runs tsup twice: for the JavaScript beside tsc, then, with RELAYKIT_TYPES
 * naming tsc's output folder, for the declarations.
 */
const types = process.env.RELAYKIT_TYPES;
export default defineConfig(types ? [declarations(types)] : javascript);
