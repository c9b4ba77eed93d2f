/**
 * The matchers' predicates in the test core (src/testing/matchers.ts), called with no test runner:
 * each returns `{ pass, message }`, with the messages relaykit/vitest has always printed, for the
 * assertion and for its negation.
 */
import { describe, expect, it } from 'vitest';
import { relayMatchers, toBeAccepted, toBeIdempotent, toBeRejected, toBeRejectedAsForgery, toBeReplayOf } from '../../src/testing/index.js';

const answered = (status: number, body = '{"id":"exec_1"}') => ({ status, body });
const verdict = (result: { pass: boolean; message: () => string }) => [result.pass, result.message()];

describe('toBeAccepted', () => {
  it('passes on 2xx and says what the target answered either way', () => {
    expect(verdict(toBeAccepted(answered(200)))).toEqual([true, 'expected the delivery not to be accepted, but the target answered 200: {"id":"exec_1"}']);
    expect(verdict(toBeAccepted(answered(401, '')))).toEqual([false, 'expected the delivery to be accepted (2xx), but the target answered 401: (empty body)']);
    expect(verdict(toBeAccepted(answered(500, 'x'.repeat(301))))).toEqual([false, `expected the delivery to be accepted (2xx), but the target answered 500: ${'x'.repeat(300)}…`]);
  });

  it('fails on anything but a result with a status, naming what it got', () => {
    expect(verdict(toBeAccepted('200'))).toEqual([false, 'expected a triggerWebhook() result (an object with a status), got string']);
    expect(verdict(toBeRejectedAsForgery(null))).toEqual([false, 'expected a triggerWebhook() result (an object with a status), got object']);
  });
});

describe('toBeRejected', () => {
  it('passes on 4xx only: a 5xx is the handler breaking, not a refusal', () => {
    expect([400, 404, 415, 499, 200, 302, 500].map((status) => toBeRejected(answered(status)).pass)).toEqual([true, true, true, true, false, false, false]);
    expect(verdict(toBeRejected(answered(404)))).toEqual([true, 'expected the delivery not to be rejected, but the target answered 404: {"id":"exec_1"}']);
    expect(verdict(toBeRejected(answered(500)))).toEqual([false, 'expected the target to reject the delivery (4xx), but it answered 500: {"id":"exec_1"}']);
    expect(verdict(toBeRejected(undefined))).toEqual([false, 'expected a triggerWebhook() result (an object with a status), got undefined']);
  });
});

describe('toBeRejectedAsForgery', () => {
  it('passes on 400, 401 and 403 only', () => {
    expect([400, 401, 403, 404, 200].map((status) => toBeRejectedAsForgery(answered(status)).pass)).toEqual([true, true, true, false, false]);
    expect(toBeRejectedAsForgery(answered(401)).message()).toBe(
      'expected the delivery not to be rejected as a forgery, but the target answered 401: {"id":"exec_1"}',
    );
    expect(toBeRejectedAsForgery(answered(200)).message()).toBe(
      'expected the target to reject the delivery as a forgery (400, 401 or 403), but it answered 200: {"id":"exec_1"}',
    );
  });
});

describe('toBeReplayOf', () => {
  const source = { id: 'exec_a', eventId: 'evt_a', eventType: 'stripe.invoice.paid', attempt: 2 };
  const replayed = { id: 'exec_b', eventId: 'evt_b', eventType: 'stripe.invoice.paid', attempt: 1, replayedFrom: 'exec_a' };

  it('passes for a new execution of a new event replayed from the source, given as an execution, a result or an id', () => {
    expect(verdict(toBeReplayOf({ status: 200, execution: replayed }, { status: 200, execution: source }))).toEqual([true, 'expected exec_b not to be a replay of exec_a']);
    expect(toBeReplayOf(replayed, 'exec_a').pass).toBe(true);
  });

  it('lists every way it is not a replay', () => {
    const copy = { ...source, id: 'exec_a', attempt: 3, eventType: 'stripe.charge.succeeded' };
    expect(verdict(toBeReplayOf(copy, source))).toEqual([
      false,
      'expected exec_a to be a replay of exec_a, but replayedFrom is undefined, not exec_a; it has the same id as the source; attempt is 3, not 1; ' +
        'event type stripe.charge.succeeded differs from stripe.invoice.paid; it shares the source event id (a replay gets a new event)',
    ]);
    expect(verdict(toBeReplayOf(replayed, 42))).toEqual([false, 'toBeReplayOf compares two executions (or results carrying one); one of them is not an execution']);
  });
});

describe('toBeIdempotent', () => {
  /** A handler that counts the events it received: once each (`dedupe`), or every delivery. */
  function counter(dedupe: boolean) {
    const seen = new Set<string>();
    let count = 0;
    return {
      POST: async (request: Request) => {
        const { id } = (await request.json()) as { id: string };
        if (!dedupe || !seen.has(id)) count += 1;
        seen.add(id);
        return Response.json({ received: id });
      },
      state: () => count,
      reset: () => {
        seen.clear();
        count = 0;
      },
    };
  }
  const options = { flows: [['stripe', 'checkout-subscription']] as const, secrets: { stripe: 'whsec_core' }, numRuns: 8, seed: 1 };

  it("passes for a handler that counts each event once, and fails with assertIdempotent's report for one that counts every delivery", async () => {
    const once = counter(true);
    expect(verdict(await toBeIdempotent(once.POST, { ...options, state: once.state, reset: once.reset }))).toEqual([
      true,
      'expected the handler not to be idempotent, but every generated sequence left the same state',
    ]);
    const every = counter(false);
    const failed = await toBeIdempotent(every.POST, { ...options, state: every.state, reset: every.reset });
    expect(failed.pass).toBe(false);
    expect(failed.message()).toMatch(/different state after stripe checkout-subscription/);
  });
});

describe('relayMatchers', () => {
  it('holds every matcher by the name a runner registers it under', () => {
    expect(Object.keys(relayMatchers).sort()).toEqual(['toBeAccepted', 'toBeIdempotent', 'toBeRejected', 'toBeRejectedAsForgery', 'toBeReplayOf']);
  });
});
