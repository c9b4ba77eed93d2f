/**
 * Every Stripe event notification, and the full event relaykit/msw answers its `fetchEvent()` with,
 * type-checks as the matching member of stripe-node's own unions (`Stripe.V2.Core.EventNotification`,
 * `Stripe.V2.Core.Event`) under `strict`, with excess-property checks on; negative controls prove
 * the check can fail.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { builder } from '../../src/providers/stripe/build.js';
import { thinEventTypes } from '../../src/providers/stripe/generated/thin-types.js';
import { fetchedThinEvent } from '../../src/providers/stripe/thin/fetched.js';
import { typecheck } from '../support/typecheck.js';

const NOW = Date.UTC(2026, 10, 21, 16, 29, 56);
/** One seed: which keys a notification has depends on its type alone (the runtime tests build three seeds). */
const SEEDS = [1];

function notification(eventType: string, seed: number): Record<string, unknown> {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now: NOW, data: undefined }).body) as Record<string, unknown>;
}

/** stripe-node's interface name of each notification type (naming the interface checks faster than `Extract` over the union). */
const EVENTS_DTS = readFileSync(new URL('../../node_modules/stripe/cjs/resources/V2/Core/Events.d.ts', import.meta.url), 'utf8');
const NAMES = new Map([...EVENTS_DTS.matchAll(/interface (\w+)EventNotification extends EventNotificationBase \{\n\s+type: '([^']+)';/g)].map((m) => [m[2]!, m[1]!]));

/**
 * The wire form against stripe-node's interfaces: the methods stripe-node adds when parsing are
 * left out, and `context` is the string on the wire (stripe-node parses it into a `StripeContext`).
 */
const NOTIFICATION = (type: string) =>
  `Omit<Stripe.V2.Core.Events.${NAMES.get(type)}EventNotification, 'fetchEvent' | 'fetchRelatedObject' | 'context'> & { context?: string }`;
const EVENT = (type: string) => `Omit<Stripe.V2.Core.Events.${NAMES.get(type)}Event, 'fetchRelatedObject'>`;

function source(checks: readonly { type: string; value: unknown; as: (type: string) => string }[]): string {
  const lines = [`import type Stripe from 'stripe';`];
  checks.forEach(({ type, value, as }, i) => lines.push(`export const n${i} = ${JSON.stringify(value)} satisfies ${as(type)};`));
  return lines.join('\n');
}

const FILES: Record<string, string> = {
  'test/.generated/stripe-thin.ts': source(
    thinEventTypes.flatMap((type) =>
      SEEDS.flatMap((seed) => {
        const n = notification(type, seed);
        return [
          { type, value: n, as: NOTIFICATION },
          { type, value: fetchedThinEvent(n as never), as: EVENT },
        ];
      }),
    ),
  ),
  // Negative controls: each must be reported.
  'test/.generated/stripe-thin-missing.ts': (() => {
    const n = notification('v1.billing.meter.updated', 1);
    delete n.related_object;
    return source([{ type: 'v1.billing.meter.updated', value: n, as: NOTIFICATION }]);
  })(),
  'test/.generated/stripe-thin-excess.ts': source([
    { type: 'v1.account.application.authorized', value: { ...notification('v1.account.application.authorized', 1), related_object: { id: 'ca_1', type: 'application', url: '/v1/x' } }, as: NOTIFICATION },
  ]),
  'test/.generated/stripe-thin-data.ts': (() => {
    const event = fetchedThinEvent(notification('v2.core.account_link.returned', 1) as never) as { data: Record<string, unknown> };
    delete event.data.account_id;
    return source([{ type: 'v2.core.account_link.returned', value: event, as: EVENT }]);
  })(),
};

describe('stripe event notifications against stripe-node types', () => {
  let diagnostics: string[] = [];
  const of = (file: string) => diagnostics.filter((d) => d.startsWith(`test/.generated/${file}:`)).join('\n');

  beforeAll(() => {
    diagnostics = typecheck(FILES);
  });

  it('type-checks every notification and its fetched event, for several seeds, with zero diagnostics', () => {
    expect(of('stripe-thin.ts')).toBe('');
    expect(NAMES.size).toBe(326);
    expect(FILES['test/.generated/stripe-thin.ts']!.match(/satisfies Omit<Stripe\.V2\.Core\.Events\.\w+EventNotification,/g)).toHaveLength(326 * SEEDS.length);
    expect(FILES['test/.generated/stripe-thin.ts']!.match(/satisfies Omit<Stripe\.V2\.Core\.Events\.\w+Event,/g)).toHaveLength(326 * SEEDS.length);
  });

  it('reports a notification that lacks the related_object its type declares', () => {
    expect(of('stripe-thin-missing.ts')).toMatch(/related_object/);
  });

  it('reports a related_object on a type that declares none (excess property)', () => {
    expect(of('stripe-thin-excess.ts')).toMatch(/related_object/);
  });

  it('reports a fetched event whose data lacks a required key', () => {
    expect(of('stripe-thin-data.ts')).toMatch(/account_id/);
  });
});
