/**
 * Stripe event notifications ("thin events", `object: "v2.core.event"`), as an event destination
 * receives them: no `data`, no snapshot of the resource, only a pointer to it (`related_object`)
 * that the handler fetches, along with the full event, through stripe-node's
 * `notification.fetchRelatedObject()` and `notification.fetchEvent()`.
 *
 * Mirrors: `related_object.url` follows `related_object.id` (and the account in it follows
 * `context`), so a `data` override of the id or the context moves the url.
 */
import { deepMerge, isPlainObject, type JsonObject } from '../../../core/index.js';
import type { BuildContext } from '../../types.js';
import { pick } from '../../shared/random.js';
import { isoMillis } from '../../shared/time.js';
import type { ThinFacts } from '../generated/thin.js';
import { thinEventTypes } from '../generated/thin-types.js';
import { ThinIds } from './ids.js';


const THIN_TYPES: ReadonlySet<string> = new Set(thinEventTypes);

/**
 * Whether `eventType` is one of stripe-node's event notification types.
 * @example
 * isThinEventType('v1.billing.meter.error_report_triggered'); // true
 */
export function isThinEventType(eventType: string): boolean {
  return THIN_TYPES.has(eventType);
}

/** Verbs Stripe publishes in answer to an API request (the notification then has a `reason`). */
const REQUEST_VERBS = /\.(created|updated|deleted|closed|canceled|voided|finalized|sent|accepted|attached|detached|released|activated|deactivated|reactivated|ping|returned|applied)$/;

/** A url template filled: `{param}`s after a collection get an id of it, the last one the object's id. */
function fillUrl(template: string, id: string | undefined, ids: ThinIds, parents: Map<string, string>): string {
  return template.replace(/\/([a-z_]+)\/\{(\w+)\}/g, (_match, collection: string, param: string) => {
    const own = id !== undefined && param === 'id' && template.endsWith('{id}');
    if (own) return `/${collection}/${id}`;
    let parent = parents.get(collection);
    if (parent === undefined) {
      parent = ids.parent(collection);
      parents.set(collection, parent);
    }
    return `/${collection}/${parent}`;
  });
}

/** `?include=configuration.merchant` for `v2.core.account[configuration.merchant].updated`. */
function includeQuery(eventType: string): string {
  const include = /\[([^\]]+)\]/.exec(eventType)?.[1];
  return include ? `?include=${include}` : '';
}

/**
 * The notification for `context.eventType` (its related object per `facts`, at `url`, the tag's
 * retrieve url template), with `context.data` deep-merged over it.
 * @example
 * buildThinNotification(context, { r: 'billing.meter' }, '/v1/billing/meters/{id}').related_object;
 * // { id: 'mtr_test_61…', type: 'billing.meter', url: '/v1/billing/meters/mtr_test_61…' }
 */
export function buildThinNotification(context: BuildContext, facts: ThinFacts, url: string | undefined): JsonObject {
  const { faker, eventType } = context;
  const ids = new ThinIds(faker);
  const v2 = eventType.startsWith('v2.');
  const id = ids.event();
  const parents = new Map<string, string>();
  let related: JsonObject | null = null;
  if (facts.r !== undefined && url !== undefined) {
    const objectId = facts.s === 1 ? undefined : ids.object(facts.r);
    const path = fillUrl(url, objectId, ids, parents) + includeQuery(eventType);
    related = objectId === undefined ? { type: facts.r, url: path } : { id: objectId, type: facts.r, url: path };
  }
  const account = parents.get('accounts');
  const base: JsonObject = {
    id,
    object: 'v2.core.event',
    type: eventType,
    livemode: false,
    created: isoMillis(context.now - pick(faker, [0, 1, 2]) * 1000 - faker.number.int(999)),
  };
  // stripe-node types `context` and `reason` as optional, not nullable: absent when there is none.
  // Events about a connected account carry it as the context the follow-up fetches need.
  if (account !== undefined && !v2) base.context = account;
  if (REQUEST_VERBS.test(eventType)) base.reason = { type: 'request', request: { id: ids.request(v2), idempotency_key: faker.string.uuid() } };
  if (related) base.related_object = related;
  return context.data === undefined ? base : followMirrors(deepMerge(base, context.data) as JsonObject, base);
}

/** After an override: a url left as built names the overridden related object id and context account. */
function followMirrors(merged: JsonObject, base: JsonObject): JsonObject {
  const related = merged.related_object;
  const before = base.related_object;
  if (!isPlainObject(related) || !isPlainObject(before) || related.url !== before.url || typeof before.url !== 'string') return merged;
  let url = before.url;
  if (typeof before.id === 'string' && typeof related.id === 'string') url = url.split(before.id).join(related.id);
  if (typeof base.context === 'string' && typeof merged.context === 'string') url = url.split(base.context).join(merged.context);
  return url === before.url ? merged : { ...merged, related_object: { ...related, url } };
}
