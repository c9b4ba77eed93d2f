/** The Store contract: listExecutions (order, filters, pages and cursors, limits). */
import type { ExecutionStatus } from '../types.js';
import { allPages, newestFirst } from './records.js';
import type { ContractContext } from './context.js';
import { delivery } from './fixtures.js';

/** @internal Registers the checks of this part of the contract. */
export function listingChecks({ describe, it, expect, store, insert }: ContractContext): void {
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
      const pages = await allPages(store, expect, { limit: 50 });
      expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 37]);
      expect(pages.flat()).toEqual(newestFirst(ds));
    });

    it('pages through a filtered list with no duplicates and no gaps', async () => {
      const ds = Array.from({ length: 120 }, (_, i) => delivery({ provider: i % 3 === 0 ? 'github' : 'stripe', type: 'push' }));
      for (const d of ds) await insert(d);
      for (const d of ds.filter((_, i) => i % 2 === 0)) await store.updateExecution(d.execution.id, { status: 'running' });
      const expected = ds.filter((_, i) => i % 3 !== 0 && i % 2 === 0);
      const pages = await allPages(store, expect, { type: 'stripe.*', status: 'running', limit: 7 });
      expect(pages.flat()).toEqual(newestFirst(expected));
      expect(pages.at(-1)!.length).toBe(expected.length % 7 || 7);
      expect(await allPages(store, expect, { type: 'github.push', limit: 500 })).toEqual([newestFirst(ds.filter((_, i) => i % 3 === 0))]);
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

    for (const limit of [0, -1, 501, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      it(`rejects limit ${limit} with a RelayError INVALID_FILTER naming the range`, async () => {
        await insert();
        await expect(store.listExecutions({ limit })).rejects.toMatchObject({ name: 'RelayError', code: 'INVALID_FILTER' });
        await expect(store.listExecutions({ limit })).rejects.toThrow(/limit .*1 to 500/);
      });
    }

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
}
