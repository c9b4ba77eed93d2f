/**
 * Changing a trial with `POST /v1/subscriptions/:id {trial_end}`: `now` ends it at once (a new period
 * from now, billed and charged in the same call), a timestamp moves its end. Either sends
 * `customer.subscription.trial_will_end` at once when the trial now ends within 3 days
 * (stripe-node Events.ts: "or when the trial is ended immediately with trial_end=now").
 */
import type { Obj, World } from '../../../shared/api/index.js';
import { badParam, integer } from './params.js';
import { addInterval, intervalOf } from './periods.js';
import { itemsOf, periodOf, withPeriod } from './subscription-objects.js';

const DAY = 86_400;
/** Where the clock keeps what it sent for a subscription (advance.ts reads it). */
export const SCHEDULE_KIND = 'relaykit.billing.schedule';

/** Notes that `trial_will_end` went out for the subscription's current trial, so a clock does not send it again. */
export function noteTrialWillEnd(world: World, subscription: string): void {
  const state = world.get('stripe', SCHEDULE_KIND, subscription) ?? { id: subscription };
  world.put('stripe', SCHEDULE_KIND, { ...state, trialWillEnd: true });
}

/** What a `trial_end` change makes of the subscription. */
export interface TrialChange {
  readonly subscription: Obj;
  /** The trial ended now: bill the new period at once. */
  readonly endsNow: boolean;
  /** Send `trial_will_end` now. */
  readonly willEnd: boolean;
}

/** The subscription with its trial ended now or moved to `raw`, or Stripe's 400. */
export function changeTrial(world: World, subscription: Obj, body: Obj, at: number): TrialChange | Response {
  if (body.trial_end === 'now') {
    if (subscription.status !== 'trialing') return { subscription, endsNow: false, willEnd: false };
    const every = intervalOf(itemsOf(subscription)[0]!.price as Obj)!;
    const ended = withPeriod({ ...subscription, status: 'active', trial_end: at, billing_cycle_anchor: at }, at, addInterval(at, every.interval, every.count));
    return { subscription: ended, endsNow: true, willEnd: true };
  }
  const end = integer(body, 'trial_end');
  if (end instanceof Response) return end;
  if (end === undefined || end <= at) return badParam('trial_end', 'Invalid timestamp: must be an integer Unix timestamp in the future.', 'parameter_invalid_integer');
  const moved = withPeriod({ ...subscription, status: 'trialing', trial_end: end, billing_cycle_anchor: end, trial_start: subscription.trial_start ?? at }, periodOf(subscription).start, end);
  if (end - at > 3 * DAY) world.put('stripe', SCHEDULE_KIND, { ...(world.get('stripe', SCHEDULE_KIND, String(subscription.id)) ?? { id: subscription.id }), trialWillEnd: false });
  return { subscription: moved, endsNow: false, willEnd: end - at <= 3 * DAY };
}
