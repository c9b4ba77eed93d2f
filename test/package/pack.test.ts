/**
 * The package as a user installs it: `npm pack`, the tarball unpacked into a fresh project's
 * node_modules (its dependencies linked from this repo's, since the machine is offline), then the
 * examples copied there and run by Vitest with the relaykit plugin, and type-checked by tsc against
 * the published declarations. This checks the `files` list, the exports map, the plugin and the types.
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exec, packedProject, root } from './packed.js';

/**
 * What the examples need besides relaykit: its peers and the official verifiers they use, and
 * better-sqlite3, which the README asks Node 20 users to install (Node 22 and 24 need none).
 */
const userPackages = ['better-sqlite3', 'vitest', 'fast-check', 'msw', 'stripe', '@octokit/webhooks', 'express', '@types/express', 'hono', '@clerk/backend', 'resend', '@shopify/shopify-api', 'probot', '@octokit/rest', '@octokit/auth-app', 'typescript', '@types/node'];

/** Each example folder's tests: all must run and pass. */
const examplesPassing: Record<string, number> = {
  'clerk-emulator': 2,
  'express-github': 2,
  'github-emulator': 2,
  'hono-clerk': 3,
  'msw-own-handlers': 2,
  'nextjs-stripe': 3,
  'probot-app': 3,
  'resend-emulator': 2,
  'shopify-emulator': 2,
  'stripe-emulator': 1,
  'stripe-idempotency': 3,
  'stripe-subscriptions': 4,
};

/** The examples runners.test.ts runs (under Jest and node:test), not Vitest. */
const OTHER_RUNNERS = new Set(['nestjs-jest', 'express-node-test']);

let dir: string;
/** The examples' `tsc -p` run, started once the project is ready. */
let typecheck: Promise<{ stdout: string }>;

beforeAll(async () => {
  dir = await packedProject(userPackages);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'user-app', private: true, type: 'module' }));
  // The Jest and node:test examples are runners.test.ts's: they have runners and a tsconfig of their own.
  cpSync(path.join(root, 'examples'), dir, { recursive: true, filter: (source) => !OTHER_RUNNERS.has(path.basename(source)) });
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
      include: ['**/*.ts'],
      exclude: ['node_modules'],
    }),
  );
  // The examples' type check runs beside their tests (the Probot ones wait on Probot's throttle).
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  typecheck = exec(process.execPath, [tsc, '-p', dir], { cwd: dir }).catch((error: { stdout: string }) => error);
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the packed package in a user project', () => {
  it('ships dist and nothing of the sources or tests', () => {
    const shipped = readdirSync(path.join(dir, 'node_modules', 'relaykit')).sort();
    expect(shipped).toEqual(['README.md', 'dist', 'package.json']);
  });

  it("runs the examples' tests with the plugin, triggerWebhook, assertRejectsForgeries and the Stripe emulator", async () => {
    const report = path.join(dir, 'report.json');
    const vitest = path.join(dir, 'node_modules/vitest/vitest.mjs');
    const run = await exec(process.execPath, [vitest, 'run', '--reporter=json', `--outputFile=${report}`], {
      cwd: dir,
      env: { PATH: process.env.PATH, NO_COLOR: '1' },
    }).catch((error: { stdout: string; stderr: string }) => error);
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numTotalTests: number;
      numPassedTests: number;
      testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
    };
    const results = json.testResults.flatMap((f) => f.assertionResults.map((t) => `${path.relative(dir, f.name)} > ${t.fullName}: ${t.status}`));
    expect(results.every((r) => r.endsWith(': passed')), `${results.join('\n')}\n${run.stderr}`).toBe(true);
    // Every example folder ran, each with all its tests.
    const passedByExample: Record<string, number> = {};
    for (const file of json.testResults) {
      const example = path.relative(dir, file.name).split(path.sep)[0]!;
      passedByExample[example] = (passedByExample[example] ?? 0) + file.assertionResults.filter((t) => t.status === 'passed').length;
    }
    expect(passedByExample).toEqual(examplesPassing);
  }, 120_000);

  it('type-checks the examples against the published declarations', async () => {
    const result = await typecheck;
    expect(result.stdout).toBe('');
  }, 120_000);
});
