/**
 * What a test clock's advance does to the subscriptions of its customers
 * (docs.stripe.com/billing/testing/test-clocks): every moment due before the target, earliest
 * first, each stamped with its simulated time. The moments of one subscription:
 *
 * - `customer.subscription.trial_will_end` 3 days before a trial ends (stripe-node Events.ts);
 * - `invoice.upcoming` `upcomingDays` (settings.ts, default 7) days before a renewal;
 * - the period end: canceled there when `cancel_at_period_end` (`customer.subscription.deleted`),
 *   else a new period (`customer.subscription.updated`; trialing → active) and its draft
 *   (`invoice.created`);
 * - one hour later the draft is finalized and charged (Stripe waits about an hour after
 *   `invoice.created` before it finalizes a renewal, docs.stripe.com/billing/subscriptions/webhooks);
 *   a failure makes the subscription `past_due` and schedules Smart Retries (`RETRY_DAYS`, renewals.ts);
 * - an `incomplete` subscription still unpaid 23 hours after creation is `incomplete_expired`
 *   (its invoice voided; stripe-node Subscriptions.ts `status`).
 */
import type { Obj, World } from '../../../shared/api/index.js';
import type { Chain } from './chain.js';
import { periodOf } from './subscription-objects.js';
import { intervalOf, intervalSeconds } from './periods.js';
import { billingSettings } from './settings.js';
import { SCHEDULE_KIND } from './trial.js';
import { endAfterRetries, expireIncomplete, finalizeRenewal, renewOrEnd, retryInvoice, sendUpcoming, type Schedule } from './renewals.js';

const DAY = 86_400;
/** Days before a renewal that `invoice.upcoming` is sent by default: the dashboard's setting; its default is not published, 7 chosen. */
export const UPCOMING_DAYS = 7;
/** Hours an `incomplete` subscription waits for its first payment. */
const INCOMPLETE_HOURS = 23;
const LIVE = ['trialing', 'active', 'past_due', 'unpaid'];

/** The customers attached to a clock. */
export function clockCustomers(world: World, clock: string): Obj[] {
  return world.list('stripe', 'customer').filter((c) => c.test_clock === clock && c.deleted !== true);
}

/** The subscriptions of a clock's customers. */
function clockSubscriptions(world: World, clock: string): Obj[] {
  const customers = new Set(clockCustomers(world, clock).map((c) => c.id));
  return world.list('stripe', 'subscription').filter((s) => customers.has(s.customer));
}

/** The shortest billing interval among a clock's live subscriptions (advance limits). */
export function shortestInterval(world: World, clock: string): { interval: string; count: number } | undefined {
  let best: { interval: string; count: number; length: number } | undefined;
  for (const sub of clockSubscriptions(world, clock)) {
    if (!LIVE.includes(String(sub.status)) && sub.status !== 'incomplete') continue;
    const price = ((sub.items as Obj).data as Obj[])[0]?.price as Obj | undefined;
    const every = price ? intervalOf(price) : undefined;
    if (!every || !price) continue;
    const length = intervalSeconds(Number(sub.created), price);
    if (!best || length < best.length) best = { ...every, length };
  }
  return best;
}

/** The next moment of one subscription, no later than `target`. */
function nextMoment(sub: Obj, state: Schedule, target: number, upcomingDays: number): { at: number; kind: string } | undefined {
  const moments: { at: number; kind: string }[] = [];
  const status = String(sub.status);
  const { start, end } = periodOf(sub);
  if (state.finalizeAt !== undefined) moments.push({ at: state.finalizeAt, kind: 'finalize' });
  if (state.retryAt !== undefined) moments.push({ at: state.retryAt, kind: 'retry' });
  if (state.endAt !== undefined) moments.push({ at: state.endAt, kind: 'end' });
  if (status === 'incomplete') moments.push({ at: Number(sub.created) + INCOMPLETE_HOURS * 3600, kind: 'expire' });
  if (status === 'trialing' && !state.trialWillEnd && typeof sub.trial_end === 'number') moments.push({ at: sub.trial_end - 3 * DAY, kind: 'trial_will_end' });
  if (LIVE.includes(status)) {
    const ending = sub.cancel_at_period_end === true || (typeof sub.cancel_at === 'number' && sub.cancel_at <= end);
    const upcoming = end - upcomingDays * DAY;
    if (!ending && status !== 'unpaid' && state.upcomingFor !== end && upcoming > start && sub.collection_method === 'charge_automatically') moments.push({ at: upcoming, kind: 'upcoming' });
    moments.push({ at: end, kind: 'period_end' });
  }
  return moments.filter((m) => m.at <= target).sort((a, b) => a.at - b.at)[0];
}

/**
 * Moves every subscription of `clock`'s customers to `target`, appending the events into `chain`.
 * @example
 * moveSubscriptions(chain, clock, clock.frozen_time + 31 * 86_400);
 */
export function moveSubscriptions(chain: Chain, clock: Obj, target: number): void {
  const world = chain.world;
  const from = Number(clock.frozen_time);
  // Bounded: two intervals of the shortest subscription hold a few dozen moments at most.
  for (let step = 0; step < 10_000; step++) {
    let due: { sub: Obj; state: Schedule; at: number; kind: string } | undefined;
    for (const sub of clockSubscriptions(world, String(clock.id))) {
      const state = (world.get('stripe', SCHEDULE_KIND, String(sub.id)) ?? { id: sub.id }) as Schedule;
      const moment = nextMoment(sub, state, target, billingSettings(world).upcomingDays);
      if (moment && (!due || moment.at < due.at)) due = { sub, state, ...moment, at: Math.max(moment.at, from) };
    }
    if (!due) return;
    const next = run(chain, due.kind, due.sub, { ...due.state }, due.at);
    world.put('stripe', SCHEDULE_KIND, next);
  }
}

function run(chain: Chain, kind: string, sub: Obj, state: Schedule, at: number): Schedule {
  switch (kind) {
    case 'trial_will_end':
      chain.emit(['customer.subscription.trial_will_end'], sub, { at: at * 1000 });
      return { ...state, trialWillEnd: true };
    case 'upcoming':
      sendUpcoming(chain, sub, at);
      return { ...state, upcomingFor: periodOf(sub).end };
    case 'period_end':
      return renewOrEnd(chain, sub, state, at);
    case 'finalize':
      return finalizeRenewal(chain, sub, state, at);
    case 'retry':
      return retryInvoice(chain, sub, state, at);
    case 'end':
      return endAfterRetries(chain, sub, state, at);
    default:
      return expireIncomplete(chain, sub, state, at);
  }
}
