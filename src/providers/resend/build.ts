/**
 * The Resend payload builder: `{ created_at, data, type }` for every type of the resend package's
 * `WebhookEventPayload` union, keys sorted as Resend sends them, delivered through Svix (`msg_…` id,
 * Svix `User-Agent`, a catch-all `Accept`). The `email.*`, `contact.*` and `domain.*` types have
 * hand-written builders (data.ts); the `suppression.*`, `topic.*` and `inbox.*` types are walked
 * from the shapes `npm run gen` read from the package (scene.ts). A `data` override is merged into
 * `data` and moves the fields that mirror it (mirrors.ts).
 */
import { deepMerge, type JsonObject } from '../../core/index.js';
import { uuidV4 } from '../shared/ids.js';
import type { Faker } from '../shared/random.js';
import { svixDelivery } from '../shared/svix-headers.js';
import { isoMillis } from '../shared/time.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { contact, contactTopics, domain, emailEvent, receivedEmail, resourceTime, type Scene } from './data.js';
import { applyMirrors } from './mirrors.js';
import { isWalked, walkedData, walkedEventTypes } from './scene.js';

type DataFactory = (scene: Scene, eventType: string) => JsonObject;

const FACTORIES: Record<string, DataFactory> = {
  'email.sent': emailEvent,
  'email.scheduled': emailEvent,
  'email.delivered': emailEvent,
  'email.delivery_delayed': emailEvent,
  'email.complained': emailEvent,
  'email.bounced': emailEvent,
  'email.opened': emailEvent,
  'email.clicked': emailEvent,
  'email.received': receivedEmail,
  'email.failed': emailEvent,
  'email.suppressed': emailEvent,
  'contact.created': contact,
  'contact.updated': contact,
  'contact.deleted': contact,
  'contact.topics.updated': contactTopics,
  'domain.created': domain,
  'domain.updated': domain,
  'domain.deleted': domain,
};

/**
 * `data` for a type outside the catalog (sent only when the caller allows unknown types): an
 * `email.*` type gets the `BaseEmailEventData` every email event shares; any other a bare resource,
 * `{ created_at, id }`.
 */
function unknownData(scene: Scene, eventType: string): JsonObject {
  if (eventType.startsWith('email.')) return emailEvent(scene, eventType);
  return { created_at: resourceTime(scene.faker, scene.at - 1000), id: uuidV4(scene.faker) };
}

function eventData(faker: Faker, at: number, eventType: string): JsonObject {
  const factory = FACTORIES[eventType];
  if (factory) return factory({ faker, at }, eventType);
  if (isWalked(eventType)) return walkedData(faker, at, eventType);
  return unknownData({ faker, at }, eventType);
}

/** The event types the builder can make (the catalog's, checked in tests). */
export const builtEventTypes: readonly string[] = [...Object.keys(FACTORIES), ...walkedEventTypes];

export const builder: PayloadBuilder = {
  build(ctx: BuildContext): BuiltPayload {
    const { faker, now, eventType } = ctx;
    // Resend records the event a moment before Svix makes the attempt at `now`.
    const at = now - faker.number.int({ min: 20, max: 600 });
    const built = eventData(faker, at, eventType);
    const data = ctx.data === undefined ? built : applyMirrors(eventType, deepMerge(built, ctx.data), ctx.data);
    return svixDelivery(faker, now, { created_at: isoMillis(at), data, type: eventType }, undefined, { accept: true });
  },
};
