/**
 * The emulator's seam: a runtime-neutral provider world (objects by provider and kind, read and
 * written by the providers' API routes) and its outbox (the events API writes cause, for a
 * dispatcher to deliver). Worlds are created and passed; none is reached for.
 *
 * @example
 * const world = createWorld({ adapters: [resendAdapter] });
 * await resendRoutes().routes[0].handler(request, {}, world);
 * world.outbox.drain(); // [{ provider: 'resend', type: 'email.sent', data: { … }, at: … }]
 */
export { createEmulator, Emulator } from './emulator.js';
export type { EmulatorOptions, WebhookEndpointOption } from './emulator.js';
export type { DeliveryAttempt, EmulatorDelivery } from './dispatcher.js';
export { createWorld } from './create.js';
export type { CreateWorldOptions } from './create.js';
export { ProviderWorld } from './world.js';
export type { UnsupportedRequest, WorldOptions } from './world.js';
export { Outbox } from './outbox.js';
export type { Dispatcher } from './outbox.js';
export { isMockProviderId, mockProviderIds } from './types.js';
export type { MockProviderId, Obj, OutboxEvent, OutboxWriter, World, WorldAdapter, WorldPutOptions, WorldScope } from './types.js';
