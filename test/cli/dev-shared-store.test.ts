/**
 * Two real `relay dev` processes in one folder, on one store: the second says at start that the first serves
 * the store, leaves the first one's running executions alone (they complete there, each handler running
 * once), and refuses a retry of them naming the first one's pid.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, startDev, until } from './bin.js';

afterEach(cleanUp);

// Each run notes its start in <dir>/runs.log, then holds its step until the test creates <dir>/release.
const relayTs = (dir: string) => `import { appendFileSync, existsSync } from 'node:fs';
import { createRelay } from 'relaykit';
export default createRelay({
  handlers: {
    'github.*': async (event, { step }) => {
      appendFileSync(${JSON.stringify(path.join(dir, 'runs.log'))}, event.id + '\\n');
      await step.run('slow', () => new Promise((resolve) => {
        const timer = setInterval(() => existsSync(${JSON.stringify(path.join(dir, 'release'))}) && (clearInterval(timer), resolve('done')), 20);
      }));
    },
  },
});
`;

describe('a second relay dev on a store in use', () => {
  it("says another instance (pid N) serves the store, leaves its running executions alone, refuses to retry them, and each handler runs once", async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'relay.ts'), relayTs(dir));
    const env = { GITHUB_WEBHOOK_SECRET: secrets.github };
    const a = await startDev(dir, env, ['--quiet']);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const signed = await officialDelivery('github', 'issues.opened');
      const response = await fetch(`${a.url}/api/webhook/github`, { method: 'POST', headers: signed.headers, body: signed.body });
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const runs = () => (existsSync(path.join(dir, 'runs.log')) ? readFileSync(path.join(dir, 'runs.log'), 'utf8').trim().split('\n') : []);
    await until(async () => (runs().length === 10 ? true : undefined), '10 handlers to start in the first relay dev');

    const b = await startDev(dir, env, ['--quiet']);
    expect(b.stdout()).toContain(`another instance (pid ${a.child.pid}) serves this store too`);
    const statusOf = async (id: string) => ((await (await fetch(`${b.url}/api/executions/${id}`)).json()) as { status: string }).status;
    expect(await Promise.all(ids.map(statusOf))).toEqual(ids.map(() => 'running'));
    const retry = await fetch(`${b.url}/api/executions/${ids[0]}/retry`, { method: 'POST' });
    expect(retry.status).toBe(409);
    expect(((await retry.json()) as { error: string }).error).toContain(`is running in another instance serving this store (pid ${a.child.pid})`);

    writeFileSync(path.join(dir, 'release'), '');
    await until(async () => ((await Promise.all(ids.map(statusOf))).every((s) => s === 'completed') ? true : undefined), 'every execution to complete');
    expect(runs()).toHaveLength(10);
  }, 60_000);
});
