import { createHash } from 'node:crypto';
import { stripe as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject } from '../shared/plugin-helpers.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

/**
 * Stripe (payments): `Stripe-Signature: t=…,v1=…`, HMAC-SHA256 keyed with the `whsec_` secret as is.
 * @example
 * stripe.catalog.resolve('payment_intent.succeeded'); // 'payment_intent.succeeded'
 */
export const stripe: BuiltInProvider = defineBuiltIn({
  id: 'stripe',
  name: 'Stripe',
  secretEnv: 'STRIPE_WEBHOOK_SECRET',
  catalog,
  scheme,
  verify: signer.verify,
  normalize: ({ json }) => {
    if (!isPlainObject(json) || typeof json.type !== 'string' || typeof json.id !== 'string' || json.id === '') {
      return invalid('The body is not a Stripe event: it needs string "id" (evt_…) and "type" fields.');
    }
    return { ok: true, event: { eventType: json.type, deliveryId: json.id, data: json } };
  },
  sign: (request) => {
    const headers = scheme.sign(request);
    // Test-mode deliveries also carry a v0 entry, a testing aid that verifiers ignore.
    const v0 = createHash('sha256').update(headers[signer.SIGNATURE_HEADER]!).digest('hex');
    return { [signer.SIGNATURE_HEADER]: `${headers[signer.SIGNATURE_HEADER]},v0=${v0}` };
  },
  loadBuilder: () => import('./build.js').then((m) => m.builder),
});
