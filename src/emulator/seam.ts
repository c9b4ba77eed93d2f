/**
 * The emulator's seam, light enough for relaykit/msw to load: the runtime-neutral provider world
 * (objects by provider and kind, read and written by the providers' API routes) and its outbox (the
 * events API writes cause). Worlds are created and passed; none is reached for. `createEmulator`
 * (index.ts) adds the router, the server and the dispatcher, which load the harness.
 * @example
 * const world = createWorld({ adapters: [resendAdapter] });
 * await resendRoutes().routes[0].handler(request, {}, world);
 * world.outbox.drain(); // [{ provider: 'resend', type: 'email.sent', data: { … }, at: … }]
 */
export { createWorld } from './create.js';
export type { CreateWorldOptions } from './create.js';
export { ProviderWorld } from './world.js';
export type { UnsupportedRequest, WorldOptions } from './world.js';
export { Outbox } from './outbox.js';
export { isMockProviderId, mockProviderIds } from './types.js';
export type { MockProviderId, Obj, OutboxAppend, OutboxEvent, OutboxWriter, World, WorldAdapter, WorldPutOptions, WorldScope } from './types.js';
