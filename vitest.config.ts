import { defineConfig } from 'vitest/config';

// CI asks for a JSON report beside the console one, to print its closing "N passed, N failed" line.
const jsonReport = process.env.RELAY_VITEST_JSON;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
  },
});
