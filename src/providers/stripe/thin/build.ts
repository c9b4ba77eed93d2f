/**
 * The payload builder's entry for event notifications: the notification for a type of
 * stripe-node's `V2.EventNotification` union, serialized once as Stripe sends it.
 */
import type { BuildContext } from '../../types.js';
import { thin } from '../generated/thin.js';
import { relatedUrls } from '../generated/thin-types.js';
import { buildThinNotification, isThinEventType } from './notification.js';

/**
 * Whether `eventType` is built as a notification: one of stripe-node's notification types, or an
 * unknown `v1.…` / `v2.…` type (then a notification with no `related_object`, as stripe-node's
 * `UnknownEventNotification` allows), never a snapshot event.
 * @example
 * buildsAsNotification('v1.billing.meter.no_meter_found'); // true
 * buildsAsNotification('charge.succeeded'); // false
 */
export function buildsAsNotification(eventType: string): boolean {
  return isThinEventType(eventType) || /^v\d+\./.test(eventType);
}

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
