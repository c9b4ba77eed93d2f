/** The Clerk objects the mock serves: each `object` kind and the Backend API path of its collection. */

/** `object` kind → collection path under `/v1` (kinds reached only through a parent have none). */
export const CLERK_COLLECTIONS: Readonly<Record<string, string>> = Object.freeze({
  user: 'users',
  session: 'sessions',
  organization: 'organizations',
  organization_membership: 'organization_memberships',
  role: 'organization_roles',
  permission: 'organization_permissions',
  invitation: 'invitations',
  waitlist_entry: 'waitlist_entries',
  email_address: 'email_addresses',
  phone_number: 'phone_numbers',
  email: 'email',
});

/** Newest first, as the Backend API lists by default (`order_by=-created_at`). */
export function newestFirst<T extends Record<string, unknown>>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => Number(b.item.created_at ?? 0) - Number(a.item.created_at ?? 0) || b.index - a.index)
    .map((x) => x.item);
}
