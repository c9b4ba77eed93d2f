/** Clerk's credential check: `Authorization: Bearer sk_…`, else 401. */
import { authorization, credentialAccepted } from '../../shared/api/index.js';
import { clerkError } from './errors.js';

const KEY_SHAPE = /^sk_(test|live)_[A-Za-z0-9]+$/;

/** The 401 Clerk gives, or `undefined` when the request carries an acceptable secret key. */
export function checkClerkKey(request: Request, expected: readonly string[] | undefined): Response | undefined {
  const auth = authorization(request);
  if (!auth) {
    return clerkError(401, {
      message: 'Invalid authentication',
      long_message: 'Unable to authenticate the request, you need to supply an active API key (Authorization: Bearer <secret key>).',
      code: 'authentication_invalid',
    });
  }
  if (auth.scheme !== 'bearer' || auth.value === '') {
    return clerkError(401, {
      message: 'Invalid Authorization header format',
      long_message: "Invalid Authorization header format. Must be 'Bearer <YOUR_API_KEY>'",
      code: 'authorization_header_format_invalid',
    });
  }
  if (!credentialAccepted(auth.value, expected, KEY_SHAPE)) {
    const text = 'The provided Clerk Secret Key is invalid. Make sure that your Clerk Secret Key is correct.';
    return clerkError(401, { message: text, long_message: text, code: 'clerk_key_invalid' });
  }
  return undefined;
}
