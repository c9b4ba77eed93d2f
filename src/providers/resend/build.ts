/**
 * The Resend payload builder: `{ created_at, data, type }` for every `email.*`, `contact.*` and
 * `domain.*` type of the resend package's webhook events, keys sorted as Resend sends them,
 * delivered through Svix (`msg_…` id, Svix `User-Agent`, a catch-all `Accept`).
 */
import type { JsonObject } from '../../core/index.js';
import { svixDelivery } from '../shared/svix-headers.js';
import { isoMillis } from '../shared/time.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { contact, contactTopics, domain, emailEvent, receivedEmail, type Scene } from './data.js';

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

/** The event types the builder can make (the catalog's, checked in tests). */
export const builtEventTypes: readonly string[] = Object.keys(FACTORIES);

export const builder: PayloadBuilder = {
  build(ctx: BuildContext): BuiltPayload {
    const factory = FACTORIES[ctx.eventType];
    if (!factory) throw new TypeError(`The Resend builder has no payload for "${ctx.eventType}".`);
    const { faker, now } = ctx;
    // Resend records the event a moment before Svix makes the attempt at `now`.
    const at = now - faker.number.int({ min: 20, max: 600 });
    const envelope = { created_at: isoMillis(at), data: factory({ faker, at }, ctx.eventType), type: ctx.eventType };
    return svixDelivery(faker, now, envelope, ctx.data, { accept: true });
  },
};
