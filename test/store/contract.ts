/**
 * The behaviour every `Store` shares, registered once per implementation: `describeStoreContract('SqliteStore', open)`.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExecutionRecord, ExecutionStatus, LogRecord, StepRecord, Store } from '../../src/service/store/types.js';
import { type Delivery, delivery } from './fixtures.js';

const at = (ms: number) => new Date(Date.UTC(2026, 1, 1) + ms).toISOString();

function step(executionId: string, name: string, fields: Partial<StepRecord> = {}): StepRecord {
  return { executionId, name, status: 'running', attempt: 1, result: null, error: null, startedAt: at(0), endedAt: null, ...fields };
}

function log(executionId: string, message: string, fields: Partial<LogRecord> = {}): LogRecord {
  return { executionId, attempt: 1, at: at(0), level: 'info', message, fields: null, ...fields };
}

/** Every id of every page of `filter`, following cursors; fails on a page longer than the limit. */
async function allPages(store: Store, filter: { type?: string; status?: ExecutionStatus; limit?: number }): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await store.listExecutions({ ...filter, cursor });
    expect(page.items.length).toBeLessThanOrEqual(filter.limit ?? 50);
    pages.push(page.items.map((e) => e.id));
    cursor = page.nextCursor ?? undefined;
    if (pages.length > 1000) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

const newestFirst = (ds: readonly Delivery[]) => ds.map((d) => d.execution.id).sort().reverse();

/** Registers the contract of `Store` against stores made by `open`, one fresh store per test. */
export function describeStoreContract(name: string, open: () => Store | Promise<Store>): void {
  describe(`${name} (Store contract)`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    async function insert(d: Delivery = delivery()): Promise<Delivery> {
      const result = await store.insertDelivery(d.event, d.execution);
      expect(result.created).toBe(true);
      return d;
    }

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

    describe('listExecutions', () => {
      it('lists newest first by id, whatever the insertion order', async () => {
        const ds = Array.from({ length: 20 }, () => delivery());
        const shuffled = ds.map((_, i) => ds[(i * 7 + 3) % ds.length]!); // a permutation: 7 and 20 are coprime
        expect(shuffled[0]).not.toBe(ds[0]);
        for (const d of shuffled) await insert(d);
        const page = await store.listExecutions();
        expect(page.items.map((e) => e.id)).toEqual(newestFirst(ds));
        expect(page.items[0]).toEqual(ds[19]!.execution);
        expect(page.nextCursor).toBeNull();
      });

      it('returns an empty last page for an empty store', async () => {
        expect(await store.listExecutions()).toEqual({ items: [], nextCursor: null });
      });

      it('filters by exact type, where _ and % are plain characters', async () => {
        const a = await insert(delivery({ provider: 'acme', type: 'a_b' }));
        await insert(delivery({ provider: 'acme', type: 'axb' }));
        await insert(delivery({ provider: 'acme', type: 'a_b.more' }));
        const pct = await insert(delivery({ provider: 'acme', type: '100%' }));
        await insert(delivery({ provider: 'acme', type: '1000' }));
        expect((await store.listExecutions({ type: 'acme.a_b' })).items.map((e) => e.id)).toEqual([a.execution.id]);
        expect((await store.listExecutions({ type: 'acme.100%' })).items.map((e) => e.id)).toEqual([pct.execution.id]);
        expect((await store.listExecutions({ type: 'acme.a' })).items).toEqual([]);
      });

      it('filters by a type prefix ending in *, and * alone matches everything', async () => {
        const s1 = await insert(delivery({ provider: 'stripe', type: 'payment_intent.succeeded' }));
        const s2 = await insert(delivery({ provider: 'stripe', type: 'charge.refunded' }));
        const g = await insert(delivery({ provider: 'github', type: 'push' }));
        const u = await insert(delivery({ provider: 'acme', type: 'a_b' }));
        await insert(delivery({ provider: 'acme', type: 'axb' }));
        const ids = async (type: string) => (await store.listExecutions({ type })).items.map((e) => e.id);
        expect(await ids('stripe.*')).toEqual([s2.execution.id, s1.execution.id]);
        expect(await ids('stripe.payment_intent.*')).toEqual([s1.execution.id]);
        expect(await ids('gi*')).toEqual([g.execution.id]);
        expect(await ids('acme.a_*')).toEqual([u.execution.id]);
        expect(await ids('*')).toHaveLength(5);
        expect(await ids('st*pe.charge.refunded')).toEqual([]);
        expect(await ids('shopify.*')).toEqual([]);
      });

      it('filters by status, alone and with a type', async () => {
        const a = await insert(delivery({ provider: 'stripe' }));
        const b = await insert(delivery({ provider: 'github', type: 'push' }));
        const c = await insert(delivery({ provider: 'stripe' }));
        await store.updateExecution(a.execution.id, { status: 'failed', error: 'boom' });
        await store.updateExecution(b.execution.id, { status: 'failed', error: 'boom' });
        const ids = async (filter: { type?: string; status?: ExecutionStatus }) => (await store.listExecutions(filter)).items.map((e) => e.id);
        expect(await ids({ status: 'failed' })).toEqual([b.execution.id, a.execution.id]);
        expect(await ids({ status: 'pending' })).toEqual([c.execution.id]);
        expect(await ids({ status: 'failed', type: 'stripe.*' })).toEqual([a.execution.id]);
        expect(await ids({ status: 'failed', type: 'github.push' })).toEqual([b.execution.id]);
        expect(await ids({ status: 'completed' })).toEqual([]);
      });

      it('rejects an unknown status filter with a RelayError INVALID_FILTER', async () => {
        await expect(store.listExecutions({ status: 'done' as ExecutionStatus })).rejects.toMatchObject({ name: 'RelayError', code: 'INVALID_FILTER' });
      });

      it('pages through many executions newest first, with no duplicates and no gaps', async () => {
        const ds = Array.from({ length: 237 }, () => delivery());
        for (const d of ds) await insert(d);
        const pages = await allPages(store, { limit: 50 });
        expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 37]);
        expect(pages.flat()).toEqual(newestFirst(ds));
      });

      it('pages through a filtered list with no duplicates and no gaps', async () => {
        const ds = Array.from({ length: 120 }, (_, i) => delivery({ provider: i % 3 === 0 ? 'github' : 'stripe', type: 'push' }));
        for (const d of ds) await insert(d);
        for (const d of ds.filter((_, i) => i % 2 === 0)) await store.updateExecution(d.execution.id, { status: 'running' });
        const expected = ds.filter((_, i) => i % 3 !== 0 && i % 2 === 0);
        const pages = await allPages(store, { type: 'stripe.*', status: 'running', limit: 7 });
        expect(pages.flat()).toEqual(newestFirst(expected));
        expect(pages.at(-1)!.length).toBe(expected.length % 7 || 7);
        expect(await allPages(store, { type: 'github.push', limit: 500 })).toEqual([newestFirst(ds.filter((_, i) => i % 3 === 0))]);
      });

      it('ends with nextCursor null when the last page is exactly full', async () => {
        for (let i = 0; i < 100; i++) await insert();
        const first = await store.listExecutions({ limit: 50 });
        expect(first.nextCursor).not.toBeNull();
        const second = await store.listExecutions({ limit: 50, cursor: first.nextCursor! });
        expect(second.items).toHaveLength(50);
        expect(second.nextCursor).toBeNull();
      });

      it('does not shift later pages when executions are inserted between pages', async () => {
        const ds = Array.from({ length: 10 }, () => delivery());
        for (const d of ds) await insert(d);
        const first = await store.listExecutions({ limit: 4 });
        await insert();
        await insert();
        const second = await store.listExecutions({ limit: 4, cursor: first.nextCursor! });
        const third = await store.listExecutions({ limit: 4, cursor: second.nextCursor! });
        expect([...first.items, ...second.items, ...third.items].map((e) => e.id)).toEqual(newestFirst(ds));
        expect(third.nextCursor).toBeNull();
      });

      it('uses a limit of 50 by default and accepts 1 and 500', async () => {
        for (let i = 0; i < 60; i++) await insert();
        expect((await store.listExecutions()).items).toHaveLength(50);
        expect((await store.listExecutions({ limit: 1 })).items).toHaveLength(1);
        expect((await store.listExecutions({ limit: 500 })).items).toHaveLength(60);
      });

      it.each([0, -1, 501, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects limit %s with a RelayError INVALID_FILTER naming the range', async (limit) => {
        await insert();
        await expect(store.listExecutions({ limit })).rejects.toMatchObject({ name: 'RelayError', code: 'INVALID_FILTER' });
        await expect(store.listExecutions({ limit })).rejects.toThrow(/limit .*1 to 500/);
      });

      it('rejects a cursor it did not make with a RelayError INVALID_FILTER', async () => {
        for (let i = 0; i < 3; i++) await insert();
        const good = (await store.listExecutions({ limit: 1 })).nextCursor!;
        const base64url = (s: string) => Buffer.from(s).toString('base64url');
        const notUtf8 = Buffer.concat([Buffer.from('v1:exec_'), Buffer.from([0xff, 0xfe])]).toString('base64url');
        const bad = ['', 'garbage!', 'not a cursor', `${good}=`, `${good}.`, base64url('v2:exec_x'), base64url('v1:'), base64url('exec_01'), good.slice(0, -1) + '#', notUtf8];
        for (const cursor of bad) {
          await expect(store.listExecutions({ cursor }), cursor).rejects.toMatchObject({ name: 'RelayError', code: 'INVALID_FILTER' });
          await expect(store.listExecutions({ cursor }), cursor).rejects.toThrow(/cursor/);
        }
        expect((await store.listExecutions({ cursor: good })).items).toHaveLength(2);
      });
    });

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

    describe('steps and logs', () => {
      it('upserts steps by name and lists them in the order they were first started', async () => {
        const d = await insert();
        const id = d.execution.id;
        await store.saveStep(step(id, 'charge'));
        await store.saveStep(step(id, 'email'));
        await store.saveStep(step(id, 'charge', { status: 'completed', result: { chargeId: 'ch_1' }, endedAt: at(3) }));
        await store.saveStep(step(id, 'email', { status: 'failed', error: 'smtp down', endedAt: at(4) }));
        await store.saveStep(step(id, 'audit'));
        await store.saveStep(step(id, 'email', { attempt: 2, startedAt: at(9) }));
        expect(await store.listSteps(id)).toEqual([
          step(id, 'charge', { status: 'completed', result: { chargeId: 'ch_1' }, endedAt: at(3) }),
          step(id, 'email', { attempt: 2, startedAt: at(9) }),
          step(id, 'audit'),
        ]);
      });

      it('keeps the steps of each execution apart, and lists none for an execution without steps', async () => {
        const [a, b] = [await insert(), await insert()];
        await store.saveStep(step(b.execution.id, 'z'));
        await store.saveStep(step(a.execution.id, 'y'));
        await store.saveStep(step(a.execution.id, 'z', { status: 'completed', result: 1 }));
        expect((await store.listSteps(a.execution.id)).map((s) => [s.name, s.result])).toEqual([['y', null], ['z', 1]]);
        expect(await store.listSteps(b.execution.id)).toEqual([step(b.execution.id, 'z')]);
        expect(await store.listSteps('exec_missing')).toEqual([]);
      });

      it('stores an undefined step result as null', async () => {
        const d = await insert();
        await store.saveStep(step(d.execution.id, 'noop', { status: 'completed', result: undefined }));
        expect((await store.listSteps(d.execution.id))[0]).toHaveProperty('result', null);
      });

      it('rejects a step or a log of an execution that is not stored', async () => {
        await expect(store.saveStep(step('exec_missing', 'x'))).rejects.toThrow(/exec_missing/);
        await expect(store.appendLog(log('exec_missing', 'x'))).rejects.toThrow(/exec_missing/);
      });

      it('lists logs in the order they were appended, even with equal timestamps', async () => {
        const [a, b] = [await insert(), await insert()];
        const lines = ['zeta', 'alpha', 'mid', 'alpha'].map((m, i) => log(a.execution.id, m, { level: (['info', 'warn', 'debug', 'error'] as const)[i]!, fields: i % 2 ? { i } : null }));
        for (const [i, l] of lines.entries()) {
          await store.appendLog(l);
          if (i === 1) await store.appendLog(log(b.execution.id, 'other'));
        }
        await store.appendLog(log(a.execution.id, 'retry', { attempt: 2, at: at(-1) }));
        expect(await store.listLogs(a.execution.id)).toEqual([...lines, log(a.execution.id, 'retry', { attempt: 2, at: at(-1) })]);
        expect(await store.listLogs(b.execution.id)).toEqual([log(b.execution.id, 'other')]);
        expect(await store.listLogs('exec_missing')).toEqual([]);
      });
    });

    describe('JSON values and copies', () => {
      const nested = {
        text: 'naïve café — 日本語 — עברית — 👩🏽‍💻 — \u0000\u2028"\\',
        empty: '',
        numbers: [0, -1, 0.1, 1e21, Number.MAX_SAFE_INTEGER, -1.5e-7],
        flags: [true, false, null],
        deep: { a: { b: { c: { d: [[], {}, [{ e: null }]] } } } },
        ...(JSON.parse('{"__proto__": {"polluted": true}}') as object),
      };

      it('round-trips event data, headers and body exactly: nested objects, unicode, null', async () => {
        const body = '{ "id" : "evt_1",\r\n  "x": "👩🏽‍💻" }  \n';
        const d = await insert(delivery({ data: nested, body, headers: { 'x-unicode': 'ü', 'content-type': 'application/json' } }));
        const e = await insert(delivery({ data: null }));
        const stored = await store.getEvent(d.event.id);
        expect(stored).toEqual(d.event);
        expect(stored!.body).toBe(body);
        expect(Object.keys(stored!.data as object)).toContain('__proto__');
        expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
        expect((await store.getEvent(e.event.id))!.data).toBeNull();
      });

      it('keeps only the body when the data is the parsed body (dataIsBody), and reads the data back from it', async () => {
        const body = '{"id":"evt_1","object":"event","data":{"object":{"amount":42}}}';
        const d = await insert(delivery({ body, data: JSON.parse(body), dataIsBody: true }));
        expect(await store.getEvent(d.event.id)).toEqual({ ...d.event, data: JSON.parse(body), dataIsBody: true });
        const other = await insert(delivery({ body, data: { different: true } }));
        expect((await store.getEvent(other.event.id))!.data).toEqual({ different: true });
      });

      it('round-trips step results and log fields exactly', async () => {
        const d = await insert();
        await store.saveStep(step(d.execution.id, 'n', { status: 'completed', result: nested }));
        await store.saveStep(step(d.execution.id, 's', { status: 'completed', result: '👩🏽‍💻' }));
        await store.saveStep(step(d.execution.id, 'z', { status: 'completed', result: 0 }));
        await store.appendLog(log(d.execution.id, 'unicode ✓ 日本', { fields: nested }));
        expect((await store.listSteps(d.execution.id)).map((s) => s.result)).toEqual([nested, '👩🏽‍💻', 0]);
        expect((await store.listLogs(d.execution.id))[0]).toEqual(log(d.execution.id, 'unicode ✓ 日本', { fields: nested }));
      });

      it('returns any JSON value as JSON would (property)', async () => {
        await fc.assert(
          fc.asyncProperty(fc.jsonValue(), async (value) => {
            const d = await insert(delivery({ data: value }));
            await store.saveStep(step(d.execution.id, 's', { status: 'completed', result: value }));
            const expected = JSON.parse(JSON.stringify(value)) as unknown;
            expect((await store.getEvent(d.event.id))!.data).toStrictEqual(expected);
            expect((await store.listSteps(d.execution.id))[0]!.result).toStrictEqual(expected);
          }),
          { numRuns: 60 },
        );
      });

      it('returns copies: changing what it returned or was given never changes what it stores', async () => {
        const d = delivery({ data: { items: [{ n: 1 }] }, headers: { a: '1' } });
        const snapshot = structuredClone(d);
        const pending = store.insertDelivery(d.event, d.execution);
        // Changed before the write has even committed.
        ((d.event.data as { items: { n: number }[] }).items[0]!).n = 98;
        const created = await pending;
        ((d.event.data as { items: { n: number }[] }).items[0]!).n = 99;
        (d.event.headers as Record<string, string>).a = 'changed';
        (d.execution as { status: string }).status = 'failed';
        (created.execution as { attempt: number }).attempt = 7;

        const event = (await store.getEvent(d.event.id))!;
        expect(event).toEqual(snapshot.event);
        ((event.data as { items: unknown[] }).items).push('x');
        (event.headers as Record<string, string>).b = '2';
        const execution = (await store.getExecution(snapshot.execution.id))!;
        expect(execution).toEqual(snapshot.execution);
        (execution as { status: string }).status = 'completed';
        const listed = (await store.listExecutions()).items as ExecutionRecord[];
        (listed[0] as { error: string | null }).error = 'mutated';

        await store.saveStep(step(d.execution.id, 's', { result: { list: [1] } }));
        ((await store.listSteps(d.execution.id))[0]!.result as { list: number[] }).list.push(2);
        await store.appendLog(log(d.execution.id, 'm', { fields: { k: [1] } }));
        ((await store.listLogs(d.execution.id))[0]!.fields!.k as number[]).push(2);

        expect(await store.getEvent(d.event.id)).toEqual(snapshot.event);
        expect(await store.getExecution(d.execution.id)).toEqual(snapshot.execution);
        expect(await store.getExecutionByEventId(d.event.id)).toEqual(snapshot.execution);
        expect((await store.listExecutions()).items).toEqual([snapshot.execution]);
        expect((await store.listSteps(d.execution.id))[0]!.result).toEqual({ list: [1] });
        expect((await store.listLogs(d.execution.id))[0]!.fields).toEqual({ k: [1] });
      });

      it('returns records with exactly the record fields, not extra properties of the objects given', async () => {
        const d = delivery();
        const result = await store.insertDelivery(d.event, { ...d.execution, extra: 1 } as ExecutionRecord);
        expect(result.execution).toStrictEqual(d.execution);
        expect(await store.getExecution(d.execution.id)).toStrictEqual(d.execution);
      });
    });

    describe('close', () => {
      it('rejects every call after close, and closing twice is fine', async () => {
        const d = await insert();
        await store.close();
        await store.close();
        await expect(store.getExecution(d.execution.id)).rejects.toThrow(/closed/);
        const next = delivery();
        await expect(store.insertDelivery(next.event, next.execution)).rejects.toThrow(/closed/);
        await expect(store.listExecutions()).rejects.toThrow(/closed/);
        await expect(store.countExecutions()).rejects.toThrow(/closed/);
      });
    });
  });
}
