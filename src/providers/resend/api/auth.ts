/** Resend's credential check: `Authorization: Bearer re_…`; none is 401, a wrong one 403. */
import { bearerToken, credentialAccepted } from '../../shared/api/index.js';
import { resendError } from './errors.js';

const KEY_SHAPE = /^re_[A-Za-z0-9_]+$/;

/** The 401/403 Resend gives, or `undefined` when the request carries an acceptable key. */
export function checkResendKey(request: Request, expected: readonly string[] | undefined): Response | undefined {
  const key = bearerToken(request);
  if (key === undefined) {
    return resendError(401, 'missing_api_key', 'Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.');
  }
  if (!credentialAccepted(key, expected, KEY_SHAPE)) return resendError(403, 'invalid_api_key', 'API key is invalid');
  return undefined;
}
