/**
 * Clerk user writes beyond the field and metadata updates of write.ts: create, and the account
 * states (ban, unban, lock, unlock). Each emits `user.updated` with the stored user; a ban also
 * revokes the user's active sessions (`session.revoked`), as Clerk documents a ban does.
 */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { clerkError, clerkNotFound, unknownParam } from './errors.js';
import { refreshMemberships } from './refresh.js';
import { sessionEventData } from './sessions.js';
import { userObject } from './objects.js';
import { jsonBody } from './write.js';

/** Fields `POST /v1/users` takes that the user object shows as given. */
const SHOWN = ['external_id', 'first_name', 'last_name', 'username', 'locale', 'legal_accepted_at', 'create_organization_enabled', 'create_organizations_limit', 'delete_self_enabled'];
const METADATA = ['public_metadata', 'private_metadata', 'unsafe_metadata'];
/** Fields it takes that change nothing a read shows. */
const WRITE_ONLY = ['password', 'password_digest', 'password_hasher', 'skip_password_checks', 'skip_password_requirement', 'skip_legal_checks', 'totp_secret', 'backup_codes', 'created_at', 'web3_wallet', 'email_address_identification_status', 'phone_number_identification_status'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

function invalidParam(name: string, why: string): Response {
  return clerkError(422, { message: 'is invalid', long_message: `${name} ${why}`, code: 'form_param_format_invalid', meta: { param_name: name } });
}

function taken(name: string, what: string): Response {
  return clerkError(422, { message: `That ${what} is taken. Please try another.`, long_message: `That ${what} is taken. Please try another.`, code: 'form_identifier_exists', meta: { param_name: name } });
}

/** A string or a list of strings, as the SDK sends `emailAddress`/`phoneNumber`. */
function stringList(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

/** Every identifier the stored users hold: email addresses and phone numbers (lower-cased), usernames. */
function identifiersInUse(world: World): Set<string> {
  const used = new Set<string>();
  for (const user of world.list('clerk', 'user')) {
    for (const e of (user.email_addresses as Obj[] | undefined) ?? []) used.add(String(e.email_address).toLowerCase());
    for (const p of (user.phone_numbers as Obj[] | undefined) ?? []) used.add(String(p.phone_number));
    if (typeof user.username === 'string') used.add(`username:${user.username.toLowerCase()}`);
  }
  return used;
}

/** `POST /v1/users`: a verified email address and phone number per one given; `user.created`. */
export const createUser: RouteHandler = async (request, params, world) => {
  const body = await jsonBody(request);
  if (body instanceof Response) return body;
  const emails = stringList(body.email_address);
  const phones = stringList(body.phone_number);
  if (!emails) return invalidParam('email_address', 'must be a list of email addresses.');
  if (!phones) return invalidParam('phone_number', 'must be a list of phone numbers in E.164 format.');
  const fields: Obj = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'email_address' || key === 'phone_number' || WRITE_ONLY.includes(key)) continue;
    if (METADATA.includes(key)) {
      if (value !== null && !isPlainObject(value)) return invalidParam(key, 'must be a JSON object.');
      fields[key] = value ?? {};
    } else if (SHOWN.includes(key)) fields[key] = value;
    else return unknownParam(key);
  }
  const badEmail = emails.find((e) => !EMAIL.test(e));
  if (badEmail !== undefined) return invalidParam('email_address', `must be a valid email address, got "${badEmail}".`);
  const badPhone = phones.find((p) => !PHONE.test(p));
  if (badPhone !== undefined) return invalidParam('phone_number', `must be a valid phone number in E.164 format (+15555550100), got "${badPhone}".`);
  if (emails.length === 0 && phones.length === 0 && typeof fields.username !== 'string' && typeof fields.external_id !== 'string') {
    return clerkError(422, {
      message: 'missing identifier',
      long_message: 'A user needs at least one identifier: give email_address, phone_number, username or external_id.',
      code: 'form_param_missing',
      meta: { param_name: 'email_address' },
    });
  }
  const used = identifiersInUse(world);
  const dupEmail = emails.find((e) => used.has(e.toLowerCase()));
  if (dupEmail !== undefined) return taken('email_address', 'email address');
  const dupPhone = phones.find((p) => used.has(p));
  if (dupPhone !== undefined) return taken('phone_number', 'phone number');
  if (typeof fields.username === 'string' && used.has(`username:${fields.username.toLowerCase()}`)) return taken('username', 'username');
  const user = world.put('clerk', 'user', userObject(world, { emails, phones, fields, passwordEnabled: typeof body.password === 'string' || typeof body.password_digest === 'string' }));
  world.outbox.append({ provider: 'clerk', type: 'user.created', data: user });
  return jsonResponse(user);
};

/**
 * `POST /v1/users/:id/<action>` setting `changes` on the user, then `user.updated` (and whatever
 * `after` emits). Clerk emits no `user.banned` or `user.locked` webhook: those are log names only.
 */
function userState(changes: (world: World) => Obj, after?: (world: World, user: Obj) => void): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const next = world.update('clerk', 'user', id, (user) => ({ ...user, ...changes(world), updated_at: world.now() }));
    if (!next) return clerkNotFound('user', id);
    refreshMemberships(world, { userId: id });
    world.outbox.append({ provider: 'clerk', type: 'user.updated', data: next });
    after?.(world, next);
    return jsonResponse(next);
  };
}

/** How long a lock lasts by default: one hour (Clerk's default lockout). */
const LOCKOUT_SECONDS = 3600;

/** `POST /v1/users/:id/ban`: banned, and every active session revoked. */
export const banUser = userState(
  () => ({ banned: true }),
  (world, user) => {
    for (const session of world.list('clerk', 'session')) {
      if (session.user_id !== user.id || session.status !== 'active') continue;
      const revoked = world.put('clerk', 'session', { ...session, status: 'revoked', updated_at: world.now() });
      world.outbox.append({ provider: 'clerk', type: 'session.revoked', data: sessionEventData(world, revoked) });
    }
  },
);
/** `POST /v1/users/:id/unban`. */
export const unbanUser = userState(() => ({ banned: false }));
/** `POST /v1/users/:id/lock`: locked for Clerk's default hour. */
export const lockUser = userState(() => ({ locked: true, lockout_expires_in_seconds: LOCKOUT_SECONDS }));
/** `POST /v1/users/:id/unlock`. */
export const unlockUser = userState(() => ({ locked: false, lockout_expires_in_seconds: null }));
