import { svixProvider } from '../shared/svix-plugin.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import type { ResendEventData } from './generated/data-types.js';
import { resendFlows } from './flows.js';

/**
 * Resend (email), delivered through Svix: `svix-id`, `svix-timestamp`, `svix-signature`.
 * @example
 * resend.catalog.eventTypes.includes('email.delivered'); // true
 */
export const resend: BuiltInProvider<'resend', ResendEventData> = svixProvider({
  id: 'resend',
  name: 'Resend',
  secretEnv: 'RESEND_WEBHOOK_SECRET',
  catalog,
  loadBuilder: () => import('./build.js').then((m) => m.builder),
  flows: { definitions: resendFlows },
});
