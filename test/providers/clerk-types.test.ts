/**
 * Every fabricated Clerk payload, as the builder makes it, must satisfy @clerk/backend's
 * `WebhookEvent` (discriminated by `type`): every key the SDK requires, of the SDK's type. Clerk's
 * own webhooks spec is the catalog's source, and where it and the SDK (3.25) disagree the spec wins;
 * these are the only allowances, each backed by Clerk's spec or examples:
 * - keys the SDK does not declare (`passkeys`, `saml_accounts`, `invoice_id`, …) are allowed (no
 *   excess-property check here; test/providers/clerk-spec.test.ts closes the key set instead);
 * - verification objects (`verification_otp`, a domain's verification) carry no `id`, their `object`
 *   is `verification_…`, and a domain's deadline is `expire_at` (the SDK says `expires_at`);
 * - an optional SDK key may be null (`failed_at: null`, `canceled_at: null`, as Clerk's examples send);
 * - an `object` the SDK leaves open (its whole `ObjectType` list, as `SessionActivityJSON` does) may be
 *   one the list lacks: Clerk's session activity is `session_activity`;
 * - `role.deleted` and `permission.deleted` are deleted stubs (`DeletedObject`), not whole resources;
 * - `session.pending` (not in the SDK's union) is a session event like `session.created`;
 * - the SDK's `subscriptionItem.created` is not one of Clerk's 45 types.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { clerkEventTypes } from '../../src/providers/clerk/catalog.js';
import { builder } from '../../src/providers/clerk/build.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { typecheck } from '../support/typecheck.js';
import { header, source } from './clerk-sdk-check.js';

const now = 1_767_225_600_000;

function payload(eventType: string, seed: number): Record<string, unknown> {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: undefined }).body) as Record<string, unknown>;
}

function completeness(types: readonly string[]): string {
  return (
    `import type { WebhookEvent } from '@clerk/backend/webhooks';\n` +
    `const catalog = ${JSON.stringify(types)} as const;\n` +
    `type Catalogued = (typeof catalog)[number];\n` +
    `type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : A) : A;\n` +
    `export const missing: Is<Exclude<WebhookEvent['type'], Catalogued>, 'subscriptionItem.created'> = true;\n` +
    `export const extra: Is<Exclude<Catalogued, WebhookEvent['type']>, 'session.pending'> = true;\n`
  );
}

/** The bad inputs of the negative controls. */
function badPayloads(): Record<string, unknown>[] {
  const missing = payload('session.created', 1);
  delete (missing.data as Record<string, unknown>).client_id;
  const wrong = payload('user.created', 1);
  (wrong.data as Record<string, unknown>).banned = 'no';
  const whole = payload('role.created', 1);
  whole.type = 'role.deleted';
  return [missing, wrong, whole];
}

function dataFile(list: readonly { type: string; data: unknown }[]): string {
  return (
    `import type { ClerkEventData } from '../../src/providers/clerk/generated/data-types.js';\n` +
    list.map((d, i) => `export const d${i} = ${JSON.stringify(d.data)} satisfies ClerkEventData[${JSON.stringify(d.type)}];\n`).join('')
  );
}

describe('Clerk payloads against @clerk/backend types and the generated ClerkEventData', () => {
  // One compiler run for all the files (good and bad); each test reads the diagnostics of its own.
  let diagnostics: string[] = [];
  const of = (file: string) => diagnostics.filter((d) => d.startsWith(`test/.generated/${file}:`));
  beforeAll(() => {
    const payloads = [1, 2, 3].flatMap((seed) => clerkEventTypes.map((type) => payload(type, seed)));
    const typo = { type: 'user.created', data: { ...(payload('user.created', 2).data as object), frist_name: 'Ada' } };
    diagnostics = typecheck({
      'test/.generated/clerk-payloads.ts': source(payloads),
      'test/.generated/clerk-catalog.ts': completeness(clerkEventTypes),
      'test/.generated/clerk-bad-payloads.ts': source(badPayloads()),
      'test/.generated/clerk-bad-catalog.ts': completeness(clerkEventTypes.filter((t) => t !== 'subscriptionItem.freeTrialEnding')),
      'test/.generated/clerk-data.ts': dataFile(clerkEventTypes.map((type) => ({ type, data: payload(type, 1).data }))),
      'test/.generated/clerk-bad-data.ts': dataFile([typo]),
    });
  }, 60_000);

  it("type-checks every catalog payload (three seeds each) against WebhookEvent, and the catalog differs from the SDK's union only as Clerk's spec does", () => {
    expect(of('clerk-payloads.ts')).toEqual([]);
    expect(of('clerk-catalog.ts')).toEqual([]);
  });

  it('fails for a payload missing a required field, one with a field of the wrong type, a role.deleted that is not a stub, and a catalog missing a type (negative control)', () => {
    const lines = header.split('\n').length;
    const bad = of('clerk-bad-payloads.ts').join('\n');
    // A payload that fails is reported on its own line (tsc then names the first literal key it cannot place).
    expect(bad).toMatch(new RegExp(`clerk-bad-payloads\\.ts:${lines}:\\d+ `));
    expect(bad).toMatch(new RegExp(`clerk-bad-payloads\\.ts:${lines + 1}:\\d+ Type 'string' is not assignable to type 'boolean'`));
    expect(bad).toMatch(new RegExp(`clerk-bad-payloads\\.ts:${lines + 2}:\\d+ .*deleted: boolean`));
    expect(of('clerk-bad-catalog.ts').join('\n')).toMatch(/clerk-bad-catalog\.ts:5:\d+ .*subscriptionItem\.freeTrialEnding/);
  });

  it("accepts every payload's data as the generated ClerkEventData type of its event (excess keys checked), and rejects a misspelt key (negative control)", () => {
    expect(of('clerk-data.ts')).toEqual([]);
    expect(of('clerk-bad-data.ts').join('\n')).toMatch(/clerk-bad-data\.ts:2:\d+ .*frist_name/);
  });
});
