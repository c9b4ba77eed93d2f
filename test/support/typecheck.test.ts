import { describe, expect, it } from 'vitest';
import { typecheck } from './typecheck.js';

describe('typecheck (test support)', () => {
  it('reports no diagnostics for a literal that satisfies an official type', () => {
    const source = `import type { WebhookEvent } from '@clerk/backend/webhooks';
const e = { type: 'user.deleted', object: 'event', data: { deleted: true, id: 'user_1', object: 'user' },
  timestamp: 1, instance_id: 'ins_1', event_attributes: { http_request: { client_ip: '', user_agent: '' } } } satisfies WebhookEvent;
export { e };`;
    expect(typecheck({ 'test/.generated/ok.ts': source })).toEqual([]);
  });

  it('reports the missing fields of a skeletal Stripe event', () => {
    const source = `import type Stripe from 'stripe';
const e = { id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } } satisfies Stripe.PaymentIntentSucceededEvent;
export { e };`;
    const diagnostics = typecheck({ 'test/.generated/bad.ts': source });
    expect(diagnostics.join('\n')).toMatch(/test\/\.generated\/bad\.ts:2:\d+/);
  });
});
