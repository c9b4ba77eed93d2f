/**
 * `relay dev` stopping under load, as an attack found it: with keep-alive connections sending, SIGTERM
 * let tens of thousands more deliveries in and the process exit seconds after the load stopped, or
 * never. Now it answers what is in flight, refuses what comes after, exits, and loses nothing it
 * acknowledged.
 */
import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, startDev } from './bin.js';

afterEach(cleanUp);

/** One request's fate: its status and body, or the socket error that ended it. */
interface Sent {
  /** The signal's line was already printed when the request was sent. */
  afterSignal: boolean;
  status?: number;
  connection?: string;
  body?: string;
  failure?: string;
}

function send(url: string, agent: Agent, headers: Record<string, string>, body: string): Promise<Omit<Sent, 'afterSignal'>> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/webhook/stripe`, { method: 'POST', agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body: text }));
      res.on('error', (cause: NodeJS.ErrnoException) => resolve({ failure: cause.code ?? cause.message }));
    });
    req.on('error', (cause: NodeJS.ErrnoException) => resolve({ failure: cause.code ?? cause.message }));
    req.end(body);
  });
}

/** Resolves with `value`, or rejects naming `what` after `ms`: a bounded wait that fails instead of hanging. */
function within<T>(value: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)));
  return Promise.race([value, late]).finally(() => clearTimeout(timer));
}

describe('relay dev on SIGTERM under load', () => {
  it('answers requests in flight, refuses later ones, exits, and keeps every delivery it acknowledged', async () => {
    const dir = project();
    const dev = await startDev(dir, { STRIPE_WEBHOOK_SECRET: secrets.stripe });
    const signalled = () => dev.stdout().includes('relay dev: SIGTERM, finishing requests in flight…');
    const sent: Sent[] = [];
    let acknowledged = 0;
    let signal: () => void;
    const enoughLoad = new Promise<void>((resolve) => (signal = resolve));

    /** One keep-alive connection sending deliveries back to back until the service stops answering. */
    const connection = async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < 1_000; i++) {
          const delivery = await officialDelivery('stripe');
          const afterSignal = signalled();
          const fate = { afterSignal, ...(await send(dev.url, agent, delivery.headers, delivery.body)) };
          sent.push(fate);
          if (fate.status === 200 && ++acknowledged === 60) signal();
          // Refused or cut off after the signal: this connection is done.
          if (afterSignal && fate.status !== 200) return;
        }
      } finally {
        agent.destroy();
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, connection));
    await within(enoughLoad, 15_000, 'expected 60 acknowledged deliveries');

    // One more connection holds a request in flight across the signal: the service has its headers
    // (it answered 100 Continue) and waits for its body, which is sent only once the signal is taken.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const delivery = await officialDelivery('stripe');
    let answered!: (fate: Omit<Sent, 'afterSignal'>) => void;
    const inFlight = new Promise<Omit<Sent, 'afterSignal'>>((resolve) => (answered = resolve));
    const held = request(`${dev.url}/api/webhook/stripe`, { method: 'POST', agent, headers: { ...delivery.headers, expect: '100-continue' } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => answered({ status: res.statusCode!, connection: res.headers.connection, body: text }));
    });
    held.on('error', (cause: NodeJS.ErrnoException) => answered({ failure: cause.code ?? cause.message }));
    await within(new Promise((resolve) => held.once('continue', resolve)), 15_000, 'expected 100 Continue');
    dev.child.kill('SIGTERM');
    await within(
      new Promise<void>((resolve) => {
        const check = () => (signalled() ? resolve() : dev.child.stdout.once('data', check));
        check();
      }),
      15_000,
      'expected the signal to be taken',
    );
    held.end(delivery.body);
    const fate = await within(inFlight, 15_000, 'expected an answer to the request in flight');
    sent.push({ afterSignal: false, ...fate });
    expect(fate).toMatchObject({ status: 200, connection: 'close' });
    const next = await officialDelivery('stripe');
    sent.push({ afterSignal: true, ...(await send(dev.url, agent, next.headers, next.body)) });
    agent.destroy();

    expect(await within(dev.exit, 15_000, 'expected relay dev to exit after SIGTERM')).toBe(0);
    await within(load, 15_000, 'expected every connection to stop sending');

    // After the signal's line, nothing more was taken in: a 503 saying why, or a closed connection.
    const late = sent.filter((s) => s.afterSignal);
    expect(late.length).toBeGreaterThan(0);
    for (const fate of late) {
      if (fate.status === undefined) expect(fate.failure).toMatch(/ECONNRESET|ECONNREFUSED|EPIPE|socket hang up/);
      else {
        expect(fate).toMatchObject({ status: 503, connection: 'close' });
        expect(JSON.parse(fate.body!)).toEqual({ error: expect.stringContaining('shutting down') });
      }
    }
    expect(dev.stdout()).toMatch(/relay dev: stopped\.\n$/);

    // Every delivery it answered 200 is in the store.
    const ids = sent.filter((s) => s.status === 200).map((s) => (JSON.parse(s.body!) as { id: string }).id);
    const store = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
    try {
      const missing = [];
      for (const id of ids) if (!(await store.getExecution(id))) missing.push(id);
      expect({ acknowledged: ids.length, missing }).toEqual({ acknowledged: ids.length, missing: [] });
    } finally {
      await store.close();
    }
  });

  it('stops at once on a second signal while a handler never returns, saying what it left running', async () => {
    const dir = project(`import { createRelay } from 'relaykit';
export default createRelay({ handlers: { 'stripe.*': () => new Promise(() => {}) } });
`);
    const dev = await startDev(dir, { STRIPE_WEBHOOK_SECRET: secrets.stripe });
    const delivery = await officialDelivery('stripe');
    expect((await fetch(`${dev.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body })).status).toBe(200);
    dev.child.kill('SIGTERM');
    await within(
      new Promise<void>((resolve) => {
        const check = () => (dev.stdout().includes('finishing requests in flight') ? resolve() : dev.child.stdout.once('data', check));
        check();
      }),
      15_000,
      'expected the first signal to be taken',
    );
    dev.child.kill('SIGTERM');
    expect(await within(dev.exit, 15_000, 'expected relay dev to exit on the second SIGTERM')).toBe(1);
    expect(dev.stderr()).toContain('relay dev: stopped on a second SIGTERM without waiting for the handlers still running');
  });
});
