/**
 * The rules both embedded stores share (limits, cursors, type filters, JSON columns, errors), written once
 * so that MemoryStore and SqliteStore cannot drift apart. Internal: not exported from the barrel.
 */
import { EXECUTION_STATUSES, isExecutionStatus, RelayError } from '../../core/index.js';
import type { ExecutionRecord, ExecutionStatus, LogRecord, StepRecord, StoredEvent } from './types.js';

/** @internal Default page size of `listExecutions`. */
export const DEFAULT_LIMIT = 50;
/** @internal Largest page size of `listExecutions`. */
export const MAX_LIMIT = 500;

/** @internal `filter.limit`, checked: an integer from 1 to 500, 50 when absent. Throws a `RelayError` `INVALID_FILTER` otherwise. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new RelayError('INVALID_FILTER', `Invalid limit ${String(limit)}: expected an integer from 1 to ${MAX_LIMIT}`);
  }
  return limit;
}

// A cursor is the id of the last execution of the previous page, versioned and base64url-encoded so that callers
// treat it as opaque and a future format can tell old cursors apart. The next page holds the ids below it.
const CURSOR_PREFIX = 'v1:';

/** @internal The cursor that continues after the execution `id`. */
export function encodeCursor(id: string): string {
  return Buffer.from(CURSOR_PREFIX + id, 'utf8').toString('base64url');
}

/** @internal The execution id a cursor continues after. Throws a `RelayError` `INVALID_FILTER` for anything `encodeCursor` did not make. */
export function decodeCursor(cursor: string): string {
  const decoded = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!decoded.startsWith(CURSOR_PREFIX) || decoded.length === CURSOR_PREFIX.length || encodeCursor(decoded.slice(CURSOR_PREFIX.length)) !== cursor) {
    throw new RelayError('INVALID_FILTER', `Invalid cursor ${JSON.stringify(cursor)}: pass the nextCursor of a previous page unchanged`);
  }
  return decoded.slice(CURSOR_PREFIX.length);
}

/** @internal `filter.type` read as an exact type or, when it ends in `*`, a prefix. Only a trailing `*` is a wildcard. */
export function typeFilter(type: string | undefined): { exact: string } | { prefix: string } | undefined {
  if (type === undefined || type === '*') return undefined;
  return type.endsWith('*') ? { prefix: type.slice(0, -1) } : { exact: type };
}

/** @internal `filter.status`, checked: a `RelayError` `INVALID_FILTER` unless an execution status. */
export function statusFilter(status: string | undefined): ExecutionStatus | undefined {
  if (status === undefined || isExecutionStatus(status)) return status;
  throw new RelayError('INVALID_FILTER', `Invalid status ${JSON.stringify(status)}: expected one of ${EXECUTION_STATUSES.join(', ')}`);
}

/** Whether `value` is an execution status (src/core/statuses.ts). */
export { isExecutionStatus };

/**
 * @internal A JSON column's text. `undefined` (and anything else `JSON.stringify` drops, such as a function) is
 * stored as `null`, as a JSON column would.
 */
export function toJson(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** @internal `values` as the items of an SQL `IN (…)` list of string literals: `'pending', 'running'`. */
export function sqlStrings(values: readonly string[]): string {
  return values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');
}

/** @internal The error every call on a closed store rejects with. */
export function closedError(store: string): Error {
  return new Error(`${store} is closed: open a new store to use it again`);
}

/** @internal The error of `insertDelivery` when the execution does not belong to the event. */
export function foreignEventError(event: StoredEvent, execution: ExecutionRecord): Error {
  return new Error(`insertDelivery: execution ${execution.id} has eventId ${execution.eventId}, not the event's id ${event.id}`);
}

/** @internal A copy of an execution with exactly the record's fields (no extra properties a caller's object had). */
export function copyExecution(e: ExecutionRecord): ExecutionRecord {
  return {
    id: e.id,
    eventId: e.eventId,
    eventType: e.eventType,
    status: e.status,
    attempt: e.attempt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    replayedFrom: e.replayedFrom ?? null,
    error: e.error ?? null,
    // Only when claimed, so that a record of a store or a caller that knows no owners reads back as it was.
    ...(e.owner != null ? { owner: e.owner } : {}),
  };
}

/** @internal An event as both stores keep it: the JSON fields as text, `data` null when it is the body. */
export interface EventRow {
  readonly id: string;
  readonly provider: string;
  readonly type: string;
  readonly deliveryId: string | null;
  readonly headers: string;
  readonly body: string;
  readonly data: string | null;
  readonly receivedAt: string;
  /** 1 for a capture, else 0. */
  readonly captured: number;
}

/** @internal The event an `EventRow` holds, with fresh objects. */
export function eventFromRow(row: EventRow): StoredEvent {
  const { data, captured, ...rest } = row;
  const headers = JSON.parse(row.headers) as Record<string, string>;
  // `captured` only on captures, so that every other event reads back exactly as it was stored.
  const flag = captured === 1 ? { captured: true } : {};
  return data === null
    ? { ...rest, headers, data: JSON.parse(row.body) as unknown, dataIsBody: true, ...flag }
    : { ...rest, headers, data: JSON.parse(data) as unknown, ...flag };
}

/** @internal A step as both stores keep it: its result as JSON text. */
export interface StepRow extends Omit<StepRecord, 'result'> {
  readonly result: string | null;
}

/** @internal The step a `StepRow` holds, with a fresh result. */
export function stepFromRow(row: StepRow): StepRecord {
  return { ...row, result: row.result === null ? null : (JSON.parse(row.result) as unknown) };
}

/** @internal A log line as both stores keep it: its fields as JSON text. */
export interface LogRow extends Omit<LogRecord, 'fields'> {
  readonly fields: string | null;
}

/** @internal The log line a `LogRow` holds, with fresh fields. */
export function logFromRow(row: LogRow): LogRecord {
  return { ...row, fields: row.fields === null ? null : (JSON.parse(row.fields) as Record<string, unknown> | null) };
}
