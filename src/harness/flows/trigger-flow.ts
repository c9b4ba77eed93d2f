/**
 * `triggerFlow`: a flow's deliveries sent to a target the way the provider sends them: in its order or
 * out of it, with duplicates, and with retries on the provider's schedule (compressed by `timeScale`).
 * Every attempt is signed at its real send time, as the provider signs it, so that a receiver's
 * timestamp tolerance holds however long the nominal schedule is.
 */
import { RelayError } from '../../core/index.js';
import { getProvider, type BuiltInProvider } from '../../providers/index.js';
import { resolveSecret, type Delivery } from '../build-delivery.js';
import { send, type Target, type TargetResponse } from '../targets.js';
import { executionOf, type ExecutionSummary } from '../trigger.js';
import { buildFlow, findFlow, resolveFlowSeed, type BuildFlowOptions } from './build.js';
import { attemptOffsets, retryRules, type RetryRule } from './retries.js';
import { checkDuplicates, checkOrder, planSequence, type FlowOrder, type PlannedSend } from './sequence.js';

/** Options of `triggerFlow`: those of `buildFlow`, where to send, and how. */
export interface TriggerFlowOptions extends BuildFlowOptions {
  /** Where to deliver (as `triggerWebhook`). Default: the Vitest plugin's service, else `SERVICE_BASE_URL`, else `http://localhost:3000`. */
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

/** One attempt to deliver. */
export interface FlowAttempt {
  /** 1 for the first attempt of a send, then 2, 3, … for retries. */
  readonly attempt: number;
  /** When the provider's schedule sends it, in milliseconds after the send's first attempt (before `timeScale`). */
  readonly offsetMs: number;
  /** When it was signed and sent, epoch milliseconds. */
  readonly sentAt: number;
  /** The headers it carried (signed at `sentAt` where the scheme signs a time). */
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's status; `null` when it timed out or the target could not be reached. */
  readonly status: number | null;
  readonly durationMs: number;
  readonly timedOut: boolean;
  /** Why there is no status, when there is none. */
  readonly error?: string;
}

/** One send of the sequence and its attempts. */
export interface FlowSend {
  /** The delivery's index in the provider's order (`deliveries[index]`). */
  readonly index: number;
  readonly eventType: string;
  readonly deliveryId: string;
  readonly copy: PlannedSend['copy'];
  readonly attempts: FlowAttempt[];
}

/** A send once its attempts are over. */
export interface FlowSendResult extends FlowSend {
  /** Whether an attempt was answered 2xx. */
  readonly ok: boolean;
  /** The last answer, when there was one. */
  readonly response?: TargetResponse;
  /** The execution in the last answer, when the target is a relaykit service. */
  readonly execution?: ExecutionSummary;
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

/** The rule of a provider; a built-in always has one. */
export function retryRuleOf(provider: BuiltInProvider): RetryRule {
  return retryRules[provider.id]!;
}

const TIMED_OUT = Symbol('timed out');

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
  });
  // The answer may still come (or fail) after the provider gave up on it: nobody is waiting then.
  promise.catch(() => {});
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => (ms <= 0 ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, ms)));

/**
 * The headers of `delivery` as the provider sends it at `at`: the same body and delivery id, signed anew
 * where the scheme signs a time (Stripe, Svix); the very same headers otherwise (GitHub, Shopify).
 * Headers the user set (`headers`) stay as given.
 */
export function signedAt(
  provider: BuiltInProvider,
  delivery: Delivery,
  secret: string | readonly string[],
  at: number,
  userHeaders: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> {
  if (retryRuleOf(provider).resend === 'same') return delivery.headers;
  const signature = provider.sign({ body: delivery.body, secret, timestamp: at, deliveryId: delivery.deliveryId });
  const keep = new Set(Object.keys(userHeaders ?? {}).map((name) => name.toLowerCase()));
  const lower = new Map(Object.keys(delivery.headers).map((name) => [name.toLowerCase(), name]));
  const headers: Record<string, string> = { ...delivery.headers };
  for (const [name, value] of Object.entries(signature)) {
    if (keep.has(name.toLowerCase())) continue;
    headers[lower.get(name.toLowerCase()) ?? name] = value;
  }
  return headers;
}

/** What one send needs besides its delivery. */
export interface SendContext {
  readonly provider: BuiltInProvider;
  readonly secret: string | readonly string[];
  readonly target: Target | undefined;
  readonly rule: RetryRule;
  /** Attempts at most: 1 without retries. */
  readonly maxAttempts: number;
  readonly timeScale: number;
  readonly timeoutMs: number;
  readonly now: () => number;
  readonly userHeaders?: Readonly<Record<string, string>> | undefined;
  readonly onAttempt?: ((send: FlowSend, attempt: FlowAttempt) => void) | undefined;
}

/** Sends `delivery` until it is answered 2xx or the attempts allowed are spent, waiting out the provider's (scaled) delays. */
export async function sendWithRetries(delivery: Delivery, planned: PlannedSend, context: SendContext): Promise<FlowSendResult> {
  const offsets = attemptOffsets(context.rule);
  const flowSend: FlowSend = { index: planned.index, eventType: delivery.eventType, deliveryId: delivery.deliveryId, copy: planned.copy, attempts: [] };
  let response: TargetResponse | undefined;
  for (let attempt = 1; attempt <= context.maxAttempts; attempt++) {
    if (attempt > 1) await sleep(context.rule.delays[attempt - 2]! * 1000 * context.timeScale);
    const sentAt = context.now();
    const headers = signedAt(context.provider, delivery, context.secret, sentAt, context.userHeaders);
    const started = performance.now();
    let status: number | null = null;
    let error: string | undefined;
    let timedOut = false;
    try {
      const answer = await withTimeout(send(context.target, { method: 'POST', path: delivery.path, headers, body: delivery.body }), context.timeoutMs);
      if (answer === TIMED_OUT) {
        timedOut = true;
        error = `no answer within ${context.timeoutMs} ms`;
      } else {
        response = answer;
        status = answer.status;
      }
    } catch (caught) {
      // A provider retries a connection it could not make as it retries an error answer.
      if (!(caught instanceof RelayError) || caught.code !== 'UNREACHABLE') throw caught;
      error = caught.message;
    }
    const record: FlowAttempt = {
      attempt,
      offsetMs: offsets[attempt - 1] ?? 0,
      sentAt,
      headers,
      status,
      durationMs: performance.now() - started,
      timedOut,
      ...(error !== undefined ? { error } : {}),
    };
    flowSend.attempts.push(record);
    context.onAttempt?.(flowSend, record);
    if (status !== null && status >= 200 && status < 300) break;
  }
  const last = flowSend.attempts.at(-1)!;
  const ok = last.status !== null && last.status >= 200 && last.status < 300;
  const execution = response ? executionOf(response.json) : undefined;
  return { ...flowSend, ok, ...(response ? { response } : {}), ...(execution ? { execution } : {}) };
}

/**
 * Builds a flow and sends its deliveries to `target` one after the other: in the provider's order or
 * out of it, with duplicates, and with retries on the provider's schedule. Resolves with every send and
 * attempt; a target that answers an error does not make it reject.
 * @example
 * const run = await triggerFlow('stripe', 'checkout-subscription', {
 *   target: app, secret: 'whsec_test', order: 'shuffled', duplicates: 2, retries: true, timeScale: 0, seed: 7,
 * });
 * run.results.map((r) => `${r.eventType} ${r.attempts.at(-1)?.status}`);
 */
export async function triggerFlow(provider: string, name: string, options: TriggerFlowOptions = {}): Promise<TriggerFlowResult> {
  const { target, order: orderOption, duplicates: duplicatesOption, retries, timeScale: scaleOption, timeoutMs, onAttempt, now, ...build } = options;
  const plugin = getProvider(provider);
  // The flow's name is checked before the secret, so that a typo shows on the first try.
  findFlow(plugin.id, name);
  const rule = retryRuleOf(plugin);
  const order = checkOrder(orderOption);
  const duplicates = checkDuplicates(duplicatesOption);
  if (retries !== undefined && typeof retries !== 'boolean') throw new RelayError('INVALID_OPTION', `retries must be true or false, got ${JSON.stringify(retries)}.`);
  const context: SendContext = {
    provider: plugin,
    secret: resolveSecret(plugin, build.secret, build.env),
    target,
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
  const results: FlowSendResult[] = [];
  for (const planned of planSequence(deliveries.length, { order, duplicates, seed })) {
    results.push(await sendWithRetries(deliveries[planned.index]!, planned, context));
  }
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
