/** `replay` through the service's replay endpoint, over HTTP and in process, and its dry run. */
import { afterEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { replay } from '../../src/harness/replay.js';
import { triggerWebhook } from '../../src/harness/trigger.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';

const relays: Relay[] = [];
afterEach(async () => {
  for (const relay of relays.splice(0)) await relay.close();
});

async function serviceWithOneExecution(options: { apiToken?: string } = {}) {
  const relay = createRelay({ store: new MemoryStore(), secrets: { stripe: secrets.stripe }, ...options });
  relays.push(relay);
  const listening = await relay.listen({ port: 0 });
  const triggered = await triggerWebhook('stripe', 'invoice.paid', { target: relay, secret: secrets.stripe, data: { amount_paid: 4200 } });
  return { relay, url: listening.url, source: triggered.execution! };
}

describe('replay', () => {
  it('replays over HTTP: a new execution with replayedFrom, the source unchanged', async () => {
    const { relay, url, source } = await serviceWithOneExecution();
    await relay.idle();
    const before = await relay.findExecution(source.id);
    const result = await replay(source.id, { target: url });
    expect(result).toMatchObject({ dryRun: false, status: 200, sourceExecutionId: source.id, url: `${url}/api/executions/${source.id}/replay` });
    expect(result.execution).toMatchObject({ replayedFrom: source.id, attempt: 1, status: 'pending', eventType: 'stripe.invoice.paid' });
    expect(result.execution!.eventId).not.toBe(source.eventId);
    await relay.idle();
    expect(await relay.findExecution(source.id)).toEqual(before);
    const replayed = await relay.findExecution(result.execution!.id);
    expect(replayed!.event.data).toEqual(before!.event.data);
  });

  it('resolves an event id through a lookup service and posts the execution id', async () => {
    const { relay, url, source } = await serviceWithOneExecution();
    const result = await replay(source.eventId, { target: url, lookup: relay });
    expect(result.sourceExecutionId).toBe(source.id);
    expect(result.url).toBe(`${url}/api/executions/${source.id}/replay`);
    expect(result.execution!.replayedFrom).toBe(source.id);
  });

  it('print returns the dry-run view from the store, and replays nothing', async () => {
    const { relay, source } = await serviceWithOneExecution();
    const preview = await replay(source.eventId, { target: relay, print: true });
    expect(preview).toMatchObject({ dryRun: true, sourceExecutionId: source.id, eventId: source.eventId, eventType: 'stripe.invoice.paid' });
    expect((preview.data as { data: { object: { amount_paid: number } } }).data.object.amount_paid).toBe(4200);
    expect((await relay.listExecutions({})).items).toHaveLength(1);
  });

  it('print over HTTP reads the execution with GET and sends the API token', async () => {
    const { relay, url, source } = await serviceWithOneExecution({ apiToken: 'tok' });
    await expect(replay(source.id, { target: url, print: true })).rejects.toThrow(/401/);
    const preview = await replay(source.id, { target: url, print: true, apiToken: 'tok' });
    expect(preview.eventType).toBe('stripe.invoice.paid');
    const sent = await replay(source.id, { target: url, apiToken: 'tok' });
    expect(sent.status).toBe(200);
    expect((await relay.listExecutions({})).items).toHaveLength(2);
  });

  it('an id that exists nowhere is NOT_FOUND in a lookup, and a 404 from the endpoint', async () => {
    const { relay, url } = await serviceWithOneExecution();
    const missing = 'exec_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const error = await replay(missing, { target: relay, print: true }).catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain(missing);
    const sent = await replay(missing, { target: url });
    expect(sent.status).toBe(404);
    expect(sent.execution).toBeUndefined();
  });

  it.each(['', 'abc', 'exec_', 'evt_../x', 42])('rejects %j as an id before sending anything', async (id) => {
    const error = await replay(id as string, { target: 'http://127.0.0.1:9' }).catch((e) => e);
    expect(error).toBeInstanceOf(RelayError);
    expect(error.code).toBe('INVALID_OPTION');
  });
});
