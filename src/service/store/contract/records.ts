/** The records and helpers the Store contract's checks share. */
import type { ExecutionStatus, LogRecord, StepRecord, Store } from '../types.js';
import type { ContractExpect } from './context.js';
import type { Delivery } from './fixtures.js';

/** @internal An ISO time `ms` after 2026-02-01. */
export const at = (ms: number): string => new Date(Date.UTC(2026, 1, 1) + ms).toISOString();

/** @internal A running step of `executionId`, with `fields` over it. */
export function step(executionId: string, name: string, fields: Partial<StepRecord> = {}): StepRecord {
  return { executionId, name, status: 'running', attempt: 1, result: null, error: null, startedAt: at(0), endedAt: null, ...fields };
}

/** @internal An info log line of `executionId`, with `fields` over it. */
export function log(executionId: string, message: string, fields: Partial<LogRecord> = {}): LogRecord {
  return { executionId, attempt: 1, at: at(0), level: 'info', message, fields: null, ...fields };
}

/** @internal Every id of every page of `filter`, following cursors; fails on a page longer than the limit. */
export async function allPages(store: Store, expect: ContractExpect, filter: { type?: string; status?: ExecutionStatus; limit?: number }): Promise<string[][]> {
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

/** @internal The execution ids of `ds`, newest first. */
export const newestFirst = (ds: readonly Delivery[]): string[] => ds.map((d) => d.execution.id).sort().reverse();
