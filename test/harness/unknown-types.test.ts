/**
 * Issue 12 item 6: a type relaykit does not know fails the same way for every provider, before
 * anything is built or signed; `allowUnknownType` opts in to the provider's generic envelope, which
 * verifies and normalizes back to the type as typed.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery, RelayError } from '../../src/index.js';
import { getProvider } from '../../src/providers/index.js';

const cases = [
  { provider: 'stripe', secret: 'whsec_test_secret', typo: 'payment_intent.succeded', close: 'payment_intent.succeeded', fresh: 'widget.polished' },
  { provider: 'github', secret: 'gh-secret', typo: 'issues.opend', close: 'issues.opened', fresh: 'widget.polished' },
  { provider: 'shopify', secret: 'shpss_secret', typo: 'orders/craete', close: 'orders/create', fresh: 'widgets/polish' },
  { provider: 'clerk', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', typo: 'user.craeted', close: 'user.created', fresh: 'widget.polished' },
  { provider: 'resend', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', typo: 'email.deliverd', close: 'email.delivered', fresh: 'widget.polished' },
];
const at = Date.UTC(2026, 10, 21, 16, 0, 0);

async function refusal(run: () => Promise<unknown>): Promise<RelayError> {
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RelayError);
  return error as RelayError;
}

describe.each(cases)('an unknown $provider type', ({ provider, secret, typo, close, fresh }) => {
  it('is refused with UNKNOWN_EVENT_TYPE and its close matches, even before a secret is set', async () => {
    for (const options of [{ secret }, { env: {} }]) {
      const error = await refusal(() => buildDelivery(provider, typo, options));
      expect(error.code).toBe('UNKNOWN_EVENT_TYPE');
      expect(error.message).toContain(`Close matches: ${close}`);
      expect(error.message).toContain(`relay events ${provider}`);
      expect(error.message).toContain('allowUnknownType: true');
    }
  });

  it('is sent in the generic envelope, with a warning, when allowUnknownType is given', async () => {
    const plugin = getProvider(provider);
    for (const type of [typo, fresh]) {
      const delivery = await buildDelivery(provider, type, { secret, timestamp: at, seed: 3, allowUnknownType: true, data: { relaykit_probe: 'kept' } });
      expect(delivery.eventType).toBe(type);
      expect(delivery.warning).toContain(`${type} is not a ${plugin.name} event type relaykit knows`);
      expect(await plugin.verify({ headers: delivery.headers, body: delivery.body, secrets: [secret], now: at })).toEqual({ ok: true });
      const normalized = plugin.normalize({ headers: delivery.headers, body: delivery.body, json: JSON.parse(delivery.body) });
      expect(normalized).toMatchObject({ ok: true, event: { eventType: type, deliveryId: delivery.deliveryId } });
      expect(JSON.stringify(JSON.parse(delivery.body))).toContain('"relaykit_probe":"kept"');
    }
    const known = await buildDelivery(provider, close, { secret, timestamp: at, allowUnknownType: true });
    expect(known.warning).toBeUndefined();
  });

  it('refuses a malformed type or flag even with allowUnknownType', async () => {
    expect((await refusal(() => buildDelivery(provider, 'two words', { secret, allowUnknownType: true }))).code).toBe('UNKNOWN_EVENT_TYPE');
    const flag = await refusal(() => buildDelivery(provider, close, { secret, allowUnknownType: 'yes' as never }));
    expect(flag).toMatchObject({ code: 'INVALID_OPTION', message: 'allowUnknownType must be true or false, got "yes".' });
  });
});
