import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      'signers/index': 'src/signers/index.ts',
      'providers/index': 'src/providers/index.ts',
    },
    format: 'esm',
    target: 'node20',
    platform: 'node',
    dts: true,
    splitting: true,
    sourcemap: true,
    clean: true,
  },
  {
    entry: { 'cli/index': 'src/cli/index.ts' },
    format: 'esm',
    target: 'node20',
    platform: 'node',
    splitting: true,
    sourcemap: true,
  },
]);
