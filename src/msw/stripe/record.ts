/**
 * Recording a Stripe delivery: the Event itself, the resource in `data.object`, and every expanded
 * object inside it (a subscription's items, prices and plans; an invoice's lines); an event
 * notification (thin event) as delivered.
 */
import { isPlainObject } from '../../core/index.js';
import { nestedObjects, stringId } from '../shared/objects.js';
import type { Obj } from '../shared/types.js';
import type { WorldAdapter } from '../shared/world.js';
import { answersDeletedStub, singletonKey } from './paths.js';
import { NOTIFICATION_KIND, recordNotification } from './thin.js';

/** Fields that name another Stripe object by id, and that object's kind by id prefix. */
const REFERENCE_KINDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  customer: { cus_: 'customer' },
  payment_method: { pm_: 'payment_method' },
  default_payment_method: { pm_: 'payment_method' },
  payment_intent: { pi_: 'payment_intent' },
  latest_charge: { ch_: 'charge', py_: 'charge' },
  charge: { ch_: 'charge', py_: 'charge' },
  invoice: { in_: 'invoice' },
  latest_invoice: { in_: 'invoice' },
  subscription: { sub_: 'subscription' },
  product: { prod_: 'product' },
  setup_intent: { seti_: 'setup_intent' },
  balance_transaction: { txn_: 'balance_transaction' },
};

/**
 * Objects a payload names only by id (a payment intent's `customer`), recorded as minimal stubs when
 * the world has none, so a handler that retrieves them gets the object rather than a 404.
 */
function referencedStubs(value: unknown, created: unknown, livemode: unknown, out: Obj[]): void {
  if (Array.isArray(value)) {
    for (const item of value) referencedStubs(item, created, livemode, out);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const kinds = REFERENCE_KINDS[key];
    if (kinds && typeof child === 'string') {
      const prefix = Object.keys(kinds).find((p) => child.startsWith(p) && child.length > p.length);
      if (prefix) out.push({ id: child, object: kinds[prefix]!, created, livemode: livemode === true, metadata: {} });
    } else {
      referencedStubs(child, created, livemode, out);
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
    const stubs: Obj[] = [];
    referencedStubs(object, payload.created, payload.livemode, stubs);
    for (const stub of stubs) if (!world.get('stripe', stub.object as string, stub.id as string)) world.put('stripe', stub.object as string, stub);
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
