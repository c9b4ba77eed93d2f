/**
 * Clerk organization writes: organizations create and delete, memberships create / update / delete,
 * invitations create / revoke and their acceptance. A membership carries its organization and its
 * user's public data as they are now: a write to either refreshes the stored memberships (Clerk sends
 * no membership event for that), so a read agrees with the objects it names.
 */
import { isPlainObject, RelayError } from '../../../core/index.js';
import { jsonResponse, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { clerkError, clerkNotFound, unknownParam } from './errors.js';
import { emailObject, invitationObject, membershipObject, organizationObject, ROLES, sorted, userObject } from './objects.js';
import { membershipOrganization, membershipUser } from './read.js';
import { refreshMemberships } from './refresh.js';
import { jsonBody } from './write.js';

function missing(name: string): Response {
  return clerkError(422, { message: 'missing data', long_message: `${name} is required. Give it in the request body.`, code: 'form_param_missing', meta: { param_name: name } });
}

function badRole(role: unknown): Response {
  return clerkError(422, {
    message: 'is invalid',
    long_message: `role ${JSON.stringify(role)} is not a role of this instance. Roles: ${Object.keys(ROLES).join(', ')}.`,
    code: 'form_param_value_invalid',
    meta: { param_name: 'role' },
  });
}

/** Recounts an organization's members and pending invitations (no event: Clerk sends none for counts). */
function recount(world: World, organizationId: string): Obj | undefined {
  const members = world.list('clerk', 'organization_membership').filter((m) => membershipOrganization(m) === organizationId).length;
  const pending = world.list('clerk', 'organization_invitation').filter((i) => i.organization_id === organizationId && i.status === 'pending').length;
  const next = world.update('clerk', 'organization', organizationId, (o) => ({ ...o, members_count: members, pending_invitations_count: pending }));
  refreshMemberships(world, { organizationId });
  return next;
}

/** A slug from a name: lower case, runs of anything else as one `-`. */
function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const ORG_CREATE = ['name', 'slug', 'created_by', 'max_allowed_memberships', 'public_metadata', 'private_metadata', 'role_set_key'];

/** `POST /v1/organizations`: `organization.created`, then the creator's admin membership. */
export const createOrganization: RouteHandler = async (request, params, world) => {
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).find((k) => !ORG_CREATE.includes(k));
  if (unknown !== undefined) return unknownParam(unknown);
  if (typeof body.name !== 'string' || body.name.trim() === '') return missing('name');
  const creator = typeof body.created_by === 'string' ? world.get('clerk', 'user', body.created_by) : undefined;
  if (typeof body.created_by === 'string' && !creator) return clerkNotFound('user', body.created_by);
  const slug = typeof body.slug === 'string' ? body.slug : slugOf(body.name);
  if (world.list('clerk', 'organization').some((o) => o.slug === slug)) {
    return clerkError(422, { message: 'That slug is taken. Please try another.', long_message: 'That slug is taken. Please try another.', code: 'form_identifier_exists', meta: { param_name: 'slug' } });
  }
  const fields: Obj = { name: body.name, slug, ...(creator ? { created_by: creator.id, members_count: 1 } : {}) };
  for (const key of ['public_metadata', 'private_metadata'] as const) if (isPlainObject(body[key])) fields[key] = body[key];
  if (typeof body.max_allowed_memberships === 'number') fields.max_allowed_memberships = body.max_allowed_memberships;
  const organization = world.put('clerk', 'organization', organizationObject(world, fields));
  world.outbox.append({ provider: 'clerk', type: 'organization.created', data: organization });
  if (creator) {
    const membership = world.put('clerk', 'organization_membership', membershipObject(world, organization, creator, 'org:admin'));
    world.outbox.append({ provider: 'clerk', type: 'organizationMembership.created', data: membership });
  }
  return jsonResponse(organization);
};

/** `DELETE /v1/organizations/:id`: its memberships and invitations go with it; `organization.deleted`. */
export const deleteOrganization: RouteHandler = (request, params, world) => {
  const id = String(params.id);
  const organization = world.get('clerk', 'organization', id);
  if (!organization) return clerkNotFound('organization', id);
  world.delete('clerk', 'organization', id);
  for (const m of world.list('clerk', 'organization_membership')) if (membershipOrganization(m) === id) world.delete('clerk', 'organization_membership', String(m.id));
  for (const i of world.list('clerk', 'organization_invitation')) if (i.organization_id === id) world.delete('clerk', 'organization_invitation', String(i.id));
  const deleted = { deleted: true, id, object: 'organization', slug: organization.slug };
  world.outbox.append({ provider: 'clerk', type: 'organization.deleted', data: deleted });
  return jsonResponse(deleted);
};

function findMembership(world: World, organizationId: string, userId: string): Obj | undefined {
  return world.list('clerk', 'organization_membership').find((m) => membershipOrganization(m) === organizationId && membershipUser(m) === userId);
}

function metadataOf(body: Obj): Obj | Response {
  const out: Obj = {};
  for (const key of ['public_metadata', 'private_metadata'] as const) {
    if (body[key] === undefined) continue;
    if (!isPlainObject(body[key])) return clerkError(422, { message: 'is invalid', long_message: `${key} must be a JSON object.`, code: 'form_param_format_invalid', meta: { param_name: key } });
    out[key] = body[key];
  }
  return out;
}

/** `POST /v1/organizations/:id/memberships` `{ user_id, role }`: `organizationMembership.created`. */
export const createMembership: RouteHandler = async (request, params, world) => {
  const id = String(params.id);
  const organization = world.get('clerk', 'organization', id);
  if (!organization) return clerkNotFound('organization', id);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).find((k) => !['user_id', 'role', 'public_metadata', 'private_metadata'].includes(k));
  if (unknown !== undefined) return unknownParam(unknown);
  if (typeof body.user_id !== 'string') return missing('user_id');
  if (typeof body.role !== 'string') return missing('role');
  if (!ROLES[body.role]) return badRole(body.role);
  const user = world.get('clerk', 'user', body.user_id);
  if (!user) return clerkNotFound('user', body.user_id);
  if (findMembership(world, id, body.user_id)) {
    return clerkError(422, { message: 'already a member', long_message: `User ${body.user_id} is already a member of organization ${id}.`, code: 'already_a_member_in_organization' });
  }
  const metadata = metadataOf(body);
  if (metadata instanceof Response) return metadata;
  return jsonResponse(addMembership(world, organization, user, body.role, metadata));
};

/** Stores a new membership (the organization recounted first, so it carries its new count) and emits it. */
function addMembership(world: World, organization: Obj, user: Obj, role: string, metadata: Obj): Obj {
  const membership = world.put('clerk', 'organization_membership', membershipObject(world, organization, user, role, metadata));
  recount(world, String(organization.id));
  const stored = world.get('clerk', 'organization_membership', String(membership.id))!;
  world.outbox.append({ provider: 'clerk', type: 'organizationMembership.created', data: stored });
  return stored;
}

/** `PATCH /v1/organizations/:id/memberships/:user_id` `{ role }`: `organizationMembership.updated`. */
export const updateMembership: RouteHandler = async (request, params, world) => {
  const found = findMembership(world, String(params.id), String(params.user_id));
  if (!found) return clerkNotFound('organization membership', `${String(params.user_id)} in ${String(params.id)}`);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).find((k) => k !== 'role');
  if (unknown !== undefined) return unknownParam(unknown);
  if (typeof body.role !== 'string') return missing('role');
  if (!ROLES[body.role]) return badRole(body.role);
  const next = world.put('clerk', 'organization_membership', sorted({ ...found, permissions: [...ROLES[body.role]!.permissions], role: body.role, role_name: ROLES[body.role]!.name, updated_at: world.now() }));
  world.outbox.append({ provider: 'clerk', type: 'organizationMembership.updated', data: next });
  return jsonResponse(next);
};

/** `DELETE /v1/organizations/:id/memberships/:user_id`: `organizationMembership.deleted` with the membership as it was. */
export const deleteMembership: RouteHandler = (request, params, world) => {
  const organizationId = String(params.id);
  const found = findMembership(world, organizationId, String(params.user_id));
  if (!found) return clerkNotFound('organization membership', `${String(params.user_id)} in ${organizationId}`);
  world.delete('clerk', 'organization_membership', String(found.id));
  const organization = recount(world, organizationId);
  const gone = organization ? { ...found, organization } : found;
  world.outbox.append({ provider: 'clerk', type: 'organizationMembership.deleted', data: gone });
  return jsonResponse(gone);
};

/** `POST /v1/organizations/:id/invitations`: `organizationInvitation.created`, then the invitation email (`email.created`). */
export const createInvitation: RouteHandler = async (request, params, world) => {
  const id = String(params.id);
  const organization = world.get('clerk', 'organization', id);
  if (!organization) return clerkNotFound('organization', id);
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const unknown = Object.keys(body).find((k) => !['email_address', 'role', 'inviter_user_id', 'public_metadata', 'private_metadata', 'redirect_url', 'expires_in_days'].includes(k));
  if (unknown !== undefined) return unknownParam(unknown);
  if (typeof body.email_address !== 'string' || !body.email_address.includes('@')) return missing('email_address');
  if (typeof body.role !== 'string') return missing('role');
  if (!ROLES[body.role]) return badRole(body.role);
  const inviter = typeof body.inviter_user_id === 'string' ? world.get('clerk', 'user', body.inviter_user_id) : undefined;
  if (typeof body.inviter_user_id === 'string' && !inviter) return clerkNotFound('user', body.inviter_user_id);
  const metadata = metadataOf(body);
  if (metadata instanceof Response) return metadata;
  const created = world.put('clerk', 'organization_invitation', invitationObject(world, organization, { email: body.email_address, role: body.role, inviter, metadata }));
  const counted = recount(world, id) ?? organization;
  world.outbox.append({ provider: 'clerk', type: 'organizationInvitation.created', data: created });
  const inviterName = inviter && typeof inviter.first_name === 'string' ? inviter.first_name : 'Someone';
  const email = emailObject(world, {
    to: body.email_address,
    emailAddressId: null,
    userId: null,
    slug: 'organization_invitation',
    subject: `${inviterName} invited you to join ${String(counted.name)}`,
    body: `${inviterName} invited you to join ${String(counted.name)}. Accept the invitation to join.`,
    data: { inviter_name: inviterName, org_name: counted.name, app: { name: 'relaykit' } },
  });
  world.put('clerk', 'email', email);
  world.outbox.append({ provider: 'clerk', type: 'email.created', data: email });
  return jsonResponse(created);
};

function findInvitation(world: World, organizationId: string, invitationId: string): Obj | undefined {
  const found = world.get('clerk', 'organization_invitation', invitationId);
  return found && found.organization_id === organizationId ? found : undefined;
}

function notPending(invitation: Obj, action: string): Response {
  return clerkError(400, {
    message: `The invitation cannot be ${action}`,
    long_message: `Organization invitation ${String(invitation.id)} is ${String(invitation.status)}; only a pending invitation can be ${action}.`,
    code: 'organization_invitation_not_pending',
  });
}

/** `POST /v1/organizations/:id/invitations/:invitation_id/revoke`: `organizationInvitation.revoked`. */
export const revokeInvitation: RouteHandler = (request, params, world) => {
  const organizationId = String(params.id);
  const found = findInvitation(world, organizationId, String(params.invitation_id));
  if (!found) return clerkNotFound('organization invitation', String(params.invitation_id));
  if (found.status !== 'pending') return notPending(found, 'revoked');
  const next = world.put('clerk', 'organization_invitation', { ...found, status: 'revoked', updated_at: world.now() });
  recount(world, organizationId);
  world.outbox.append({ provider: 'clerk', type: 'organizationInvitation.revoked', data: next });
  return jsonResponse(next);
};

/** What `acceptInvitation` did: the invitation as accepted and the membership it made. */
export interface AcceptedInvitation {
  readonly invitation: Obj;
  readonly membership: Obj;
  /** The user who accepted: the one named, or the one the invitee signed up as. */
  readonly user: Obj;
}

/**
 * The invitee accepts a pending invitation, as on Clerk's invitation page: signed in as `userId`, or
 * signing up with the invited address (`user.created`); then `organizationMembership.created` and
 * `organizationInvitation.accepted` (which names the user). Throws a clear error for an unknown or
 * settled invitation.
 */
export function acceptInvitation(world: World, invitationId: string, options: { readonly userId?: string } = {}): AcceptedInvitation {
  const invitation = world.get('clerk', 'organization_invitation', invitationId);
  if (!invitation) throw new RelayError('NOT_FOUND', `No organization invitation ${invitationId} in the emulated Clerk: create it with clerk.organizations.createOrganizationInvitation first.`);
  if (invitation.status !== 'pending') throw new RelayError('CONFLICT', `Organization invitation ${invitationId} is ${String(invitation.status)}; only a pending invitation can be accepted.`);
  const organization = world.get('clerk', 'organization', String(invitation.organization_id));
  if (!organization) throw new RelayError('NOT_FOUND', `The organization of invitation ${invitationId} was deleted.`);
  let user: Obj | undefined;
  if (options.userId !== undefined) {
    user = world.get('clerk', 'user', options.userId);
    if (!user) throw new RelayError('NOT_FOUND', `No user ${options.userId} in the emulated Clerk.`);
  } else {
    user = world.put('clerk', 'user', userObject(world, { emails: [String(invitation.email_address)], phones: [], fields: {}, passwordEnabled: true }));
    world.outbox.append({ provider: 'clerk', type: 'user.created', data: user });
  }
  if (findMembership(world, String(organization.id), String(user.id))) throw new RelayError('CONFLICT', `User ${String(user.id)} is already a member of organization ${String(organization.id)}.`);
  const accepted = world.put('clerk', 'organization_invitation', sorted({ ...invitation, status: 'accepted', updated_at: world.now(), user_id: user.id }));
  const membership = addMembership(world, organization, user, String(invitation.role), { public_metadata: invitation.public_metadata ?? {} });
  world.outbox.append({ provider: 'clerk', type: 'organizationInvitation.accepted', data: accepted });
  return { invitation: accepted, membership, user };
}
