/** How a Stripe write appends the events it causes to the world's outbox. */
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
