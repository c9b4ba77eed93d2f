/**
 * `triggerFlow`: a flow's deliveries sent to a target the way the provider sends them: in its order or
 * out of it, with duplicates, and with retries on the provider's schedule (compressed by `timeScale`).
 * Every attempt is signed at its real send time, as the provider signs it, so that a receiver's
 * timestamp tolerance holds however long the nominal schedule is.
 */
import { RelayError } from '../../core/index.js';
import { getProvider } from '../../providers/index.js';
import { resolveSecret, type Delivery } from '../build-delivery.js';
import { resolveRoute, type RouteOptions, type Target } from '../targets.js';
import { buildFlow, findFlow, resolveFlowSeed, type BuildFlowOptions } from './build.js';
import type { RetryRule } from './retries.js';
import { retryRuleOf, runSequence, type FlowAttempt, type FlowSend, type FlowSendResult, type SendContext } from './send.js';
import { checkDuplicates, checkOrder, planSequence, type FlowOrder } from './sequence.js';

export type { FlowAttempt, FlowSend, FlowSendResult } from './send.js';

/** Options of `triggerFlow`: those of `buildFlow`, where to send, and how. */
export interface TriggerFlowOptions extends BuildFlowOptions, RouteOptions {
  /** Where to deliver (as `triggerWebhook`; `path` the route on it, `to` an exact URL instead). Default: the Vitest plugin's service, else `SERVICE_BASE_URL`, else `http://localhost:3000`. */
  target?: Target;
  /** `provider` (default), `shuffled` (seeded) or `reversed`. */
  order?: FlowOrder;
  /** Extra copies of randomly chosen deliveries, each sent after its original with the same ids. Default 0. */
  duplicates?: number;
  /** Retry a non-2xx answer or a timeout on the provider's schedule. Default false: one attempt each. */
  retries?: boolean;
  /** Factor applied to the waits between attempts: `0.001` runs Svix's 27-hour schedule in under 2 minutes, `0` without waiting. Default 1. */
  timeScale?: number;
  /** How long to wait for an answer before counting a timeout. Default: the provider's (Stripe 30 s, GitHub 10 s, Svix 15 s, Shopify 5 s); `timeScale` does not shorten it. */
  timeoutMs?: number;
  /** Called after every attempt, as it completes (the CLI prints one line each). */
  onAttempt?: (send: FlowSend, attempt: FlowAttempt) => void;
  /** The clock each attempt is signed with, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

/** What `triggerFlow` sent and what came back. */
export interface TriggerFlowResult {
  readonly provider: string;
  readonly flow: string;
  /** The flow's seed: pass it back to rebuild the same deliveries and the same sequence. */
  readonly seed: number;
  readonly order: FlowOrder;
  /** The flow's deliveries in the provider's order, as built (each send re-signs where the provider would). */
  readonly deliveries: Delivery[];
  /** The sends in the order they were made. */
  readonly results: FlowSendResult[];
  /** The provider's retry rule, when `retries` was asked for. */
  readonly retryRule?: string;
  /** Whether every send was eventually answered 2xx. */
  readonly ok: boolean;
}

function checkTimeScale(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RelayError('INVALID_OPTION', `timeScale must be a number from 0 (no waiting) up (1 = real time), got ${String(value)}.`);
  }
  return value;
}

function checkTimeout(value: unknown, rule: RetryRule): number {
  if (value === undefined) return rule.timeoutMs;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RelayError('INVALID_OPTION', `timeoutMs must be a positive number of milliseconds, got ${String(value)}.`);
  }
  return value;
}

/**
 * Builds a flow and sends its deliveries to `target` one after the other: in the provider's order or
 * out of it, with duplicates, and with retries on the provider's schedule (a retry falls due at its
 * nominal offset, so the deliveries sent meanwhile arrive first). Resolves with every send and its
 * attempts, in the sequence's order; a target that answers an error does not make it reject.
 * @example
 * const run = await triggerFlow('stripe', 'checkout-subscription', {
 *   target: app, secret: 'whsec_test', order: 'shuffled', duplicates: 2, retries: true, timeScale: 0, seed: 7,
 * });
 * run.results.map((r) => `${r.eventType} ${r.attempts.at(-1)?.status}`);
 */
export async function triggerFlow(provider: string, name: string, options: TriggerFlowOptions = {}): Promise<TriggerFlowResult> {
  const { target, path, to, order: orderOption, duplicates: duplicatesOption, retries, timeScale: scaleOption, timeoutMs, onAttempt, now, ...build } = options;
  const plugin = getProvider(provider);
  // The flow's name is checked before the secret, so that a typo shows on the first try.
  findFlow(plugin.id, name);
  const route = resolveRoute({ target, path, to });
  const rule = retryRuleOf(plugin);
  const order = checkOrder(orderOption);
  const duplicates = checkDuplicates(duplicatesOption);
  if (retries !== undefined && typeof retries !== 'boolean') throw new RelayError('INVALID_OPTION', `retries must be true or false, got ${JSON.stringify(retries)}.`);
  const context: SendContext = {
    provider: plugin,
    secret: resolveSecret(plugin, build.secret, build.env),
    target: route.target,
    path: route.path,
    rule,
    maxAttempts: retries ? rule.delays.length + 1 : 1,
    timeScale: checkTimeScale(scaleOption),
    timeoutMs: checkTimeout(timeoutMs, rule),
    now: now ?? Date.now,
    userHeaders: build.headers,
    onAttempt,
  };
  const seed = resolveFlowSeed(build.seed);
  const deliveries = await buildFlow(plugin.id, name, { ...build, seed });
  const results = await runSequence(deliveries, planSequence(deliveries.length, { order, duplicates, seed }), context);
  return {
    provider: plugin.id,
    flow: name,
    seed,
    order,
    deliveries,
    results,
    ...(retries ? { retryRule: rule.summary } : {}),
    ok: results.every((result) => result.ok),
  };
}
