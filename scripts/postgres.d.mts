/** Types of postgres.mjs, for the tests and benchmarks that import it. */

/** A running throwaway cluster. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the superuser, trust authentication. */
  readonly url: string;
  readonly port: number;
  /** The temporary folder holding the cluster (data, socket, log). */
  readonly dir: string;
  /** pg_ctl on this cluster (`-D` given), as the user the server runs as; throws with the output when it fails. */
  pgCtl(args: readonly string[], what: string): string;
  /** The server options (`-o`) it was started with, to start it again as it was. */
  readonly options: string;
  /** Stops the server (immediately) and removes its folder. */
  stop(): void;
}

/** The folder of PostgreSQL's server binaries, installing Debian's `postgresql` package when missing. */
export function ensureInstalled(): string;

/** Starts a cluster on a free port in a fresh temporary folder; `durable: false` (default) turns fsync off. */
export function startPostgres(options?: { durable?: boolean }): Promise<PostgresCluster>;
