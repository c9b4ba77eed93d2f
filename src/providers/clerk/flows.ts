/**
 * Clerk's flows, delivered through Svix: each event is one message with its own `svix-id`; the user,
 * session, email and organization keep their ids across the flow.
 */
import { isPlainObject } from '../../core/index.js';
import { defineFlow, type FlowIdentity } from '../flow.js';
import { pinned } from '../shared/pin.js';
import { base62, type Rng } from '../shared/rng.js';

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

const AVATAR = 'https://img.clerk.com/';

/**
 * Clerk's default avatars in `node` made to name the event's instance (`iid`) and the user or
 * organization holding them (`rid`: the holder's `id`, or the `user_id` of public user data): the
 * builder drew them before the flow set those ids. One the caller's data gave stays.
 */
function fixAvatars(node: unknown, instance: unknown, given: ReadonlySet<string>): boolean {
  if (Array.isArray(node)) return node.map((item) => fixAvatars(item, instance, given)).some(Boolean);
  if (!isPlainObject(node)) return false;
  let changed = false;
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'string' || !value.startsWith(AVATAR)) {
      changed = fixAvatars(value, instance, given) || changed;
      continue;
    }
    if (given.has(JSON.stringify(value))) continue;
    let token: Record<string, unknown>;
    try {
      token = JSON.parse(Buffer.from(value.slice(AVATAR.length), 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (typeof token.rid !== 'string') continue;
    const prefix = token.rid.slice(0, token.rid.indexOf('_') + 1);
    const owner = [node.id, node.user_id].find((id) => typeof id === 'string' && id.startsWith(prefix)) ?? token.rid;
    const next = { ...token, iid: typeof instance === 'string' ? instance : token.iid, rid: owner };
    const url = AVATAR + Buffer.from(JSON.stringify(next)).toString('base64url');
    if (url !== value) [node[key], changed] = [url, true];
  }
  return changed;
}

/**
 * Every event of a flow comes from one Clerk instance (the builder draws one per event), a user and an
 * organization are the same in every event that holds them, an invitation is sent to one address by one
 * inviter, and avatars picture their holders.
 */
const identity = (): FlowIdentity => {
  const pins = pinned([
    { paths: ['instance_id'] },
    // The verification email goes to the address the user signs up with; the session's user is that user.
    { paths: ['email.created:data.to_email_address', 'user.created:data.email_addresses[].email_address', 'session.created:data.user.email_addresses[].email_address'] },
    { from: ['user.created:data'], paths: ['session.created:data.user'] },
    { from: ['organization.created:data'], paths: ['data.organization', 'data.public_organization_data'] },
    { paths: ['organizationInvitation.:data.email_address'] },
    { paths: ['organizationInvitation.:data.public_inviter_data'] },
    { paths: ['organizationInvitation.:data.url'] },
  ]);
  return (built) => {
    const pinnedEvent = pins(built);
    const json = JSON.parse(pinnedEvent.body) as Record<string, unknown>;
    return fixAvatars(json, json.instance_id, built.given) ? { ...pinnedEvent, body: JSON.stringify(json) } : pinnedEvent;
  };
};

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

/** The invitation as both its events state it: sent by the organization's creator, to join as a member. */
const invitation = (ids: ReturnType<typeof clerkIds>) => ({
  id: ids.invitation,
  organization_id: ids.organization,
  role: 'org:member',
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
