import { SVIX_SIGNATURE_HEADERS, svixNormalize, svixScheme, svixSecret, svixSign, svixVerify } from '../shared/svix-plugin.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';

const SECRET_ENV = 'RESEND_WEBHOOK_SECRET';

/**
 * Resend (email), delivered through Svix: `svix-id`, `svix-timestamp`, `svix-signature`.
 * @example
 * resend.catalog.eventTypes.includes('email.delivered'); // true
 */
export const resend: BuiltInProvider = {
  id: 'resend',
  name: 'Resend',
  secretEnv: SECRET_ENV,
  catalog,
  scheme: svixScheme,
  signatureHeaders: SVIX_SIGNATURE_HEADERS,
  verify: svixVerify(SECRET_ENV),
  normalize: svixNormalize('Resend'),
  sign: svixSign,
  generateSecret: svixSecret,
  loadBuilder: () => import('./build.js').then((m) => m.builder),
};
