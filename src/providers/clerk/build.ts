/**
 * The Clerk payload builder: `{ data, event_attributes, instance_id, object, timestamp, type }` for
 * every type of Clerk's webhooks spec, keys sorted as Clerk sends them, delivered through Svix
 * (`msg_…` id, Svix `User-Agent`). A `data` override is merged into `data` and moves its mirrors
 * (mirrors.ts); a type outside the catalog gets a minimal object of the resource it names.
 */
import { deepMerge, type JsonObject } from '../../core/index.js';
import { uuidV4 } from '../shared/ids.js';
import { svixDelivery } from '../shared/svix-headers.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { paymentAttempt, subscription, subscriptionItem } from './billing.js';
import { applyMirrors } from './mirrors.js';
import { invitation, membership, organizationDomain, organizationEvent, permission, role } from './organizations.js';
import { email, person as personOf, session, sms, user, waitlistEntry } from './resources.js';
import { DAY, HOUR, NO_REQUEST, before, between, browserClient, clerkId, companyName, slugify, type Scene } from './scene.js';

type DataFactory = (scene: Scene, eventType: string) => JsonObject;

/** `{ deleted: true, id, object }`, as Clerk reports a deleted resource. */
function deleted(prefix: string, object: string, extra?: (scene: Scene) => JsonObject): DataFactory {
  return (scene) => ({
    deleted: true,
    id: clerkId(scene.faker, prefix, before(scene.faker, scene.at, DAY, 400 * DAY)),
    object,
    ...extra?.(scene),
  });
}

function userEvent(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  if (eventType === 'user.created') {
    // Sign-up: the user row is written a few ms before the event; completing the sign-up signs in.
    const updatedAt = before(faker, at, 5, 40);
    const createdAt = before(faker, updatedAt, 5, 40);
    return user(scene, { createdAt, updatedAt, lastSignInAt: createdAt, lastActiveAt: createdAt });
  }
  // An existing user who has just chosen a username and turned on two-factor authentication.
  const createdAt = before(faker, at, 2 * DAY, 400 * DAY);
  const lastSignInAt = before(faker, at, 10_000, Math.min(20 * DAY, at - createdAt));
  const updatedAt = before(faker, at, 5, 40);
  const person = personOf(scene);
  const username = `${person.firstName}${person.lastName[0]}${between(faker, 1, 99)}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  return user(scene, { createdAt, updatedAt, lastSignInAt, lastActiveAt: before(faker, at, 0, 10_000), person, username, mfaEnabledAt: updatedAt });
}

const FACTORIES: Record<string, DataFactory> = {
  'user.created': userEvent,
  'user.updated': userEvent,
  'user.deleted': deleted('user_', 'user', (scene) => ({ external_id: uuidV4(scene.faker) })),
  'session.created': session,
  'session.pending': session,
  'session.ended': session,
  'session.removed': session,
  'session.revoked': session,
  'email.created': email,
  'sms.created': sms,
  'organization.created': organizationEvent,
  'organization.updated': organizationEvent,
  'organization.deleted': deleted('org_', 'organization', (scene) => ({ slug: slugify(companyName(scene.faker)) })),
  'organizationDomain.created': organizationDomain,
  'organizationDomain.updated': organizationDomain,
  'organizationDomain.deleted': deleted('orgdmn_', 'organization_domain'),
  'organizationMembership.created': membership,
  'organizationMembership.updated': membership,
  'organizationMembership.deleted': membership,
  'organizationInvitation.created': invitation,
  'organizationInvitation.revoked': invitation,
  'organizationInvitation.accepted': invitation,
  'role.created': role,
  'role.updated': role,
  'role.deleted': deleted('role_', 'role', () => ({ slug: null })),
  'permission.created': permission,
  'permission.updated': permission,
  'permission.deleted': deleted('perm_', 'permission'),
  'waitlistEntry.created': waitlistEntry,
  'waitlistEntry.updated': waitlistEntry,
  'paymentAttempt.created': paymentAttempt,
  'paymentAttempt.updated': paymentAttempt,
  'subscription.created': subscription,
  'subscription.updated': subscription,
  'subscription.active': subscription,
  'subscription.pastDue': subscription,
  'subscriptionItem.updated': subscriptionItem,
  'subscriptionItem.active': subscriptionItem,
  'subscriptionItem.canceled': subscriptionItem,
  'subscriptionItem.upcoming': subscriptionItem,
  'subscriptionItem.ended': subscriptionItem,
  'subscriptionItem.abandoned': subscriptionItem,
  'subscriptionItem.incomplete': subscriptionItem,
  'subscriptionItem.pastDue': subscriptionItem,
  'subscriptionItem.freeTrialEnding': subscriptionItem,
};

/**
 * Events Clerk raises on its own schedule rather than for a request: their `http_request` holds
 * empty strings.
 */
const SCHEDULED = new Set([
  'subscription.pastDue',
  'subscriptionItem.upcoming',
  'subscriptionItem.ended',
  'subscriptionItem.abandoned',
  'subscriptionItem.pastDue',
  'subscriptionItem.freeTrialEnding',
]);

/** The id prefix of each resource an event type names. */
const ID_PREFIX: Record<string, string> = {
  user: 'user_',
  session: 'sess_',
  email: 'ema_',
  sms: 'sms_',
  organization: 'org_',
  organizationDomain: 'orgdmn_',
  organizationMembership: 'orgmem_',
  organizationInvitation: 'orginv_',
  role: 'role_',
  permission: 'perm_',
  waitlistEntry: 'wle_',
  paymentAttempt: 'cpayatt_',
  subscription: 'csub_',
  subscriptionItem: 'csubi_',
};

/**
 * The data of a type Clerk's spec does not list (sent only with `allowUnknownType`): the resource the
 * type names (`organization.frozen` → an `organization`), as a minimal object, or its deleted stub.
 */
function unknownEvent(scene: Scene, eventType: string): JsonObject {
  const resource = eventType.split('.')[0] || 'resource';
  const object = resource.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  const prefix = ID_PREFIX[resource] ?? `${object}_`;
  if (eventType.endsWith('.deleted')) return deleted(prefix, object)(scene, eventType);
  const createdAt = before(scene.faker, scene.at, HOUR, 200 * DAY);
  return { created_at: createdAt, id: clerkId(scene.faker, prefix, createdAt), object, updated_at: before(scene.faker, scene.at, 5, 300) };
}

/** The event types the builder can make (the catalog's, checked in tests). */
export const builtEventTypes: readonly string[] = Object.keys(FACTORIES);

export const builder: PayloadBuilder = {
  build(ctx: BuildContext): BuiltPayload {
    const factory = FACTORIES[ctx.eventType] ?? unknownEvent;
    const { faker, now } = ctx;
    // Clerk emits the event a few hundred ms before Svix makes the attempt at `now`.
    const at = now - between(faker, 15, 450);
    const instanceId = clerkId(faker, 'ins_', before(faker, at, 30 * DAY, 900 * DAY));
    const client = browserClient(faker);
    const scene: Scene = { faker, at, instanceId, client };
    const built = factory(scene, ctx.eventType);
    const data = ctx.data === undefined ? built : applyMirrors(deepMerge(built, ctx.data), ctx.data, built);
    const envelope = {
      data,
      event_attributes: SCHEDULED.has(ctx.eventType) ? NO_REQUEST : { http_request: { client_ip: client.ip, user_agent: client.userAgent } },
      instance_id: instanceId,
      object: 'event',
      timestamp: at,
      type: ctx.eventType,
    };
    return svixDelivery(faker, now, envelope, undefined);
  },
};
