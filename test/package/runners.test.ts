/**
 * The packed package under the other runners users run, as new projects of theirs: the NestJS example
 * (`examples/nestjs-jest`: CommonJS, Jest with ts-jest, as `nest new` makes it) runs `npx jest` with
 * relaykit/jest's global setup and matchers and type-checks with tsc; a project in Jest's ESM mode runs
 * the same entries from the ESM build; the Express example (`examples/express-node-test`) runs under
 * `node --test` with relaykit/node-test. Each example's tests must also fail when its handler is
 * broken, with the message the matcher prints under Vitest.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBeAccepted } from '../../src/testing/matchers.js';
import { exec, packedProject, root } from './packed.js';

/** What the three projects use besides relaykit (linked from this repo's node_modules). */
const userPackages = [
  'better-sqlite3',
  'jest',
  'ts-jest',
  '@jest/globals',
  '@types/jest',
  'expect',
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  '@nestjs/testing',
  'reflect-metadata',
  'rxjs',
  'stripe',
  '@octokit/webhooks',
  '@octokit/webhooks-methods',
  'express',
  '@types/express',
  'typescript',
  '@types/node',
];

/**
 * A spec's imports under the tsconfig of Nest 10 projects (`module: commonjs`, so Node10 resolution,
 * which reads no `exports`: package.json's `types` and `typesVersions` have to serve). One small file,
 * so that tsc loads relaykit's and Jest's types and not the app's dependencies'.
 */
const NEST10 = {
  'tsconfig.nest10.json': JSON.stringify({
    compilerOptions: { module: 'commonjs', target: 'ES2021', strictNullChecks: true, skipLibCheck: true, types: ['node', 'jest'], noEmit: true },
    files: ['nest10.check.ts'],
  }),
  'nest10.check.ts': `
import { expect as jestExpect } from '@jest/globals';
import { triggerWebhook } from 'relaykit';
import { relayFixture, type TriggerResult } from 'relaykit/jest';
import { assertRejected } from 'relaykit/node-test';

export async function check(): Promise<TriggerResult> {
  const result = await triggerWebhook('stripe', 'invoice.paid');
  expect(result).toBeAccepted();
  jestExpect(result).not.toBeRejectedAsForgery();
  assertRejected(result);
  await relayFixture().settled(result.execution!.id);
  // @ts-expect-error a status is a number: the result is typed, not any
  const status: string = result.status;
  return status === '' ? result : result;
}
`,
};

/** The ESM Jest project: `"type": "module"`, no transform, Jest run with --experimental-vm-modules. */
const ESM_PROJECT = {
  'package.json': JSON.stringify({
    name: 'jest-esm',
    private: true,
    type: 'module',
    jest: {
      transform: {},
      testEnvironment: 'node',
      globalSetup: 'relaykit/jest/global-setup',
      globalTeardown: 'relaykit/jest/global-teardown',
      setupFilesAfterEnv: ['relaykit/jest/setup'],
    },
  }),
  'webhooks.test.js': `
import { expect, test } from '@jest/globals';
import { relayFixture, triggerWebhook } from 'relaykit/jest';

test('the run service stores and handles a signed push', async () => {
  const result = await triggerWebhook('github', 'push');
  expect(result).toBeAccepted();
  expect((await relayFixture().settled(result.execution.id)).eventType).toBe('github.push');
});

test('a push signed with another secret is refused', async () => {
  expect(await triggerWebhook('github', 'push', { secret: 'not-ours' })).toBeRejectedAsForgery();
});
`,
};

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let dir: string;
const env = { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' };

function run(args: string[], cwd: string): Promise<Run> {
  return exec(process.execPath, args, { cwd, env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/** Copies an example into `to` with `from` replaced by `by` in one of its files (which must contain it). */
function broken(example: string, to: string, file: string, from: string, by: string): void {
  cpSync(path.join(root, 'examples', example), to, { recursive: true });
  const source = readFileSync(path.join(to, file), 'utf8');
  expect(source, `${file} no longer contains ${from}`).toContain(from);
  writeFileSync(path.join(to, file), source.replace(from, by));
}

let nest: Promise<Run>;
let nestTypes: Promise<Run>;
let nest10Types: Promise<Run>;

beforeAll(async () => {
  dir = await packedProject(userPackages);
  // The NestJS example is the project itself, as nest new makes it: package.json, tsconfig.json, src/.
  cpSync(path.join(root, 'examples/nestjs-jest'), dir, { recursive: true });
  cpSync(path.join(root, 'examples/express-node-test'), path.join(dir, 'express-node-test'), { recursive: true });
  mkdirSync(path.join(dir, 'jest-esm'));
  for (const [name, text] of Object.entries(ESM_PROJECT)) writeFileSync(path.join(dir, 'jest-esm', name), text);
  const jest = path.join(dir, 'node_modules/jest/bin/jest.js');
  // Jest once over all of the example's tests; tsc beside it (ts-jest does not type-check under isolatedModules).
  nest = run([jest, '--ci', '--json', `--outputFile=${path.join(dir, 'nest.json')}`], dir);
  for (const [name, text] of Object.entries(NEST10)) writeFileSync(path.join(dir, name), text);
  const tsc = path.join(dir, 'node_modules/typescript/bin/tsc');
  nestTypes = run([tsc, '--noEmit', '-p', dir], dir);
  nest10Types = nestTypes.then(() => run([tsc, '-p', path.join(dir, 'tsconfig.nest10.json')], dir));
}, 120_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('relaykit/jest in a NestJS project (CommonJS, ts-jest)', () => {
  it('runs the Stripe and GitHub controllers\' specs green with the global setup and the matchers, and a payment through the run\'s emulator', async () => {
    const result = await nest;
    const report = JSON.parse(readFileSync(path.join(dir, 'nest.json'), 'utf8')) as {
      numPassedTests: number;
      testResults: { assertionResults: { fullName: string; status: string }[] }[];
    };
    const tests = report.testResults.flatMap((file) => file.assertionResults.map((test) => `${test.fullName}: ${test.status}`));
    expect(tests.every((test) => test.endsWith(': passed')), `${tests.join('\n')}\n${result.stderr}`).toBe(true);
    expect(report.numPassedTests).toBe(6);
    expect(result.code).toBe(0);
  }, 120_000);

  it('type-checks the matchers on the global expect (@types/jest) and on @jest/globals\' expect, through the .d.cts types', async () => {
    const result = await nestTypes;
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it("type-checks relaykit, relaykit/jest and their matchers under Nest 10's module: commonjs (Node10 resolution, through typesVersions)", async () => {
    const result = await nest10Types;
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('fails the Stripe spec when the controller verifies with the wrong secret, with the message Vitest prints', async () => {
    await nest; // one Jest at a time on this machine
    const copy = path.join(dir, 'nest-broken');
    broken('nestjs-jest', copy, 'src/stripe/stripe-webhook.controller.ts', 'process.env.STRIPE_WEBHOOK_SECRET!', "'whsec_not_the_one_relaykit_signs_with'");
    // The example's moduleNameMapper names <rootDir>/../node_modules: the copy's own root needs one.
    symlinkSync(path.join(dir, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const result = await run([path.join(dir, 'node_modules/jest/bin/jest.js'), '--ci', 'src/stripe'], copy);
    expect(result.code).toBe(1);
    // The same text toBeAccepted() gives Vitest, for the 400 the controller answers.
    const vitestMessage = toBeAccepted({ status: 400, body: '' }).message().replace(': (empty body)', ': ');
    expect(result.stderr).toContain(vitestMessage);
    expect(result.stderr).toMatch(/Tests:\s+1 failed, 2 passed, 3 total/);
  }, 120_000);
});

describe('relaykit/jest in Jest\'s ESM mode', () => {
  it('runs a test file of a "type": "module" project from the ESM build', async () => {
    await nest;
    const result = await run(['--experimental-vm-modules', path.join(dir, 'node_modules/jest/bin/jest.js'), '--ci'], path.join(dir, 'jest-esm'));
    expect(result.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
    expect(result.code).toBe(0);
  }, 120_000);
});

describe('relaykit/node-test in an Express project', () => {
  it('runs the example green with node --test', async () => {
    const result = await run(['--test', '--test-reporter=tap'], path.join(dir, 'express-node-test'));
    expect(result.stdout).toMatch(/# pass 4\n# fail 0/);
    expect(result.code).toBe(0);
  }, 60_000);

  it("runs it with one service for the whole run (startRelay, then node:test's run()), which the test files inherit", async () => {
    const result = await run(['run-tests.js'], path.join(dir, 'express-node-test'));
    expect(result.stdout).toMatch(/pass 4\n.*fail 0/);
    // The file's delivery without a target reached the run's service, not one of the file's own, and so
    // did the run's emulator's deliveries of the file's payment (newest first).
    expect(result.stdout).toContain(
      "The run's service stored: stripe.charge.updated, stripe.payment_intent.succeeded, stripe.charge.succeeded, stripe.payment_intent.created, stripe.charge.succeeded\n",
    );
    expect(result.code).toBe(0);
  }, 60_000);

  it('fails when the handler verifies with the wrong secret, with an AssertionError carrying the matcher\'s message', async () => {
    const copy = path.join(dir, 'express-broken');
    broken('express-node-test', copy, 'app.js', 'process.env.STRIPE_WEBHOOK_SECRET', "'whsec_not_the_one_relaykit_signs_with'");
    const result = await run(['--test', '--test-reporter=tap'], copy);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('expected the delivery to be accepted (2xx), but the target answered 400: ');
    expect(result.stdout).toContain("code: 'ERR_ASSERTION'");
    expect(result.stdout).toMatch(/# pass 2\n# fail 2/);
  }, 60_000);
});
