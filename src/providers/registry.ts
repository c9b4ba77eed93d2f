/** The built-in providers and lookup by id. */
import { closestMatches, RelayError } from '../core/index.js';
import { clerk } from './clerk/index.js';
import { github } from './github/index.js';
import { resend } from './resend/index.js';
import { shopify } from './shopify/index.js';
import { stripe } from './stripe/index.js';
import type { BuiltInProvider, ProviderPlugin } from './types.js';

/** The five built-ins, in the order the docs list them. */
export const builtInProviders: readonly BuiltInProvider[] = Object.freeze([stripe, github, clerk, shopify, resend]);

/** The ids of the built-ins: `stripe`, `github`, `clerk`, `shopify`, `resend`. */
export const builtInProviderIds: readonly string[] = Object.freeze(builtInProviders.map((p) => p.id));

/** The error for an unknown provider id: the built-ins, the closest match, and any other mounted plugins. */
export function unknownProviderError(id: string, known: readonly string[]): RelayError {
  const close = closestMatches(id, known, 1);
  const hint = close.length > 0 ? ` Did you mean "${close[0]}"?` : '';
  return new RelayError(
    'UNKNOWN_PROVIDER',
    `Unknown provider "${id}".${hint} Built-in: ${builtInProviderIds.join(', ')}.` +
      (known.length > builtInProviderIds.length ? ` Mounted: ${known.join(', ')}.` : ''),
  );
}

/**
 * A built-in provider by id; throws a `RelayError` naming the built-ins and the closest match.
 * @example
 * getProvider('stripe').secretEnv; // 'STRIPE_WEBHOOK_SECRET'
 * getProvider('strip');            // RelayError: Unknown provider "strip". Did you mean "stripe"? …
 */
export function getProvider(id: string): BuiltInProvider {
  const found = builtInProviders.find((p) => p.id === id);
  if (!found) throw unknownProviderError(String(id), builtInProviderIds);
  return found;
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
