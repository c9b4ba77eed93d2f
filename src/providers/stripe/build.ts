/**
 * The Stripe payload builder: an Event envelope exactly as Stripe delivers it around the resource
 * the event type reports, serialized once with Stripe's two-space indentation.
 */
import { deepMerge } from '../../core/index.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { eventParts } from './events.js';
import { mirrored } from './mirrors.js';
import { Scene, type Obj } from './scene.js';
import { buildsAsNotification, buildThinPayload } from './thin/build.js';
import { API_VERSION, DELIVERY_HEADERS } from './envelope.js';

export { API_VERSION, DELIVERY_HEADERS };

/**
 * The Event for `context.eventType`, with `context.data` deep-merged into `data.object` and the
 * fields that mirror what it set moved with it (`mirrors.ts`).
 * @example
 * const event = buildEvent({ eventType: 'payment_intent.succeeded', faker: seededFaker(1), now: Date.now(), data: undefined });
 * event.data.object.status; // 'succeeded'
 */
export function buildEvent(context: BuildContext): Obj & { id: string; data: { object: Obj } } {
  const s = new Scene(context.faker, context.now);
  const parts = eventParts(s, context.eventType, context.data);
  const object = mirrored(parts.object, deepMerge(parts.object, context.data), context.data);
  const data: Obj = parts.previous !== undefined ? { object, previous_attributes: parts.previous } : { object };
  const automatic = parts.automatic === true;
  return {
    id: s.id('evt', s.now, parts.idVersion),
    object: 'event',
    ...(parts.account !== undefined ? { account: parts.account } : {}),
    api_version: API_VERSION,
    created: s.now,
    data: data as { object: Obj },
    livemode: false,
    pending_webhooks: s.int(1, 3),
    request: automatic ? { id: null, idempotency_key: null } : { id: s.requestId(), idempotency_key: s.uuid() },
    type: context.eventType,
  };
}

/**
 * Builds Stripe deliveries: the body is the Event pretty-printed as Stripe sends it, and the
 * delivery id is the event id.
 * @example
 * const { body, deliveryId, headers } = builder.build({ eventType: 'invoice.paid', faker, now: Date.now(), data: undefined });
 */
export const builder: PayloadBuilder = {
  build(context: BuildContext): BuiltPayload {
    // Event notifications (thin events): src/providers/stripe/thin/.
    if (buildsAsNotification(context.eventType)) return { ...buildThinPayload(context), headers: { ...DELIVERY_HEADERS } };
    const event = buildEvent(context);
    return { body: JSON.stringify(event, null, 2), deliveryId: event.id, headers: { ...DELIVERY_HEADERS } };
  },
};
