/**
 * Clerk resources as webhook `data`: one factory per JSON type of `@clerk/backend`
 * (`UserJSON`, `SessionWebhookEventJSON`, `OrganizationJSON`, …). Each returns exactly the fields of
 * that type, so every payload satisfies `WebhookEvent`; ids and times are drawn so that
 * cross-references hold (`session.user_id === user.id`, `primary_email_address_id` names an entry
 * of `email_addresses`). Internal to the Clerk builder.
 */
import type { JsonObject } from '../../core/index.js';
import {
  DAY,
  alnum,
  HOUR,
  MINUTE,
  SECOND,
  before,
  between,
  clerkId,
  companyName,
  defaultImageUrl,
  firstName,
  initialsOf,
  lastName,
  pick,
  slugify,
  type Scene,
} from './scene.js';

/** A person the event is about. */
export interface Person {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me', 'hotmail.com'];

export function person(scene: Scene): Person {
  const { faker } = scene;
  const first = firstName(faker);
  const last = lastName(faker);
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  const email = `${local}${between(faker, 0, 3) === 0 ? between(faker, 1, 99) : ''}@${pick(faker, MAIL_DOMAINS)}`;
  return { firstName: first, lastName: last, email };
}

export interface UserOptions {
  readonly createdAt: number;
  readonly updatedAt: number;
  /** `null` for a user who has only signed up so far. */
  readonly lastSignInAt: number | null;
  readonly lastActiveAt: number;
  readonly person?: Person;
  /** When the user turned on two-factor authentication (an authenticator app with backup codes), if they have. */
  readonly mfaEnabledAt?: number;
  /** The username the user chose, if any. */
  readonly username?: string;
}

/** A user who signed up with an email code (and optionally a password): a `UserJSON`. */
export function user(scene: Scene, options: UserOptions): JsonObject {
  const { faker, instanceId } = scene;
  const p = options.person ?? person(scene);
  const id = clerkId(faker, 'user_', options.createdAt);
  const emailCreatedAt = before(faker, options.createdAt, 8 * SECOND, 90 * SECOND);
  const emailId = clerkId(faker, 'idn_', emailCreatedAt);
  const passwordEnabled = faker.number.int(2) !== 0;
  const mfa = options.mfaEnabledAt !== undefined;
  const imageUrl = defaultImageUrl(instanceId, id, initialsOf(p.firstName, p.lastName));
  return {
    backup_code_enabled: mfa,
    banned: false,
    create_organization_enabled: true,
    create_organizations_limit: null,
    created_at: options.createdAt,
    delete_self_enabled: true,
    deprovisioned: false,
    email_addresses: [emailAddress(emailId, p.email, emailCreatedAt, options.createdAt - between(faker, 30, 900))],
    enterprise_accounts: [],
    external_accounts: [],
    external_id: null,
    first_name: p.firstName,
    has_image: false,
    id,
    image_url: imageUrl,
    last_active_at: options.lastActiveAt,
    last_name: p.lastName,
    last_sign_in_at: options.lastSignInAt,
    legal_accepted_at: options.createdAt,
    locale: null,
    locked: false,
    lockout_expires_in_seconds: null,
    mfa_disabled_at: null,
    mfa_enabled_at: options.mfaEnabledAt ?? null,
    object: 'user',
    organization_memberships: [],
    passkeys: [],
    password_enabled: passwordEnabled,
    password_last_updated_at: passwordEnabled ? options.createdAt : null,
    phone_numbers: [],
    primary_email_address_id: emailId,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    private_metadata: {},
    profile_image_url: imageUrl,
    public_metadata: {},
    saml_accounts: [],
    timezone: null,
    totp_enabled: mfa,
    two_factor_enabled: mfa,
    unsafe_metadata: {},
    updated_at: options.updatedAt,
    username: options.username ?? null,
    verification_attempts_remaining: 100,
    web3_wallets: [],
  };
}

/**
 * An email address added at `createdAt` and verified with a one-time code at `verifiedAt`. Its
 * verification is Clerk's `verification_otp` object, which has no id (@clerk/backend's
 * `VerificationJSON` declares one; Clerk's spec and examples do not send it).
 */
function emailAddress(id: string, address: string, createdAt: number, verifiedAt: number): JsonObject {
  return {
    created_at: createdAt,
    email_address: address,
    id,
    linked_to: [],
    matches_sso_connection: false,
    object: 'email_address',
    reserved: false,
    updated_at: verifiedAt,
    verification: { attempts: 1, expire_at: createdAt + 10 * MINUTE, object: 'verification_otp', status: 'verified', strategy: 'email_code' },
  };
}

/** The user's primary email address. */
export function primaryEmail(userJson: JsonObject): string {
  const list = userJson.email_addresses as JsonObject[];
  const primary = list.find((e) => e.id === userJson.primary_email_address_id) ?? list[0];
  return String(primary?.email_address ?? '');
}

/** A user who signed up a while before `lastSignInAt` and last signed in then. */
export function existingUser(scene: Scene, lastSignInAt: number): JsonObject {
  const { faker, at } = scene;
  const createdAt = before(faker, lastSignInAt, HOUR, 400 * DAY);
  const lastActiveAt = Math.min(lastSignInAt + between(faker, 0, 40) * MINUTE, at);
  return user(scene, { createdAt, updatedAt: lastSignInAt, lastSignInAt, lastActiveAt });
}

const SESSION_STATUS: Record<string, string> = {
  'session.created': 'active',
  'session.pending': 'pending',
  'session.ended': 'ended',
  'session.removed': 'removed',
  'session.revoked': 'revoked',
};

const CITIES = [
  ['San Francisco', 'US'],
  ['New York', 'US'],
  ['Austin', 'US'],
  ['London', 'GB'],
  ['Berlin', 'DE'],
  ['Paris', 'FR'],
  ['Toronto', 'CA'],
  ['Bengaluru', 'IN'],
  ['São Paulo', 'BR'],
  ['Sydney', 'AU'],
] as const;

/** The `session_activity` Clerk recorded for the sign-in: the browser and place of the request. */
function sessionActivity(scene: Scene, at: number): JsonObject {
  const { faker, client } = scene;
  const [city, country] = pick(faker, CITIES);
  return {
    browser_name: client.browserName,
    browser_version: client.browserVersion,
    city,
    country,
    device_type: client.mobile ? 'mobile' : 'desktop',
    id: clerkId(faker, 'activity_', at),
    ip_address: client.ip,
    is_mobile: client.mobile,
    object: 'session_activity',
  };
}

/**
 * A session event's data: the session plus the user it belongs to. A pending session (`session.pending`)
 * waits for the user to finish a task such as choosing an organization, so it has no active one yet.
 */
export function session(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const fresh = eventType === 'session.created' || eventType === 'session.pending';
  const createdAt = fresh ? before(faker, at, 20, 400) : before(faker, at, 10 * MINUTE, 6 * DAY);
  const owner = existingUser(scene, createdAt);
  const lastActiveAt = fresh ? createdAt : before(faker, at, 0, Math.min(at - createdAt, HOUR));
  const activity = sessionActivity(scene, createdAt);
  const orgId = eventType === 'session.pending' ? null : clerkId(faker, 'org_', before(faker, Number(owner.created_at), 0, 30 * DAY));
  return {
    abandon_at: createdAt + 30 * DAY,
    actor: null,
    client_id: clerkId(faker, 'client_', before(faker, createdAt, MINUTE, 30 * DAY)),
    created_at: createdAt,
    expire_at: createdAt + 7 * DAY,
    id: clerkId(faker, 'sess_', createdAt),
    last_active_at: lastActiveAt,
    last_active_organization_id: orgId,
    latest_activity: activity,
    object: 'session',
    status: SESSION_STATUS[eventType] ?? 'active',
    updated_at: fresh ? createdAt : before(faker, at, 5, 300),
    user: owner,
    user_id: owner.id as string,
  };
}

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
    image_url: defaultImageUrl(instanceId, id, initialsOf(...name.split(/\s+/).slice(0, 2))),
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
    image_url: defaultImageUrl(instanceId, userId, initialsOf(p.firstName, p.lastName)),
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
    image_url: defaultImageUrl(scene.instanceId, orgId, initialsOf(...name.split(/\s+/).slice(0, 2))),
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
  const domain = `${String(org.slug).split('-')[0]}.${pick(faker, ['com', 'com', 'io', 'co', 'dev'])}`;
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `30 August 2022, 12:14 UTC`, as Clerk's templates print request times. */
function requestedAt(ms: number): string {
  const d = new Date(ms);
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

function appData(scene: Scene, appName: string): JsonObject {
  const host = `${slugify(appName)}.com`;
  return {
    domain_name: host,
    logo_image_url: `https://img.clerk.com/${alnum(scene.faker, 24)}`,
    logo_url: null,
    name: appName,
    url: `https://${host}`,
  };
}

/** An `EmailJSON`: a sign-in verification code Clerk is about to send (or hands to you to send). */
export function email(scene: Scene): JsonObject {
  const { faker, at, client } = scene;
  const to = person(scene);
  const appName = companyName(faker).split(/[\s,]+/)[0]!;
  const otp = String(between(faker, 0, 999_999)).padStart(6, '0');
  const when = requestedAt(at);
  const subject = `${otp} is your ${appName} verification code`;
  return {
    body:
      `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${subject}</title></head>` +
      `<body style="font-family: Helvetica, Arial, sans-serif;"><h1>Verification code</h1>` +
      `<p>Enter the following verification code when prompted:</p><p><b>${otp}</b></p>` +
      `<p>To protect your account, do not share this code.</p><p><b>Didn't request this?</b></p>` +
      `<p>This code was requested from <b>${client.label}</b> at <b>${when}</b>. If you didn't make this request, you can safely ignore this email.</p></body></html>`,
    body_plain: `${otp} is your verification code for ${appName}.\n\nDo not share this with anyone.\n\nIt was requested at ${when}. If you did not request this, please ignore this email.\n`,
    data: {
      app: appData(scene, appName),
      otp_code: otp,
      requested_at: when,
      requested_by: client.label,
      theme: { button_text_color: '#ffffff', primary_color: '#6c47ff', show_clerk_branding: true },
      user: { public_metadata: {}, public_metadata_fallback: '' },
    },
    delivered_by_clerk: true,
    email_address_id: clerkId(faker, 'idn_', before(faker, at, MINUTE, 200 * DAY)),
    from_email_name: 'notifications',
    id: clerkId(faker, 'ema_', at),
    object: 'email',
    slug: 'verification_code',
    status: 'queued',
    subject,
    to_email_address: to.email,
    user_id: clerkId(faker, 'user_', before(faker, at, MINUTE, 200 * DAY)),
  };
}

/** An `SMSMessageJSON`: a verification code by text message. */
export function sms(scene: Scene): JsonObject {
  const { faker, at } = scene;
  const appName = companyName(faker).split(/[\s,]+/)[0]!;
  const otp = String(between(faker, 0, 999_999)).padStart(6, '0');
  return {
    created_at: at,
    created_at_ms: at,
    data: { app: appData(scene, appName), otp_code: otp },
    delivered_by_clerk: true,
    from_phone_number: `+1${between(faker, 201, 989)}${between(faker, 2_000_000, 9_999_999)}`,
    id: clerkId(faker, 'sms_', at),
    message: `${otp} is your verification code for ${appName}.`,
    object: 'sms_message',
    phone_number_id: clerkId(faker, 'idn_', before(faker, at, MINUTE, 200 * DAY)),
    slug: 'verification_code',
    status: 'queued',
    to_phone_number: `+1${between(faker, 201, 989)}${between(faker, 2_000_000, 9_999_999)}`,
    user_id: clerkId(faker, 'user_', before(faker, at, MINUTE, 200 * DAY)),
  };
}

/** A `WaitlistEntryJSON`: pending when created, invited (with its `InvitationJSON`) once updated. */
export function waitlistEntry(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const created = eventType === 'waitlistEntry.created';
  const createdAt = created ? before(faker, at, 20, 400) : before(faker, at, HOUR, 60 * DAY);
  const address = person(scene).email;
  const invitedAt = before(faker, at, 5, 300);
  return {
    created_at: createdAt,
    email_address: address,
    id: clerkId(faker, 'wle_', createdAt),
    invitation: created
      ? null
      : {
          created_at: invitedAt,
          email_address: address,
          id: clerkId(faker, 'inv_', invitedAt),
          object: 'invitation',
          public_metadata: {},
          revoked: false,
          status: 'pending',
          updated_at: invitedAt,
        },
    is_locked: false,
    object: 'waitlist_entry',
    status: created ? 'pending' : 'invited',
    updated_at: created ? createdAt : invitedAt,
  };
}
