/** The lazy door to the objects a Stripe event implies (`relaykit/msw` serves them). */

/** The module that builds the objects an event names by id. */
export type StripeImplied = typeof import('./implied.js');

/**
 * Loads the implied-object builders (their generated shapes stay out of every other import).
 * @example
 * const { impliedObjects } = await loadStripeImplied();
 */
export function loadStripeImplied(): Promise<StripeImplied> {
  return import('./implied.js');
}
