/**
 * `relay dev` on PostgreSQL when the database goes away under load (a cluster of this file's own, stopped for a
 * few seconds, then started again): every delivery meanwhile is refused with 503 and `Retry-After`, never 500 and
 * never a 200 for something not stored; once the database is back the service stores again by itself, and every
 * delivery it acknowledged, before, during or after, is in the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../scripts/postgres.mjs';
import { officialDelivery, secrets } from '../service/official.js';
import { sql } from '../support/postgres.js';
import { cleanUp, project, startDev } from './bin.js';

let cluster: PostgresCluster | undefined;
let failure = '';
beforeAll(async () => {
  // Its own cluster: stopping the run's shared one would fail the other files' tests.
  cluster = await startPostgres().catch((error: Error) => {
    failure = error.message;
    return undefined;
  });
});
afterAll(async () => {
  await cleanUp();
  cluster?.stop();
});

const OUTAGE_MS = 3000;

describe('relay dev when its PostgreSQL database goes away under load', () => {
  it('answers 503 with Retry-After while it is gone, never 500 or a 200 for what was not stored, and resumes by itself', async () => {
    if (!cluster) throw new Error(`This test needs PostgreSQL, and its cluster did not start: ${failure}`);
    const pg = cluster;
    const dev = await startDev(project(), { GITHUB_WEBHOOK_SECRET: secrets.github }, ['--quiet', '--store', pg.url]);
    const deliveries = await Promise.all(Array.from({ length: 1500 }, () => officialDelivery('github', 'push')));
    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    const refusedWithoutRetryAfter: number[] = [];
    let next = 0;
    let phase: 'before' | 'down' | 'after' = 'before';
    const afterStatuses: number[] = [];
    const send = async () => {
      // Until 40 answers have come after the restart.
      while (afterStatuses.length < 40) {
        const i = next++;
        if (i >= deliveries.length) throw new Error(`${deliveries.length} deliveries were sent before 40 answers came after the restart`);
        const delivery = deliveries[i]!;
        const response = await fetch(`${dev.url}/api/webhook/github`, { method: 'POST', headers: delivery.headers, body: delivery.body });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 200) acknowledged.push(delivery.deliveryId!);
        if (response.status === 503 && !/^\d+$/.test(response.headers.get('retry-after') ?? '')) refusedWithoutRetryAfter.push(i);
        if (phase === 'after') afterStatuses.push(response.status);
        // Paced, so that the load spans the outage.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const load = Promise.all(Array.from({ length: 4 }, send));
    await new Promise((resolve) => setTimeout(resolve, 300));
    pg.pgCtl(['-m', 'fast', '-w', 'stop'], 'stopping the server');
    phase = 'down';
    const stoppedAt = next;
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    // The dashboard's page asks for the executions meanwhile: told to ask again, as a provider is.
    const page = await fetch(`${dev.url}/_dashboard/api/executions`);
    const pageAnswer = { status: page.status, retryAfter: page.headers.get('retry-after'), body: (await page.json()) as { error?: string } };
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2));
    pg.pgCtl(['-o', pg.options, '-l', `${pg.dir}/log`, '-w', 'start'], 'starting the server again');
    phase = 'after';
    const restartedAt = next;
    await load;

    expect(restartedAt - stoppedAt).toBeGreaterThan(50);
    expect(statuses.get(500)).toBeUndefined();
    expect([...statuses.keys()].sort()).toEqual([200, 503]);
    expect(statuses.get(503)).toBeGreaterThan(20);
    expect(refusedWithoutRetryAfter).toEqual([]);
    expect(pageAnswer).toMatchObject({ status: 503, retryAfter: expect.stringMatching(/^\d+$/), body: { error: expect.any(String) } });
    // By itself: the deliveries sent once the database is back are stored (the first may meet a stale connection).
    expect(afterStatuses.slice(-20)).toEqual(Array(20).fill(200));
    expect(afterStatuses.length).toBeGreaterThanOrEqual(40);
    // Every acknowledged delivery is in the database, once.
    const stored = await sql(pg.url, 'SELECT delivery_id FROM relay_events WHERE delivery_id = ANY($1)', [acknowledged]);
    expect(stored.rows.length).toBe(acknowledged.length);
    expect(dev.child.exitCode).toBeNull();
  }, 30_000);
});
