/**
 * Recording a Stripe delivery: the Event itself, the resource in `data.object`, and every expanded
 * object inside it (a subscription's items, prices and plans; an invoice's lines).
 */
import { isPlainObject } from '../../providers/shared/merge.js';
import type { Obj } from '../shared/types.js';
import type { WorldAdapter } from '../shared/world.js';

function stripeId(object: Obj): string | undefined {
  return typeof object.id === 'string' && object.id !== '' ? object.id : undefined;
}

/** Every nested object with an `id` and an `object` kind, deepest first. */
function nestedObjects(value: unknown, out: Obj[], top: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) nestedObjects(item, out, false);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const child of Object.values(value)) nestedObjects(child, out, false);
  if (!top && typeof value.object === 'string' && value.object !== 'list' && value.object !== 'event' && stripeId(value)) out.push(value);
}

/** How the world keys and records Stripe objects. */
export const stripeAdapter: WorldAdapter = {
  provider: 'stripe',
  keyHint: 'Stripe objects are keyed by their `id`.',
  identify: (_kind, object) => stripeId(object),
  record(world, _delivery, payload) {
    if (!isPlainObject(payload) || payload.object !== 'event' || !stripeId(payload)) return;
    world.put('stripe', 'event', payload);
    const data = payload.data;
    if (!isPlainObject(data) || !isPlainObject(data.object)) return;
    const object = data.object;
    const nested: Obj[] = [];
    nestedObjects(object, nested, true);
    for (const child of nested) world.merge('stripe', child.object as string, child);
    if (object.object === 'balance') {
      world.put('stripe', 'balance', object, { id: 'balance' });
      return;
    }
    const id = stripeId(object);
    if (typeof object.object !== 'string' || !id) return;
    const type = typeof payload.type === 'string' ? payload.type : '';
    if (type.endsWith('.deleted') && object.object !== 'subscription') {
      // Stripe answers a deleted customer with a stub; other deleted objects are gone (404).
      if (object.object === 'customer') world.put('stripe', 'customer', { id, object: 'customer', deleted: true });
      else world.delete('stripe', object.object, id);
      return;
    }
    world.put('stripe', object.object, object);
  },
};
