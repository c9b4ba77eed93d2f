/**
 * Clerk, emulated: its Backend API routes, its webhook endpoints (which Clerk keeps in its Dashboard,
 * through Svix: here the emulator's `webhooks` option), and the event each outbox entry is delivered as:
 * `{ data, event_attributes, instance_id, object: 'event', timestamp, type }` with keys in alphabetical
 * order, as Clerk sends them, under a Svix message id (`msg_…`) that every retry repeats.
 */
import { RelayError } from '../../../core/index.js';
import { clerkEventTypes } from '../catalog.js';
import type { ClientOptions, EmulatedDelivery, EmulatedEndpoint, Obj, OutboxEvent, ProviderEmulation, World } from '../../shared/api/index.js';
import { sortedJson, SVIX_SENDER_VERSION } from '../../shared/svix-headers.js';
import { clerkAdapter, clerkRoutes } from './index.js';
import { acceptInvitation, type AcceptedInvitation } from './memberships.js';
import { clerkId } from './objects.js';
import { endSession, signIn, type SignInOptions } from './sessions.js';

/** What a Clerk test does in the browser, which no Backend API call reaches: `emulator.clerk`. */
export interface ClerkHelpers {
  /**
   * The user signs in: the verification code's `email.created` or `sms.created` when the strategy
   * sends one, then `session.created`. Returns the session as `clerk.sessions.getSession` reads it.
   * @example
   * const session = emulator.clerk.signIn(user.id, { strategy: 'email_code' });
   */
  signIn(userId: string, options?: SignInOptions): Obj;
  /**
   * The user signs out of the session: `session.ended`.
   * @example
   * emulator.clerk.signOut(session.id);
   */
  signOut(sessionId: string): Obj;
  /**
   * The user removes the session from a multi-session browser: `session.removed`.
   * @example
   * emulator.clerk.removeSession(session.id);
   */
  removeSession(sessionId: string): Obj;
  /**
   * The invitee accepts an organization invitation, signed in as `userId` or signing up with the invited
   * address (`user.created`): `organizationMembership.created`, then `organizationInvitation.accepted`.
   * @example
   * const { membership } = emulator.clerk.acceptInvitation(invitation.id, { userId: user.id });
   */
  acceptInvitation(invitationId: string, options?: { readonly userId?: string }): AcceptedInvitation;
}

const ENDPOINT = 'webhook_endpoint';
const INSTANCE = 'instance';

/** The Svix sender's headers besides the signature: Clerk's deliveries come from Svix's HTTP sender. */
const DELIVERY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json',
  'user-agent': `Svix-Webhooks/${SVIX_SENDER_VERSION} (sender-relay; +https://www.svix.com/http-sender/)`,
});

/** The instance every event names (`ins_…`), made once per world. */
function instanceId(world: World): string {
  const found = world.list('clerk', INSTANCE)[0];
  if (found) return String(found.id);
  return String(world.put('clerk', INSTANCE, { id: clerkId(world, 'ins'), object: INSTANCE }).id);
}

/** No browser request reaches an event the Backend API or a helper causes: Clerk then sends empty strings. */
const NO_REQUEST = { http_request: { client_ip: '', user_agent: '' } };

function envelope(event: OutboxEvent, world: World): EmulatedDelivery {
  const body = sortedJson({ data: event.data, event_attributes: NO_REQUEST, instance_id: instanceId(world), object: 'event', timestamp: event.at, type: event.type });
  return { body, deliveryId: world.id('msg', 27), headers: { ...DELIVERY_HEADERS } };
}

const EVENT_TYPES: ReadonlySet<string> = new Set(clerkEventTypes);

/** The event types an endpoint subscribes to (none: every type), or a clear error for one Clerk does not send. */
function subscribed(events: readonly string[] | undefined): string[] {
  const list = [...(events ?? [])];
  const unknown = list.find((type) => !EVENT_TYPES.has(type));
  if (unknown !== undefined) throw new RelayError('INVALID_OPTION', `webhooks.clerk events names "${unknown}", which is not a Clerk event type. Clerk sends: ${clerkEventTypes.join(', ')}.`);
  return list;
}

function toEndpoint(stored: Obj): EmulatedEndpoint {
  const events = new Set((stored.events as string[] | undefined) ?? []);
  return { id: String(stored.id), url: String(stored.url), secret: String(stored.secret), accepts: (type) => events.size === 0 || events.has(type) };
}

/**
 * Clerk's emulation: the Backend API under `/clerk` of a standalone emulator, for
 * `createClerkClient({ secretKey, apiUrl })`.
 * @example
 * createClerkClient({ secretKey: 'sk_test_123', ...clerkEmulation.clientOptions(new URL('http://127.0.0.1:12111/clerk')) });
 */
export const clerkEmulation: ProviderEmulation = {
  provider: 'clerk',
  mount: '/clerk',
  routes: () => clerkRoutes(),
  adapter: clerkAdapter,
  // @clerk/backend joins apiUrl, its apiVersion (v1) and the path: …/clerk/v1/users.
  clientOptions: (url: URL): ClientOptions => ({ apiUrl: url.toString().replace(/\/$/, '') }),
  endpoints: (world) => world.list('clerk', ENDPOINT).map(toEndpoint),
  addEndpoint: (world, endpoint) =>
    toEndpoint(
      world.put('clerk', ENDPOINT, {
        id: clerkId(world, 'ep'),
        object: ENDPOINT,
        url: endpoint.url,
        // A Svix secret: whsec_ and the base64 of 24 random bytes (32 base62 characters are valid base64).
        secret: endpoint.secret ?? world.id('whsec', 32),
        events: subscribed(endpoint.events),
      }),
    ),
  envelope,
  helpers: (world): ClerkHelpers => ({
    signIn: (userId, options) => signIn(world, userId, options),
    signOut: (sessionId) => endSession(world, sessionId, 'ended'),
    removeSession: (sessionId) => endSession(world, sessionId, 'removed'),
    acceptInvitation: (invitationId, options) => acceptInvitation(world, invitationId, options),
  }),
};
