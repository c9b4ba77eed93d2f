/** `triggerWebhook`: build a signed delivery and deliver it to a target in one call. */
import type { EventData, KnownEventType } from '../providers/index.js';
import { buildDelivery, type BuildDeliveryOptions, type Delivery, type FixtureDeliveryOptions } from './build-delivery.js';
import { resolveRoute, send, type Route, type RouteOptions, type Target, type TargetResponse } from './targets.js';

/** The execution JSON a relaykit service (or a compatible one) answers with. */
export interface ExecutionSummary {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: string;
  readonly attempt: number;
  readonly createdAt: string;
  readonly replayedFrom?: string;
}

/** Options of `triggerWebhook`: those of `buildDelivery`, and where to deliver. */
export interface TriggerOptions<D = Record<string, unknown>> extends BuildDeliveryOptions<D>, RouteOptions {
  /**
   * A base URL, a fetch handler, an object with `fetch` (a relaykit service, a Hono app), a node
   * request listener (an Express app, Probot's `createNodeMiddleware`) or an `http.Server`. Default:
   * the Vitest plugin's service, else `SERVICE_BASE_URL`, else `http://localhost:3000`.
   */
  target?: Target;
}

/** Options of `triggerWebhook({ fixture, target })`: a fixture signed again and delivered (`target`, `path`, `to` as in `TriggerOptions`). */
export interface FixtureTriggerOptions extends FixtureDeliveryOptions, RouteOptions {}

/** What the target answered, with the delivery that was sent. */
export interface TriggerResult extends TargetResponse {
  readonly delivery: Delivery;
  /** The execution, when the target answered with one (a relaykit service does on 200). */
  readonly execution?: ExecutionSummary;
}

/** The execution in a JSON answer, if it is one. */
export function executionOf(json: unknown): ExecutionSummary | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { id, eventId } = json as Record<string, unknown>;
  return typeof id === 'string' && id.startsWith('exec_') && typeof eventId === 'string' ? (json as ExecutionSummary) : undefined;
}

/**
 * Sends an already built delivery to a target (the same bytes each time: redeliveries dedupe): to
 * `target` at `path` (default the delivery's `/api/webhook/<provider>`), or to exactly `to`.
 * @example
 * const delivery = await buildDelivery('github', 'push', { secret });
 * const first = await deliver(delivery, { target: app });
 * const again = await deliver(delivery, { target: app }); // same X-GitHub-Delivery
 * await deliver(delivery, { target: middleware, path: '/api/github/webhooks' }); // Probot's route
 */
export async function deliver(delivery: Delivery, options: RouteOptions = {}): Promise<TriggerResult> {
  return sendTo(resolveRoute(options), delivery);
}

async function sendTo(route: Route, delivery: Delivery): Promise<TriggerResult> {
  const response = await send(route.target, { method: 'POST', path: route.path ?? delivery.path, headers: delivery.headers, body: delivery.body });
  const execution = executionOf(response.json);
  return execution ? { ...response, delivery, execution } : { ...response, delivery };
}

/**
 * Builds a realistic, correctly signed delivery and delivers it to `options.target`.
 * `path` is the route the target receives webhooks at (default `/api/webhook/<provider>`); `to` an exact URL instead.
 * A fixture is sent with `triggerWebhook({ fixture, target })` (or `to`, an exact URL):
 * `await triggerWebhook({ fixture: 'fixtures/refund.json', to: 'http://localhost:4000/webhooks/stripe', secret })`.
 * @example
 * const result = await triggerWebhook('stripe', 'payment_intent.succeeded', {
 *   target: POST, // a Next.js route handler
 *   secret: process.env.STRIPE_WEBHOOK_SECRET,
 *   data: { amount: 2000 },
 * });
 * expect(result.status).toBe(200);
 * await triggerWebhook('github', 'issues.opened', { target: await createNodeMiddleware(appFn, { probot }), path: '/api/github/webhooks', app: true });
 */
export async function triggerWebhook(options: FixtureTriggerOptions): Promise<TriggerResult>;
export async function triggerWebhook<P extends string, T extends KnownEventType<P> | (string & {})>(
  provider: P,
  eventType: T,
  options?: TriggerOptions<EventData<P, T>>,
): Promise<TriggerResult>;
export async function triggerWebhook(providerOrFixture: string | FixtureTriggerOptions, eventType = '', options: TriggerOptions = {}): Promise<TriggerResult> {
  if (typeof providerOrFixture === 'object' && providerOrFixture !== null) {
    const { target, path, to, ...fixture } = providerOrFixture;
    // A bad route is refused before the fixture is read or the payload built.
    const route = resolveRoute({ target, path, to });
    return sendTo(route, await buildDelivery(fixture));
  }
  const { target, path, to, ...build } = options;
  const route = resolveRoute({ target, path, to });
  return sendTo(route, await buildDelivery(providerOrFixture, eventType, build));
}
