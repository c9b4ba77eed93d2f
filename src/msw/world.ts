/**
 * The shared provider world and how deliveries reach it: every world made here knows the five
 * providers, and a connected world records each delivery `buildDelivery` builds in this process.
 */
import { prefixed } from '../core/index.js';
import { observeDeliveries } from '../providers/index.js';
import { clerkAdapter, githubAdapter, resendAdapter, shopifyAdapter, stripeAdapter } from '../providers/internal.js';
import { createWorld, type ProviderWorld } from '../emulator/seam.js';

/**
 * A new, empty world that knows the five providers (a test that wants its own world passes it as
 * the `world` option).
 * @example
 * const world = createProviderWorld();
 * const server = createProviderServer({ world });
 */
export function createProviderWorld(): ProviderWorld {
  return createWorld({ adapters: [stripeAdapter, githubAdapter, clerkAdapter, shopifyAdapter, resendAdapter] });
}

/**
 * The world every handler serves unless told otherwise.
 * @example
 * providerWorld.put('resend', 'email', { object: 'email', id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c', subject: 'Hi' });
 */
export const providerWorld: ProviderWorld = createProviderWorld();

const connected = new Set<ProviderWorld>();
let stopObserving: (() => void) | undefined;

/** Makes `world` record every delivery built from now on (done by `providerHandlers`). */
export function connectWorld(world: ProviderWorld): void {
  connected.add(world);
  stopObserving ??= observeDeliveries((delivery) => {
    for (const w of connected) {
      try {
        w.record(delivery);
      } catch (error) {
        // An observer must not throw into buildDelivery; a payload the world cannot read is skipped.
        console.error(prefixed('could not record a delivery into the provider world:'), error);
      }
    }
  });
}

/**
 * Empties the shared world (or `world`): objects registered by deliveries, seeded objects and writes.
 * The list of unsupported requests is kept until `world.unsupportedRequests({ clear: true })`.
 * @example
 * afterEach(() => resetProviderWorld());
 */
export function resetProviderWorld(world: ProviderWorld = providerWorld): void {
  world.reset();
}
