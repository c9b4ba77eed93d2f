/** `serviceClient` against a real relaykit service, over HTTP with its bearer token and in process. */
import { afterEach, describe, expect, it } from 'vitest';
import { serviceClient } from '../../src/harness/service-client.js';
import { triggerWebhook } from '../../src/harness/trigger.js';
import { RelayError } from '../../src/core/index.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';

const relays: Relay[] = [];
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.close();
});

/** A service with one handler per type: `stripe.*` records a step; `github.*` waits until `release()`. */
async function service() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const relay = createRelay({
    store: new MemoryStore(),
    secrets: { stripe: secrets.stripe, github: secrets.github },
    apiToken: 'tok',
    handlers: {
      'stripe.*': async (_event, { step }) => void (await step.run('record', () => 1)),
      'github.*': () => held,
    },
  });
  relays.push(relay);
  const { url } = await relay.listen({ port: 0 });
  return { relay, url, release };
}

describe('serviceClient', () => {
  it('reads an execution once settled, with its steps, and lists executions by type, sending the token', async () => {
    const { relay, url } = await service();
    const client = serviceClient(url, { token: 'tok' });
    const { execution } = await triggerWebhook('stripe', 'invoice.paid', { target: relay, secret: secrets.stripe });
    const done = await client.waitUntilSettled(execution!.eventId);
    expect(done).toMatchObject({ id: execution!.id, status: 'completed', steps: [expect.objectContaining({ name: 'record', status: 'completed' })] });
    expect((await client.executions({ type: 'stripe.*' })).map((e) => e.id)).toEqual([execution!.id]);
    expect(await client.executions({ type: 'github.*' })).toEqual([]);
    expect(await client.execution('exec_01JZZZZZZZZZZZZZZZZZZZZZZZ')).toBeUndefined();
  });

  it('throws a RelayError naming the status when the service refuses the token', async () => {
    const { url } = await service();
    const error = await serviceClient(url, { token: 'wrong' }).executions().catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.message).toMatch(/^Could not read executions from http:\/\/.+\/api\/executions: 401 /);
  });

  it('replays and retries in process, resolving to the answer whatever its status', async () => {
    const { relay } = await service();
    const client = serviceClient(relay, { token: 'tok' });
    const { execution } = await triggerWebhook('stripe', 'charge.succeeded', { target: relay, secret: secrets.stripe });
    await client.waitUntilSettled(execution!.id);
    const replayed = await client.replay(execution!.id);
    expect(replayed.status).toBe(200);
    expect(replayed.execution).toMatchObject({ replayedFrom: execution!.id, attempt: 1 });
    const retried = await client.retry(execution!.id);
    expect([retried.status, retried.execution]).toEqual([409, undefined]);
  });

  it('waitUntilSettled gives up after timeoutMs, naming the status it last saw', async () => {
    const { relay, release } = await service();
    const { execution } = await triggerWebhook('github', 'push', { target: relay, secret: secrets.github });
    const waiting = serviceClient(relay, { token: 'tok' }).waitUntilSettled(execution!.id, { timeoutMs: 50 });
    await expect(waiting).rejects.toThrow(`execution ${execution!.id} did not finish within 50 ms (status: running)`);
    await expect(waiting).rejects.toMatchObject({ name: 'RelayError', code: 'TIMEOUT' });
    release();
  });
});
