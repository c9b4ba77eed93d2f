/**
 * Every fabricated Clerk payload, as the builder makes it, must satisfy @clerk/backend's
 * `WebhookEvent` (discriminated by `type`, with excess-property checks on every nested literal), and
 * the catalog must list exactly the union's types.
 */
import { describe, expect, it } from 'vitest';
import { clerkEventTypes } from '../../src/providers/clerk/catalog.js';
import { builder } from '../../src/providers/clerk/build.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { typecheck } from '../support/typecheck.js';

const now = 1_767_225_600_000;
const header = `import type { WebhookEvent } from '@clerk/backend/webhooks';\n`;

function payload(eventType: string, seed: number): Record<string, unknown> {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: undefined }).body) as Record<string, unknown>;
}

/** One `export const` per payload, each on its own line so a diagnostic's line names the type. */
function source(payloads: readonly unknown[]): string {
  return header + payloads.map((p, i) => `export const e${i} = ${JSON.stringify(p)} satisfies WebhookEvent;\n`).join('');
}

function completeness(types: readonly string[]): string {
  return (
    header +
    `const catalog = ${JSON.stringify(types)} as const;\n` +
    `type Catalogued = (typeof catalog)[number];\n` +
    `type Missing = Exclude<WebhookEvent['type'], Catalogued>;\n` +
    `type Extra = Exclude<Catalogued, WebhookEvent['type']>;\n` +
    `export const complete: [Missing, Extra] extends [never, never] ? true : { missing: Missing; extra: Extra } = true;\n`
  );
}

describe('Clerk payloads against @clerk/backend types', () => {
  it('type-checks every catalog payload (three seeds each) with satisfies WebhookEvent, and the catalog covers the union exactly', () => {
    const payloads = [1, 2, 3].flatMap((seed) => clerkEventTypes.map((type) => payload(type, seed)));
    const diagnostics = typecheck({
      'test/.generated/clerk-payloads.ts': source(payloads),
      'test/.generated/clerk-catalog.ts': completeness(clerkEventTypes),
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('fails for a payload missing a required field, one with an unknown field, and a catalog missing a type (negative control)', () => {
    const missing = payload('session.created', 1);
    delete (missing.data as Record<string, unknown>).client_id;
    const extra = payload('user.created', 1);
    (extra.data as Record<string, unknown>).gender = '';
    const diagnostics = typecheck({
      'test/.generated/clerk-bad-payloads.ts': source([missing, extra]),
      'test/.generated/clerk-bad-catalog.ts': completeness(clerkEventTypes.filter((t) => t !== 'subscriptionItem.freeTrialEnding')),
    }).join('\n');
    expect(diagnostics).toMatch(/clerk-bad-payloads\.ts:2:\d+ .*client_id/s);
    expect(diagnostics).toMatch(/clerk-bad-payloads\.ts:3:\d+ .*gender/);
    expect(diagnostics).toMatch(/clerk-bad-catalog\.ts:6:\d+ .*subscriptionItem\.freeTrialEnding/);
  }, 60_000);
});
