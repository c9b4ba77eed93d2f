/**
 * What a flow is: the ordered events a provider sends for one real-world action, with the ids they
 * share drawn once per flow. Each provider's flows (stripe.ts, github.ts, …) are plain definitions of
 * this shape; build.ts turns one into signed deliveries.
 */
import type { Rng } from './random.js';

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
 * objects the flow already has become the flow's (stripe-identity.ts, pin.ts). Made once per built flow,
 * so it may remember what earlier events named.
 */
export type FlowIdentity = (built: BuiltEvent) => { readonly body: string; readonly deliveryId: string };

/** A flow as each provider module defines it. */
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

/** A flow as `listFlows` describes it. */
export interface FlowInfo {
  readonly provider: string;
  readonly name: string;
  readonly description: string;
  /** The event types it sends, in the provider's order (a type may repeat). */
  readonly eventTypes: readonly string[];
  /** Where the provider documents these events and their order. */
  readonly source: string;
}

/** The description of a definition. */
export function infoOf(definition: AnyFlow): FlowInfo {
  const { provider, name, description, source } = definition;
  return { provider, name, description, eventTypes: definition.steps.map((step) => step.type), source };
}

/** A definition whatever its ids: what the registry holds. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFlow = FlowDefinition<any>;
