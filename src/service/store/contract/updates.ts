/** The Store contract: updateExecution (patches, compare-and-set, owners) and instances. */
import type { ExecutionStatus } from '../types.js';
import { at } from './records.js';
import type { ContractContext } from './context.js';
import { delivery } from './fixtures.js';

/** @internal Registers the checks of this part of the contract. */
export function updateChecks({ describe, it, expect, store, insert }: ContractContext): void {
  describe('updateExecution', () => {
    it('applies the fields of the patch and leaves the others as they were', async () => {
      const d = await insert();
      expect(await store.updateExecution(d.execution.id, { status: 'running', updatedAt: at(1) })).toBe(true);
      expect(await store.getExecution(d.execution.id)).toEqual({ ...d.execution, status: 'running', updatedAt: at(1) });
      expect(await store.updateExecution(d.execution.id, { status: 'failed', attempt: 2, error: 'timeout', updatedAt: at(2) })).toBe(true);
      expect(await store.getExecution(d.execution.id)).toEqual({ ...d.execution, status: 'failed', attempt: 2, error: 'timeout', updatedAt: at(2) });
    });

    it('clears error with error: null and keeps it when the patch has no error', async () => {
      const d = await insert();
      await store.updateExecution(d.execution.id, { status: 'failed', error: 'boom' });
      await store.updateExecution(d.execution.id, { attempt: 2 });
      expect((await store.getExecution(d.execution.id))!.error).toBe('boom');
      await store.updateExecution(d.execution.id, { status: 'running', error: null });
      expect(await store.getExecution(d.execution.id)).toMatchObject({ status: 'running', attempt: 2, error: null });
    });

    it('applies only when the current status is one of expected, and reports whether it applied', async () => {
      const d = await insert();
      expect(await store.updateExecution(d.execution.id, { status: 'running' }, ['pending'])).toBe(true);
      expect(await store.updateExecution(d.execution.id, { status: 'running', attempt: 9 }, ['pending'])).toBe(false);
      expect(await store.getExecution(d.execution.id)).toMatchObject({ status: 'running', attempt: 1 });
      expect(await store.updateExecution(d.execution.id, { status: 'completed' }, ['pending', 'running'])).toBe(true);
      expect(await store.updateExecution(d.execution.id, { status: 'running', attempt: 2 }, ['failed'])).toBe(false);
      expect(await store.updateExecution(d.execution.id, { status: 'running' }, [])).toBe(false);
      expect(await store.getExecution(d.execution.id)).toMatchObject({ status: 'completed', attempt: 1 });
      expect(await store.updateExecution(d.execution.id, { status: 'running', attempt: 2 })).toBe(true);
      expect(await store.getExecution(d.execution.id)).toMatchObject({ status: 'running', attempt: 2 });
    });

    it('lets exactly one of two concurrent compare-and-sets win', async () => {
      const d = await insert();
      const results = await Promise.all([
        store.updateExecution(d.execution.id, { status: 'running', attempt: 2 }, ['completed', 'pending']),
        store.updateExecution(d.execution.id, { status: 'running', attempt: 3 }, ['pending']),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('returns false for an unknown execution and creates nothing', async () => {
      expect(await store.updateExecution('exec_missing', { status: 'running' })).toBe(false);
      expect(await store.countExecutions()).toBe(0);
    });

    it('rejects an invalid status or attempt and keeps the execution as it was', async () => {
      const d = await insert();
      await expect(store.updateExecution(d.execution.id, { status: 'done' as ExecutionStatus })).rejects.toThrow();
      await expect(store.updateExecution(d.execution.id, { attempt: 0 })).rejects.toThrow();
      expect(await store.getExecution(d.execution.id)).toEqual(d.execution);
    });
  });

  describe('owners and instances (several processes on one store)', () => {
    it('stores an execution\'s owner, changes it with a patch, and reads no owner where none was given', async () => {
      const owned = delivery();
      await store.insertDelivery(owned.event, { ...owned.execution, owner: 'inst_a' });
      expect(await store.getExecution(owned.execution.id)).toEqual({ ...owned.execution, owner: 'inst_a' });
      expect((await store.listExecutions()).items).toEqual([{ ...owned.execution, owner: 'inst_a' }]);
      const plain = await insert();
      expect(await store.getExecution(plain.execution.id)).toStrictEqual(plain.execution);
      expect(await store.updateExecution(owned.execution.id, { owner: 'inst_b' })).toBe(true);
      expect((await store.getExecution(owned.execution.id))!.owner).toBe('inst_b');
      expect(await store.updateExecution(owned.execution.id, { owner: null })).toBe(true);
      expect(await store.getExecution(owned.execution.id)).toStrictEqual(owned.execution);
    });

    it('applies an update with an owner condition only when the owner is the one named (null: none)', async () => {
      const d = delivery();
      await store.insertDelivery(d.event, { ...d.execution, owner: 'inst_a' });
      const id = d.execution.id;
      expect(await store.updateExecution(id, { status: 'running', owner: 'inst_b' }, ['pending'], { owner: 'inst_b' })).toBe(false);
      expect(await store.updateExecution(id, { status: 'running', owner: 'inst_b' }, ['pending'], { owner: null })).toBe(false);
      expect(await store.getExecution(id)).toMatchObject({ status: 'pending', owner: 'inst_a' });
      expect(await store.updateExecution(id, { status: 'running' }, ['pending'], { owner: 'inst_a' })).toBe(true);
      expect(await store.updateExecution(id, { status: 'failed', owner: null }, ['running'], { owner: 'inst_a' })).toBe(true);
      expect(await store.updateExecution(id, { owner: 'inst_c' }, undefined, { owner: null })).toBe(true);
      expect(await store.getExecution(id)).toMatchObject({ status: 'failed', owner: 'inst_c' });
    });

    it('registers instances, renews a lease without changing the rest, lists and deletes them', async () => {
      const a = { id: 'inst_a', pid: 101, host: 'h1', startedAt: at(0), leaseUntil: at(30_000) };
      const b = { id: 'inst_b', pid: 202, host: 'h2', startedAt: at(5), leaseUntil: at(30_005) };
      await Promise.all([store.putInstance!(a), store.putInstance!(b)]);
      expect(await store.listInstances!()).toEqual([a, b]);
      await store.putInstance!({ ...a, pid: 999, leaseUntil: at(60_000) });
      expect(await store.listInstances!()).toEqual([{ ...a, leaseUntil: at(60_000) }, b]);
      await store.deleteInstance!('inst_a');
      await store.deleteInstance!('inst_missing');
      expect(await store.listInstances!()).toEqual([b]);
    });
  });
}
