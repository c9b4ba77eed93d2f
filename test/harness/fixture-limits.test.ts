/**
 * Fixture files past what relaykit reads: a file larger than MAX_FIXTURE_BYTES is refused from its size
 * before a byte is read, and JSON nested past MAX_JSON_DEPTH (in the file, or in its body text) is refused
 * before it is parsed: one line naming the file, exit 2, never a stack overflow.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FIXTURE_BYTES, readFixture } from '../../src/harness/fixture.js';
import { run } from '../cli/run.js';

const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-fixture-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DEEP = 200_000;
const fields = (body: string) =>
  `{"relaykitFixture":1,"provider":"stripe","eventType":"payment_intent.succeeded","headers":{},"body":${body},"capturedAt":"2026-11-23T10:00:00.000Z","scrubbed":[]}`;

function file(name: string, text: string): string {
  const target = path.join(dir, name);
  writeFileSync(target, text);
  return target;
}

describe('fixture files past the limits', () => {
  it(`refuses a file over MAX_FIXTURE_BYTES (${MAX_FIXTURE_BYTES / 1024 / 1024} MiB) from its size, naming the file and the limit`, async () => {
    const target = path.join(dir, 'huge.json');
    // Sparse: 300 MB by its size, no disk used; read whole it would be 300 MB of NULs and fail as "not valid JSON".
    writeFileSync(target, '');
    truncateSync(target, 300 * 1024 * 1024);
    await expect(readFixture(target)).rejects.toThrow(
      `the fixture ${target} is 300.0 MiB, more than relaykit reads (${MAX_FIXTURE_BYTES / 1024 / 1024} MiB): a fixture holds one delivery, and providers send at most 25 MB.`,
    );
  });

  it('refuses a body text nested 200,000 deep with one line, not a stack overflow', async () => {
    const target = file('deep-body.json', fields(JSON.stringify('['.repeat(DEEP) + ']'.repeat(DEEP))));
    await expect(readFixture(target)).rejects.toThrow(/^.*deep-body\.json: field "body" nests objects and arrays more than 128 deep/);
  });

  it('refuses a body object nested 200,000 deep with one line, not a stack overflow', async () => {
    const target = file('deep-object.json', fields('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)));
    await expect(readFixture(target)).rejects.toThrow(/deep-object\.json: nests objects and arrays more than 130 deep/);
  });

  it('relay trigger --fixture exits 2 with one line for a fixture nested 200,000 deep', async () => {
    const target = file('deep-cli.json', fields('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)));
    const result = await run(['trigger', '--fixture', target, '--to', 'http://127.0.0.1:9/webhooks/stripe'], { STRIPE_WEBHOOK_SECRET: 'whsec_test' });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('deep-cli.json: nests objects and arrays more than 130 deep');
    expect(result.stderr).not.toMatch(/call stack/);
  });
});
