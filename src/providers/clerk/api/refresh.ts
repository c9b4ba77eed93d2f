/**
 * A membership carries its organization and its user's public data as they are now: after a write to
 * either, the stored memberships are re-stamped (Clerk sends no membership event for that), so that a
 * read agrees with the objects a membership names.
 */
import type { World } from '../../shared/api/index.js';
import { publicUserData } from './objects.js';
import { membershipOrganization, membershipUser } from './read.js';

/** Every stored membership of the organization or user, re-stamped with what they show now. */
export function refreshMemberships(world: World, of: { readonly organizationId?: string; readonly userId?: string }): void {
  for (const m of world.list('clerk', 'organization_membership')) {
    const orgId = String(membershipOrganization(m));
    const userId = String(membershipUser(m));
    if (orgId !== of.organizationId && userId !== of.userId) continue;
    const organization = world.get('clerk', 'organization', orgId);
    const user = world.get('clerk', 'user', userId);
    world.put('clerk', 'organization_membership', { ...m, ...(organization ? { organization } : {}), ...(user ? { public_user_data: publicUserData(user) } : {}) });
  }
}
