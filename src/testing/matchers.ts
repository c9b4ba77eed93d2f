/**
 * The predicates behind the relaykit matchers (`toBeAccepted()`, `toBeRejectedAsForgery()`,
 * `toBeReplayOf(source)`, `toBeIdempotent(options)`), with no test runner: each returns
 * `{ pass, message }` in the shape Vitest's and Jest's `expect.extend` take, so an adapter registers
 * them as they are, and node:test asserts on `pass` with `message()`.
 */
import { isSuccessStatus } from '../core/index.js';
import type { AssertIdempotentOptions, Target } from '../harness/index.js';

/**
 * A predicate's verdict. `message` explains the failure of the assertion: when `pass` is false, of
 * the assertion itself; when `pass` is true, of its negation (`expect(x).not.toBeAccepted()`).
 * @example
 * const { pass, message } = toBeAccepted(result);
 * if (!pass) throw new AssertionError({ message: message() });
 */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
}

/**
 * Options of `toBeIdempotent`: those of `assertIdempotent` but the target, which is the received value.
 * @example
 * const options: IdempotentMatcherOptions<number> = { flows: [['stripe', 'checkout-subscription']], state: () => rows.length, reset };
 */
export type IdempotentMatcherOptions<State> = Omit<AssertIdempotentOptions<State>, 'target'>;

interface Answered {
  status: number;
  body?: string;
  execution?: unknown;
}

interface ExecutionLike {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  replayedFrom?: string;
}

/** The statuses a verifier answers a forgery with: 400 (malformed), 401 (wrong secret), 403 (forbidden). */
const FORGERY_STATUSES = new Set([400, 401, 403]);

function isAnswered(value: unknown): value is Answered {
  return typeof value === 'object' && value !== null && typeof (value as Answered).status === 'number';
}

/** An execution given as itself or as a trigger/replay result carrying one. */
function executionIn(value: unknown): ExecutionLike | undefined {
  const candidate = isAnswered(value) && 'execution' in value ? value.execution : value;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { id, eventId } = candidate as ExecutionLike;
  return typeof id === 'string' && typeof eventId === 'string' ? (candidate as ExecutionLike) : undefined;
}

function excerpt(result: Answered): string {
  const body = result.body ?? '';
  return body === '' ? '(empty body)' : body.length > 300 ? `${body.slice(0, 300)}…` : body;
}

const notAResult = (received: unknown): MatcherResult => ({
  pass: false,
  message: () => 'expected a triggerWebhook() result (an object with a status), got ' + typeof received,
});

/**
 * The target answered 2xx. `received` is a `triggerWebhook()` (or `deliver()`, `replay()`) result.
 * @example
 * const verdict = toBeAccepted(await triggerWebhook('stripe', 'payment_intent.succeeded'));
 * assert.ok(verdict.pass, verdict.message());
 */
export function toBeAccepted(received: unknown): MatcherResult {
  if (!isAnswered(received)) return notAResult(received);
  const pass = isSuccessStatus(received.status);
  return {
    pass,
    message: () =>
      pass
        ? `expected the delivery not to be accepted, but the target answered ${received.status}: ${excerpt(received)}`
        : `expected the delivery to be accepted (2xx), but the target answered ${received.status}: ${excerpt(received)}`,
  };
}

/**
 * The target refused the delivery with a 4xx: a bad signature, a body it cannot read, a route it does not
 * have. A 5xx is no refusal (the handler broke), so it fails this too.
 * @example
 * const verdict = toBeRejected(await triggerWebhook('stripe', 'charge.succeeded', { headers: { 'content-type': 'text/plain' } }));
 * assert.ok(verdict.pass, verdict.message());
 */
export function toBeRejected(received: unknown): MatcherResult {
  if (!isAnswered(received)) return notAResult(received);
  const pass = received.status >= 400 && received.status < 500;
  return {
    pass,
    message: () =>
      pass
        ? `expected the delivery not to be rejected, but the target answered ${received.status}: ${excerpt(received)}`
        : `expected the target to reject the delivery (4xx), but it answered ${received.status}: ${excerpt(received)}`,
  };
}

/**
 * The target answered 400, 401 or 403, as a verifier answers a forgery.
 * @example
 * const verdict = toBeRejectedAsForgery(await triggerWebhook('stripe', 'charge.succeeded', { secret: 'whsec_wrong' }));
 * assert.ok(verdict.pass, verdict.message());
 */
export function toBeRejectedAsForgery(received: unknown): MatcherResult {
  if (!isAnswered(received)) return notAResult(received);
  const pass = FORGERY_STATUSES.has(received.status);
  return {
    pass,
    message: () =>
      pass
        ? `expected the delivery not to be rejected as a forgery, but the target answered ${received.status}: ${excerpt(received)}`
        : `expected the target to reject the delivery as a forgery (400, 401 or 403), but it answered ${received.status}: ${excerpt(received)}`,
  };
}

/**
 * `received` (an execution or a result carrying one) is a new execution replayed from `source` (an
 * execution, a result carrying one, or an execution id): a new id, `attempt` 1, `replayedFrom` the
 * source and, when the source is more than an id, the same event type under a new event id.
 * @example
 * const source = await triggerWebhook('stripe', 'invoice.paid');
 * toBeReplayOf((await replay(source.execution!.id)).execution, source).pass; // true
 */
export function toBeReplayOf(received: unknown, source: unknown): MatcherResult {
  const replayed = executionIn(received);
  const original = typeof source === 'string' ? undefined : executionIn(source);
  const sourceId = typeof source === 'string' ? source : original?.id;
  if (!replayed || sourceId === undefined) {
    return { pass: false, message: () => 'toBeReplayOf compares two executions (or results carrying one); one of them is not an execution' };
  }
  const problems: string[] = [];
  if (replayed.replayedFrom !== sourceId) problems.push(`replayedFrom is ${String(replayed.replayedFrom)}, not ${sourceId}`);
  if (replayed.id === sourceId) problems.push('it has the same id as the source');
  if (replayed.attempt !== 1) problems.push(`attempt is ${replayed.attempt}, not 1`);
  if (original && replayed.eventType !== original.eventType) problems.push(`event type ${replayed.eventType} differs from ${original.eventType}`);
  if (original && replayed.eventId === original.eventId) problems.push('it shares the source event id (a replay gets a new event)');
  const pass = problems.length === 0;
  return {
    pass,
    message: () =>
      pass ? `expected ${replayed.id} not to be a replay of ${sourceId}` : `expected ${replayed.id} to be a replay of ${sourceId}, but ${problems.join('; ')}`,
  };
}

/**
 * `assertIdempotent` over the received target (a fetch handler, an app, a URL); its failure report is
 * the message. fast-check (a peer dependency) loads only when it is used.
 * @example
 * const verdict = await toBeIdempotent(POST, { flows: [['stripe', 'checkout-subscription']], state, reset });
 * assert.ok(verdict.pass, verdict.message());
 */
export async function toBeIdempotent(received: unknown, options: IdempotentMatcherOptions<unknown>): Promise<MatcherResult> {
  // Both loaded when used: the harness brings faker, and assertIdempotent fast-check, which a setup file
  // registering the matchers (relaykit/vitest/setup) should not load.
  const assertIdempotent = await (await import('../harness/index.js')).loadAssertIdempotent();
  try {
    await assertIdempotent({ ...options, target: received as Target });
    return { pass: true, message: () => 'expected the handler not to be idempotent, but every generated sequence left the same state' };
  } catch (error) {
    return { pass: false, message: () => (error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Every relaykit matcher by name, ready for a runner's `expect.extend`.
 * @example
 * import { expect } from '@jest/globals';
 * expect.extend(relayMatchers);
 */
export const relayMatchers = { toBeAccepted, toBeRejected, toBeRejectedAsForgery, toBeReplayOf, toBeIdempotent };

/**
 * The relaykit matchers' types, for a runner's `Matchers` interface (`R` is what an assertion returns).
 * @example
 * declare module 'vitest' {
 *   interface Matchers<T = any> extends RelayMatchers<T> {}
 * }
 */
export interface RelayMatchers<R = unknown> {
  /** The target answered 2xx. */
  toBeAccepted(): R;
  /** The target answered 4xx (refused the delivery; a 5xx is a failure of the handler, not a refusal). */
  toBeRejected(): R;
  /** The target answered 400, 401 or 403. */
  toBeRejectedAsForgery(): R;
  /** A new execution replayed from `source` (an execution, a result carrying one, or an execution id). */
  toBeReplayOf(source: unknown): R;
  /**
   * The received target (a fetch handler, an app, a URL) ends in the same `state()` whatever way the flows are
   * delivered (out of order, duplicated, retried) as after one delivery in the provider's order. Await it.
   * @example
   * await expect(POST).toBeIdempotent({ flows: [['stripe', 'checkout-subscription']], state, reset });
   */
  toBeIdempotent<State>(options: IdempotentMatcherOptions<State>): Promise<R>;
}
