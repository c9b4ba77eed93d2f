/**
 * Every fabricated Resend payload, as the builder makes it, must satisfy the resend package's
 * `WebhookEventPayload` (discriminated by `type`), and the catalog must list exactly the 37 members
 * of its `WebhookEvent` union.
 */
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/providers/resend/build.js';
import { resendEventTypes } from '../../src/providers/resend/catalog.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { typecheck } from '../support/typecheck.js';

const now = 1_767_225_600_000;
const header = `import type { WebhookEvent, WebhookEventPayload } from 'resend';\n`;

function payload(eventType: string, seed: number): Record<string, unknown> {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: undefined }).body) as Record<string, unknown>;
}

/** One `export const` per payload, each on its own line so a diagnostic's line names the type. */
function source(payloads: readonly unknown[]): string {
  return header + payloads.map((p, i) => `export const e${i} = ${JSON.stringify(p)} satisfies WebhookEventPayload;\n`).join('');
}

function completeness(types: readonly string[]): string {
  return (
    header +
    `const catalog = ${JSON.stringify(types)} as const;\n` +
    `type Catalogued = (typeof catalog)[number];\n` +
    'type Wanted = WebhookEvent;\n' +
    `type Missing = Exclude<Wanted, Catalogued>;\n` +
    `type Extra = Exclude<Catalogued, Wanted>;\n` +
    `export const complete: [Missing, Extra] extends [never, never] ? true : { missing: Missing; extra: Extra } = true;\n`
  );
}

/**
 * Whether the generated `ResendEventData[T]` (the type of a `data` override's target) accepts every
 * `data` the package declares for `T` and has exactly its keys; `dataType` names the type checked.
 */
function faithful(types: readonly string[], dataType: string): string {
  return (
    header +
    `import type { ResendEventData } from '../../src/providers/resend/generated/data-types.js';\n` +
    `type Data<T> = Extract<WebhookEventPayload, { type: T }>['data'];\n` +
    `type Covers<A, B> = [B] extends [A] ? true : false;\n` +
    `type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;\n` +
    `type Checked<T extends WebhookEvent> = ${dataType};\n` +
    `export const faithful: { [T in WebhookEvent]: [Covers<Checked<T>, Data<T>>, SameKeys<Checked<T>, Data<T>>] } = {\n` +
    types.map((type) => `  '${type}': [true, true],\n`).join('') +
    `};\n`
  );
}

describe('Resend payloads against the resend package types', () => {
  it('type-checks every catalog payload (five seeds each) with satisfies WebhookEventPayload, the catalog is exactly the WebhookEvent union, and ResendEventData has each type\'s declared data', () => {
    const payloads = [1, 2, 3, 4, 5].flatMap((seed) => resendEventTypes.map((type) => payload(type, seed)));
    const diagnostics = typecheck({
      'test/.generated/resend-payloads.ts': source(payloads),
      'test/.generated/resend-catalog.ts': completeness(resendEventTypes),
      'test/.generated/resend-data-types.ts': faithful(resendEventTypes, 'ResendEventData[T]'),
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);

  it('fails for a payload missing a required field, one with an unknown field, a wrong enum value or a missing walked field, a catalog missing a type and a data type missing a key (negative control)', () => {
    const missing = payload('email.bounced', 1);
    delete (missing.data as Record<string, unknown>).message_id;
    const extra = payload('domain.created', 1);
    (extra.data as Record<string, unknown>).dns_provider = 'Cloudflare';
    const folder = payload('inbox.thread.created', 1);
    ((folder.data as Record<string, unknown>).thread as Record<string, unknown>).folder = 'outbox';
    const origin = payload('suppression.added', 1);
    delete (origin.data as Record<string, unknown>).origin;
    const diagnostics = typecheck({
      'test/.generated/resend-bad-payloads.ts': source([missing, extra, folder, origin]),
      'test/.generated/resend-bad-catalog.ts': completeness(resendEventTypes.filter((t) => t !== 'contact.topics.updated')),
      'test/.generated/resend-bad-data-types.ts': faithful(resendEventTypes, "T extends 'suppression.added' ? Omit<ResendEventData[T], 'origin'> : ResendEventData[T]"),
    }).join('\n');
    expect(diagnostics).toMatch(new RegExp(`resend-bad-data-types\\.ts:${8 + resendEventTypes.indexOf('suppression.added')}:\\d+ `));
    expect(diagnostics.match(/resend-bad-data-types/g)).toHaveLength(1);
    expect(diagnostics).toMatch(/resend-bad-payloads\.ts:2:\d+ .*message_id/s);
    expect(diagnostics).toMatch(/resend-bad-payloads\.ts:3:\d+ .*dns_provider/);
    expect(diagnostics).toMatch(/resend-bad-payloads\.ts:4:\d+ .*outbox/s);
    expect(diagnostics).toMatch(/resend-bad-payloads\.ts:5:\d+ .*origin/s);
    expect(diagnostics).toMatch(/resend-bad-catalog\.ts:7:\d+ .*contact\.topics\.updated/);
  }, 60_000);
});
