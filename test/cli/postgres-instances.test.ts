/**
 * Several real `relay dev` processes on one PostgreSQL database (the run's throwaway cluster, a database of
 * this file's own): the store line with the password masked; a redelivery sent to both instances at once makes
 * one execution; a retry sent to both at once runs once; each instance's dashboard shows the other's executions
 * live; `kill -9` of one instance under load loses no acknowledged delivery, and another instance recovers its
 * executions (running ones interrupted and retryable, pending ones run).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { officialDelivery, secrets } from '../service/official.js';
import { events } from '../dashboard/sse.js';
import { freshDatabase } from '../support/postgres.js';
import { cleanUp, project, startDev, until, type Dev } from './bin.js';

afterEach(cleanUp);

// Every run notes `<execution> <attempt>` in runs.log. issues.* fails its first attempt; pull_request.* holds a
// step until <dir>/release exists (work in flight when an instance is killed).
const relayTs = (dir: string) => `import { appendFileSync, existsSync } from 'node:fs';
import { createRelay } from 'relaykit';
const note = (id, attempt) => appendFileSync(${JSON.stringify(path.join(dir, 'runs.log'))}, id + ' ' + attempt + '\\n');
export default createRelay({
  handlers: {
    'github.issues.*': async (event, { execution }) => {
      note(execution.id, execution.attempt);
      if (execution.attempt === 1) throw new Error('the first attempt fails');
    },
    'github.pull_request.*': async (event, { execution, step }) => {
      note(execution.id, execution.attempt);
      await step.run('hold', () => new Promise((resolve) => {
        const timer = setInterval(() => existsSync(${JSON.stringify(path.join(dir, 'release'))}) && (clearInterval(timer), resolve('done')), 20);
      }));
    },
  },
});
`;

const env = { GITHUB_WEBHOOK_SECRET: secrets.github };
let url = '';
beforeAll(async () => {
  url = await freshDatabase();
});

interface Execution {
  id: string;
  status: string;
  attempt: number;
}

const post = (dev: Dev, signed: { headers: Record<string, string>; body: string }) =>
  fetch(`${dev.url}/api/webhook/github`, { method: 'POST', headers: signed.headers, body: signed.body });
const get = async (dev: Dev, id: string) => (await (await fetch(`${dev.url}/api/executions/${id}`)).json()) as Execution;
const runsIn = (dir: string) => (existsSync(path.join(dir, 'runs.log')) ? readFileSync(path.join(dir, 'runs.log'), 'utf8').trim().split('\n') : []);

describe('relay dev on a PostgreSQL database it cannot reach', () => {
  it('refuses to start (exit 2) with one line naming the database, password masked, and nothing listening', async () => {
    const failure = await startDev(project(), env, ['--store', 'postgres://relay:hunter2@127.0.0.1:1/relay']).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(failure).toMatch(/^relay dev exited with 2: .*The PostgreSQL database postgres:\/\/relay:\*\*\*\*@127\.0\.0\.1:1\/relay cannot be reached/s);
    expect(failure).not.toContain('hunter2');
    expect(failure).not.toMatch(/listening on/);
  });
});

describe('two relay dev instances on one PostgreSQL database', () => {
  it('say which store they serve (password masked), deduplicate across instances, retry once, and show each other live', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'relay.ts'), relayTs(dir));
    // Trust authentication ignores the password; it must not be printed all the same.
    const withPassword = url.replace('postgres@', 'postgres:hunter2@');
    const a = await startDev(dir, env, ['--quiet', '--store', withPassword]);
    const b = await startDev(dir, { ...env, RELAY_DATABASE_URL: withPassword }, ['--quiet']);
    const shown = `${url.replace('postgres@', 'postgres:****@')} (PostgreSQL)`;
    for (const dev of [a, b]) {
      expect(dev.stdout()).toContain(`store:   ${shown}`);
      expect(dev.stdout() + dev.stderr()).not.toContain('hunter2');
    }
    expect(b.stdout()).toContain(`another instance (pid ${a.child.pid}) serves this store too`);

    // B's dashboard stream, open before A receives anything.
    const live = await fetch(`${b.url}/_dashboard/api/live`);
    expect(live.status).toBe(200);
    const reader = live.body!.getReader();
    let seen = '';
    const read = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        seen += Buffer.from(value).toString();
      }
    })();
    // B's page shows what A stores, live: B follows the shared store from the moment its first page opened
    // (its LISTEN connection may take a moment on a loaded machine; the rest of the test needs it).
    const fromA = await officialDelivery('github', 'issues.opened');
    const created = ((await (await post(a, fromA)).json()) as Execution).id;
    await until(async () => (events(seen).some(([name, data]) => name === 'execution' && (data as Execution).id === created) ? true : undefined), "B to show A's new execution live");

    // One delivery, sent five times to each instance at once: one execution.
    const signed = await officialDelivery('github', 'issues.opened');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? b : a, signed)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Execution).id)));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    expect(answers.filter((r) => r.headers.get('x-relay-deduplicated') === 'true')).toHaveLength(9);
    const list = (await (await fetch(`${a.url}/api/executions`)).json()) as { items: Execution[] };
    expect(list.items.map((e) => e.id).filter((e) => e !== created)).toEqual([id]);

    // It failed its first attempt (wherever it ran): a retry sent to both at once runs once.
    await until(async () => ((await get(a, id)).status === 'failed' ? true : undefined), 'the first attempt to fail');
    const retries = await Promise.all([a, b].map((dev) => fetch(`${dev.url}/api/executions/${id}/retry`, { method: 'POST' })));
    expect(retries.map((r) => r.status).sort()).toEqual([200, 409]);
    await until(async () => ((await get(b, id)).status === 'completed' ? true : undefined), 'the retry to complete');
    expect(runsIn(dir).filter((run) => run.startsWith(`${id} `)).sort()).toEqual([`${id} 1`, `${id} 2`]);

    // B's page saw A's (or B's) execution appear and change: created, failed, then completed.
    // (an update, or the execution itself when its creation and completion reach B in one window).
    await until(
      async () => (events(seen).some(([name, data]) => (name === 'update' || name === 'execution') && (data as Execution).id === id && (data as Execution).status === 'completed') ? true : undefined),
      'B to show the completion live',
    );
    await reader.cancel();
    await read.catch(() => {});
  }, 30_000);

  it('loses no acknowledged delivery when one instance is killed under load, and another recovers its executions', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'relay.ts'), relayTs(dir));
    const db = await freshDatabase();
    const a = await startDev(dir, env, ['--quiet', '--store', db]);
    const b = await startDev(dir, env, ['--quiet', '--store', db]);
    // Held handlers on A: running when it dies.
    const held: string[] = [];
    for (let i = 0; i < 3; i++) held.push(((await (await post(a, await officialDelivery('github', 'pull_request.opened'))).json()) as Execution).id);
    await until(async () => (runsIn(dir).length === 3 ? true : undefined), "A's held handlers to start");

    // Load on both, with redeliveries mixed in; A is killed in the middle of it.
    const deliveries = await Promise.all(Array.from({ length: 60 }, () => officialDelivery('github', 'push')));
    const acknowledged = new Map<string, string>();
    let killed = false;
    await Promise.all(
      Array.from({ length: 4 }, async (_, worker) => {
        for (let i = worker; i < deliveries.length * 2; i += 4) {
          if (i === 60 && !killed) {
            killed = true;
            a.child.kill('SIGKILL');
          }
          const delivery = deliveries[i % deliveries.length]!;
          const response = await post(i % 2 ? b : a, delivery).catch(() => undefined);
          if (response?.status === 200) acknowledged.set(delivery.deliveryId!, ((await response.json()) as Execution).id);
        }
      }),
    );
    await a.exit;
    expect(acknowledged.size).toBeGreaterThan(30);
    // Every acknowledged delivery is stored, under the execution it was acknowledged with.
    for (const [, id] of acknowledged) expect((await get(b, id)).id).toBe(id);
    const all = (await (await fetch(`${b.url}/api/executions?limit=500`)).json()) as { items: Execution[] };
    expect(new Set(all.items.map((e) => e.id)).size).toBe(all.items.length);

    // Another instance starting now finds A gone and settles what it left: nothing stays running or pending.
    const c = await startDev(dir, env, ['--quiet', '--store', db]);
    for (const id of held) {
      const execution = await until(async () => {
        const e = await get(c, id);
        return e.status === 'failed' ? e : undefined;
      }, `${id} to be marked interrupted`);
      expect(execution).toMatchObject({ status: 'failed', error: expect.stringContaining('Interrupted') });
    }
    writeFileSync(path.join(dir, 'release'), '');
    const retried = await Promise.all(held.map((id) => fetch(`${c.url}/api/executions/${id}/retry`, { method: 'POST' })));
    expect(retried.map((r) => r.status)).toEqual([200, 200, 200]);
    await until(async () => ((await Promise.all(held.map((id) => get(c, id)))).every((e) => e.status === 'completed') ? true : undefined), 'the retried executions to complete');
    const stuck = async () => {
      const page = (await (await fetch(`${c.url}/api/executions?limit=500`)).json()) as { items: Execution[] };
      return page.items.filter((e) => e.status === 'running' || e.status === 'pending').length;
    };
    await until(async () => ((await stuck()) === 0 ? true : undefined), 'no execution left running or pending');
  }, 30_000);
});
