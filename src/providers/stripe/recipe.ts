/** What a recipe returns for an event: the resource and how the event came about. */
import type { Obj, Scene } from './scene.js';

export interface EventParts {
  readonly object: Obj;
  /** Only for `*.updated`: the changed top-level attributes' former values. */
  readonly previous?: Obj;
  /** Caused by Stripe itself rather than an API request: `request: { id: null, idempotency_key: null }`. */
  readonly automatic?: boolean;
  /** The connected account a Connect event comes from. */
  readonly account?: string;
  /** The version character of the event id: `3` for events of a PaymentIntent's flow, as Stripe mints them. */
  readonly idVersion?: string;
}

/**
 * The parts of an event of a resource, by its verb. `requested` is the caller's `data` override, for
 * the few fields that decide the whole shape rather than mirror one value (a Checkout Session's
 * `mode`); it is merged over the result afterwards anyway.
 */
export type Recipe = (s: Scene, verb: string, requested?: Obj) => EventParts;
