/**
 * Every value a Stripe body has where its resource's shape lists a closed set (stripe-node's literal
 * unions, and the values its docs list, which `npm run gen` reads) is one of that set, in every
 * snapshot type, seeds 1-3: hand-built bodies included (a Checkout Session's `ui_mode`).
 */
import { describe, expect, it } from 'vitest';
import { listedValues } from '../../scripts/gen/stripe.js';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { stripeObjectProblems } from '../emulator/stripe-oracle.js';

const SEEDS = [1, 2, 3];
const T = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('listedValues: the closed sets stripe-node docs list', () => {
  it.each([
    ['The state of verification for the person. Possible values are `unverified`, `pending`, or `verified`. Please refer [guide](https://docs.stripe.com).', 'status', ['unverified', 'pending', 'verified']],
    ['The authentication `flow` of the source. `flow` is one of `redirect`, `receiver`, `code_verification`, `none`.', 'flow', ['redirect', 'receiver', 'code_verification', 'none']],
    ['The status of the code verification, either `pending` (awaiting verification, `attempts_remaining` should be greater than 0), `succeeded` or `failed`.', 'status', ['pending', 'succeeded', 'failed']],
    ['The returned file type (for example, `csv`, `pdf`, `jpg`, or `png`).', 'type', ['csv', 'pdf', 'jpg', 'png']],
    ['The connected account being referenced when `type` is `account`.', 'account', undefined],
    ['The type of the payment method used (e.g., `card`). An additional hash is included.', 'type', undefined],
  ])('%s', (doc, key, values) => {
    expect(listedValues(doc, key)).toEqual(values);
  });
});

describe('Stripe enums', () => {
  it('every type, seeds 1-3: no value outside its set', async () => {
    const outside: string[] = [];
    let checked = 0;
    for (const type of getProvider('stripe').catalog.eventTypes) {
      for (const seed of SEEDS) {
        const event = JSON.parse((await buildDelivery('stripe', type, { secret: 'whsec_enums', seed, timestamp: T })).body) as { data?: { object?: Record<string, unknown> } };
        if (event.data?.object === undefined) continue;
        checked++;
        for (const problem of stripeObjectProblems(event.data.object as never, type)) if (problem.includes(' is not one of ')) outside.push(`${type} seed ${seed} ${problem}`);
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(800);
  });
});
