/**
 * The Clerk objects the emulated Backend API writes, in the shape its reads answer and its webhooks
 * carry (Clerk's webhooks spec, `clerk/openapi-specs` `webhooks/2025-04-15.yml`): users with their
 * email addresses and phone numbers, organizations, memberships, invitations, sessions, and the email
 * and SMS messages Clerk sends. Keys are in alphabetical order at every depth, as Clerk's payloads are.
 */
import { sortKeysDeep } from '../../shared/svix-headers.js';
import type { Obj, World } from '../../shared/api/index.js';

/** Clerk ids: a prefix and 27 base62 characters (`user_2Ro7…`). */
export function clerkId(world: World, prefix: string): string {
  return world.id(prefix, 27);
}

/** `value` with its keys sorted at every depth, as Clerk serializes its objects. */
export function sorted<T extends Obj>(value: T): T {
  return sortKeysDeep(value) as T;
}

/** The default avatar Clerk serves for a user or organization without an image (it names no one). */
const DEFAULT_IMAGE = 'https://img.clerk.com/eyJ0eXBlIjoiZGVmYXVsdCJ9';

/** A verification made by the Backend API: an address or number created by the API is verified. */
function adminVerification(): Obj {
  return { attempts: null, expire_at: null, object: 'verification_admin', status: 'verified', strategy: 'admin' };
}

/** An email address of a user, verified by the admin who created it. */
export function emailAddressObject(world: World, address: string): Obj {
  const at = world.now();
  return { created_at: at, email_address: address, id: clerkId(world, 'idn'), linked_to: [], matches_sso_connection: false, object: 'email_address', reserved: false, updated_at: at, verification: adminVerification() };
}

/** A phone number of a user, verified by the admin who created it. */
export function phoneNumberObject(world: World, number: string): Obj {
  const at = world.now();
  return {
    backup_codes: [],
    created_at: at,
    default_second_factor: false,
    id: clerkId(world, 'idn'),
    linked_to: [],
    object: 'phone_number',
    phone_number: number,
    reserved: false,
    reserved_for_second_factor: false,
    updated_at: at,
    verification: adminVerification(),
  };
}

/** What `POST /v1/users` takes that the user shows, already checked. */
export interface UserInput {
  readonly emails: readonly string[];
  readonly phones: readonly string[];
  readonly fields: Obj;
  readonly passwordEnabled: boolean;
}

/** A new user, as `POST /v1/users` answers and `user.created` carries it. */
export function userObject(world: World, input: UserInput): Obj {
  const at = world.now();
  const emails = input.emails.map((address) => emailAddressObject(world, address));
  const phones = input.phones.map((number) => phoneNumberObject(world, number));
  return sorted({
    backup_code_enabled: false,
    banned: false,
    bypass_client_trust: false,
    create_organization_enabled: true,
    create_organizations_limit: null,
    created_at: at,
    delete_self_enabled: true,
    deprovisioned: false,
    email_addresses: emails,
    enterprise_accounts: [],
    external_accounts: [],
    external_id: null,
    first_name: null,
    has_image: false,
    id: clerkId(world, 'user'),
    image_url: DEFAULT_IMAGE,
    last_active_at: null,
    last_name: null,
    last_sign_in_at: null,
    legal_accepted_at: null,
    locale: null,
    locked: false,
    lockout_expires_in_seconds: null,
    mfa_disabled_at: null,
    mfa_enabled_at: null,
    object: 'user',
    // Not expanded (the Backend API lists memberships apart): an empty list, the shape @clerk/backend types.
    organization_memberships: [],
    passkeys: [],
    password_enabled: input.passwordEnabled,
    password_last_updated_at: input.passwordEnabled ? at : null,
    phone_numbers: phones,
    primary_email_address_id: emails[0]?.id ?? null,
    primary_phone_number_id: phones[0]?.id ?? null,
    primary_web3_wallet_id: null,
    private_metadata: {},
    profile_image_url: DEFAULT_IMAGE,
    public_metadata: {},
    saml_accounts: [],
    timezone: null,
    totp_enabled: false,
    two_factor_enabled: false,
    unsafe_metadata: {},
    updated_at: at,
    username: null,
    verification_attempts_remaining: 100,
    web3_wallets: [],
    ...input.fields,
  });
}

/** The user's primary email address (or phone number, or username): what Clerk shows as a member's `identifier`. */
export function identifierOf(user: Obj): string | null {
  const find = (list: unknown, id: unknown, key: string): string | undefined => {
    const found = Array.isArray(list) ? (list as Obj[]).find((item) => item.id === id) : undefined;
    return typeof found?.[key] === 'string' ? found[key] : undefined;
  };
  return find(user.email_addresses, user.primary_email_address_id, 'email_address') ?? find(user.phone_numbers, user.primary_phone_number_id, 'phone_number') ?? (typeof user.username === 'string' ? user.username : null);
}

/** A membership's `public_user_data`: what other members see of the user. */
export function publicUserData(user: Obj): Obj {
  return sorted({
    first_name: user.first_name ?? null,
    has_image: user.has_image ?? false,
    identifier: identifierOf(user),
    image_url: user.image_url ?? DEFAULT_IMAGE,
    last_name: user.last_name ?? null,
    profile_image_url: user.profile_image_url ?? user.image_url ?? DEFAULT_IMAGE,
    user_id: user.id,
    username: user.username ?? null,
  });
}

/** A new organization, as `POST /v1/organizations` answers and `organization.created` carries it. */
export function organizationObject(world: World, fields: Obj): Obj {
  const at = world.now();
  return sorted({
    admin_delete_enabled: true,
    created_at: at,
    created_by: '',
    has_image: false,
    id: clerkId(world, 'org'),
    image_url: DEFAULT_IMAGE,
    max_allowed_memberships: 5,
    members_count: 0,
    missing_member_with_elevated_permissions: false,
    object: 'organization',
    pending_invitations_count: 0,
    private_metadata: {},
    public_metadata: {},
    slug: '',
    updated_at: at,
    ...fields,
  });
}

/** The system roles every instance has, with their names and permissions (Clerk's defaults). */
export const ROLES: Readonly<Record<string, { readonly name: string; readonly permissions: readonly string[] }>> = {
  'org:admin': {
    name: 'Admin',
    permissions: ['org:sys_domains:manage', 'org:sys_domains:read', 'org:sys_memberships:manage', 'org:sys_memberships:read', 'org:sys_profile:delete', 'org:sys_profile:manage'],
  },
  'org:member': { name: 'Member', permissions: ['org:sys_memberships:read'] },
};

/** A membership of `user` in `organization` with `role` (one of `ROLES`). */
export function membershipObject(world: World, organization: Obj, user: Obj, role: string, metadata: Obj = {}): Obj {
  const at = world.now();
  return sorted({
    created_at: at,
    id: clerkId(world, 'orgmem'),
    object: 'organization_membership',
    organization,
    permissions: [...ROLES[role]!.permissions],
    private_metadata: {},
    public_metadata: {},
    public_user_data: publicUserData(user),
    role,
    role_name: ROLES[role]!.name,
    updated_at: at,
    ...metadata,
  });
}

/** How long an organization invitation stays valid: 30 days, Clerk's default. */
const INVITATION_LIFETIME_MS = 30 * 24 * 3600 * 1000;

/** A new pending invitation to `organization`, sent by `inviter` when one is named. */
export function invitationObject(world: World, organization: Obj, input: { email: string; role: string; inviter: Obj | undefined; metadata: Obj }): Obj {
  const at = world.now();
  return sorted({
    created_at: at,
    // Clerk's spec makes `data` required in organizationInvitation.accepted (and optional before): it is carried from the start.
    data: {},
    email_address: input.email,
    expires_at: at + INVITATION_LIFETIME_MS,
    id: clerkId(world, 'orginv'),
    inviter_id: input.inviter ? input.inviter.id : null,
    object: 'organization_invitation',
    organization_id: organization.id,
    private_metadata: {},
    ...(input.inviter ? { public_inviter_data: inviterData(input.inviter) } : {}),
    public_metadata: {},
    public_organization_data: { has_image: organization.has_image, id: organization.id, image_url: organization.image_url, name: organization.name, object: 'organization', slug: organization.slug },
    role: input.role,
    role_name: ROLES[input.role]!.name,
    status: 'pending',
    updated_at: at,
    url: null,
    ...input.metadata,
  });
}

function inviterData(user: Obj): Obj {
  return { first_name: user.first_name ?? null, has_image: user.has_image ?? false, identifier: identifierOf(user) ?? '', image_url: user.image_url ?? DEFAULT_IMAGE, last_name: user.last_name ?? null, user_id: user.id };
}

/** How long a session lives without activity (7 days) and at most (30 days), Clerk's defaults. */
const SESSION_INACTIVE_MS = 7 * 24 * 3600 * 1000;
const SESSION_MAX_MS = 30 * 24 * 3600 * 1000;

/** A new active session of `user`, as a sign-in makes it (on a new client, from a desktop browser). */
export function sessionObject(world: World, user: Obj): Obj {
  const at = world.now();
  return sorted({
    abandon_at: at + SESSION_MAX_MS,
    actor: null,
    client_id: clerkId(world, 'client'),
    created_at: at,
    expire_at: at + SESSION_INACTIVE_MS,
    id: clerkId(world, 'sess'),
    last_active_at: at,
    last_active_organization_id: null,
    latest_activity: {
      browser_name: 'Chrome',
      browser_version: '131.0.0.0',
      city: '',
      country: '',
      device_type: 'Macintosh',
      id: clerkId(world, 'sess_activity'),
      ip_address: '127.0.0.1',
      is_mobile: false,
      object: 'session_activity',
    },
    object: 'session',
    status: 'active',
    updated_at: at,
    user_id: user.id,
  });
}

/** A one-time code, as Clerk's verification messages carry: six digits. */
export function otpCode(world: World): string {
  return String(Number.parseInt(world.id('x', 8).slice(2), 36) % 1_000_000).padStart(6, '0');
}

/** An email Clerk sends (`email.created`): `slug` names the template. */
export function emailObject(world: World, input: { to: string; emailAddressId: string | null; userId: string | null; slug: string; subject: string; body: string; data: Obj }): Obj {
  return sorted({
    body: `<p>${input.body}</p>`,
    body_plain: input.body,
    data: input.data,
    delivered_by_clerk: true,
    email_address_id: input.emailAddressId,
    from_email_name: 'notifications',
    id: clerkId(world, 'ema'),
    object: 'email',
    reply_to_email_name: null,
    slug: input.slug,
    status: 'queued',
    subject: input.subject,
    to_email_address: input.to,
    user_id: input.userId,
  });
}

/** An SMS Clerk sends (`sms.created`). */
export function smsObject(world: World, input: { to: string; phoneNumberId: string | null; userId: string | null; slug: string; message: string; data: Obj }): Obj {
  const at = world.now();
  return sorted({
    created_at: Math.floor(at / 1000),
    created_at_ms: at,
    data: input.data,
    delivered_by_clerk: true,
    from_phone_number: '+15555550100',
    id: clerkId(world, 'sms'),
    message: input.message,
    object: 'sms_message',
    phone_number_id: input.phoneNumberId,
    slug: input.slug,
    status: 'queued',
    to_phone_number: input.to,
    user_id: input.userId,
  });
}
