import type { EventCatalog } from '../types.js';
import { thinEventTypes } from './generated/thin-types.js';

/** Stripe event types with hand-built payloads; every one is a member of stripe-node's `Event.Type`. */
export const stripeEventTypes = [
  'account.updated',
  'balance.available',
  'charge.captured',
  'charge.dispute.closed',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.failed',
  'charge.pending',
  'charge.refunded',
  'charge.succeeded',
  'charge.updated',
  'checkout.session.async_payment_failed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.completed',
  'checkout.session.expired',
  'coupon.created',
  'customer.created',
  'customer.deleted',
  'customer.subscription.created',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
  'customer.subscription.updated',
  'customer.updated',
  'invoice.created',
  'invoice.finalized',
  'invoice.marked_uncollectible',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.sent',
  'invoice.upcoming',
  'invoice.updated',
  'invoice.voided',
  'payment_intent.amount_capturable_updated',
  'payment_intent.canceled',
  'payment_intent.created',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.succeeded',
  'payment_method.attached',
  'payment_method.detached',
  'payment_method.updated',
  'payout.created',
  'payout.failed',
  'payout.paid',
  'price.created',
  'price.deleted',
  'price.updated',
  'product.created',
  'product.deleted',
  'product.updated',
  'refund.created',
  'refund.updated',
  'setup_intent.created',
  'setup_intent.setup_failed',
  'setup_intent.succeeded',
  'subscription_schedule.canceled',
  'subscription_schedule.created',
] as const;

/** Event notification types (`v2.core.account[requirements].updated` is not `WELL_FORMED`). */
const THIN: ReadonlySet<string> = new Set(thinEventTypes);

/** A well-formed `<resource>.<verb>` (resource may be dotted: `customer.subscription.updated`). */
const WELL_FORMED = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/**
 * The Stripe catalog. Any other well-formed `<resource>.<verb>` resolves too: its payload is a
 * plausible object built from the resource's id prefix.
 */
export const catalog: EventCatalog = {
  // Event notifications ("thin events", src/providers/stripe/thin/) follow the snapshot types.
  eventTypes: [...stripeEventTypes, ...thinEventTypes],
  resolve: (input) => (THIN.has(input) || WELL_FORMED.test(input) ? input : undefined),
};
