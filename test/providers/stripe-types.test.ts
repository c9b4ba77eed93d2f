/**
 * Every catalogued Stripe payload, built by the real builder, type-checks as the matching member of
 * stripe-node's own `Stripe.Event` union under `strict`, with excess-property checks on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/stripe/build.js';
import { stripeEventTypes } from '../../src/providers/stripe/catalog.js';
import { DECIMAL_FIELDS } from '../../src/providers/stripe/generated/ids.js';
import { typecheck } from '../support/typecheck.js';

const NOW = Date.UTC(2026, 10, 21, 16, 29, 56);
/**
 * Several seeds per type: recipes branch (subscription-mode checkout, trialing subscriptions, …) and
 * walked shapes draw other enum values and branches. All 275 types × 3 seeds type-check in one program.
 */
const SEEDS = [1, 2, 3];

function buildEvent(eventType: string, seed: number): Record<string, unknown> {
  const { body } = builder.build({ eventType, faker: seededFaker(seed), now: NOW, data: undefined });
  return JSON.parse(body) as Record<string, unknown>;
}

/** Keys some resource types as stripe-node's `Decimal` (`unit_amount_decimal`, `metric_tons`). */
const DECIMAL_KEYS = new Set([...DECIMAL_FIELDS].map((field) => field.slice(field.lastIndexOf('.') + 1)));

/**
 * `value` as a TypeScript expression. stripe-node types `*_decimal` fields (and a few others, the
 * generator lists them in `DECIMAL_FIELDS`) as its branded `Decimal`, which its API client makes from
 * the decimal strings on the wire (webhook bodies carry the same strings); a decimal string under
 * such a key becomes `Stripe.Decimal.from("…")`, everything else stays a literal (the builder puts
 * no decimal string in a plain string field of the same name, e.g. a delivery's `metric_tons`).
 */
function literal(value: unknown, key = ''): string {
  if (typeof value === 'string' && DECIMAL_KEYS.has(key) && /^-?\d+(\.\d+)?$/.test(value)) return `Stripe.Decimal.from(${JSON.stringify(value)})`;
  if (Array.isArray(value)) return `[${value.map((v) => literal(v)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${literal(v, k)}`);
    return `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value);
}

function source(events: readonly { type: string; event: unknown }[]): string {
  const lines = [`import Stripe from 'stripe';`];
  events.forEach(({ type, event }, i) => {
    lines.push(`export const e${i} = ${literal(event)} satisfies Extract<Stripe.Event, { type: '${type}' }>;`);
  });
  return lines.join('\n');
}

/** One program for every file below: building a program over stripe-node's types takes seconds. */
const FILES: Record<string, string> = {
  'test/.generated/stripe-events.ts': source(
    stripeEventTypes.flatMap((type) => SEEDS.map((seed) => ({ type, event: buildEvent(type, seed) }))),
  ),
  // Negative controls: each must be reported, proving the check can fail.
  'test/.generated/stripe-missing.ts': (() => {
    const event = buildEvent('payment_intent.succeeded', 1) as { data: { object: Record<string, unknown> } };
    delete event.data.object.amount_received;
    return source([{ type: 'payment_intent.succeeded', event }]);
  })(),
  'test/.generated/stripe-excess.ts': (() => {
    const event = buildEvent('customer.created', 1) as { data: { object: Record<string, unknown> } };
    event.data.object.sources_count = 3;
    return source([{ type: 'customer.created', event }]);
  })(),
  'test/.generated/stripe-wrong-type.ts': source([{ type: 'payout.paid', event: { ...buildEvent('payout.paid', 1), type: 'payout.payed' } }]),
  // The generated `data` types: every built data.object is one, and a misspelt key is not.
  'test/.generated/stripe-data.ts': [
    `import type { StripeEventData } from '../../src/providers/stripe/generated/data-types.js';`,
    ...stripeEventTypes.map(
      (type, i) =>
        `export const d${i} = ${JSON.stringify((buildEvent(type, 1).data as { object: unknown }).object)} satisfies StripeEventData['${type}'];`,
    ),
  ].join('\n'),
  'test/.generated/stripe-data-typo.ts': [
    `import type { StripeEventData } from '../../src/providers/stripe/generated/data-types.js';`,
    `type DeepPartial<T> = T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;`,
    `export const ok: DeepPartial<StripeEventData['payment_intent.succeeded']> = { amount: 1, metadata: { order: 'A-1' }, shipping: null };`,
    `export const typo: DeepPartial<StripeEventData['payment_intent.succeeded']> = { amont: 1 };`,
    `export const wrongType: DeepPartial<StripeEventData['invoice.paid']> = { total: '12' };`,
  ].join('\n'),
  // The catalog is exactly stripe-node's union, and StripeEventData has exactly its keys per type
  // (stripe-node's `deleted?: void` marks a key the live resource never has, left out).
  'test/.generated/stripe-catalog.ts': [
    `import type Stripe from 'stripe';`,
    `import type { STRIPE_EVENT_TYPES } from '../../src/providers/stripe/generated/event-types.js';`,
    `import type { StripeEventData } from '../../src/providers/stripe/generated/data-types.js';`,
    `type Ours = (typeof STRIPE_EVENT_TYPES)[number];`,
    `type Obj<K> = Extract<Stripe.Event, { type: K }>['data']['object'];`,
    `type KeyDiff = { [K in Ours]: Exclude<keyof StripeEventData[K], keyof Obj<K>> | Exclude<keyof Obj<K>, keyof StripeEventData[K] | 'deleted'> }[Ours];`,
    `export const missing: [Exclude<Stripe.Event.Type, Ours>] extends [never] ? true : false = true;`,
    `export const extra: [Exclude<Ours, Stripe.Event.Type>] extends [never] ? true : false = true;`,
    `export const keys: [KeyDiff] extends [never] ? true : false = true;`,
    `export const control: [Exclude<Stripe.Event.Type, Exclude<Ours, 'payout.paid'>>] extends [never] ? true : false = true;`,
  ].join('\n'),
  'test/.generated/stripe-decimal.ts': `import type Stripe from 'stripe';\nexport const e = ${JSON.stringify(buildEvent('price.created', 1))} satisfies Extract<Stripe.Event, { type: 'price.created' }>;`,
};

describe('stripe payloads against stripe-node types', () => {
  let diagnostics: string[] = [];
  const of = (file: string) => diagnostics.filter((d) => d.startsWith(`test/.generated/${file}:`)).join('\n');

  beforeAll(() => {
    diagnostics = typecheck(FILES);
  });

  it('type-checks every catalog type (all 275 of stripe-node), for several seeds, with zero diagnostics', () => {
    expect(stripeEventTypes).toHaveLength(275);
    expect(diagnostics.filter((d) => d.startsWith('test/.generated/stripe-events.ts'))).toEqual([]);
    expect(FILES['test/.generated/stripe-events.ts']!.match(/satisfies Extract/g)).toHaveLength(stripeEventTypes.length * SEEDS.length);
  });

  it('reports a payment_intent.succeeded payload whose data.object lacks a required field', () => {
    expect(of('stripe-missing.ts')).toMatch(/amount_received/);
  });

  it('reports a field stripe-node does not know (excess property)', () => {
    expect(of('stripe-excess.ts')).toMatch(/sources_count/);
  });

  it("reports an event whose type is not in stripe-node's union", () => {
    expect(of('stripe-wrong-type.ts')).toMatch(/payout\.payed/);
  });

  it('reports decimal strings left as strings: stripe-node types them as its Decimal', () => {
    expect(of('stripe-decimal.ts')).toMatch(/unit_amount_decimal|Decimal/);
  });

  it('every built data.object is its generated StripeEventData type', () => {
    expect(of('stripe-data.ts')).toBe('');
    expect(FILES['test/.generated/stripe-data.ts']!.match(/satisfies StripeEventData/g)).toHaveLength(275);
  });

  it('reports a misspelt or mistyped key in a StripeEventData deep partial, and nothing else', () => {
    const reported = of('stripe-data-typo.ts');
    expect(reported).toMatch(/:4:.*amont/);
    expect(reported).toMatch(/:5:.*'string' is not assignable to type 'number'/);
    expect(reported.split('\n').filter((line) => /^test\/\.generated\/stripe-data-typo\.ts:/.test(line))).toHaveLength(2);
  });

  it("lists exactly stripe-node's event types, with exactly its keys per type in StripeEventData", () => {
    const reported = of('stripe-catalog.ts');
    // Only the control (a catalog without payout.paid) is reported.
    expect(reported).toMatch(/^test\/\.generated\/stripe-catalog\.ts:10:.*'true' is not assignable to type 'false'/);
    expect(reported.split('\n').filter((line) => line.startsWith('test/.generated/'))).toHaveLength(1);
  });

  it('reports nothing outside the generated files', () => {
    expect(diagnostics.filter((d) => !d.startsWith('test/.generated/'))).toEqual([]);
  });
});
