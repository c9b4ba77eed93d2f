/**
 * The PostgreSQL of a test file: a fresh database in the run's cluster (test/support/postgres-setup.ts), so that
 * test files run in parallel without seeing each other's rows. Without a cluster, every call fails with the reason.
 */
import pg from 'pg';
import { inject } from 'vitest';

let made = 0;

/** The cluster's superuser URL; throws with the reason the cluster did not start. */
export function clusterUrl(): string {
  const { url, error } = inject('postgres');
  if (!url) throw new Error(`This test needs PostgreSQL, and the test run's cluster did not start: ${error ?? 'no cluster (is test/support/postgres-setup.ts the globalSetup?)'}`);
  return url;
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `sql` on `url` over a connection of its own. */
export async function sql(url: string, text: string, params?: unknown[]): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/** A new, empty database in the run's cluster; resolves to its URL. */
export async function freshDatabase(): Promise<string> {
  const admin = clusterUrl();
  const name = `relay_${process.pid}_${made++}_${Math.random().toString(36).slice(2, 8)}`;
  await sql(admin, `CREATE DATABASE ${name}`);
  return withDatabase(admin, name);
}

/** Empties the relay tables of the database at `url` (when they exist), for a check that needs an empty store. */
export async function emptyDatabase(url: string): Promise<void> {
  await sql(
    url,
    `DO $$ BEGIN
       IF to_regclass('relay_events') IS NOT NULL THEN
         TRUNCATE relay_logs, relay_steps, relay_executions, relay_events, relay_instances;
       END IF;
     END $$`,
  );
}
