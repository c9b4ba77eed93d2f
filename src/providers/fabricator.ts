/**
 * A built-in's synchronous delivery maker, loaded on first use. The payload builder and faker come in
 * through dynamic imports, so importing `relaykit/providers` (as `relay events` and the service do)
 * loads neither; once loaded, deliveries build synchronously, as fast-check arbitraries need.
 */
import type { FabricatedDelivery, FabricateOptions } from './delivery.js';
import type { BuiltInProvider } from './types.js';

/** Builds and signs one delivery of its provider synchronously (`fabricate` in delivery.ts, bound to a loaded builder). */
export type Fabricator = (options: FabricateOptions) => FabricatedDelivery;

const loaded = new WeakMap<BuiltInProvider, Fabricator>();

/**
 * The fabricator of a built-in, importing its payload builder (and faker) the first time only.
 * @example
 * const fabricate = await loadFabricator(getProvider('stripe'));
 * fabricate({ eventType: 'charge.succeeded', secret: 'whsec_test', seed: 1, timestamp: Date.now() }).body;
 */
export async function loadFabricator(provider: BuiltInProvider): Promise<Fabricator> {
  let fabricator = loaded.get(provider);
  if (!fabricator) {
    const [{ fabricate }, builder] = await Promise.all([import('./delivery.js'), provider.loadBuilder()]);
    fabricator = (options) => fabricate(provider, builder, options);
    loaded.set(provider, fabricator);
  }
  return fabricator;
}
