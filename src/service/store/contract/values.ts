/** The Store contract: steps and logs, JSON values and copies, close. */
import type { ExecutionRecord } from '../types.js';
import { at, log, step } from './records.js';
import type { ContractContext } from './context.js';
import { delivery } from './fixtures.js';

/** @internal Registers the checks of this part of the contract. */
export function valueChecks({ describe, it, expect, store, insert }: ContractContext): void {
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
}
