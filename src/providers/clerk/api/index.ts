/**
 * The Clerk Backend API (api.clerk.com/v1), as the mocks and the emulator serve it: recorded users,
 * sessions, organizations and more; users, organizations, memberships and invitations written, each
 * write appending the webhooks Clerk sends for it.
 */
import { guardedRoute, type ApiRoute, type ApiRoutes } from '../../shared/api/index.js';
import { checkClerkKey } from './auth.js';
import { clerkError } from './errors.js';
import * as orgs from './memberships.js';
import * as read from './read.js';
import { revokeSession } from './sessions.js';
import * as users from './users.js';
import * as write from './write.js';

export { clerkAdapter } from './record.js';

/** What the Clerk routes check requests against. */
export interface ClerkRouteOptions {
  /** The secret keys accepted. Default: any `sk_test_…`/`sk_live_…` key. */
  readonly secretKeys?: readonly string[];
}

/**
 * The Clerk Backend API's routes, over web `Request`/`Response` and the world each call is handed.
 * @example
 * const api = clerkRoutes({ secretKeys: ['sk_test_123'] });
 */
export function clerkRoutes(options: ClerkRouteOptions = {}): ApiRoutes {
  const r = guardedRoute((request) => checkClerkKey(request, options.secretKeys));
  const byOrg = (o: Record<string, unknown>, params: Record<string, unknown>): boolean => o.organization_id === params.id;
  const routes: ApiRoute[] = [
    r('GET', '/users', read.listUsers),
    r('POST', '/users', users.createUser),
    r('GET', '/users/count', read.countUsers),
    r('GET', '/users/:id', read.retrieve('user')),
    r('PATCH', '/users/:id', write.updateUser),
    r('DELETE', '/users/:id', write.deleteUser),
    r('PATCH', '/users/:id/metadata', write.updateMetadata('user', false)),
    r('PUT', '/users/:id/metadata', write.updateMetadata('user', true)),
    r('POST', '/users/:id/ban', users.banUser),
    r('POST', '/users/:id/unban', users.unbanUser),
    r('POST', '/users/:id/lock', users.lockUser),
    r('POST', '/users/:id/unlock', users.unlockUser),
    r('GET', '/users/:id/organization_memberships', read.paginatedKind('organization_membership', (m, params) => read.membershipUser(m) === params.id)),
    r('GET', '/users/:id/billing/subscription', read.billingSubscription('user_id')),
    r('GET', '/sessions', read.listSessions),
    r('GET', '/sessions/:id', read.retrieve('session')),
    r('POST', '/sessions/:id/revoke', revokeSession),
    r('GET', '/organizations', read.paginatedKind('organization')),
    r('POST', '/organizations', orgs.createOrganization),
    r('GET', '/organizations/:id', read.getOrganization),
    r('PATCH', '/organizations/:id', write.updateOrganization),
    r('DELETE', '/organizations/:id', orgs.deleteOrganization),
    r('PATCH', '/organizations/:id/metadata', write.updateMetadata('organization', false)),
    r('PUT', '/organizations/:id/metadata', write.updateMetadata('organization', true)),
    r('GET', '/organizations/:id/memberships', read.inOrganization('organization_membership', read.paginatedKind('organization_membership', (m, params) => read.membershipOrganization(m) === params.id))),
    r('POST', '/organizations/:id/memberships', orgs.createMembership),
    r('PATCH', '/organizations/:id/memberships/:user_id', orgs.updateMembership),
    r('DELETE', '/organizations/:id/memberships/:user_id', orgs.deleteMembership),
    r('POST', '/organizations/:id/invitations', orgs.createInvitation),
    r('POST', '/organizations/:id/invitations/:invitation_id/revoke', orgs.revokeInvitation),
    r('GET', '/organizations/:id/invitations', read.inOrganization('organization_invitation', read.paginatedKind('organization_invitation', (i, params, url) => byOrg(i, params) && (!url.searchParams.has('status') || url.searchParams.getAll('status').includes(String(i.status)))))),
    r('GET', '/organizations/:id/invitations/:invitation_id', read.getOrganizationInvitation),
    r('GET', '/organizations/:id/domains', read.inOrganization('organization_domain', read.paginatedKind('organization_domain', byOrg))),
    r('GET', '/organizations/:id/billing/subscription', read.billingSubscription('organization_id')),
    r('GET', '/organization_memberships', read.paginatedKind('organization_membership')),
    r('GET', '/organization_roles', read.paginatedKind('role')),
    r('GET', '/organization_roles/:id', read.retrieve('role')),
    r('GET', '/organization_permissions', read.paginatedKind('permission')),
    r('GET', '/organization_permissions/:id', read.retrieve('permission')),
    r('GET', '/invitations', read.listInvitations),
    r('GET', '/waitlist_entries', read.paginatedKind('waitlist_entry')),
    r('GET', '/email_addresses/:id', read.retrieve('email_address')),
    r('GET', '/phone_numbers/:id', read.retrieve('phone_number')),
    r('GET', '/email/:id', read.retrieve('email')),
  ];
  return {
    provider: 'clerk',
    base: 'https://api.clerk.com/v1',
    host: 'api.clerk.com',
    routes,
    unsupported: (message) => clerkError(501, { message: 'not supported by relaykit', long_message: message, code: 'relaykit_unsupported_endpoint' }),
  };
}
