/**
 * The flow contract: what a provider slice states about the related events it sends for one real-world
 * action, with the ids they share drawn once per flow. Each slice's flows (`<p>/flows.ts`) are plain
 * definitions of this shape; the harness's flow engine (src/harness/flows/) builds and sends them.
 */
import type { Rng } from './shared/rng.js';

/** What a step's `data` is computed from. */
export interface FlowContext<Ids> {
  /** The ids the flow's events share, drawn once from the flow's seed. */
  readonly ids: Ids;
  /** The time `at` seconds after the flow began, in Unix seconds (Stripe `created`). */
  unix(at: number): number;
  /** The same time in epoch milliseconds (Clerk `created_at`). */
  ms(at: number): number;
  /** The same time as ISO 8601 UTC (GitHub, Resend). */
  iso(at: number): string;
  /** The main resource of an earlier step of this flow, as it was built (e.g. the order orders/paid repeats). */
  main(index: number): Record<string, unknown>;
}

/** One event of a flow. */
export interface FlowStep<Ids> {
  /** An event type of the provider's catalog. */
  readonly type: string;
  /** When the provider sends it, in seconds after the flow began. Steps are listed in this order. */
  readonly at: number;
  /** Deep-merged into the event's main resource: the shared ids, statuses and times. */
  readonly data?: (context: FlowContext<Ids>) => Record<string, unknown>;
}

/** The flow's start, when its ids are drawn: an object's id carries the time it was created at (Stripe). */
export interface FlowClock {
  /** The time `at` seconds after the flow began, in Unix seconds. */
  unix(at: number): number;
}

/** A built event as a flow's identity sees it. */
export interface BuiltEvent {
  readonly eventType: string;
  readonly body: string;
  readonly deliveryId: string;
  /** Its headers (a Shopify delivery's shop is `X-Shopify-Shop-Domain`). */
  readonly headers: Readonly<Record<string, string>>;
  /** The values the caller's `data` gave this event (its scalars, as JSON): an identity leaves them as given. */
  readonly given: ReadonlySet<string>;
}

/**
 * Makes one built event agree with the flow before it is signed: the ids the payload builder drew for
 * objects the flow already has become the flow's (stripe/flow-identity.ts, shared/pin.ts). Made once per
 * built flow, so it may remember what earlier events named.
 */
export type FlowIdentity = (built: BuiltEvent) => { readonly body: string; readonly deliveryId: string };

/** A flow as each provider slice defines it. */
export interface FlowDefinition<Ids = unknown> {
  readonly provider: string;
  /** Kebab-case, unique within the provider: `checkout-subscription`. */
  readonly name: string;
  /** One sentence: the real-world action. */
  readonly description: string;
  /** Where the provider documents these events and their order. */
  readonly source: string;
  /** Draws the ids the events share. */
  ids(rng: Rng, clock: FlowClock): Ids;
  readonly steps: readonly FlowStep<Ids>[];
  /** What makes each built event agree with the flow's ids, where `data` alone cannot (nested objects the builder draws). */
  identity?(ids: Ids): FlowIdentity;
}

/**
 * Defines a flow, keeping the type of its ids between `ids` and the steps.
 * @example
 * defineFlow({ provider: 'resend', name: 'bounce', description: '…', source: 'https://…',
 *   ids: (rng) => ({ email: uuid(rng) }),
 *   steps: [{ type: 'email.sent', at: 0, data: ({ ids }) => ({ email_id: ids.email }) }] });
 */
export function defineFlow<Ids>(definition: FlowDefinition<Ids>): FlowDefinition<Ids> {
  return definition;
}

/** A definition whatever its ids: what a slice's `flows.definitions` holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFlow = FlowDefinition<any>;
