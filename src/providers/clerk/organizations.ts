/**
 * Clerk organization webhook data: organizations, memberships, invitations, domains, and the custom
 * roles and permissions of an instance. The organization an object names (`organization_id`) is the
 * one its `public_organization_data` shows. Internal to the Clerk builder.
 */
import type { JsonObject } from '../../core/index.js';
import { person, type Person } from './resources.js';
import { DAY, HOUR, MINUTE, alnum, before, between, clerkId, companyName, defaultImageUrl, pick, slugify, type Scene } from './scene.js';

/** Company names as people type them, with the slug Clerk derives. */
export function organization(scene: Scene, options: { createdAt: number; updatedAt: number; createdBy: string; membersCount: number; pendingInvitations?: number }): JsonObject {
  const { faker, instanceId } = scene;
  const name = companyName(faker);
  const id = clerkId(faker, 'org_', options.createdAt);
  return {
    admin_delete_enabled: true,
    created_at: options.createdAt,
    created_by: options.createdBy,
    has_image: false,
    id,
    image_url: defaultImageUrl(instanceId, id),
    max_allowed_memberships: 5,
    members_count: options.membersCount,
    missing_member_with_elevated_permissions: false,
    name,
    object: 'organization',
    pending_invitations_count: options.pendingInvitations ?? 0,
    private_metadata: {},
    public_metadata: {},
    slug: slugify(name),
    updated_at: options.updatedAt,
  };
}

/** An `OrganizationJSON` for `organization.created` / `organization.updated`. */
export function organizationEvent(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const created = eventType === 'organization.created';
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, DAY, 300 * DAY);
  const creatorId = clerkId(faker, 'user_', before(faker, createdAt, HOUR, 200 * DAY));
  return organization(scene, {
    createdAt,
    updatedAt: created ? createdAt : before(faker, at, 5, 300),
    createdBy: creatorId,
    membersCount: created ? 1 : between(faker, 2, 5),
  });
}

const ADMIN_PERMISSIONS = [
  'org:sys_domains:manage',
  'org:sys_domains:read',
  'org:sys_memberships:manage',
  'org:sys_memberships:read',
  'org:sys_profile:delete',
  'org:sys_profile:manage',
];
const MEMBER_PERMISSIONS = ['org:sys_memberships:read'];

/** An `OrganizationMembershipJSON`, its organization and the member's public data. */
export function membership(scene: Scene, eventType: string): JsonObject {
  const { faker, at, instanceId } = scene;
  const created = eventType === 'organizationMembership.created';
  const orgCreatedAt = before(faker, at, 2 * DAY, 300 * DAY);
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, HOUR, at - orgCreatedAt);
  const updatedAt = created ? createdAt : before(faker, at, 5, 300);
  const member = person(scene);
  const userId = clerkId(faker, 'user_', before(faker, createdAt, MINUTE, 100 * DAY));
  const role = eventType === 'organizationMembership.updated' ? 'org:admin' : pick(faker, ['org:member', 'org:member', 'org:admin']);
  const membersCount = between(faker, 2, 5);
  return {
    created_at: createdAt,
    id: clerkId(faker, 'orgmem_', createdAt),
    object: 'organization_membership',
    organization: organization(scene, {
      createdAt: orgCreatedAt,
      updatedAt: Math.max(orgCreatedAt, updatedAt),
      createdBy: clerkId(faker, 'user_', before(faker, orgCreatedAt, HOUR, 100 * DAY)),
      membersCount: eventType === 'organizationMembership.deleted' ? membersCount - 1 : membersCount,
    }),
    permissions: role === 'org:admin' ? ADMIN_PERMISSIONS : MEMBER_PERMISSIONS,
    private_metadata: {},
    public_metadata: {},
    public_user_data: publicUserData(instanceId, userId, member),
    role,
    role_name: roleName(role),
    updated_at: updatedAt,
  };
}

/** What an invitation shows of its inviter: names, email, the default avatar. */
function publicInviterData(instanceId: string, userId: string, p: Person): JsonObject {
  return {
    first_name: p.firstName,
    has_image: false,
    identifier: p.email,
    image_url: defaultImageUrl(instanceId, userId),
    last_name: p.lastName,
    user_id: userId,
  };
}

/** What a membership shows of its member: the inviter's fields plus the account's state. */
function publicUserData(instanceId: string, userId: string, p: Person): JsonObject {
  const data = publicInviterData(instanceId, userId, p);
  return { ...data, banned: false, deprovisioned: false, profile_image_url: data.image_url!, username: null };
}

/**
 * The name Clerk shows for a role key: `org:admin` → `Admin`, `org:billing_manager` → `Billing Manager`.
 * @example
 * roleName('org:member'); // 'Member'
 */
export function roleName(key: string): string {
  const words = key.slice(key.lastIndexOf(':') + 1).split('_');
  return words.map((w) => (w === '' ? w : w[0]!.toUpperCase() + w.slice(1))).join(' ');
}

/** An organization as invitations and domains show it: `{ has_image, id, image_url, name, slug }`. */
function publicOrganization(scene: Scene, orgId: string): JsonObject {
  const name = companyName(scene.faker);
  return {
    has_image: false,
    id: orgId,
    image_url: defaultImageUrl(scene.instanceId, orgId),
    name,
    slug: slugify(name),
  };
}

const INVITATION_STATUS: Record<string, string> = {
  'organizationInvitation.created': 'pending',
  'organizationInvitation.revoked': 'revoked',
  'organizationInvitation.accepted': 'accepted',
};

/**
 * An organization invitation (with the accepting `user_id` once accepted), sent by an admin of the
 * organization; `data.public_organization_data` names the organization of `organization_id`.
 */
export function invitation(scene: Scene, eventType: string): JsonObject {
  const { faker, at, instanceId } = scene;
  const created = eventType === 'organizationInvitation.created';
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, 10 * MINUTE, 6 * DAY);
  const invitee = person(scene);
  const inviter = person(scene);
  const inviterId = clerkId(faker, 'user_', before(faker, createdAt, DAY, 200 * DAY));
  const orgId = clerkId(faker, 'org_', before(faker, createdAt, DAY, 300 * DAY));
  const org = publicOrganization(scene, orgId);
  const role = pick(faker, ['org:member', 'org:member', 'org:admin']);
  const data: JsonObject = {
    created_at: createdAt,
    data: { public_organization_data: org },
    email_address: invitee.email,
    expires_at: createdAt + 30 * DAY,
    id: clerkId(faker, 'orginv_', createdAt),
    inviter_id: inviterId,
    object: 'organization_invitation',
    organization_id: orgId,
    private_metadata: {},
    public_inviter_data: publicInviterData(instanceId, inviterId, inviter),
    public_metadata: {},
    role,
    role_name: roleName(role),
    status: INVITATION_STATUS[eventType] ?? 'pending',
    updated_at: created ? createdAt : before(faker, at, 5, 300),
    url: `https://accounts.${org.slug as string}.com/sign-up?__clerk_ticket=${alnum(faker, 32)}`,
  };
  if (eventType === 'organizationInvitation.accepted') data.user_id = clerkId(faker, 'user_', before(faker, at, 400, 5 * MINUTE));
  return data;
}

/**
 * An organization domain: added with its admin's affiliation email, not yet verified when created;
 * verified by an email code once updated. Clerk names the verification's deadline `expire_at`.
 */
export function organizationDomain(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const created = eventType === 'organizationDomain.created';
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, HOUR, 60 * DAY);
  const orgId = clerkId(faker, 'org_', before(faker, createdAt, HOUR, 200 * DAY));
  const org = publicOrganization(scene, orgId);
  // Under a reserved domain, so that the affiliation address can reach no one.
  const domain = `${String(org.slug).split('-')[0]}.${pick(faker, ['example.com', 'example.com', 'example.org', 'example.net', 'example.com'])}`;
  const verifiedAt = before(faker, at, 5, 300);
  const verification = created
    ? null
    : { attempts: 1, expire_at: before(faker, verifiedAt, 0, 9 * MINUTE) + 10 * MINUTE, status: 'verified', strategy: 'email_code', verified_at: verifiedAt };
  return {
    affiliation_email_address: `${pick(faker, ['admin', 'it', 'ops', 'security'])}@${domain}`,
    affiliation_verification: verification,
    created_at: createdAt,
    enrollment_mode: pick(faker, ['automatic_invitation', 'automatic_suggestion', 'manual_invitation']),
    id: clerkId(faker, 'orgdmn_', createdAt),
    name: domain,
    object: 'organization_domain',
    organization_id: orgId,
    ownership_verification: null,
    public_organization_data: org,
    total_pending_invitations: 0,
    total_pending_suggestions: created ? 0 : between(faker, 0, 4),
    updated_at: created ? createdAt : verifiedAt,
    verification,
  };
}

const PERMISSIONS = [
  { key: 'org:invoices:read', name: 'Read invoices', description: 'View the invoices of the organization' },
  { key: 'org:invoices:manage', name: 'Manage invoices', description: 'Create, send and void invoices' },
  { key: 'org:reports:read', name: 'Read reports', description: 'View usage and revenue reports' },
  { key: 'org:projects:create', name: 'Create projects', description: 'Create new projects in the organization' },
  { key: 'org:projects:delete', name: 'Delete projects', description: 'Delete projects and their data' },
  { key: 'org:tickets:manage', name: 'Manage tickets', description: 'Assign, answer and close support tickets' },
] as const;

const ROLES = [
  { key: 'org:billing_manager', name: 'Billing Manager', description: 'Manages invoices and payment methods', permissions: [0, 1, 2] },
  { key: 'org:analyst', name: 'Analyst', description: 'Read-only access to reports', permissions: [2] },
  { key: 'org:project_lead', name: 'Project Lead', description: 'Creates and retires projects', permissions: [3, 4] },
  { key: 'org:support_agent', name: 'Support Agent', description: 'Answers and closes support tickets', permissions: [5] },
] as const;

/** A custom `PermissionJSON`. */
export function permission(scene: Scene, eventType: string, index?: number): JsonObject {
  const { faker, at } = scene;
  const def = PERMISSIONS[index ?? faker.number.int(PERMISSIONS.length - 1)]!;
  const created = eventType.endsWith('.created');
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, HOUR, 200 * DAY);
  return {
    created_at: createdAt,
    description: def.description,
    id: clerkId(faker, 'perm_', createdAt),
    key: def.key,
    name: def.name,
    object: 'permission',
    type: 'custom',
    updated_at: created ? createdAt : before(faker, at, 5, 300),
  };
}

/** A custom `RoleJSON` with its permissions. */
export function role(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const def = pick(faker, ROLES);
  const created = eventType === 'role.created';
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, HOUR, 200 * DAY);
  return {
    created_at: createdAt,
    description: def.description,
    id: clerkId(faker, 'role_', createdAt),
    is_creator_eligible: false,
    key: def.key,
    name: def.name,
    object: 'role',
    permissions: def.permissions.map((i) => permission(scene, 'permission.updated', i)),
    updated_at: created ? createdAt : before(faker, at, 5, 300),
  };
}
