/**
 * The dashboard's "Copy as" lines, from a detail answer alone: the curl line resends the stored bytes to
 * the mount path the answer names, and the relay trigger command and the Vitest test send the main
 * resource the answer carries (none for a provider relay trigger cannot build).
 */
import { describe, expect, it } from 'vitest';
import { asCurl, asTrigger, asVitest } from '../../src/dashboard-client/copy-as.js';
import type { DetailAnswer } from '../../src/service/dashboard/wire.js';

function detail(fields: Partial<DetailAnswer> & { provider: string; eventType: string }): DetailAnswer {
  const { provider, eventType, ...rest } = fields;
  return {
    execution: { eventType, event: { provider, data: {} } } as unknown as DetailAnswer['execution'],
    replays: [],
    headers: { 'content-type': 'application/json', host: 'localhost:3000', 'x-sig': 'v1=abc' },
    body: '{"kind":"body"}',
    verification: { status: 'verified', message: 'Verified.' },
    mountPath: `/api/webhook/${provider}`,
    mainResource: {},
    ...rest,
  };
}

describe('Copy as', () => {
  it('resends the stored bytes and headers to the mount path the answer names, without the transport headers', () => {
    const curl = asCurl(detail({ provider: 'acme', eventType: 'acme.order.paid', mountPath: '/hooks/acme-in' }), 'http://127.0.0.1:3000');
    expect(curl.split(' \\\n')).toEqual([
      'curl -X POST http://127.0.0.1:3000/hooks/acme-in',
      "  -H 'content-type: application/json'",
      "  -H 'x-sig: v1=abc'",
      `  --data-raw '{"kind":"body"}'`,
    ]);
  });

  it('sends the main resource the answer carries as --data and data, not the body', () => {
    const answer = detail({ provider: 'stripe', eventType: 'stripe.payment_intent.succeeded', mainResource: { id: 'pi_1', amount: 4321 } });
    expect(asTrigger(answer, 'http://127.0.0.1:3000')).toBe(
      `relay trigger stripe payment_intent.succeeded --forward http://127.0.0.1:3000 --data '{"id":"pi_1","amount":4321}'`,
    );
    const test = asVitest(answer)!;
    expect(test).toContain('await triggerWebhook("stripe", "payment_intent.succeeded", {');
    expect(test).toContain('"amount": 4321');
    expect(test).not.toContain('"kind"');
  });

  it('writes no relay trigger command and no Vitest test when the answer has no main resource', () => {
    const answer = detail({ provider: 'stripe', eventType: 'stripe.charge.succeeded', mainResource: null });
    expect(asTrigger(answer, 'http://127.0.0.1:3000')).toBeUndefined();
    expect(asVitest(answer)).toBeUndefined();
  });
});
