/** The Clerk Backend API mock (api.clerk.com/v1): recorded users, sessions, organizations and more, with metadata writes. */
import type { MockContext } from '../context.js';
import { guardedRoute, type MockApi, type MockRoute } from '../shared/routes.js';
import { checkClerkKey } from './auth.js';
import { clerkError } from './errors.js';
import * as read from './read.js';
import * as write from './write.js';

export { clerkAdapter } from './record.js';

/**
 * The mocked Clerk Backend API.
 * @example
 * const api = clerkApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function clerkApi(ctx: MockContext): MockApi {
  const r = guardedRoute((request) => checkClerkKey(request, ctx.options.clerk.secretKeys));
  const byOrg = (o: Record<string, unknown>, params: Record<string, unknown>): boolean => o.organization_id === params.id;
  const routes: MockRoute[] = [
    r('GET', '/users', read.listUsers(ctx)),
    r('GET', '/users/count', read.countUsers(ctx)),
    r('GET', '/users/:id', read.retrieve(ctx, 'user')),
    r('PATCH', '/users/:id', write.updateUser(ctx)),
    r('DELETE', '/users/:id', write.deleteUser(ctx)),
    r('PATCH', '/users/:id/metadata', write.updateMetadata(ctx, 'user', false)),
    r('PUT', '/users/:id/metadata', write.updateMetadata(ctx, 'user', true)),
    r('GET', '/users/:id/organization_memberships', read.paginatedKind(ctx, 'organization_membership', (m, params) => read.membershipUser(m) === params.id)),
    r('GET', '/users/:id/billing/subscription', read.billingSubscription(ctx, 'user_id')),
    r('GET', '/sessions', read.listSessions(ctx)),
    r('GET', '/sessions/:id', read.retrieve(ctx, 'session')),
    r('POST', '/sessions/:id/revoke', write.revokeSession(ctx)),
    r('GET', '/organizations', read.paginatedKind(ctx, 'organization')),
    r('GET', '/organizations/:id', read.getOrganization(ctx)),
    r('PATCH', '/organizations/:id', write.updateOrganization(ctx)),
    r('PATCH', '/organizations/:id/metadata', write.updateMetadata(ctx, 'organization', false)),
    r('PUT', '/organizations/:id/metadata', write.updateMetadata(ctx, 'organization', true)),
    r('GET', '/organizations/:id/memberships', read.inOrganization(ctx, 'organization_membership', read.paginatedKind(ctx, 'organization_membership', (m, params) => read.membershipOrganization(m) === params.id))),
    r('GET', '/organizations/:id/invitations', read.inOrganization(ctx, 'organization_invitation', read.paginatedKind(ctx, 'organization_invitation', (i, params, url) => byOrg(i, params) && (!url.searchParams.has('status') || url.searchParams.getAll('status').includes(String(i.status)))))),
    r('GET', '/organizations/:id/invitations/:invitation_id', read.getOrganizationInvitation(ctx)),
    r('GET', '/organizations/:id/domains', read.inOrganization(ctx, 'organization_domain', read.paginatedKind(ctx, 'organization_domain', byOrg))),
    r('GET', '/organizations/:id/billing/subscription', read.billingSubscription(ctx, 'organization_id')),
    r('GET', '/organization_memberships', read.paginatedKind(ctx, 'organization_membership')),
    r('GET', '/organization_roles', read.paginatedKind(ctx, 'role')),
    r('GET', '/organization_roles/:id', read.retrieve(ctx, 'role')),
    r('GET', '/organization_permissions', read.paginatedKind(ctx, 'permission')),
    r('GET', '/organization_permissions/:id', read.retrieve(ctx, 'permission')),
    r('GET', '/invitations', read.listInvitations(ctx)),
    r('GET', '/waitlist_entries', read.paginatedKind(ctx, 'waitlist_entry')),
    r('GET', '/email_addresses/:id', read.retrieve(ctx, 'email_address')),
    r('GET', '/phone_numbers/:id', read.retrieve(ctx, 'phone_number')),
    r('GET', '/email/:id', read.retrieve(ctx, 'email')),
  ];
  return {
    provider: 'clerk',
    base: 'https://api.clerk.com/v1',
    host: 'api.clerk.com',
    routes,
    unsupported: (message) => clerkError(501, { message: 'not supported by relaykit/msw', long_message: message, code: 'relaykit_unsupported_endpoint' }),
  };
}
