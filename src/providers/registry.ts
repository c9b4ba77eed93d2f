/** The built-in providers and lookup by id. */
import { isPlainObject, RelayError, unknownProviderMessage } from '../core/index.js';
import { clerk } from './clerk/index.js';
import { github } from './github/index.js';
import { resend } from './resend/index.js';
import { shopify } from './shopify/index.js';
import { stripe } from './stripe/index.js';
import type { BuiltInProvider, ProviderPlugin } from './types.js';

// The one list of providers: everything else (ids, flows, retry rules, the types of `data`) derives from it.
const builtIns = [stripe, github, clerk, shopify, resend] as const;

/** Types only: the built-ins with their own ids and `data` types, which `EventDataMap` (event-data.ts) maps. */
export type BuiltIns = typeof builtIns;

/** The five built-ins, in the order the docs list them. */
export const builtInProviders: readonly BuiltInProvider[] = Object.freeze([...builtIns]);

/** The ids of the built-ins: `stripe`, `github`, `clerk`, `shopify`, `resend`. */
export const builtInProviderIds: readonly string[] = Object.freeze(builtInProviders.map((p) => p.id));

/** The error for an unknown provider id: the built-ins, the closest match, and any other mounted plugins. */
export function unknownProviderError(id: string, known: readonly string[]): RelayError {
  const mounted = known.length > builtInProviderIds.length ? [['Mounted', known] as const] : [];
  return new RelayError('UNKNOWN_PROVIDER', unknownProviderMessage(id, { suggestFrom: known, lists: [['Built-in', builtInProviderIds], ...mounted] }));
}

// Providers added by registerProvider, in the order they were added; the registry is the only list of providers.
const registered: BuiltInProvider[] = [];

/**
 * The providers the harness knows: the built-ins, then those registered since (`registerProvider`).
 * @example
 * listProviders().map((p) => p.id); // ['stripe', 'github', 'clerk', 'shopify', 'resend']
 */
export function listProviders(): readonly BuiltInProvider[] {
  return registered.length === 0 ? builtInProviders : [...builtInProviders, ...registered];
}

/**
 * A provider by id: a built-in, or one added with `registerProvider`; throws a `RelayError` naming the
 * built-ins and the closest match.
 * @example
 * getProvider('stripe').secretEnv; // 'STRIPE_WEBHOOK_SECRET'
 * getProvider('strip');            // RelayError: Unknown provider "strip". Did you mean "stripe"? …
 */
export function getProvider(id: string): BuiltInProvider {
  const found = builtInProviders.find((p) => p.id === id) ?? registered.find((p) => p.id === id);
  if (!found) throw unknownProviderError(String(id), listProviders().map((p) => p.id));
  return found;
}

/**
 * Adds a provider slice (a folder of one's own, made with `defineProvider`) to the registry, so that
 * `buildDelivery`, `triggerWebhook`, `buildFlow`, `triggerFlow` and fixtures know it by id, as they know
 * the built-ins. The service mounts it when it is given as a plugin (`createRelay({ plugins: [slice] })`);
 * `relay trigger` stays limited to the built-ins. Returns the function that removes it again (for a
 * test's cleanup). Refuses an id already in the registry.
 * @example
 * const unregister = registerProvider(acme);
 * await buildDelivery('acme', 'widget.created', { secret: 'acme_test' });
 * unregister();
 */
export function registerProvider(slice: BuiltInProvider): () => void {
  if (typeof slice !== 'object' || slice === null || typeof slice.id !== 'string' || !/^[a-z0-9][a-z0-9_-]*$/.test(slice.id)) {
    throw new RelayError('INVALID_OPTION', `registerProvider takes a provider slice (defineProvider) whose id is lower-case letters, digits, - or _; got ${JSON.stringify((slice as { id?: unknown } | null)?.id)}.`);
  }
  if (listProviders().some((p) => p.id === slice.id)) {
    throw new RelayError('INVALID_OPTION', `A provider "${slice.id}" is already registered${builtInProviderIds.includes(slice.id) ? ' (a built-in)' : ''}: give yours another id, or unregister the other first.`);
  }
  registered.push(slice);
  return () => {
    const index = registered.indexOf(slice);
    if (index >= 0) registered.splice(index, 1);
  };
}

/**
 * The object a provider's `data` merges into, in a parsed body (its wire facts' `mainResource`); `{}` when
 * the body has none there.
 * @example
 * mainResourceOf(getProvider('stripe'), { data: { object: { id: 'pi_1' } } }); // { id: 'pi_1' }
 */
export function mainResourceOf(provider: BuiltInProvider, body: unknown): Record<string, unknown> {
  let node = body;
  for (const key of provider.wire.mainResource) node = isPlainObject(node) ? node[key] : undefined;
  return isPlainObject(node) ? node : {};
}

/**
 * The plugins a service mounts: the built-ins plus `plugins` (one with a built-in's id replaces it).
 * @example
 * const plugins = resolvePlugins([definePlugin({ id: 'acme', verify: permissiveVerify() })]);
 * plugins.get('acme');
 */
export function resolvePlugins(plugins: readonly ProviderPlugin[] = []): ReadonlyMap<string, ProviderPlugin> {
  const map = new Map<string, ProviderPlugin>(builtInProviders.map((p) => [p.id, p]));
  for (const plugin of plugins) map.set(plugin.id, plugin);
  return map;
}
