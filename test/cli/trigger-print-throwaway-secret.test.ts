/**
 * `relay trigger --print` without the provider's secret: one throwaway secret signs and one stderr line says
 * so, for a fixture as for a built delivery (the fixture's case had no test when its code was merged with the
 * other's), and the event type is still checked before the secret.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFixture, formatFixture } from '../../src/harness/fixture.js';
import { relay } from './bin.js';

const dir = mkdtempSync(path.join(tmpdir(), 'relay-print-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const notice = (name: string) => `relay trigger: ${name} is not set; signed with a throwaway secret (--print sends nothing)\n`;

describe('relay trigger --print with the secret unset', () => {
  it('signs a fixture with a throwaway secret and says so once', async () => {
    const file = path.join(dir, 'order.json');
    const body = JSON.stringify({ id: 820982911946154500, email: 'jon@example.com' });
    writeFileSync(file, formatFixture(createFixture({ provider: 'shopify', type: 'shopify.orders/create', headers: {}, body, receivedAt: '2026-01-01T00:00:00.000Z' }, { scrub: false })));
    const result = await relay(['trigger', '--fixture', file, '--print', '--forward', 'http://127.0.0.1:9']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(notice('SHOPIFY_WEBHOOK_SECRET'));
    expect(result.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:9\/api\/webhook\/shopify\n/);
    expect(result.stdout).toMatch(/^X-Shopify-Hmac-Sha256: \S+$/im);
  });

  it('says nothing when the secret is set, and still names a mistyped type before the secret', async () => {
    const set = await relay(['trigger', 'clerk', 'user.created', '--print'], { env: { CLERK_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toBe('');
    const typo = await relay(['trigger', 'clerk', 'user.craeted', '--print']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^relay: Unknown Clerk event type "user\.craeted"\..*\n$/);
  });
});
