/** `relay events [provider]`: the catalog's event types. */
import { builtInProviders, getProvider } from '../../providers/index.js';
import type { Output } from '../output.js';

export interface EventsOptions {
  json?: boolean;
}

/** Prints one type a line for a provider, or every provider's types under a heading. */
export function eventsCommand(out: Output, provider: string | undefined, options: EventsOptions): number {
  const providers = provider === undefined ? builtInProviders : [getProvider(provider)];
  if (options.json) {
    out.line(JSON.stringify(Object.fromEntries(providers.map((p) => [p.id, p.catalog.eventTypes])), null, 2));
    return 0;
  }
  if (provider !== undefined) {
    for (const type of providers[0]!.catalog.eventTypes) out.line(type);
    return 0;
  }
  providers.forEach((p, i) => {
    if (i > 0) out.line();
    out.line(out.bold(`${p.id} (${p.catalog.eventTypes.length})`) + out.dim(`  ${p.secretEnv}`));
    for (const type of p.catalog.eventTypes) out.line(`  ${type}`);
  });
  return 0;
}
