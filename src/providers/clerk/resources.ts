/**
 * Clerk webhook data about people: users, sessions, the emails and text messages Clerk sends, and
 * waitlist entries, with the keys of Clerk's webhooks spec and examples (and those @clerk/backend's
 * types declare). Ids and times are drawn so that cross-references hold (`session.user_id ===
 * user.id`, `primary_email_address_id` names an entry of `email_addresses`). Organizations are in
 * organizations.ts, billing in billing.ts. Internal to the Clerk builder.
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

// Reserved mail domains (RFC 2606): a fake address can never reach a real mailbox. Eight, as the consumer
// providers they replace were, so that the draws after them are unchanged.
const MAIL_DOMAINS = ['example.com', 'example.com', 'example.com', 'example.org', 'example.net', 'example.com', 'example.org', 'example.net'];

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
  const imageUrl = defaultImageUrl(instanceId, id);
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
