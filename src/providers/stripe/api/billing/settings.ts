/**
 * The account's Billing settings that Stripe keeps in the Dashboard, not the API, and that the
 * emulated renewals read: what happens when Smart Retries run out, and how many days before a
 * renewal `invoice.upcoming` is sent. Set per world for tests.
 */
import { RelayError } from '../../../../core/index.js';
import type { World } from '../../../shared/api/index.js';

/** What a subscription becomes when its retries run out (Billing → Revenue recovery → Retries). */
export type RetryEndState = 'canceled' | 'unpaid' | 'past_due';

/** The settings, each with the emulator's default. */
export interface BillingSettings {
  /** Default `canceled` (`customer.subscription.deleted`); `unpaid` (`.updated`); `past_due` (left as it is). */
  readonly afterRetries: RetryEndState;
  /** Days before a renewal `invoice.upcoming` is sent. Default 7 (Stripe's default is not published). */
  readonly upcomingDays: number;
}

const KIND = 'relaykit.billing.settings';
const DEFAULTS: BillingSettings = { afterRetries: 'canceled', upcomingDays: 7 };

/** The world's billing settings. */
export function billingSettings(world: World): BillingSettings {
  const stored = world.get('stripe', KIND, 'settings');
  return { ...DEFAULTS, ...(stored as Partial<BillingSettings> | undefined) };
}

/**
 * Changes the world's billing settings (what the Dashboard would).
 * @example
 * configureBilling(world, { afterRetries: 'unpaid' });
 */
export function configureBilling(world: World, settings: Partial<BillingSettings>): BillingSettings {
  if (settings.afterRetries !== undefined && !['canceled', 'unpaid', 'past_due'].includes(settings.afterRetries)) {
    throw new RelayError('INVALID_OPTION', `afterRetries must be canceled, unpaid or past_due, got ${JSON.stringify(settings.afterRetries)}.`);
  }
  if (settings.upcomingDays !== undefined && !(Number.isInteger(settings.upcomingDays) && settings.upcomingDays >= 1 && settings.upcomingDays <= 45)) {
    throw new RelayError('INVALID_OPTION', `upcomingDays must be a whole number of days from 1 to 45, got ${JSON.stringify(settings.upcomingDays)}.`);
  }
  const next = { ...billingSettings(world), ...settings };
  world.put('stripe', KIND, { id: 'settings', ...next });
  return next;
}
