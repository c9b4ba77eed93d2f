/**
 * Sending a flow's sequence as the provider sends it: each attempt signed at its send time, and a
 * failed attempt retried on the provider's schedule, on a nominal clock whose waits `timeScale`
 * compresses. Retries wait their turn on that clock, so the deliveries sent meanwhile arrive first,
 * as they do from a real provider.
 */
import { isSuccessStatus, RelayError } from '../../core/index.js';
import type { BuiltInProvider } from '../../providers/index.js';
import type { Delivery } from '../build-delivery.js';
import { send, type Target, type TargetResponse } from '../targets.js';
import { executionOf, type ExecutionSummary } from '../trigger.js';
import { attemptOffsets, type RetryRule } from './retries.js';
import type { PlannedSend } from './sequence.js';

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

/** The rule of a provider: its slice's own. */
export function retryRuleOf(provider: BuiltInProvider): RetryRule {
  return provider.retry;
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
  /** The path to post to instead of the delivery's mount path (`path`, or `to`'s, in `triggerFlow` and `assertIdempotent`). */
  readonly path?: string | undefined;
  readonly rule: RetryRule;
  /** Attempts at most: 1 without retries. */
  readonly maxAttempts: number;
  readonly timeScale: number;
  readonly timeoutMs: number;
  readonly now: () => number;
  readonly userHeaders?: Readonly<Record<string, string>> | undefined;
  readonly onAttempt?: ((send: FlowSend, attempt: FlowAttempt) => void) | undefined;
}

/** One attempt: signed at its send time, sent, and timed against the provider's answer timeout. */
async function attemptOnce(delivery: Delivery, attempt: number, context: SendContext): Promise<{ record: FlowAttempt; response?: TargetResponse }> {
  const sentAt = context.now();
  const headers = signedAt(context.provider, delivery, context.secret, sentAt, context.userHeaders);
  const started = performance.now();
  let response: TargetResponse | undefined;
  let error: string | undefined;
  let timedOut = false;
  try {
    const answer = await withTimeout(send(context.target, { method: 'POST', path: context.path ?? delivery.path, headers, body: delivery.body }), context.timeoutMs);
    if (answer === TIMED_OUT) {
      timedOut = true;
      error = `no answer within ${context.timeoutMs} ms`;
    } else {
      response = answer;
    }
  } catch (caught) {
    // A provider retries a connection it could not make as it retries an error answer.
    if (!(caught instanceof RelayError) || caught.code !== 'UNREACHABLE') throw caught;
    error = caught.message;
  }
  const record: FlowAttempt = {
    attempt,
    offsetMs: attemptOffsets(context.rule)[attempt - 1] ?? 0,
    sentAt,
    headers,
    status: response?.status ?? null,
    durationMs: performance.now() - started,
    timedOut,
    ...(error !== undefined ? { error } : {}),
  };
  return response ? { record, response } : { record };
}

const accepted = (status: number | null) => status !== null && isSuccessStatus(status);

interface Due {
  /** Nominal milliseconds since the sequence began. */
  readonly at: number;
  /** Ties on `at` go in the order they were scheduled. */
  readonly turn: number;
  readonly send: number;
  readonly attempt: number;
}

/**
 * Sends `sequence` (indexes into `deliveries`) in order; a send not answered 2xx is retried on the
 * provider's schedule, up to `context.maxAttempts` attempts, each due at its nominal offset after the
 * first, so that the rest of the sequence goes on meanwhile. Resolves with one result per planned send,
 * in the sequence's order.
 */
export async function runSequence(deliveries: readonly Delivery[], sequence: readonly PlannedSend[], context: SendContext): Promise<FlowSendResult[]> {
  const sends: FlowSend[] = sequence.map((planned) => {
    const delivery = deliveries[planned.index]!;
    return { index: planned.index, eventType: delivery.eventType, deliveryId: delivery.deliveryId, copy: planned.copy, attempts: [] };
  });
  const responses: (TargetResponse | undefined)[] = [];
  const queue: Due[] = sequence.map((_, i) => ({ at: 0, turn: i, send: i, attempt: 1 }));
  let turn = queue.length;
  let clock = 0;
  while (queue.length > 0) {
    let next = 0;
    for (let i = 1; i < queue.length; i++) if (queue[i]!.at < queue[next]!.at || (queue[i]!.at === queue[next]!.at && queue[i]!.turn < queue[next]!.turn)) next = i;
    const due = queue.splice(next, 1)[0]!;
    if (due.at > clock) await sleep((due.at - clock) * context.timeScale);
    clock = Math.max(clock, due.at);
    const flowSend = sends[due.send]!;
    const { record, response } = await attemptOnce(deliveries[flowSend.index]!, due.attempt, context);
    flowSend.attempts.push(record);
    if (response) responses[due.send] = response;
    context.onAttempt?.(flowSend, record);
    const stop = context.rule.stopHeader;
    const stopped = stop !== undefined && response?.headers[stop.name]?.toLowerCase() === stop.value;
    if (!accepted(record.status) && !stopped && due.attempt < context.maxAttempts) {
      queue.push({ at: due.at + context.rule.delays[due.attempt - 1]! * 1000, turn: turn++, send: due.send, attempt: due.attempt + 1 });
    }
  }
  return sends.map((flowSend, i) => {
    const response = responses[i];
    const execution = response ? executionOf(response.json) : undefined;
    const ok = accepted(flowSend.attempts.at(-1)!.status);
    return { ...flowSend, ok, ...(response ? { response } : {}), ...(execution ? { execution } : {}) };
  });
}
