/**
 * Billing periods: the next period end after a start for a price's `recurring` interval, in UTC
 * calendar terms as Stripe bills (a month after Jan 31 is Feb 28/29: the anchor day, clamped).
 */
import type { Obj } from '../../../shared/api/index.js';

const DAY = 86_400;

/**
 * Unix seconds `count` intervals after `anchor`, staying on the anchor's day of month.
 * @example
 * addInterval(Date.UTC(2026, 0, 31) / 1000, 'month', 1); // Feb 28 2026, same time of day
 */
export function addInterval(anchor: number, interval: string, count: number, times = 1): number {
  const n = count * times;
  if (interval === 'day') return anchor + n * DAY;
  if (interval === 'week') return anchor + n * 7 * DAY;
  const date = new Date(anchor * 1000);
  const months = interval === 'year' ? 12 * n : n;
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** A price's interval, `{ interval, interval_count }` (a one-time price has none). */
export function intervalOf(price: Obj): { interval: string; count: number } | undefined {
  const recurring = price.recurring as Obj | null | undefined;
  if (!recurring) return undefined;
  return { interval: String(recurring.interval), count: Number(recurring.interval_count ?? 1) };
}

/** The length in seconds of one interval starting at `from` (for limits and prorations). */
export function intervalSeconds(from: number, price: Obj): number {
  const every = intervalOf(price);
  return every ? addInterval(from, every.interval, every.count) - from : 0;
}
