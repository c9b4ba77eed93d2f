import { svixProvider } from '../shared/svix-plugin.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import type { ClerkEventData } from './generated/data-types.js';
import { clerkFlows } from './flows.js';

/**
 * Clerk (authentication), delivered through Svix: `svix-id`, `svix-timestamp`, `svix-signature`.
 * @example
 * clerk.catalog.eventTypes.includes('user.created'); // true
 */
export const clerk: BuiltInProvider<'clerk', ClerkEventData> = svixProvider({
  id: 'clerk',
  name: 'Clerk',
  secretEnv: 'CLERK_WEBHOOK_SECRET',
  catalog,
  loadBuilder: () => import('./build.js').then((m) => m.builder),
  flows: { definitions: clerkFlows },
});
