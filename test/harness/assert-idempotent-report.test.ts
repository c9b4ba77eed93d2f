/**
 * A failing `assertIdempotent` prints its report, not its evidence: Vitest serialises every own property
 * of a thrown error (and of its cause), so bodies kept on the error used to print 175 KB under the
 * message. Run in a child Vitest as a user's test would, then the same failure in process to show the
 * evidence is still there for code that asks for it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertIdempotent, IdempotenceError } from '../../src/harness/assert-idempotent.js';

const root = path.resolve(import.meta.dirname, '../..');
const source = path.join(root, 'src/harness/assert-idempotent.ts');

/** A handler that counts every delivery it answers: a duplicate counts twice. */
const counting = `
let received = 0;
export const handler = {
  target: async () => { received++; return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }); },
  state: () => ({ received }),
  reset: () => { received = 0; },
};
`;

const options = `{ target: handler.target, flows: [['stripe', 'checkout-subscription']], state: handler.state, reset: handler.reset, numRuns: 20, seed: 1, secrets: { stripe: 'whsec_report_test' } }`;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `vitest run` over one failing test in a new project; resolves to what it printed. */
async function childVitest(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-idempotent-report-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(path.join(root, 'node_modules/vitest'), path.join(dir, 'node_modules/vitest'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  writeFileSync(path.join(dir, 'handler.ts'), counting);
  writeFileSync(
    path.join(dir, 'billing.test.ts'),
    `import { test } from 'vitest';\nimport { assertIdempotent } from ${JSON.stringify(source)};\nimport { handler } from './handler.js';\n` +
      `test('the counting handler is idempotent', async () => {\n  await assertIdempotent(${options});\n});\n`,
  );
  const child = spawn(process.execPath, [path.join(dir, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default'], {
    cwd: dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', CI: '1' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code, output.slice(0, 2000)).toBe(1);
  return output;
}

describe('assertIdempotent failure report', () => {
  it('prints the report in under 10 KB in Vitest, not the bodies it sent', async () => {
    const output = await childVitest();
    expect(output).toContain('assertIdempotent: the handler ended in a different state after stripe checkout-subscription');
    expect(output).toMatch(/Reproduce: assertIdempotent\(\{ …your options, seed: 1, replayPath: "[\d:]+" \}\)/);
    // No delivery body reached the output: a Stripe event body starts with its id and "object": "event".
    expect(output).not.toContain('"object": "event"');
    expect(Buffer.byteLength(output), 'bytes Vitest printed').toBeLessThan(10_000);
  }, 60_000);

  it('keeps the evidence on the error for code that reads it', async () => {
    let received = 0;
    const error = await assertIdempotent({
      target: async () => {
        received++;
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
      flows: [['stripe', 'checkout-subscription']],
      state: () => ({ received }),
      reset: () => {
        received = 0;
      },
      numRuns: 20,
      seed: 1,
      secrets: { stripe: 'whsec_report_test' },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IdempotenceError);
    const failure = error as IdempotenceError;
    expect(failure.seed).toBe(1);
    expect(failure.replayPath).toMatch(/^[\d:]+$/);
    expect(failure.flow).toEqual({ provider: 'stripe', name: 'checkout-subscription' });
    const { details } = failure;
    expect(details.deliveries.length).toBeGreaterThan(0);
    expect(details.deliveries[0]!.body).toContain('"object": "event"');
    expect(details.sent.length).toBeGreaterThan(details.deliveries.length);
    expect(details.steps).toHaveLength(details.sent.length);
    expect(details.expected).toEqual({ received: details.deliveries.length });
    expect(details.actual).toEqual({ received: details.sent.length });
    // What runners print: only the summary is enumerable, and JSON (Vitest's serialiser) gets the summary.
    expect(Object.keys(failure).sort()).toEqual(['flow', 'replayPath', 'seed']);
    const json = JSON.stringify(failure);
    expect(JSON.parse(json)).toMatchObject({ name: 'IdempotenceError', message: failure.message, seed: 1, flow: failure.flow });
    expect(json).not.toContain('Stripe-Signature');
    expect(json.length).toBeLessThan(10_000);
  });
});
