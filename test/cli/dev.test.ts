/**
 * `relay dev` as a developer runs it: the built bin in its own process, serving a relay.ts from
 * `--dir` over real HTTP with its SQLite file, read meanwhile by this (another) process.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, relay, startDev as startBin, until } from './bin.js';

afterEach(cleanUp);

/** `relay dev` with the Stripe and Clerk secrets set. */
const startDev = (dir: string) => startBin(dir, { STRIPE_WEBHOOK_SECRET: secrets.stripe, CLERK_WEBHOOK_SECRET: secrets.clerk });

async function post(url: string, provider: 'stripe' | 'clerk', eventType?: string) {
  const delivery = await officialDelivery(provider, eventType);
  const response = await fetch(`${url}/api/webhook/${provider}`, { method: 'POST', headers: delivery.headers, body: delivery.body });
  return { status: response.status, json: (await response.json()) as { id: string; eventId: string; status: string } };
}

describe('relay dev', () => {
  it('serves the built-ins without a relay.ts, says which secrets are set, and stops cleanly on SIGTERM', async () => {
    const dir = project();
    const dev = await startDev(dir);
    expect(dev.stdout()).toContain(`no relay.ts in ${dir}: serving the built-in providers with no handlers`);
    expect(dev.stdout()).toContain(`store:   ${path.join(dir, '.relay', 'relay.db')}`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/stripe  STRIPE_WEBHOOK_SECRET set`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/github  GITHUB_WEBHOOK_SECRET not set`);
    expect((await post(dev.url, 'stripe')).status).toBe(200);
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
    expect(dev.stdout()).toMatch(/relay dev: SIGTERM, finishing requests in flight…\nrelay dev: stopped\.\n$/);
    expect(dev.stderr()).toBe('');
  });

  it("runs examples/relay.ts's handlers while this process reads the same SQLite file", async () => {
    const dir = project('example');
    const dev = await startDev(dir);
    expect(dev.stdout()).toContain(`service: ${path.join(dir, 'relay.ts')}`);
    expect(dev.stdout()).toContain(`POST ${dev.url}/api/webhook/acme  verifies without a secret`);
    const reader = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
    try {
      const accepted: { id: string }[] = [];
      for (let i = 0; i < 20; i++) {
        accepted.push((await post(dev.url, 'stripe')).json);
        // Read while the other process keeps writing.
        const page = await reader.listExecutions({ limit: 5 });
        expect(page.items[0]?.id).toBe(accepted.at(-1)!.id);
      }
      const done = await until(async () => {
        const execution = await reader.getExecution(accepted[0]!.id);
        return execution?.status === 'completed' ? execution : undefined;
      }, 'the handler to complete');
      expect(done.attempt).toBe(1);
      const steps = await reader.listSteps(accepted[0]!.id);
      expect(steps.map((s) => [s.name, s.status])).toEqual([
        ['mark-order-paid', 'completed'],
        ['send-receipt', 'completed'],
      ]);
      expect(await reader.countExecutions()).toBe(20);
    } finally {
      await reader.close();
    }
  });

  it('keeps a delivery it answered 200 for when killed right after', async () => {
    const dir = project();
    const dev = await startDev(dir);
    const accepted = await post(dev.url, 'clerk');
    expect(accepted.status).toBe(200);
    dev.child.kill('SIGKILL');
    await dev.exit;
    const reader = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
    try {
      expect(await reader.getExecution(accepted.json.id)).toMatchObject({ id: accepted.json.id, eventType: 'clerk.user.created' });
      expect(await reader.getEvent(accepted.json.eventId)).toMatchObject({ provider: 'clerk' });
    } finally {
      await reader.close();
    }
  });

  it('exits 2 naming the fix when relay.ts exports no service', async () => {
    const dir = project('export const answer = 42;\n');
    const { code, stderr } = await relay(['dev', '--dir', dir, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain(`relay: ${path.join(dir, 'relay.ts')} does not export a relay service. Export it as \`export default createRelay({ … })\``);
    expect(stderr).toContain('it exports answer.');
    expect(existsSync(path.join(dir, '.relay'))).toBe(false);
  });

  it('exits 2 for a port that is not a number', async () => {
    const { code, stderr } = await relay(['dev', '--port', 'http'], { cwd: project() });
    expect(code).toBe(2);
    expect(stderr).toBe('relay: --port must be a whole number from 0 to 65535, got "http".\n');
  });
});
