/**
 * The in-memory store, for unit tests: the same semantics as the SQLite store (deduplication, compare-and-set,
 * filters, pagination, JSON round-trips, errors), with nothing kept after the process ends.
 */
import { STEP_STATUSES } from '../../core/index.js';
import type {
  CaptureFilter,
  ExecutionFilter,
  ExecutionPage,
  ExecutionPatch,
  ExecutionRecord,
  ExecutionStatus,
  InstanceRecord,
  LogRecord,
  OwnerCondition,
  StepRecord,
  Store,
  StoredEvent,
  StoreDescription,
} from './types.js';
import {
  closedError,
  copyExecution,
  decodeCursor,
  encodeCursor,
  eventFromRow,
  type EventRow,
  foreignEventError,
  isExecutionStatus,
  logFromRow,
  type LogRow,
  pageLimit,
  statusFilter,
  stepFromRow,
  type StepRow,
  toJson,
  typeFilter,
} from './shared.js';

/**
 * A `Store` in memory, for unit tests. Same behaviour as `SqliteStore`: deduplication by `(provider, deliveryId)`,
 * compare-and-set updates, filters and cursors, JSON values that round-trip as through JSON, copies on every read.
 *
 * @example
 * const store = new MemoryStore();
 * const { created, execution } = await store.insertDelivery(event, execution);
 * const page = await store.listExecutions({ type: 'stripe.*', limit: 20 });
 */
export class MemoryStore implements Store {
  readonly #events = new Map<string, EventRow>();
  /** `provider \0 deliveryId` → event id. */
  readonly #deliveries = new Map<string, string>();
  readonly #executions = new Map<string, ExecutionRecord>();
  /** Every execution, ascending by id: listing walks it from the end. */
  readonly #byId: ExecutionRecord[] = [];
  /** Event id → its first execution's id. */
  readonly #byEvent = new Map<string, string>();
  /** Execution id → its steps by name, in first-start order (a `Map` keeps the order of first insertion). */
  readonly #steps = new Map<string, Map<string, StepRow>>();
  readonly #logs = new Map<string, LogRow[]>();
  readonly #instances = new Map<string, InstanceRecord>();
  #closed = false;

  async insertDelivery(event: StoredEvent, execution: ExecutionRecord): Promise<{ created: boolean; execution: ExecutionRecord }> {
    this.#open();
    if (execution.eventId !== event.id) throw foreignEventError(event, execution);
    const key = event.deliveryId == null ? undefined : `${event.provider}\0${event.deliveryId}`;
    if (key !== undefined) {
      const existing = this.#deliveries.get(key);
      if (existing !== undefined) return { created: false, execution: copyExecution(this.#firstExecution(existing)) };
    }
    // Check everything before storing anything, as the SQLite transaction would roll back.
    if (this.#events.has(event.id)) throw new Error(`insertDelivery: event ${event.id} is already stored`);
    if (this.#executions.has(execution.id)) throw new Error(`insertDelivery: execution ${execution.id} is already stored`);
    checkExecution(execution);
    if (execution.replayedFrom !== null && !this.#executions.has(execution.replayedFrom)) {
      throw new Error(`insertDelivery: replayedFrom ${execution.replayedFrom} is not a stored execution`);
    }
    const row: EventRow = {
      id: event.id,
      provider: event.provider,
      type: event.type,
      deliveryId: event.deliveryId ?? null,
      headers: toJson(event.headers),
      body: event.body,
      data: event.dataIsBody ? null : toJson(event.data),
      receivedAt: event.receivedAt,
      captured: event.captured === true ? 1 : 0,
    };
    const stored = copyExecution(execution);
    this.#events.set(row.id, row);
    if (key !== undefined) this.#deliveries.set(key, row.id);
    this.#putExecution(stored);
    this.#byEvent.set(row.id, stored.id);
    return { created: true, execution: copyExecution(stored) };
  }

  async getExecution(id: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    const found = this.#executions.get(id);
    return found && copyExecution(found);
  }

  async getExecutionByEventId(eventId: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    const id = this.#byEvent.get(eventId);
    return id === undefined ? undefined : copyExecution(this.#executions.get(id)!);
  }

  async getExecutionByDeliveryId(provider: string, deliveryId: string): Promise<ExecutionRecord | undefined> {
    this.#open();
    const eventId = this.#deliveries.get(`${provider}\0${deliveryId}`);
    return eventId === undefined ? undefined : copyExecution(this.#firstExecution(eventId));
  }

  async listReplays(executionId: string): Promise<ExecutionRecord[]> {
    this.#open();
    return this.#byId.filter((e) => e.replayedFrom === executionId).map(copyExecution);
  }

  async getEvent(id: string): Promise<StoredEvent | undefined> {
    this.#open();
    const row = this.#events.get(id);
    if (!row) return undefined;
    return eventFromRow(row);
  }

  async listExecutions(filter: ExecutionFilter = {}): Promise<ExecutionPage> {
    this.#open();
    const limit = pageLimit(filter.limit);
    const before = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
    const type = typeFilter(filter.type);
    const status = statusFilter(filter.status);
    const items: ExecutionRecord[] = [];
    let i = before === undefined ? this.#byId.length - 1 : lowerBound(this.#byId, before) - 1;
    for (; i >= 0; i--) {
      const e = this.#byId[i]!;
      if (status !== undefined && e.status !== status) continue;
      if (type !== undefined && ('exact' in type ? e.eventType !== type.exact : !e.eventType.startsWith(type.prefix))) continue;
      if (items.length === limit) return { items, nextCursor: encodeCursor(items[limit - 1]!.id) };
      items.push(copyExecution(e));
    }
    return { items, nextCursor: null };
  }

  async updateExecution(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): Promise<boolean> {
    this.#open();
    const current = this.#executions.get(id);
    if (!current || (expected !== undefined && !expected.includes(current.status))) return false;
    if (condition !== undefined && (current.owner ?? null) !== condition.owner) return false;
    const next: ExecutionRecord = copyExecution({
      ...current,
      status: patch.status ?? current.status,
      attempt: patch.attempt ?? current.attempt,
      updatedAt: patch.updatedAt ?? current.updatedAt,
      error: patch.error === undefined ? current.error : patch.error,
      owner: patch.owner === undefined ? current.owner : patch.owner,
    });
    checkExecution(next);
    this.#putExecution(next);
    return true;
  }

  async putInstance(instance: InstanceRecord): Promise<void> {
    this.#open();
    const { id, pid, host, startedAt, leaseUntil } = instance;
    const known = this.#instances.get(id);
    // As SQLite's upsert: a known instance renews its lease, nothing else.
    this.#instances.set(id, known ? { ...known, leaseUntil } : { id, pid, host, startedAt, leaseUntil });
  }

  async deleteInstance(id: string): Promise<void> {
    this.#open();
    this.#instances.delete(id);
  }

  async listInstances(): Promise<InstanceRecord[]> {
    this.#open();
    return [...this.#instances.values()].map((instance) => ({ ...instance }));
  }

  async saveStep(step: StepRecord): Promise<void> {
    this.#open();
    if (!this.#executions.has(step.executionId)) throw new Error(`saveStep: execution ${step.executionId} is not stored`);
    if (!STEP_STATUSES.includes(step.status)) throw new RangeError(`saveStep: invalid status ${JSON.stringify(step.status)}`);
    let steps = this.#steps.get(step.executionId);
    if (!steps) this.#steps.set(step.executionId, (steps = new Map()));
    steps.set(step.name, {
      executionId: step.executionId,
      name: step.name,
      status: step.status,
      attempt: step.attempt,
      result: step.result === undefined || step.result === null ? null : toJson(step.result),
      error: step.error ?? null,
      startedAt: step.startedAt,
      endedAt: step.endedAt ?? null,
    });
  }

  async listSteps(executionId: string): Promise<StepRecord[]> {
    this.#open();
    const steps = this.#steps.get(executionId);
    if (!steps) return [];
    return Array.from(steps.values(), stepFromRow);
  }

  async appendLog(log: LogRecord): Promise<void> {
    this.#open();
    if (!this.#executions.has(log.executionId)) throw new Error(`appendLog: execution ${log.executionId} is not stored`);
    if (!LOG_LEVELS.includes(log.level)) throw new RangeError(`appendLog: invalid level ${JSON.stringify(log.level)}`);
    let logs = this.#logs.get(log.executionId);
    if (!logs) this.#logs.set(log.executionId, (logs = []));
    logs.push({
      executionId: log.executionId,
      attempt: log.attempt,
      at: log.at,
      level: log.level,
      message: log.message,
      fields: log.fields === null ? null : toJson(log.fields),
    });
  }

  async listLogs(executionId: string): Promise<LogRecord[]> {
    this.#open();
    const logs = this.#logs.get(executionId) ?? [];
    return logs.map(logFromRow);
  }

  async countExecutions(): Promise<number> {
    this.#open();
    return this.#executions.size;
  }

  async listCaptures(filter: CaptureFilter = {}): Promise<StoredEvent[]> {
    this.#open();
    const limit = pageLimit(filter.limit);
    const rows = [...this.#events.values()].filter((row) => row.captured === 1 && (filter.provider === undefined || row.provider === filter.provider));
    return rows
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, limit)
      .map(eventFromRow);
  }

  async deleteCaptures(): Promise<number> {
    this.#open();
    const doomed = new Set<string>();
    let count = 0;
    for (const row of [...this.#events.values()]) {
      if (row.captured !== 1) continue;
      count++;
      const executionId = this.#byEvent.get(row.id);
      if (executionId !== undefined) doomed.add(executionId);
      this.#events.delete(row.id);
      this.#byEvent.delete(row.id);
      if (row.deliveryId !== null) this.#deliveries.delete(`${row.provider}\0${row.deliveryId}`);
    }
    for (const id of doomed) {
      this.#executions.delete(id);
      this.#steps.delete(id);
      this.#logs.delete(id);
    }
    for (let i = this.#byId.length - 1; i >= 0; i--) {
      const e = this.#byId[i]!;
      if (doomed.has(e.id)) this.#byId.splice(i, 1);
      else if (e.replayedFrom !== null && doomed.has(e.replayedFrom)) {
        const kept = { ...e, replayedFrom: null };
        this.#byId[i] = kept;
        this.#executions.set(e.id, kept);
      }
    }
    return count;
  }

  /** `memory`: nothing is kept after the process ends. */
  describe(): StoreDescription {
    return { kind: 'memory', location: ':memory:', label: 'in memory (MemoryStore)' };
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  #open(): void {
    if (this.#closed) throw closedError('MemoryStore');
  }

  #firstExecution(eventId: string): ExecutionRecord {
    return this.#executions.get(this.#byEvent.get(eventId)!)!;
  }

  /** Stores `e` under its id, in id order. Ids usually arrive in increasing order, so this is usually a push. */
  #putExecution(e: ExecutionRecord): void {
    const i = lowerBound(this.#byId, e.id);
    if (this.#byId[i]?.id === e.id) this.#byId[i] = e;
    else if (i === this.#byId.length) this.#byId.push(e);
    else this.#byId.splice(i, 0, e);
    this.#executions.set(e.id, e);
  }
}

const LOG_LEVELS: readonly LogRecord['level'][] = ['debug', 'info', 'warn', 'error'];

/** The constraints the SQLite schema checks. */
function checkExecution(e: ExecutionRecord): void {
  if (!isExecutionStatus(e.status)) throw new RangeError(`Invalid execution status ${JSON.stringify(e.status)}`);
  if (!Number.isInteger(e.attempt) || e.attempt < 1) throw new RangeError(`Invalid attempt ${String(e.attempt)}: expected an integer from 1`);
}

/** The index of the first execution whose id is not below `id`. */
function lowerBound(sorted: readonly ExecutionRecord[], id: string): number {
  let lo = 0;
  let hi = sorted.length;
  if (hi > 0 && sorted[hi - 1]!.id < id) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
