/**
 * Flows into the reference service (in process, over a SQLite file): duplicates and retries land on
 * the execution of their original, and the executions record the flow's events in arrival order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFlows, triggerFlow, type TriggerFlowResult } from '../../src/harness/flows/index.js';
import { serviceClient } from '../../src/harness/service-client.js';
import { createRelay, type Relay } from '../../src/service/index.js';
import { SqliteStore } from '../../src/service/store/index.js';
import { secrets, type ProviderId } from '../service/official.js';

let dir: string;
let relay: Relay;
const handled: string[] = [];
const runs: TriggerFlowResult[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'relaykit-flows-'));
  relay = createRelay({
    store: new SqliteStore({ path: path.join(dir, 'relay.db') }),
    secrets: { ...secrets },
    handlers: { '*': (event) => void handled.push(`${event.type} ${event.deliveryId}`) },
  });
  for (const flow of listFlows()) {
    const provider = flow.provider as ProviderId;
    runs.push(await triggerFlow(provider, flow.name, { target: relay, secret: secrets[provider], seed: 11, order: 'shuffled', duplicates: 3 }));
  }
});

afterAll(async () => {
  await relay.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('flows into the reference service', () => {
  it('answers every send 200 and gives a duplicate the execution of its original', () => {
    for (const run of runs) {
      expect(run.ok, `${run.provider} ${run.flow}`).toBe(true);
      const byDelivery = new Map<string, string>();
      for (const result of run.results.filter((r) => r.copy === 'original')) byDelivery.set(result.deliveryId, result.execution!.id);
      expect(new Set(byDelivery.values()).size).toBe(run.deliveries.length);
      const duplicates = run.results.filter((r) => r.copy === 'duplicate');
      expect(duplicates).toHaveLength(3);
      for (const duplicate of duplicates) expect(duplicate.execution!.id).toBe(byDelivery.get(duplicate.deliveryId));
    }
  });

  it("records each flow's events once, in the order they arrived", async () => {
    const client = serviceClient(relay);
    const stored = (await client.executions({ limit: 500 })).reverse();
    const arrived = runs.flatMap((run) => run.results.filter((r) => r.copy === 'original').map((r) => `${run.provider}.${r.eventType}`));
    expect(stored.map((e) => e.eventType)).toEqual(arrived);
    await expect.poll(() => handled.length).toBe(arrived.length);
    expect(new Set(handled).size).toBe(arrived.length);
  });
});
