/** `triggerMany`: distinct deliveries, a few at a time, counted by status, with latencies; a target that goes away. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { triggerMany } from '../../src/harness/trigger-many.js';
import { RelayError } from '../../src/core/index.js';
import { createRelay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';

describe('triggerMany', () => {
  it('sends count distinct deliveries at most concurrency at a time, and counts the answers', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { stripe: secrets.stripe } });
    try {
      let inFlight = 0;
      let most = 0;
      const target = async (request: Request) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight -= 1;
        return relay.fetch(request);
      };
      const progress: number[] = [];
      const run = await triggerMany('stripe', 'charge.succeeded', { target, secret: secrets.stripe, count: 12, concurrency: 3, seed: 5, onProgress: (done) => progress.push(done) });
      expect(run).toMatchObject({ count: 12, concurrency: 3, sent: 12, statuses: { 200: 12 }, unreachable: 0, reasons: [], ok: true });
      expect(run.first.seed).toBe(5);
      expect(most).toBe(3);
      expect(progress).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(run.latenciesMs).toHaveLength(12);
      expect(run.latencyMs.max).toBe(run.latenciesMs.at(-1));
      expect(run.latencyMs.p50).toBeLessThanOrEqual(run.latencyMs.p99);
      expect((await relay.listExecutions({})).items).toHaveLength(12);
    } finally {
      await relay.close();
    }
  });

  it("lists each distinct reason a service gives for a non-2xx answer once, and is not ok", async () => {
    const target = () => Response.json({ error: 'Invalid webhook signature' }, { status: 400, headers: { 'x-relay-error-detail': 'too old' } });
    const run = await triggerMany('github', 'push', { target, secret: 'x', count: 4, concurrency: 2 });
    expect(run).toMatchObject({ statuses: { 400: 4 }, reasons: ['too old'], ok: false });
  });

  it('stops when the target goes away, counting what was not answered and keeping the error', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const run = await triggerMany('clerk', 'user.created', { target: url, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', count: 50, concurrency: 2 });
    expect(run.sent).toBeLessThan(50);
    expect(run.unreachable).toBe(run.sent);
    expect(run.error).toBeInstanceOf(RelayError);
    expect(run.error!.code).toBe('UNREACHABLE');
    expect(run.ok).toBe(false);
  });

  it('rejects a count or concurrency that is not a positive integer before sending anything', async () => {
    for (const options of [{ count: 0 }, { count: 2, concurrency: 1.5 }]) {
      const error = await triggerMany('stripe', 'charge.succeeded', { target: 'http://127.0.0.1:9', secret: 'whsec_x', ...options }).catch((e) => e);
      expect(error).toBeInstanceOf(RelayError);
      expect(error.code).toBe('INVALID_OPTION');
    }
  });
});
