import { defineConfig } from 'tsup';

const library = {
  index: 'src/index.ts',
  'signers/index': 'src/signers/index.ts',
  'providers/index': 'src/providers/index.ts',
  'vitest/index': 'src/vitest-plugin/index.ts',
  'vitest/setup': 'src/vitest-plugin/setup.ts',
  'vitest/global-setup': 'src/vitest-plugin/global-setup.ts',
  'fast-check/index': 'src/harness/fast-check.ts',
  'msw/index': 'src/msw/index.ts',
  'emulator/index': 'src/emulator/index.ts',
  'store-contract/index': 'src/service/store/contract/index.ts',
};

export default defineConfig([
  {
    // One graph for the library and the CLI, so shared code and the lazily loaded payload builders
    // are emitted once. Declarations only for the library entries.
    entry: { ...library, 'cli/index': 'src/cli/index.ts' },
    dts: { entry: library },
    format: 'esm',
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: true,
    // The dashboard's client is the other build's (both run at once).
    clean: ['!dashboard/**'],
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
]);
