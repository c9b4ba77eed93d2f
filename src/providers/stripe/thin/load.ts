/** The lazy door to what notifications fetch (`relaykit/msw` answers the fetches with it). */

/** The module that draws a notification's full event and related object. */
export type StripeThinFetch = typeof import('./fetched.js');

/**
 * Loads the fetched-object drawing for event notifications (its generated shapes stay out of
 * every other import).
 * @example
 * const { fetchedThinEvent } = await loadStripeThinFetch();
 */
export function loadStripeThinFetch(): Promise<StripeThinFetch> {
  return import('./fetched.js');
}
