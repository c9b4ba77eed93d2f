/**
 * `relay trigger` with a type the catalog lacks tells the user the CLI's flag, `--allow-unknown-type`,
 * not the library's option (`allowUnknownType: true`), which a CLI user cannot pass.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { secrets } from '../service/official.js';
import { cleanUp, relay } from './bin.js';

afterAll(cleanUp);

describe('an unknown event type', () => {
  it('is refused by relay trigger with the CLI flag to send it anyway, not the JS option', async () => {
    const result = await relay(['trigger', 'stripe', 'payment_intent.succeded', '--print'], { env: { STRIPE_WEBHOOK_SECRET: secrets.stripe } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^relay: Unknown Stripe event type "payment_intent\.succeded"\. Close matches: payment_intent\.succeeded/);
    expect(result.stderr).toContain('add --allow-unknown-type');
    expect(result.stderr).not.toContain('allowUnknownType');
    expect(result.stderr.split('\n')).toHaveLength(2);
  });

  it('is refused by buildDelivery with the JS option', async () => {
    await expect(buildDelivery('stripe', 'payment_intent.succeded', { secret: secrets.stripe })).rejects.toThrow(/pass allowUnknownType: true/);
  });
});
