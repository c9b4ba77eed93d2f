/**
 * `npm run bench:jest`: what relaykit's Jest global setup adds to a Jest run. One project, the same
 * three test files (each delivers signed webhooks to an in-process handler with `triggerWebhook` from
 * the CommonJS build), run as whole `jest` processes with two configs in alternating rounds:
 *
 * - baseline: the tests alone;
 * - relaykit: the same tests with `globalSetup: 'relaykit/jest/global-setup'`, `globalTeardown` and
 *   `setupFilesAfterEnv: ['relaykit/jest/setup']` (the reference service started and stopped for the run);
 * - emulate: the same, with `globals.relaykit.emulate: true` (every provider's emulator started too).
 *
 * Goal (issue 30): relaykit's run <= 1.15x the baseline's (the emulator's cost is printed beside it). A figure is the median of the rounds; the
 * ratio is the median of the per-round ratios, which cancels slow drift of the machine.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROUNDS = 10;
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-bench-jest-'));
mkdirSync(path.join(dir, 'node_modules'));
symlinkSync(root, path.join(dir, 'node_modules/relaykit'), 'dir');
symlinkSync(path.join(root, 'node_modules/jest'), path.join(dir, 'node_modules/jest'), 'dir');

const test = (provider: string, type: string) => `
const { triggerWebhook } = require('relaykit');
const handler = async (request) => new Response(JSON.stringify({ bytes: (await request.text()).length }), { status: 200 });
test('a signed ${provider} ${type} reaches the handler', async () => {
  for (let i = 0; i < 5; i++) {
    const result = await triggerWebhook('${provider}', '${type}', { target: handler, secret: 'whsec_YmVuY2gtamVzdC1zZWNyZXQ=' /* base64, as Svix (Clerk) requires */ });
    expect(result.status).toBe(200);
  }
});
`;
writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-jest', private: true }));
writeFileSync(path.join(dir, 'stripe.test.js'), test('stripe', 'payment_intent.succeeded'));
writeFileSync(path.join(dir, 'github.test.js'), test('github', 'push'));
writeFileSync(path.join(dir, 'clerk.test.js'), test('clerk', 'user.created'));
const base = { testEnvironment: 'node', rootDir: dir, cacheDirectory: path.join(dir, '.jest-cache') };
writeFileSync(path.join(dir, 'baseline.config.json'), JSON.stringify(base));
writeFileSync(
  path.join(dir, 'relaykit.config.json'),
  JSON.stringify({
    ...base,
    globalSetup: 'relaykit/jest/global-setup',
    globalTeardown: 'relaykit/jest/global-teardown',
    setupFilesAfterEnv: ['relaykit/jest/setup'],
  }),
);

writeFileSync(
  path.join(dir, 'emulate.config.json'),
  JSON.stringify({
    ...base,
    globals: { relaykit: { emulate: true } },
    globalSetup: 'relaykit/jest/global-setup',
    globalTeardown: 'relaykit/jest/global-teardown',
    setupFilesAfterEnv: ['relaykit/jest/setup'],
  }),
);

const jest = path.join(dir, 'node_modules/jest/bin/jest.js');

/** One whole `jest` run with a config, in milliseconds; a failing run stops the bench. */
function run(config: string): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [jest, '--ci', '--config', path.join(dir, config)], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - start) : reject(new Error(`jest --config ${config} exited ${code}\n${stderr}`))));
  });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

try {
  // Warm-up: Jest's transform cache and the OS's file cache, for both.
  await run('baseline.config.json');
  await run('relaykit.config.json');
  await run('emulate.config.json');
  const configs = ['baseline', 'relaykit', 'emulate'] as const;
  const times: Record<(typeof configs)[number], number[]> = { baseline: [], relaykit: [], emulate: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Each round in another order, so that no config always runs after the same one.
    const order = round % 2 === 0 ? configs : [...configs].reverse();
    for (const config of order) times[config].push(await run(`${config}.config.json`));
  }
  const ratio = (config: 'relaykit' | 'emulate') => median(times[config].map((ms, i) => ms / times.baseline[i]!));
  console.log(`jest run, 3 test files (${ROUNDS} rounds, median):`);
  console.log(`  baseline (no relaykit setup)        ${median(times.baseline).toFixed(0)} ms`);
  console.log(`  with relaykit's global setup        ${median(times.relaykit).toFixed(0)} ms   ratio ${ratio('relaykit').toFixed(3)}x (goal <= 1.15x)`);
  console.log(`  with the emulator too (emulate)     ${median(times.emulate).toFixed(0)} ms   ratio ${ratio('emulate').toFixed(3)}x`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
