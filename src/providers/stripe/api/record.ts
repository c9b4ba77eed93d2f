/**
 * Recording a Stripe delivery: the Event itself, the resource in `data.object`, every expanded
 * object inside it (a subscription's items, prices and plans; an invoice's lines) and, on the next
 * request, every object it names only by id, as the payload implies it; an event notification
 * (thin event) as delivered.
 */
import { isPlainObject } from '../../../core/index.js';
import { nestedObjects, stringId, type World, type WorldAdapter } from '../../shared/api/index.js';
import { loadStripeImplied } from '../implied-load.js';
import { answersDeletedStub, singletonKey } from './paths.js';
import { NOTIFICATION_KIND, recordNotification } from './thin.js';

/** Events recorded whose implied objects are not drawn yet. */
const IMPLIED_PENDING = 'event.implied.pending';

/**
 * Stores, for every event recorded since the last call, the objects its payload names only by id
 * (an invoice's subscription and customer), whole and agreeing with the payload
 * (`impliedObjects`), unless the world already holds one under that id (a fuller one recorded, or
 * one of yours). Drawn on the mock's next request, so the builders load only when something reads.
 */
export async function drawImpliedObjects(world: World): Promise<void> {
  const pending = world.list('stripe', IMPLIED_PENDING);
  if (pending.length === 0) return;
  const { impliedObjects } = await loadStripeImplied();
  for (const { id } of pending) {
    // A concurrent request may have drawn it while the module loaded.
    if (!world.delete('stripe', IMPLIED_PENDING, String(id))) continue;
    const event = world.get('stripe', 'event', String(id));
    if (!event) continue;
    for (const object of impliedObjects(event)) {
      const kind = String(object.object);
      if (!world.get('stripe', kind, String(object.id))) world.put('stripe', kind, object);
    }
  }
}

/** How the world keys and records Stripe objects. */
export const stripeAdapter: WorldAdapter = {
  provider: 'stripe',
  keyHint: 'Stripe objects are keyed by their `id`.',
  identify: (_kind, object) => stringId(object),
  record(world, _delivery, payload) {
    // An event notification holds no object; what it points at is drawn when first fetched (thin.ts).
    if (isPlainObject(payload) && payload.object === NOTIFICATION_KIND && stringId(payload)) {
      recordNotification(world, payload);
      return;
    }
    if (!isPlainObject(payload) || payload.object !== 'event' || !stringId(payload)) return;
    world.put('stripe', 'event', payload);
    const data = payload.data;
    if (!isPlainObject(data) || !isPlainObject(data.object)) return;
    const object = data.object;
    for (const child of nestedObjects(object, (kind) => kind !== 'list' && kind !== 'event')) world.merge('stripe', child.object as string, child);
    world.put('stripe', IMPLIED_PENDING, { id: payload.id });
    if (object.object === 'balance') {
      world.put('stripe', 'balance', object, { id: 'balance' });
      return;
    }
    if (typeof object.object !== 'string') return;
    const kind = object.object;
    // A singleton (a customer's cash balance, the tax settings) is keyed by its url.
    const id = stringId(object) ?? singletonKey(kind, object);
    if (!id) return;
    const type = typeof payload.type === 'string' ? payload.type : '';
    // A deleted subscription is a canceled one, still retrievable.
    if (type.endsWith('.deleted') && kind !== 'subscription') {
      // Stripe answers some deleted objects (a customer) with a stub; other deleted objects are gone (404).
      if (answersDeletedStub(kind)) world.put('stripe', kind, { id, object: kind, deleted: true });
      else world.delete('stripe', kind, id);
      return;
    }
    world.put('stripe', kind, object, { id });
  },
};
