/**
 * `relaykit/fast-check`: fast-check arbitraries of valid and forged signed deliveries for the five
 * built-in providers; `assertRejectsForgeries`, the property that a webhook endpoint rejects
 * every forgery; and `assertIdempotent`, the property that a handler ends in the same state however a
 * flow is delivered (out of order, duplicated, retried). fast-check (4.x) is a peer dependency.
 *
 * Arbitraries generate synchronously, while payload builders load asynchronously: this module loads
 * the five builders once, with a top-level `await`, so importing it is all the setup there is.
 *
 * @example
 * import fc from 'fast-check';
 * import { assertRejectsForgeries, deliveryArbitrary, forgeryArbitrary } from 'relaykit/fast-check';
 *
 * await assertRejectsForgeries(app, 'github', { secret: 'test-secret' });
 * fc.assert(fc.property(forgeryArbitrary('stripe', { secret }), (forgery) => !myVerify(forgery.headers, forgery.body)));
 */
import { preloadBuilders } from './arbitraries.js';

await preloadBuilders();

export { dataOverrideArbitrary, deliveryArbitrary } from './arbitraries.js';
export type { DeliveryArbitraryOptions } from './arbitraries.js';
export { forgeryArbitrary, forgeryKinds } from './forgeries.js';
export type { Forgery, ForgeryArbitraryOptions, ForgeryKind } from './forgeries.js';
export { assertRejectsForgeries } from './assert-forgeries.js';
export type { AssertRejectsForgeriesOptions } from './assert-forgeries.js';
export { assertIdempotent, IdempotenceError } from './assert-idempotent.js';
export type { AssertIdempotentOptions, IdempotenceDetails, IdempotenceStep } from './assert-idempotent.js';
export type { Delivery } from './build-delivery.js';
