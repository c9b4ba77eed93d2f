/**
 * The payload builder's entry for event notifications: the notification for a type of
 * stripe-node's `V2.EventNotification` union, serialized once as Stripe sends it.
 */
import type { BuildContext } from '../../types.js';
import { relatedUrls, thin } from '../generated/thin.js';
import { buildThinNotification } from './notification.js';

export { isThinEventType } from './notification.js';

/**
 * The body and delivery id (the event id) of a notification of `context.eventType`.
 * @example
 * const { body } = buildThinPayload({ eventType: 'v1.billing.meter.error_report_triggered', faker, now: Date.now(), data: undefined });
 * JSON.parse(body).object; // 'v2.core.event'
 */
export function buildThinPayload(context: BuildContext): { body: string; deliveryId: string } {
  const facts = thin[context.eventType] ?? {};
  const notification = buildThinNotification(context, facts, facts.r === undefined ? undefined : relatedUrls[facts.r]);
  return { body: JSON.stringify(notification, null, 2), deliveryId: String(notification.id) };
}
