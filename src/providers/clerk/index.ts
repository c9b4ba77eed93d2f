import { SVIX_SIGNATURE_HEADERS, svixNormalize, svixScheme, svixSecret, svixSign, svixVerify } from '../shared/svix-plugin.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';

const SECRET_ENV = 'CLERK_WEBHOOK_SECRET';

/**
 * Clerk (authentication), delivered through Svix: `svix-id`, `svix-timestamp`, `svix-signature`.
 * @example
 * clerk.catalog.eventTypes.includes('user.created'); // true
 */
export const clerk: BuiltInProvider = {
  id: 'clerk',
  name: 'Clerk',
  secretEnv: SECRET_ENV,
  catalog,
  scheme: svixScheme,
  signatureHeaders: SVIX_SIGNATURE_HEADERS,
  verify: svixVerify(SECRET_ENV),
  normalize: svixNormalize('Clerk'),
  sign: svixSign,
  generateSecret: svixSecret,
  loadBuilder: () => import('./build.js').then((m) => m.builder),
};
