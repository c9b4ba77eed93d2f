/**
 * A 401 for a signature that does not match names both causes: a different secret, or a body changed
 * after it was signed. A user whose body was parsed and serialised again (same secret) was told only that
 * the secrets differ, and went looking for the wrong fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialDelivery, secrets, type ProviderId } from './official.js';
import { startTarget, type Target } from './targets.js';

const providers = Object.keys(secrets) as ProviderId[];

let target: Target;
beforeAll(async () => {
  target = await startTarget('fetch', { secrets: { ...secrets } });
});
afterAll(async () => {
  await target.close();
});

describe.each(providers)('a %s delivery that does not verify', (provider) => {
  const env = `${provider.toUpperCase()}_WEBHOOK_SECRET`;

  it('is refused with a 401 that names the secret and a body changed after signing, when the body was serialised again', async () => {
    const { headers, body } = await officialDelivery(provider);
    // What a sender that parses its payload and stringifies it again sends: the same JSON, other bytes.
    const reserialised = JSON.stringify(JSON.parse(body) as unknown, null, 1);
    expect(reserialised).not.toBe(body);
    const answer = await target.send('POST', `/api/webhook/${provider}`, { headers, body: reserialised });
    expect(answer.status).toBe(401);
    const message = answer.json.error as string;
    expect(message).toContain(`different ${env} values`);
    expect(message).toMatch(/body (was )?changed after it was signed/);
    expect(message).toMatch(/parsed and serialised again/);
    expect(message).toMatch(/whitespace or key order/);
  });

  it('gives the same two causes when the secret differs', async () => {
    const other = provider === 'clerk' || provider === 'resend' ? 'whsec_b3RoZXIgc2VjcmV0IG9mIDI0IGJ5dGVzIQ==' : 'another-secret';
    const answer = await target.send('POST', `/api/webhook/${provider}`, await officialDelivery(provider, undefined, { secret: other }));
    expect(answer.status).toBe(401);
    expect(answer.json.error).toContain(`different ${env} values`);
    expect(answer.json.error).toMatch(/body (was )?changed after it was signed/);
  });
});
