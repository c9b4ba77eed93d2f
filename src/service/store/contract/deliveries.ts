/** The Store contract: deliveries (deduplication, atomicity, concurrent writes) and captures. */
import type { ExecutionStatus } from '../types.js';
import { at, log, step } from './records.js';
import type { ContractContext } from './context.js';
import { delivery, type Delivery } from './fixtures.js';

/** @internal Registers the checks of this part of the contract. */
export function deliveryChecks({ describe, it, expect, store, insert }: ContractContext): void {
  describe('captures', () => {
    it('lists captured events newest first (by provider, up to a limit) and deletes them with their executions, steps and logs', async () => {
      const captured = (d: Delivery): Delivery => ({ ...d, event: { ...d.event, captured: true } });
      const plain = await insert();
      const first = await insert(captured(delivery()));
      const second = await insert(captured(delivery({ provider: 'github', type: 'push' })));
      const replayOfFirst = await insert(delivery({ replayedFrom: first.execution.id, deliveryId: null }));
      await store.saveStep(step(first.execution.id, 'charge'));
      await store.appendLog(log(first.execution.id, 'hello'));
      expect(await store.getEvent(first.event.id)).toEqual(first.event);
      expect(await store.getEvent(plain.event.id)).not.toHaveProperty('captured');
      expect((await store.listCaptures!()).map((e) => e.id)).toEqual([second.event.id, first.event.id]);
      expect((await store.listCaptures!({ provider: 'stripe' })).map((e) => e.id)).toEqual([first.event.id]);
      expect((await store.listCaptures!({ limit: 1 })).map((e) => e.id)).toEqual([second.event.id]);

      expect(await store.deleteCaptures!()).toBe(2);
      expect(await store.listCaptures!()).toEqual([]);
      for (const gone of [first, second]) {
        expect(await store.getEvent(gone.event.id)).toBeUndefined();
        expect(await store.getExecution(gone.execution.id)).toBeUndefined();
      }
      expect(await store.listSteps(first.execution.id)).toEqual([]);
      expect(await store.listLogs(first.execution.id)).toEqual([]);
      expect(await store.getExecution(replayOfFirst.execution.id)).toEqual({ ...replayOfFirst.execution, replayedFrom: null });
      expect(await store.getExecution(plain.execution.id)).toEqual(plain.execution);
      expect(await store.countExecutions()).toBe(2);
      // The deleted delivery ids are free again: a redelivery is stored anew.
      const again = captured(delivery({ deliveryId: first.event.deliveryId }));
      expect((await store.insertDelivery(again.event, again.execution)).created).toBe(true);
    });
  });

  describe('insertDelivery and reads', () => {
    it('stores the event and its execution and returns the execution with created: true', async () => {
      const d = delivery({ headers: { 'x-github-delivery': 'abc', 'content-type': 'application/json' } });
      expect(await store.insertDelivery(d.event, d.execution)).toEqual({ created: true, execution: d.execution });
      expect(await store.getExecution(d.execution.id)).toEqual(d.execution);
      expect(await store.getEvent(d.event.id)).toEqual(d.event);
      expect(await store.countExecutions()).toBe(1);
    });

    it('returns undefined for unknown execution and event ids', async () => {
      await insert();
      expect(await store.getExecution('exec_unknown')).toBeUndefined();
      expect(await store.getEvent('evt_unknown')).toBeUndefined();
      expect(await store.getExecutionByEventId('evt_unknown')).toBeUndefined();
    });

    it("finds an execution by its provider's delivery id, and lists an execution's replays oldest first (the dashboard's lookups)", async () => {
      const source = await insert(delivery({ provider: 'github', deliveryId: 'gh-delivery-1' }));
      await insert(delivery({ provider: 'stripe', deliveryId: 'gh-delivery-1' }));
      const replays = [await insert(delivery({ replayedFrom: source.execution.id, deliveryId: null })), await insert(delivery({ replayedFrom: source.execution.id, deliveryId: null }))];
      await insert(delivery({ replayedFrom: replays[0]!.execution.id, deliveryId: null }));
      expect(await store.getExecutionByDeliveryId!('github', 'gh-delivery-1')).toEqual(source.execution);
      expect(await store.getExecutionByDeliveryId!('clerk', 'gh-delivery-1')).toBeUndefined();
      expect(await store.getExecutionByDeliveryId!('github', 'unknown')).toBeUndefined();
      expect(await store.listReplays!(source.execution.id)).toEqual(replays.map((r) => r.execution));
      expect(await store.listReplays!(replays[1]!.execution.id)).toEqual([]);
    });

    it('finds the execution of an event by the event id', async () => {
      const [a, b] = [await insert(), await insert()];
      expect(await store.getExecutionByEventId(a.event.id)).toEqual(a.execution);
      expect(await store.getExecutionByEventId(b.event.id)).toEqual(b.execution);
    });

    it('returns the existing execution with created: false for a redelivery, and stores nothing new', async () => {
      const first = await insert(delivery({ deliveryId: 'evt_1NqNaX' }));
      await store.updateExecution(first.execution.id, { status: 'completed', updatedAt: at(5) });
      const again = delivery({ deliveryId: 'evt_1NqNaX', data: { other: true } });
      const result = await store.insertDelivery(again.event, again.execution);
      expect(result).toEqual({ created: false, execution: { ...first.execution, status: 'completed', updatedAt: at(5) } });
      expect(await store.getEvent(again.event.id)).toBeUndefined();
      expect(await store.getExecution(again.execution.id)).toBeUndefined();
      expect(await store.getExecutionByEventId(again.event.id)).toBeUndefined();
      expect(await store.countExecutions()).toBe(1);
      expect((await store.listExecutions()).items.map((e) => e.id)).toEqual([first.execution.id]);
    });

    it('keeps delivery ids unique per provider, not across providers', async () => {
      await insert(delivery({ provider: 'clerk', deliveryId: 'msg_2x' }));
      await insert(delivery({ provider: 'resend', deliveryId: 'msg_2x' }));
      const dup = delivery({ provider: 'resend', deliveryId: 'msg_2x' });
      expect((await store.insertDelivery(dup.event, dup.execution)).created).toBe(false);
      expect(await store.countExecutions()).toBe(2);
    });

    it('never deduplicates deliveries without a delivery id', async () => {
      await insert(delivery({ deliveryId: null }));
      await insert(delivery({ deliveryId: null }));
      await insert(delivery({ provider: 'acme', deliveryId: null }));
      expect(await store.countExecutions()).toBe(3);
    });

    it('stores a replay with replayedFrom and no delivery id', async () => {
      const source = await insert();
      const replay = await insert(delivery({ deliveryId: null, replayedFrom: source.execution.id, data: source.event.data }));
      expect(await store.getExecution(replay.execution.id)).toEqual({ ...replay.execution, replayedFrom: source.execution.id });
    });

    it('rejects a replayedFrom that is not a stored execution, storing nothing', async () => {
      const orphan = delivery({ deliveryId: null, replayedFrom: 'exec_missing' });
      await expect(store.insertDelivery(orphan.event, orphan.execution)).rejects.toThrow();
      expect(await store.getEvent(orphan.event.id)).toBeUndefined();
      expect(await store.countExecutions()).toBe(0);
    });

    it('rejects an execution whose eventId is not the event it is stored with', async () => {
      const a = delivery();
      const b = delivery();
      await expect(store.insertDelivery(a.event, b.execution)).rejects.toThrow(/eventId/);
      expect(await store.getEvent(a.event.id)).toBeUndefined();
      expect(await store.countExecutions()).toBe(0);
    });

    it('rejects an event id or execution id that is already stored, and stores no half of the delivery', async () => {
      const a = await insert();
      const sameEvent = delivery();
      const withEventId = { event: { ...sameEvent.event, id: a.event.id }, execution: { ...sameEvent.execution, eventId: a.event.id } };
      await expect(store.insertDelivery(withEventId.event, withEventId.execution)).rejects.toThrow();
      expect(await store.getExecution(sameEvent.execution.id)).toBeUndefined();

      const sameExecution = delivery();
      const withExecutionId = { event: sameExecution.event, execution: { ...sameExecution.execution, id: a.execution.id } };
      await expect(store.insertDelivery(withExecutionId.event, withExecutionId.execution)).rejects.toThrow();
      expect(await store.getEvent(sameExecution.event.id)).toBeUndefined();
      // Its delivery id was not taken by the failed attempt.
      expect((await store.insertDelivery(sameExecution.event, sameExecution.execution)).created).toBe(true);
      expect(await store.getExecution(a.execution.id)).toEqual(a.execution);
      expect(await store.countExecutions()).toBe(2);
    });

    it('fails only the write that fails among writes issued together', async () => {
      const [a, b] = [delivery(), delivery()];
      const results = await Promise.allSettled([
        store.insertDelivery(a.event, a.execution),
        store.saveStep(step('exec_missing', 'x')),
        store.insertDelivery(b.event, { ...b.execution, status: 'bogus' as ExecutionStatus }),
        store.appendLog(log(a.execution.id, 'after a')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(await store.getExecution(a.execution.id)).toEqual(a.execution);
      expect(await store.getEvent(b.event.id)).toBeUndefined();
      expect(await store.listLogs(a.execution.id)).toHaveLength(1);
    });

    it('stores one execution when a delivery and its redelivery arrive together', async () => {
      const [a, b] = [delivery({ deliveryId: 'evt_twice' }), delivery({ deliveryId: 'evt_twice' })];
      const [first, second] = await Promise.all([store.insertDelivery(a.event, a.execution), store.insertDelivery(b.event, b.execution)]);
      expect(first).toEqual({ created: true, execution: a.execution });
      expect(second).toEqual({ created: false, execution: a.execution });
      expect(await store.countExecutions()).toBe(1);
    });

    it('counts executions created, not redeliveries', async () => {
      expect(await store.countExecutions()).toBe(0);
      const a = await insert();
      await store.insertDelivery(a.event, a.execution);
      await insert();
      expect(await store.countExecutions()).toBe(2);
    });
  });
}
