/**
 * The Clerk event chains the emulator sends, one row per operation: what the operation is (as
 * `@clerk/backend` calls it, or the emulator's helper for what a user does in the browser), the events
 * the receiving service gets, in order, and what states that behaviour. `clerk-chains.test.ts` runs
 * every row against a reset emulator, and README.md's table between the `clerk-chains` markers is
 * `chainsTable(CLERK_CHAINS)`.
 */
import type { ClerkClient } from '@clerk/backend';
import type { Emulator } from '../../src/emulator/index.js';
import { after, type ChainRowOf } from './stripe-chains.js';

/** What a row's `run` is handed. */
export interface ClerkChainContext {
  /** `@clerk/backend`'s client, talking to the emulator. */
  readonly clerk: ClerkClient;
  readonly emulator: Emulator;
  /** Delivers what the setup caused and starts the row's own events after it. */
  mark(): Promise<void>;
}

/** One operation and the events it makes Clerk send. */
export type ClerkChainRow = ChainRowOf<ClerkChainContext>;

/** The emulator's clock for every row: 2026-01-01T00:00:00Z. */
export const NOW = Date.UTC(2026, 0, 1);

/** Clerk's webhooks spec (`clerk/openapi-specs` `webhooks/2025-04-15.yml`, `x-webhooks`) and its description of the event. */
const spec = (...types: string[]): string => `Clerk webhooks spec x-webhooks ${types.join(', ')}`;
/** Clerk publishes the members of a chain, never their order. */
const ORDER = "order: relaykit's choice";


const ada = (ctx: ClerkChainContext) => ctx.clerk.users.createUser({ emailAddress: ['ada@example.com'], firstName: 'Ada', lastName: 'Lovelace', password: 'correct horse battery' });
const grace = (ctx: ClerkChainContext) => ctx.clerk.users.createUser({ emailAddress: ['grace@example.com'], phoneNumber: ['+15555550101'], firstName: 'Grace', lastName: 'Hopper' });
/** Ada, and an organization she created (so she is its admin). */
async function adaOrg(ctx: ClerkChainContext) {
  const user = await ada(ctx);
  const org = await ctx.clerk.organizations.createOrganization({ name: 'Analytical Engines', createdBy: user.id });
  return { user, org };
}
/** Ada's organization, with Grace a member. */
async function withMember(ctx: ClerkChainContext) {
  const { user, org } = await adaOrg(ctx);
  const member = await grace(ctx);
  await ctx.clerk.organizations.createOrganizationMembership({ organizationId: org.id, userId: member.id, role: 'org:member' });
  return { user, org, member };
}
/** Ada's organization, with an invitation she sent to grace@example.com. */
async function withInvitation(ctx: ClerkChainContext) {
  const { user, org } = await adaOrg(ctx);
  const invitation = await ctx.clerk.organizations.createOrganizationInvitation({ organizationId: org.id, emailAddress: 'grace@example.com', role: 'org:member', inviterUserId: user.id });
  return { user, org, invitation };
}
/** Ada, signed in. */
async function signedIn(ctx: ClerkChainContext) {
  const user = await ada(ctx);
  return { user, session: ctx.emulator.clerk.signIn(user.id) };
}

export const CLERK_CHAINS: readonly ClerkChainRow[] = [
  {
    operation: "clerk.users.createUser({ emailAddress: ['ada@example.com'], firstName: 'Ada' })",
    source: `${spec('user.created')} (a user created through the Dashboard or the Backend API); clerk-docs webhooks/syncing.mdx`,
    run: async (ctx) => void (await ada(ctx)),
    events: ['user.created'],
  },
  {
    operation: "clerk.users.updateUser(user, { firstName: 'Augusta' })",
    source: spec('user.updated'),
    run: after(ada, (ctx, user) => ctx.clerk.users.updateUser(user.id, { firstName: 'Augusta' })),
    events: ['user.updated'],
  },
  {
    operation: "clerk.users.updateUserMetadata(user, { publicMetadata: { plan: 'pro' } })",
    source: `${spec('user.updated')}; Backend API PATCH /users/{user_id}/metadata`,
    run: after(ada, (ctx, user) => ctx.clerk.users.updateUserMetadata(user.id, { publicMetadata: { plan: 'pro' } })),
    events: ['user.updated'],
  },
  {
    operation: 'clerk.users.deleteUser(user)',
    source: `${spec('user.deleted')} (a deleted object: { deleted, id, object })`,
    run: after(ada, (ctx, user) => ctx.clerk.users.deleteUser(user.id)),
    events: ['user.deleted'],
  },
  {
    operation: 'clerk.users.banUser(user) // signed in once',
    source: `@clerk/backend UserAPI.banUser (a ban revokes the user's sessions); user.banned is a log name, not a webhook (clerk-docs dashboard/logs/application-logs.mdx); ${ORDER}`,
    run: after(signedIn, (ctx, { user }) => ctx.clerk.users.banUser(user.id)),
    events: ['user.updated', 'session.revoked'],
  },
  {
    operation: 'clerk.users.unbanUser(user)',
    source: `${spec('user.updated')} (banned: false)`,
    run: after(
      async (ctx) => {
        const user = await ada(ctx);
        await ctx.clerk.users.banUser(user.id);
        return user;
      },
      (ctx, user) => ctx.clerk.users.unbanUser(user.id),
    ),
    events: ['user.updated'],
  },
  {
    operation: 'clerk.users.lockUser(user)',
    source: `${spec('user.updated')} (locked, lockout_expires_in_seconds); @clerk/backend UserAPI.lockUser`,
    run: after(ada, (ctx, user) => ctx.clerk.users.lockUser(user.id)),
    events: ['user.updated'],
  },
  {
    operation: 'clerk.users.unlockUser(user)',
    source: `${spec('user.updated')}; @clerk/backend UserAPI.unlockUser`,
    run: after(
      async (ctx) => {
        const user = await ada(ctx);
        await ctx.clerk.users.lockUser(user.id);
        return user;
      },
      (ctx, user) => ctx.clerk.users.unlockUser(user.id),
    ),
    events: ['user.updated'],
  },
  {
    operation: "clerk.organizations.createOrganization({ name: 'Analytical Engines', createdBy: user })",
    source: `${spec('organization.created', 'organizationMembership.created')}; the creator becomes its admin (Backend API POST /organizations, created_by); ${ORDER}`,
    run: after(ada, (ctx, user) => ctx.clerk.organizations.createOrganization({ name: 'Analytical Engines', createdBy: user.id })),
    events: ['organization.created', 'organizationMembership.created'],
  },
  {
    operation: "clerk.organizations.updateOrganization(org, { name: 'Difference Engines' })",
    source: spec('organization.updated'),
    run: after(adaOrg, (ctx, { org }) => ctx.clerk.organizations.updateOrganization(org.id, { name: 'Difference Engines' })),
    events: ['organization.updated'],
  },
  {
    operation: "clerk.organizations.updateOrganizationMetadata(org, { publicMetadata: { tier: 'gold' } })",
    source: `${spec('organization.updated')}; Backend API PATCH /organizations/{organization_id}/metadata`,
    run: after(adaOrg, (ctx, { org }) => ctx.clerk.organizations.updateOrganizationMetadata(org.id, { publicMetadata: { tier: 'gold' } })),
    events: ['organization.updated'],
  },
  {
    operation: 'clerk.organizations.deleteOrganization(org)',
    source: `${spec('organization.deleted')} (a deleted object with its slug)`,
    run: after(adaOrg, (ctx, { org }) => ctx.clerk.organizations.deleteOrganization(org.id)),
    events: ['organization.deleted'],
  },
  {
    operation: "clerk.organizations.createOrganizationMembership({ organizationId, userId, role: 'org:member' })",
    source: spec('organizationMembership.created'),
    run: after(
      async (ctx) => ({ ...(await adaOrg(ctx)), member: await grace(ctx) }),
      (ctx, { org, member }) => ctx.clerk.organizations.createOrganizationMembership({ organizationId: org.id, userId: member.id, role: 'org:member' }),
    ),
    events: ['organizationMembership.created'],
  },
  {
    operation: "clerk.organizations.updateOrganizationMembership({ organizationId, userId, role: 'org:admin' })",
    source: spec('organizationMembership.updated'),
    run: after(withMember, (ctx, { org, member }) => ctx.clerk.organizations.updateOrganizationMembership({ organizationId: org.id, userId: member.id, role: 'org:admin' })),
    events: ['organizationMembership.updated'],
  },
  {
    operation: 'clerk.organizations.deleteOrganizationMembership({ organizationId, userId })',
    source: spec('organizationMembership.deleted'),
    run: after(withMember, (ctx, { org, member }) => ctx.clerk.organizations.deleteOrganizationMembership({ organizationId: org.id, userId: member.id })),
    events: ['organizationMembership.deleted'],
  },
  {
    operation: "clerk.organizations.createOrganizationInvitation({ organizationId, emailAddress: 'grace@example.com', role: 'org:member', inviterUserId })",
    source: `${spec('organizationInvitation.created', 'email.created')} (the invitation email, slug organization_invitation); ${ORDER}`,
    run: after(adaOrg, (ctx, { org, user }) => ctx.clerk.organizations.createOrganizationInvitation({ organizationId: org.id, emailAddress: 'grace@example.com', role: 'org:member', inviterUserId: user.id })),
    events: ['organizationInvitation.created', 'email.created'],
  },
  {
    operation: 'clerk.organizations.revokeOrganizationInvitation({ organizationId, invitationId })',
    source: spec('organizationInvitation.revoked'),
    run: after(withInvitation, (ctx, { org, invitation, user }) => ctx.clerk.organizations.revokeOrganizationInvitation({ organizationId: org.id, invitationId: invitation.id, requestingUserId: user.id })),
    events: ['organizationInvitation.revoked'],
  },
  {
    operation: 'emulator.clerk.acceptInvitation(invitation) // the invitee signs up',
    source: `${spec('user.created', 'organizationMembership.created', 'organizationInvitation.accepted')} (accepted carries user_id, @clerk/backend 2.17.0); ${ORDER}`,
    run: after(withInvitation, (ctx, { invitation }) => ctx.emulator.clerk.acceptInvitation(invitation.id)),
    events: ['user.created', 'organizationMembership.created', 'organizationInvitation.accepted'],
  },
  {
    operation: 'emulator.clerk.acceptInvitation(invitation, { userId }) // a signed-in user',
    source: `${spec('organizationMembership.created', 'organizationInvitation.accepted')}; ${ORDER}`,
    run: after(
      async (ctx) => ({ ...(await withInvitation(ctx)), invitee: await grace(ctx) }),
      (ctx, { invitation, invitee }) => ctx.emulator.clerk.acceptInvitation(invitation.id, { userId: invitee.id }),
    ),
    events: ['organizationMembership.created', 'organizationInvitation.accepted'],
  },
  {
    operation: 'emulator.clerk.signIn(user)',
    source: `${spec('session.created')}; clerk-docs webhooks/overview.mdx (session events)`,
    run: after(ada, (ctx, user) => void ctx.emulator.clerk.signIn(user.id)),
    events: ['session.created'],
  },
  {
    operation: "emulator.clerk.signIn(user, { strategy: 'email_code' })",
    source: `${spec('email.created', 'session.created')} (the verification code email, slug verification_code); ${ORDER}`,
    run: after(ada, (ctx, user) => void ctx.emulator.clerk.signIn(user.id, { strategy: 'email_code' })),
    events: ['email.created', 'session.created'],
  },
  {
    operation: "emulator.clerk.signIn(user, { strategy: 'phone_code' })",
    source: `${spec('sms.created', 'session.created')} (the verification code SMS, slug verification_code); ${ORDER}`,
    run: after(grace, (ctx, user) => void ctx.emulator.clerk.signIn(user.id, { strategy: 'phone_code' })),
    events: ['sms.created', 'session.created'],
  },
  {
    operation: 'emulator.clerk.signOut(session)',
    source: `${spec('session.ended')} (the user signed out)`,
    run: after(signedIn, (ctx, { session }) => void ctx.emulator.clerk.signOut(String(session.id))),
    events: ['session.ended'],
  },
  {
    operation: 'emulator.clerk.removeSession(session)',
    source: `${spec('session.removed')} (the session removed from a multi-session client)`,
    run: after(signedIn, (ctx, { session }) => void ctx.emulator.clerk.removeSession(String(session.id))),
    events: ['session.removed'],
  },
  {
    operation: 'clerk.sessions.revokeSession(session)',
    source: `${spec('session.revoked')}; Backend API POST /sessions/{session_id}/revoke`,
    run: after(signedIn, (ctx, { session }) => ctx.clerk.sessions.revokeSession(String(session.id))),
    events: ['session.revoked'],
  },
];
