/**
 * Clerk's flows, delivered through Svix: each event is one message with its own `svix-id`; the user,
 * session, email and organization keep their ids across the flow.
 */
import { defineFlow } from './define.js';
import { pinned } from './pin.js';
import { base62, type Rng } from './random.js';

function clerkIds(rng: Rng) {
  const id = (prefix: string) => `${prefix}_${base62(rng, 27)}`;
  return {
    user: id('user'),
    invitee: id('user'),
    emailAddress: id('idn'),
    email: id('ema'),
    session: id('sess'),
    client: id('client'),
    organization: id('org'),
    adminMembership: id('orgmem'),
    memberMembership: id('orgmem'),
    invitation: id('orginv'),
  };
}

/**
 * Every event of a flow comes from one Clerk instance (the builder draws one per event), and an
 * invitation is sent to one address by one inviter.
 */
const identity = () =>
  pinned([{ paths: ['instance_id'] }, { paths: ['organizationInvitation.:data.email_address'] }, { paths: ['organizationInvitation.:data.public_inviter_data'] }]);

const signUp = defineFlow({
  provider: 'clerk',
  name: 'sign-up',
  description: 'A new user signs up with an email code: verification email, user created, first session',
  source: 'https://clerk.com/docs/guides/development/webhooks/overview (events user.created, email.created, session.created)',
  ids: clerkIds,
  identity,
  steps: [
    {
      type: 'email.created',
      at: 0,
      data: ({ ids }) => ({ id: ids.email, email_address_id: ids.emailAddress, user_id: null, slug: 'verification_code', status: 'queued' }),
    },
    { type: 'user.created', at: 40, data: ({ ids, ms }) => ({ id: ids.user, primary_email_address_id: ids.emailAddress, created_at: ms(40), updated_at: ms(40) }) },
    {
      type: 'session.created',
      at: 41,
      data: ({ ids, ms }) => ({
        id: ids.session,
        user_id: ids.user,
        // The session's user is the one just created, with its email address (the mirror moves the address's id).
        user: { id: ids.user, primary_email_address_id: ids.emailAddress },
        client_id: ids.client,
        status: 'active',
        created_at: ms(41),
        updated_at: ms(41),
        last_active_at: ms(41),
      }),
    },
  ],
});

const membership = (organization: string, id: string, user: string, role: string, at: number) => ({
  id,
  role,
  created_at: at,
  updated_at: at,
  organization: { id: organization },
  public_user_data: { user_id: user },
});

/** The invitation as both its events state it: sent by the organization's creator. */
const invitation = (ids: ReturnType<typeof clerkIds>) => ({
  id: ids.invitation,
  organization_id: ids.organization,
  inviter_id: ids.user,
  public_inviter_data: { user_id: ids.user },
});

const organizationInvite = defineFlow({
  provider: 'clerk',
  name: 'organization-invite',
  description: 'A user creates an organization and invites a teammate, who accepts and becomes a member',
  source: 'https://clerk.com/docs/guides/development/webhooks/overview (organization, organizationInvitation and organizationMembership events)',
  ids: clerkIds,
  identity,
  steps: [
    { type: 'organization.created', at: 0, data: ({ ids, ms }) => ({ id: ids.organization, created_by: ids.user, created_at: ms(0), updated_at: ms(0) }) },
    { type: 'organizationMembership.created', at: 0, data: ({ ids, ms }) => membership(ids.organization, ids.adminMembership, ids.user, 'org:admin', ms(0)) },
    {
      type: 'organizationInvitation.created',
      at: 120,
      data: ({ ids, ms }) => ({ ...invitation(ids), status: 'pending', created_at: ms(120), updated_at: ms(120) }),
    },
    {
      type: 'organizationInvitation.accepted',
      at: 3600,
      data: ({ ids, ms }) => ({ ...invitation(ids), user_id: ids.invitee, status: 'accepted', created_at: ms(120), updated_at: ms(3600) }),
    },
    { type: 'organizationMembership.created', at: 3600, data: ({ ids, ms }) => membership(ids.organization, ids.memberMembership, ids.invitee, 'org:member', ms(3600)) },
  ],
});

/** Clerk's flows, in `relay flows clerk` order. */
export const clerkFlows = [signUp, organizationInvite];
