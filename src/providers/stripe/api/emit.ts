/** How a Stripe write appends the events it causes to the world's outbox. */
import { copyData } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { STRIPE_EVENT_TYPES } from '../generated/event-types.js';

const EVENT_TYPES: ReadonlySet<string> = new Set(STRIPE_EVENT_TYPES);

/** What else an event carries: the fields an update changed, and when it happened (a test clock's time). */
export interface EmitOptions {
  /** The changed fields' values before the write (`data.previous_attributes`). */
  readonly previous?: Obj;
  /** When, in milliseconds since the epoch. Default: the world's clock. */
  readonly at?: number;
}

/**
 * Appends the first of `types` that Stripe sends (a snapshot event type of the catalog), reporting `data`.
 * @example
 * emit(world, ['customer.subscription.updated'], subscription, { previous: { status: 'trialing' } });
 */
export function emit(world: World, types: readonly string[], data: Obj, options: EmitOptions = {}): void {
  const type = types.find((t) => EVENT_TYPES.has(t));
  if (type) world.outbox.append({ provider: 'stripe', type, data, ...options });
}

/**
 * `emit` for data that is the world's own copy of an object just stored (`put` with `adopt`): the event
 * keeps it as it is, since nothing changes it again, instead of a copy of its own.
 * @example
 * emitStored(world, ['charge.succeeded'], stored, { at });
 */
export function emitStored(world: World, types: readonly string[], stored: Readonly<Obj>, options: EmitOptions = {}): void {
  const type = types.find((t) => EVENT_TYPES.has(t));
  if (type) world.outbox.append({ provider: 'stripe', type, data: stored as Obj, ...options, adopt: true });
}

/**
 * Stores `object` as `kind` (`world.put`) and appends an event reporting it for each list of `events`
 * (the first type of each that Stripe sends), from one copy of it: the stored object is the events'
 * data too, where a `put` and each `emit` would make a copy of their own. Returns `object`, as `put`
 * does. `object` must not change before the events are appended (a chain holds them until its
 * `commit()`): the events report it as it was stored.
 * @example
 * putAndEmit(world, 'charge', charge, [['charge.succeeded']], { at });
 */
export function putAndEmit(world: World, kind: string, object: Obj, events: readonly (readonly string[])[], options: EmitOptions = {}): Obj {
  const stored = copyData(object);
  world.put('stripe', kind, stored, { adopt: true });
  for (const types of events) emitStored(world, types, stored, options);
  return object;
}

/**
 * The top-level fields of `before` that `after` changed, with their old values: an update event's
 * `data.previous_attributes`.
 * @example
 * changedFields({ name: 'A', email: 'a@x' }, { name: 'B', email: 'a@x' }); // { name: 'A' }
 */
export function changedFields(before: Obj, after: Obj): Obj {
  const previous: Obj = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key] ?? null;
  }
  return previous;
}
