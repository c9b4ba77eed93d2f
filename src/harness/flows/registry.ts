/** The flows of the providers in the registry: each slice's own (`flows.definitions`), in the registry's order. */
import { builtInProviders, listProviders, type AnyFlow, type BuiltInProvider } from '../../providers/index.js';

/** The built-ins' flows, grouped by provider in the registry's order. */
export const flowDefinitions: readonly AnyFlow[] = Object.freeze(builtInProviders.flatMap(flowsOf));

/** The flows of one provider slice (none when it has none). */
export function flowsOf(provider: BuiltInProvider): readonly AnyFlow[] {
  return provider.flows?.definitions ?? [];
}

/** The flows of every provider in the registry: the built-ins', then those of providers registered since. */
export function allFlows(): readonly AnyFlow[] {
  return listProviders().flatMap(flowsOf);
}
