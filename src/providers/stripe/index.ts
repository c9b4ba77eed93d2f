import { createHash } from 'node:crypto';
import { stripe as signer } from '../../signers/index.js';
import { signatureHeaderNames } from '../scheme.js';
import { invalid, isPlainObject, noSecret } from '../shared/plugin-helpers.js';
import { randomSecret } from '../shared/secrets.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

const SECRET_ENV = 'STRIPE_WEBHOOK_SECRET';

/**
 * Stripe (payments): `Stripe-Signature: t=…,v1=…`, HMAC-SHA256 keyed with the `whsec_` secret as is.
 * @example
 * stripe.catalog.resolve('payment_intent.succeeded'); // 'payment_intent.succeeded'
 */
export const stripe: BuiltInProvider = {
  id: 'stripe',
  name: 'Stripe',
  secretEnv: SECRET_ENV,
  catalog,
  scheme,
  signatureHeaders: signatureHeaderNames(scheme),
  verify: (request) =>
    request.secrets.length === 0
      ? noSecret(SECRET_ENV)
      : signer.verify({ headers: request.headers, body: request.body, secret: request.secrets, now: request.now }),
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
  generateSecret: () => randomSecret(scheme.secret),
  loadBuilder: () => import('./build.js').then((m) => m.builder),
};
