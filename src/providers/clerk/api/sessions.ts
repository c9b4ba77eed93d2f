/**
 * Clerk sessions: what a user does in the browser, which no Backend API call reaches (sign in, sign
 * out, remove a session from a multi-session client), and the API's revoke. Every `session.*` event
 * carries the session as `GET /v1/sessions/:id` answers it, plus its `user` as `GET /v1/users/:id`
 * answers it, as Clerk's session payloads do.
 */
import { RelayError } from '../../../core/index.js';
import { jsonResponse, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { clerkError, clerkNotFound } from './errors.js';
import { refreshMemberships } from './refresh.js';
import { emailObject, otpCode, sessionObject, smsObject, sorted } from './objects.js';

/** A session event's `data`: the session with its user. */
export function sessionEventData(world: World, session: Obj): Obj {
  return sorted({ ...session, user: world.get('clerk', 'user', String(session.user_id)) ?? null });
}

/** How the user proves who they are at sign-in: a password, or a one-time code Clerk sends. */
export type SignInStrategy = 'password' | 'email_code' | 'phone_code';

/** Options of `signIn`. */
export interface SignInOptions {
  /** Default `password`: nothing is sent. `email_code` sends the code by email (`email.created`), `phone_code` by SMS (`sms.created`). */
  readonly strategy?: SignInStrategy;
}

function primary(user: Obj, list: 'email_addresses' | 'phone_numbers', idKey: string): Obj | undefined {
  const items = Array.isArray(user[list]) ? (user[list] as Obj[]) : [];
  return items.find((item) => item.id === user[idKey]) ?? items[0];
}

/** The verification code message of a `strategy`, appended before the session it opens. */
function sendCode(world: World, user: Obj, strategy: SignInStrategy): void {
  if (strategy === 'password') return;
  const code = otpCode(world);
  if (strategy === 'email_code') {
    const address = primary(user, 'email_addresses', 'primary_email_address_id');
    if (!address) throw new RelayError('INVALID_OPTION', `User ${String(user.id)} has no email address to send a code to; sign in with strategy 'password' or 'phone_code'.`);
    const email = emailObject(world, {
      to: String(address.email_address),
      emailAddressId: String(address.id),
      userId: String(user.id),
      slug: 'verification_code',
      subject: `${code} is your verification code`,
      body: `Enter ${code} to sign in. This code expires in 10 minutes.`,
      data: { otp_code: code, requested_by: 'sign_in', app: { name: 'relaykit' } },
    });
    world.put('clerk', 'email', email);
    world.outbox.append({ provider: 'clerk', type: 'email.created', data: email });
    return;
  }
  const phone = primary(user, 'phone_numbers', 'primary_phone_number_id');
  if (!phone) throw new RelayError('INVALID_OPTION', `User ${String(user.id)} has no phone number to send a code to; sign in with strategy 'password' or 'email_code'.`);
  const sms = smsObject(world, {
    to: String(phone.phone_number),
    phoneNumberId: String(phone.id),
    userId: String(user.id),
    slug: 'verification_code',
    message: `${code} is your verification code.`,
    data: { otp_code: code, requested_by: 'sign_in', app: { name: 'relaykit' } },
  });
  world.put('clerk', 'sms_message', sms);
  world.outbox.append({ provider: 'clerk', type: 'sms.created', data: sms });
}

/**
 * The user signs in on a new browser: the code message when the strategy sends one, then
 * `session.created`. A banned or locked user cannot sign in (as Clerk refuses them).
 */
export function signIn(world: World, userId: string, options: SignInOptions = {}): Obj {
  const strategy = options.strategy ?? 'password';
  if (!['password', 'email_code', 'phone_code'].includes(strategy)) throw new RelayError('INVALID_OPTION', `Unknown sign-in strategy ${JSON.stringify(strategy)}: use 'password', 'email_code' or 'phone_code'.`);
  const found = world.get('clerk', 'user', userId);
  if (!found) throw new RelayError('NOT_FOUND', `No user ${userId} in the emulated Clerk: create it with clerk.users.createUser first.`);
  if (found.banned === true) throw new RelayError('CONFLICT', `User ${userId} is banned and cannot sign in (clerk.users.unbanUser lifts it).`);
  if (found.locked === true) throw new RelayError('CONFLICT', `User ${userId} is locked and cannot sign in (clerk.users.unlockUser lifts it).`);
  sendCode(world, found, strategy);
  const at = world.now();
  // The sign-in stamps the user; Clerk sends no user.updated for it, the session carries the user as it is now.
  const user = world.put('clerk', 'user', { ...found, last_active_at: at, last_sign_in_at: at });
  refreshMemberships(world, { userId });
  const session = world.put('clerk', 'session', sessionObject(world, user));
  world.outbox.append({ provider: 'clerk', type: 'session.created', data: sessionEventData(world, session) });
  return session;
}

/** Ends an active session with `status` and emits `session.<status>`; throws for an unknown or inactive one. */
export function endSession(world: World, sessionId: string, status: 'ended' | 'removed' | 'revoked'): Obj {
  const session = world.get('clerk', 'session', sessionId);
  if (!session) throw new RelayError('NOT_FOUND', `No session ${sessionId} in the emulated Clerk: emulator.clerk.signIn(userId) makes one.`);
  if (session.status !== 'active') throw new RelayError('CONFLICT', `Session ${sessionId} is ${String(session.status)}, not active.`);
  const next = world.put('clerk', 'session', { ...session, status, updated_at: world.now() });
  world.outbox.append({ provider: 'clerk', type: `session.${status}`, data: sessionEventData(world, next) });
  return next;
}

/** `POST /v1/sessions/:id/revoke`: `session.revoked`; a session no longer active is Clerk's 400. */
export const revokeSession: RouteHandler = (request, params, world) => {
  const id = String(params.id);
  const session = world.get('clerk', 'session', id);
  if (!session) return clerkNotFound('session', id);
  if (session.status !== 'active') {
    return clerkError(400, { message: 'Session is not active', long_message: `Session ${id} is ${String(session.status)}; only an active session can be revoked.`, code: 'session_not_active' });
  }
  return jsonResponse(endSession(world, id, 'revoked'));
};
