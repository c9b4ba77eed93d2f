import { exactCatalog } from '../shared/catalog.js';
import type { EventCatalog } from '../types.js';
import { STRIPE_EVENT_TYPES } from './generated/event-types.js';
import { thinEventTypes } from './generated/thin-types.js';

/** Every snapshot event type stripe-node's `Stripe.Event` union has (generated, `npm run gen stripe`). */
export const stripeEventTypes = STRIPE_EVENT_TYPES;

/**
 * The Stripe catalog: exactly stripe-node's snapshot event types, then its event notification
 * ("thin event", `v1.*` / `v2.*`) types, built in src/providers/stripe/thin/.
 */
export const catalog: EventCatalog = {
  ...exactCatalog([...stripeEventTypes, ...thinEventTypes]),
  notificationTypes: new Set(thinEventTypes),
};
