/**
 * Retries as each provider retries: the rule is the provider slice's own (`retry`, in
 * src/providers/<p>/); the README's "Retries as the provider retries" table cites the source of each
 * figure. Here: the built-ins' rules by id, and the schedule's offsets.
 */
import { builtInProviders, type RetryRule } from '../../providers/index.js';

export type { RetryRule } from '../../providers/index.js';

/** The built-in providers' rules, by provider id. */
export const retryRules: Readonly<Record<string, RetryRule>> = Object.freeze(Object.fromEntries(builtInProviders.map((provider) => [provider.id, provider.retry])));

/** The nominal offset of each attempt from the first, in milliseconds: `[0, 5000, 305000, …]` for Svix. */
export function attemptOffsets(rule: RetryRule): number[] {
  const offsets = [0];
  for (const delay of rule.delays) offsets.push(offsets.at(-1)! + delay * 1000);
  return offsets;
}
