/** The executions API answers a store's errors by their RelayError code, never by the class of a built-in error. */
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { createRelay } from '../../src/service/relay.js';
import { MemoryStore } from '../../src/service/store/index.js';

/** A store whose listExecutions rejects with `failure`. */
function failingStore(failure: Error): MemoryStore {
  const store = new MemoryStore();
  store.listExecutions = () => Promise.reject(failure);
  return store;
}

async function list(failure: Error, query = ''): Promise<{ status: number; body: { error: string } }> {
  const relay = createRelay({ store: failingStore(failure) });
  try {
    const response = await relay.fetch(new Request(`http://127.0.0.1/api/executions${query}`));
    return { status: response.status, body: (await response.json()) as { error: string } };
  } finally {
    await relay.close();
  }
}

describe('store errors in the executions API', () => {
  it('answers 400 with the message for a RelayError INVALID_FILTER', async () => {
    expect(await list(new RelayError('INVALID_FILTER', 'Invalid cursor "x": pass the nextCursor of a previous page unchanged'))).toEqual({
      status: 400,
      body: { error: 'Invalid cursor "x": pass the nextCursor of a previous page unchanged' },
    });
  });

  it("answers 500 for a RangeError, which is the store's own failure, not the caller's mistake", async () => {
    const answer = await list(new RangeError('Maximum call stack size exceeded'));
    expect(answer.status).toBe(500);
    expect(answer.body.error).toBe('Internal error in the relay service: Maximum call stack size exceeded');
  });

  it('answers 400 naming the value for a bad cursor, status or limit, with the built-in stores', async () => {
    const relay = createRelay({ store: new MemoryStore() });
    try {
      for (const [query, message] of [
        ['?cursor=garbage', /Invalid cursor "garbage"/],
        ['?status=done', /status must be one of pending, running, completed, failed; got "done"/],
        ['?limit=0', /Invalid limit 0: expected an integer from 1 to 500/],
        ['?limit=x', /limit must be a whole number from 1 to 500; got "x"/],
      ] as const) {
        const response = await relay.fetch(new Request(`http://127.0.0.1/api/executions${query}`));
        expect(response.status, query).toBe(400);
        expect(((await response.json()) as { error: string }).error, query).toMatch(message);
      }
    } finally {
      await relay.close();
    }
  });
});
