/** Stripe's credential check: a secret key as Bearer (or HTTP Basic user), else 401. */
import { authorization, credentialAccepted, redactKey } from '../../shared/api/index.js';
import { stripeError } from './errors.js';

const KEY_SHAPE = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;

function keyOf(request: Request): string | undefined {
  const auth = authorization(request);
  if (!auth) return undefined;
  if (auth.scheme === 'bearer') return auth.value;
  if (auth.scheme === 'basic') return Buffer.from(auth.value, 'base64').toString('utf8').split(':')[0];
  return auth.value;
}

/** The 401 Stripe gives, or `undefined` when the request carries an acceptable key. */
export function checkStripeKey(request: Request, expected: readonly string[] | undefined): Response | undefined {
  const key = keyOf(request);
  if (key === undefined || key === '') {
    return stripeError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). " +
        'See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.',
    });
  }
  if (!credentialAccepted(key, expected, KEY_SHAPE)) {
    return stripeError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${redactKey(key)}` });
  }
  return undefined;
}
