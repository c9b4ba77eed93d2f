/** `triggerWebhook`: build a signed delivery and deliver it to a target in one call. */
import type { EventData, KnownEventType } from '../providers/index.js';
import { buildDelivery, type BuildDeliveryOptions, type Delivery, type FixtureDeliveryOptions } from './build-delivery.js';
import { exactUrl, send, type Target, type TargetResponse } from './targets.js';

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
export interface TriggerOptions<D = Record<string, unknown>> extends BuildDeliveryOptions<D> {
  /**
   * A base URL, a fetch handler, an object with `fetch` (a relaykit service, a Hono app), a node
   * request listener (an Express app) or an `http.Server`. Default: the Vitest plugin's service,
   * else `SERVICE_BASE_URL`, else `http://localhost:3000`.
   */
  target?: Target;
  /** Post to exactly this URL (a user's own route, `http://localhost:4000/webhooks/stripe`) instead of `<target>/api/webhook/<provider>`. */
  to?: string | URL;
}

/** Options of `triggerWebhook({ fixture, target })`: a fixture signed again and delivered. */
export interface FixtureTriggerOptions extends FixtureDeliveryOptions {
  /** Where to deliver, as in `TriggerOptions`. */
  target?: Target;
  /** Post to exactly this URL (a user's own route, `http://localhost:4000/webhooks/stripe`) instead of `<target>/api/webhook/<provider>`. */
  to?: string | URL;
}

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
 * Sends an already built delivery to a target (the same bytes each time: redeliveries dedupe).
 * @example
 * const delivery = await buildDelivery('github', 'push', { secret });
 * const first = await deliver(delivery, { target: app });
 * const again = await deliver(delivery, { target: app }); // same X-GitHub-Delivery
 */
export async function deliver(delivery: Delivery, options: { target?: Target; to?: string | URL } = {}): Promise<TriggerResult> {
  const exact = options.to === undefined ? undefined : exactUrl(options.to);
  const response = await send(exact ? exact.origin : options.target, {
    method: 'POST',
    path: exact ? `${exact.pathname}${exact.search}` : delivery.path,
    headers: delivery.headers,
    body: delivery.body,
  });
  const execution = executionOf(response.json);
  return execution ? { ...response, delivery, execution } : { ...response, delivery };
}

/**
 * Builds a realistic, correctly signed delivery and delivers it to `options.target`.
 * A fixture is sent with `triggerWebhook({ fixture, target })` (or `to`, an exact URL):
 * `await triggerWebhook({ fixture: 'fixtures/refund.json', to: 'http://localhost:4000/webhooks/stripe', secret })`.
 * @example
 * const result = await triggerWebhook('stripe', 'payment_intent.succeeded', {
 *   target: POST, // a Next.js route handler
 *   secret: process.env.STRIPE_WEBHOOK_SECRET,
 *   data: { amount: 2000 },
 * });
 * expect(result.status).toBe(200);
 */
export async function triggerWebhook(options: FixtureTriggerOptions): Promise<TriggerResult>;
export async function triggerWebhook<P extends string, T extends KnownEventType<P> | (string & {})>(
  provider: P,
  eventType: T,
  options?: TriggerOptions<EventData<P, T>>,
): Promise<TriggerResult>;
export async function triggerWebhook(providerOrFixture: string | FixtureTriggerOptions, eventType = '', options: TriggerOptions = {}): Promise<TriggerResult> {
  if (typeof providerOrFixture === 'object' && providerOrFixture !== null) {
    const { target, to, ...fixture } = providerOrFixture;
    return deliver(await buildDelivery(fixture), { target, ...(to !== undefined ? { to } : {}) });
  }
  const provider = providerOrFixture;
  const { target, to, ...build } = options;
  const delivery = await buildDelivery(provider, eventType, build);
  return deliver(delivery, { target, ...(to !== undefined ? { to } : {}) });
}
