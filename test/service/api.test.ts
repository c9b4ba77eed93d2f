/** The programmatic surface of `createRelay`: options, operations, errors and lifecycle. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../src/providers/index.js';
import { createRelay } from '../../src/service/index.js';
import { findHandler } from '../../src/service/handlers.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from './official.js';

async function accept(relay: ReturnType<typeof createRelay>, provider: 'stripe' | 'github' = 'stripe') {
  const delivery = await officialDelivery(provider);
  const response = await relay.fetch(new Request(`http://relay.test/api/webhook/${provider}`, { method: 'POST', headers: delivery.headers, body: delivery.body }));
  return (await response.json()) as { id: string; eventId: string };
}

describe('createRelay options', () => {
  it('rejects a handler that is not a function, naming the type', () => {
    expect(() => createRelay({ handlers: { 'stripe.*': 'nope' as never } })).toThrow('handlers["stripe.*"] must be a function');
  });

  it('rejects a maxBodyBytes that is not a positive integer', () => {
    expect(() => createRelay({ maxBodyBytes: 0 })).toThrow(/maxBodyBytes must be a positive integer/);
  });

  it('stamps ids and times with the injected clock', async () => {
    const at = Date.UTC(2030, 0, 2, 3, 4, 5, 678);
    const relay = createRelay({ store: new MemoryStore(), secrets, now: () => at });
    // The signature is checked against the injected clock too, so sign at that time.
    const delivery = await officialDelivery('github');
    const response = await relay.fetch(new Request('http://relay.test/api/webhook/github', { method: 'POST', headers: delivery.headers, body: delivery.body }));
    expect(await response.json()).toMatchObject({ createdAt: '2030-01-02T03:04:05.678Z' });
    await relay.close();
  });

  it('reads secrets from the env var when a request arrives', async () => {
    const relay = createRelay({ store: new MemoryStore() });
    const delivery = await officialDelivery('stripe');
    const send = () => relay.fetch(new Request('http://relay.test/api/webhook/stripe', { method: 'POST', headers: delivery.headers, body: delivery.body }));
    const previous = process.env.STRIPE_WEBHOOK_SECRET;
    try {
      delete process.env.STRIPE_WEBHOOK_SECRET;
      expect((await send()).status).toBe(401);
      process.env.STRIPE_WEBHOOK_SECRET = secrets.stripe;
      expect((await send()).status).toBe(200);
      expect(relay.mounts().find((m) => m.provider === 'stripe')).toEqual({ provider: 'stripe', path: '/api/webhook/stripe', secretEnv: 'STRIPE_WEBHOOK_SECRET', secretConfigured: true });
    } finally {
      if (previous === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
      else process.env.STRIPE_WEBHOOK_SECRET = previous;
      await relay.close();
    }
  });
});

describe('operations', () => {
  it('replayExecution and retryExecution throw RelayError NOT_FOUND for an unknown id', async () => {
    const relay = createRelay({ store: new MemoryStore() });
    await expect(relay.replayExecution('exec_missing')).rejects.toMatchObject({ code: 'NOT_FOUND', message: "No execution exec_missing in this service's store." });
    await expect(relay.retryExecution('evt_missing')).rejects.toMatchObject({ code: 'NOT_FOUND', message: "No execution for event evt_missing in this service's store." });
    await expect(relay.replayExecution('exec_missing')).rejects.toBeInstanceOf(RelayError);
  });

  it('retryExecution refuses a pending or completed execution with CONFLICT', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets });
    const { id } = await accept(relay);
    await expect(relay.retryExecution(id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('is pending') });
    await relay.idle();
    await expect(relay.retryExecution(id)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('already completed') });
    await relay.close();
  });

  it('getExecution takes execution ids; findExecution also event ids', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets });
    const { id, eventId } = await accept(relay, 'github');
    expect((await relay.getExecution(id))?.id).toBe(id);
    expect(await relay.getExecution(eventId)).toBeUndefined();
    expect((await relay.findExecution(eventId))?.id).toBe(id);
    expect(await relay.findExecution('exec_unknown')).toBeUndefined();
    await relay.close();
  });

  it('lists with listExecutions as the HTTP route does', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets });
    const first = await accept(relay);
    const second = await accept(relay, 'github');
    expect((await relay.listExecutions()).items.map((e) => e.id)).toEqual([second.id, first.id]);
    expect((await relay.listExecutions({ type: 'github.*' })).items.map((e) => e.id)).toEqual([second.id]);
    await relay.close();
  });

  it('records a failed step and the error of a handler that throws, and a log line for a type with no handler', async () => {
    const relay = createRelay({
      store: new MemoryStore(),
      secrets,
      handlers: {
        'stripe.*': async (_e, { step }) => {
          await step.run('explode', () => {
            throw new Error('kaboom');
          });
        },
      },
    });
    const failing = await accept(relay);
    const unhandled = await accept(relay, 'github');
    await relay.idle();
    expect(await relay.getExecution(failing.id)).toMatchObject({
      status: 'failed',
      error: 'kaboom',
      steps: [{ name: 'explode', status: 'failed', error: 'kaboom' }],
      logs: [{ level: 'error', message: 'Handler failed: kaboom' }],
    });
    expect(await relay.getExecution(unhandled.id)).toMatchObject({
      status: 'completed',
      logs: [{ message: 'No handler is registered for github.pull_request.opened; nothing to run.' }],
    });
    await relay.close();
  });

  it('fails a step whose result is not JSON, saying so', async () => {
    const relay = createRelay({
      store: new MemoryStore(),
      secrets,
      handlers: { '*': async (_e, { step }) => void (await step.run('big', () => 10n)) },
    });
    const { id } = await accept(relay);
    await relay.idle();
    expect(await relay.getExecution(id)).toMatchObject({ status: 'failed', error: expect.stringContaining('step.run("big"): the result must be JSON-serializable') });
    await relay.close();
  });
});

describe('findHandler', () => {
  const handler = (name: string) => Object.assign(() => name, { handlerName: name });
  const handlers = {
    '*': handler('all'),
    'stripe.*': handler('stripe'),
    'stripe.charge.*': handler('charges'),
    'stripe.charge.refunded': handler('refunded'),
    'shopify.orders/*': handler('orders'),
  };

  it.each([
    ['stripe.charge.refunded', 'refunded'],
    ['stripe.charge.succeeded', 'charges'],
    ['stripe.invoice.paid', 'stripe'],
    ['shopify.orders/create', 'orders'],
    ['github.push', 'all'],
  ])('picks the most specific handler for %s', (type, expected) => {
    expect((findHandler(handlers, type) as unknown as { handlerName: string }).handlerName).toBe(expected);
  });

  it('finds nothing without a match or a *', () => {
    expect(findHandler({ 'stripe.*': handler('s') }, 'github.push')).toBeUndefined();
  });
});

describe('lifecycle', () => {
  it('listen resolves to the bound URL, and close waits for running handlers then is idempotent', async () => {
    let finished = false;
    const relay = createRelay({
      store: new MemoryStore(),
      secrets,
      handlers: {
        '*': async () => {
          await new Promise((r) => setTimeout(r, 50));
          finished = true;
        },
      },
    });
    const listening = await relay.listen({ port: 0 });
    expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const delivery = await officialDelivery('stripe');
    expect((await fetch(`${listening.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body })).status).toBe(200);
    await Promise.all([relay.close(), relay.close()]);
    expect(finished).toBe(true);
    await expect(fetch(`${listening.url}/api/executions`)).rejects.toThrow();
  });

  it('rejects a port out of range', async () => {
    const relay = createRelay({ store: new MemoryStore() });
    await expect(relay.listen({ port: 70000 })).rejects.toThrow(/port must be an integer from 0 to 65535/);
    await relay.close();
  });
});

describe('a store that cannot open', () => {
  it('makes listen() fail before binding, with RelayError STORE_UNAVAILABLE naming the file and the fix', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-unwritable-'));
    // A regular file where the store's directory should be: nothing can be created below it.
    writeFileSync(path.join(dir, 'blocked'), 'not a directory');
    const file = path.join(dir, 'blocked', 'relay.db');
    const relay = createRelay({ store: undefined });
    const previous = process.env.RELAY_STORE_PATH;
    process.env.RELAY_STORE_PATH = file;
    try {
      const failure = await relay.listen({ port: 0 }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(RelayError);
      expect(failure).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect((failure as Error).message).toContain(`Cannot open the relay store ${file}`);
      expect((failure as Error).message).toContain('RELAY_STORE_PATH');
    } finally {
      if (previous === undefined) delete process.env.RELAY_STORE_PATH;
      else process.env.RELAY_STORE_PATH = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
