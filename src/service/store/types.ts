/**
 * The store behind the reference service: events, executions, steps and logs. An interface, so that
 * an embedded SQLite file, memory (for tests) or a server database can sit behind the same service.
 * Every method is async, as a networked database would be; the embedded implementations resolve at once.
 */

import type { ExecutionStatus, StepStatus } from '../../core/statuses.js';

/** `pending → running → completed | failed` (src/core/statuses.ts). */
export type { ExecutionStatus };

/** A delivery as it was received, kept so it can be inspected and replayed byte for byte. */
export interface StoredEvent {
  /** `evt_…`, time-sortable. */
  readonly id: string;
  /** The plugin id it arrived at: `stripe`, `acme`, … */
  readonly provider: string;
  /** Qualified type: `<provider>.<type>`. */
  readonly type: string;
  /** The provider's delivery id, the deduplication key (unique per provider); `null` for replays and plugins without one. */
  readonly deliveryId: string | null;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body exactly as received. */
  readonly body: string;
  /** The normalized event data handlers receive. */
  readonly data: unknown;
  /**
   * `true` when `data` is exactly `JSON.parse(body)` (as for the built-ins): stores then keep the body only,
   * and read `data` back by parsing it.
   */
  readonly dataIsBody?: boolean;
  /** ISO 8601 UTC with milliseconds. */
  readonly receivedAt: string;
  /**
   * `true` for a capture: a real delivery verified with the provider's real secret and kept byte for byte
   * (`relay capture`, `relay dev --capture`), to be saved as a fixture. Absent otherwise.
   */
  readonly captured?: boolean;
}

/** One run of a handler over an event; retried in place, replayed as a new execution. */
export interface ExecutionRecord {
  /** `exec_…`, time-sortable. */
  readonly id: string;
  readonly eventId: string;
  /** Qualified type, as the event's. */
  readonly eventType: string;
  readonly status: ExecutionStatus;
  /** 1 when created; each retry adds one. */
  readonly attempt: number;
  /** ISO 8601 UTC with milliseconds. */
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The execution this one was replayed from; `null` unless created by replay. */
  readonly replayedFrom: string | null;
  /** Why the last attempt failed; `null` otherwise. */
  readonly error: string | null;
  /**
   * The service instance (`inst_…`, an `InstanceRecord`) that runs it or is to run it. Present only when one
   * has claimed it: stores of several processes (recovery.ts) take over only what a gone instance owned.
   */
  readonly owner?: string | null;
}

/**
 * A service process running handlers on a store, with a lease it renews while it lives. Another process takes
 * over its executions only once it is gone: its lease expired, or its process is no longer on this host.
 */
export interface InstanceRecord {
  /** `inst_…`. */
  readonly id: string;
  readonly pid: number;
  /** Its machine's host name (`os.hostname()`). */
  readonly host: string;
  /** ISO 8601 UTC with milliseconds. */
  readonly startedAt: string;
  /** ISO 8601 UTC: unless renewed by then, the instance is taken for gone. */
  readonly leaseUntil: string;
}

/** A condition on the owner of an execution, for `updateExecution`. */
export interface OwnerCondition {
  /** Apply only when the execution's owner is this instance id (`null`: when it has none). */
  readonly owner: string | null;
}

/** A named step of a handler. One record per (execution, name): the latest attempt at it. */
export interface StepRecord {
  readonly executionId: string;
  readonly name: string;
  /** `running`, then `completed` or `failed` (src/core/statuses.ts). */
  readonly status: StepStatus;
  /** The attempt that ran it last. */
  readonly attempt: number;
  /** The step's JSON result when completed (`null` for `undefined`). */
  readonly result: unknown;
  readonly error: string | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
}

/** How much a log line matters. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** A line a handler logged, or the runner logged about it. */
export interface LogRecord {
  readonly executionId: string;
  readonly attempt: number;
  readonly at: string;
  readonly level: LogLevel;
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>> | null;
}

/** Which executions `listExecutions` returns, and from where. */
export interface ExecutionFilter {
  /** Exact qualified type, or a prefix ending in `*` (`stripe.*`). */
  readonly type?: string;
  readonly status?: ExecutionStatus;
  /** 1 to 500; default 50. */
  readonly limit?: number;
  /** `nextCursor` of the previous page. */
  readonly cursor?: string;
}

/** Which captures `listCaptures` returns. */
export interface CaptureFilter {
  /** Only this provider's (plugin id). */
  readonly provider?: string;
  /** 1 to 500; default 50. */
  readonly limit?: number;
}

/** One page of `listExecutions`. */
export interface ExecutionPage {
  /** Newest first. */
  readonly items: readonly ExecutionRecord[];
  /** Pass as `cursor` for the next page; `null` on the last page. */
  readonly nextCursor: string | null;
}

/** Fields of an execution the runner changes. */
export type ExecutionPatch = Partial<Pick<ExecutionRecord, 'status' | 'attempt' | 'updatedAt' | 'error' | 'owner'>>;

/**
 * Where the service keeps events, executions, steps and logs: `MemoryStore`, `SqliteStore`, or one of yours
 * (`relaykit/store-contract` checks one against these rules).
 *
 * Errors, the part of the contract the service's answers depend on:
 * - A query the store cannot answer as asked (a `limit` outside 1 to 500 or not an integer, a `status` that is no
 *   `ExecutionStatus`, a `cursor` the store did not make) rejects with a `RelayError` of code `INVALID_FILTER` whose
 *   message names the value and what is allowed. Callers pass user input through (the executions API's query string),
 *   and the service answers it with 400 and that message.
 * - A record the store refuses (an execution whose `eventId` is not the event's, a `replayedFrom`, step or log of an
 *   execution not stored, an id already stored, a status, attempt, step status or log level outside its type)
 *   rejects, with any error, and stores nothing of that call; the other writes issued with it are unaffected. The
 *   service never sends such records, so it answers them as its own failure: 500.
 * - Every call on a closed store rejects with an error whose message says `closed`; `close()` twice is fine.
 * - A store that cannot open throws (or rejects at its first call) a `RelayError` `STORE_UNAVAILABLE` naming the
 *   store and the fix.
 * Any other error (a `RangeError`, a driver's) is the store's failure, never taken for the caller's mistake: 500.
 */
export interface Store {
  /**
   * Stores an event and its execution in one transaction. When the event's `(provider, deliveryId)`
   * is already stored, stores nothing and returns the existing execution with `created: false`.
   * Resolves only once the data is committed.
   */
  insertDelivery(event: StoredEvent, execution: ExecutionRecord): Promise<{ created: boolean; execution: ExecutionRecord }>;
  getExecution(id: string): Promise<ExecutionRecord | undefined>;
  /** The (first) execution of an event. */
  getExecutionByEventId(eventId: string): Promise<ExecutionRecord | undefined>;
  getEvent(id: string): Promise<StoredEvent | undefined>;
  listExecutions(filter?: ExecutionFilter): Promise<ExecutionPage>;
  /**
   * Applies `patch`; when `expected` is given, only if the current status is one of them, and when `condition` is
   * given, only if the owner is `condition.owner`. Resolves to whether it applied.
   */
  updateExecution(id: string, patch: ExecutionPatch, expected?: readonly ExecutionStatus[], condition?: OwnerCondition): Promise<boolean>;
  /** Inserts or replaces the step `(executionId, name)`. */
  saveStep(step: StepRecord): Promise<void>;
  /** In the order they were first started. */
  listSteps(executionId: string): Promise<StepRecord[]>;
  appendLog(log: LogRecord): Promise<void>;
  /** In the order they were appended. */
  listLogs(executionId: string): Promise<LogRecord[]>;
  /** Number of executions stored. */
  countExecutions(): Promise<number>;
  /**
   * The (first) execution of the delivery `(provider, deliveryId)`. Optional: the dashboard's search by
   * provider delivery id uses it when the store has it.
   */
  getExecutionByDeliveryId?(provider: string, deliveryId: string): Promise<ExecutionRecord | undefined>;
  /**
   * The executions replayed from `executionId`, oldest first. Optional: the dashboard's replay chain
   * shows them when the store has it.
   */
  listReplays?(executionId: string): Promise<ExecutionRecord[]>;
  /**
   * The captured events (`captured: true`), newest first, at most `limit` (default 50, at most 500). Optional
   * for stores written before captures existed: `relay captures` says when a store has none.
   */
  listCaptures?(filter?: CaptureFilter): Promise<StoredEvent[]>;
  /**
   * Deletes every captured event with its executions, steps and logs (replays made from them stay, without
   * `replayedFrom`), so that no captured byte is left in the store; resolves to how many events went. Optional
   * like `listCaptures`.
   */
  deleteCaptures?(): Promise<number>;
  /**
   * Inserts an instance, or renews its lease (`leaseUntil`). Optional, with `deleteInstance` and `listInstances`: a
   * store without them is taken to be served by one process at a time.
   */
  putInstance?(instance: InstanceRecord): Promise<void>;
  /** Removes an instance (it stopped, or another found it gone). */
  deleteInstance?(id: string): Promise<void>;
  /** Every instance registered, live or not. */
  listInstances?(): Promise<InstanceRecord[]>;
  /**
   * Claims for the instance `owner`, oldest first, at most `limit` pending executions owned by one of `from` (gone
   * instances; `null` among them: executions with no owner), skipping those another instance is claiming at the
   * same moment; resolves to the executions claimed, oldest first. Optional: without it, recovery claims them one
   * by one with `updateExecution`'s owner condition (PostgreSQL has it: `FOR UPDATE SKIP LOCKED`).
   */
  claimPending?(owner: string, from: readonly (string | null)[], limit: number): Promise<ExecutionRecord[]>;
  /**
   * What this store is and where it keeps its data, for people (`relay dev`'s `store:` line, `relay inspect`'s
   * hints). Optional: a store without it is described by its class name.
   */
  describe?(options?: DescribeOptions): StoreDescription;
  /**
   * Calls `listener` once when the store can no longer keep what it is given (a file store's file was removed
   * or replaced); returns a function that removes the listener. Optional: `relay.failed()` never resolves for a
   * store without it.
   */
  onLost?(listener: (error: Error) => void): () => void;
  /**
   * The error to show for `error`, met by the service's first reads and writes before it listens, when the cause
   * is the store's own (a read-only or damaged file): one that names the store and the fix. `undefined` to show
   * `error` as it is. Optional.
   */
  diagnose?(error: unknown): Error | undefined;
  /**
   * Calls `listener` with what other processes serving the same store (other instances) created and changed, so
   * that each instance's dashboard shows every instance's work live; returns a function that removes the
   * listener. Optional: a store without it shows each instance only its own changes live (PostgreSQL has it,
   * through `LISTEN`/`NOTIFY`).
   */
  onChange?(listener: (changes: StoreChanges) => void): () => void;
  close(): Promise<void>;
}

/** What other instances changed in a store (`Store.onChange`), in their latest state. */
export interface StoreChanges {
  /** Executions another instance created. */
  readonly created: readonly ExecutionRecord[];
  /** Executions another instance changed (status, attempt, error, owner). */
  readonly updated: readonly ExecutionRecord[];
  /** Ids of executions whose steps or logs another instance wrote. */
  readonly activity: readonly string[];
}

/** Options of `Store.describe`. */
export interface DescribeOptions {
  /** A directory: a file location inside it is shown relative to it (`relay dev` passes the project's). */
  readonly relativeTo?: string;
}

/**
 * A store as people see it.
 * @example
 * { kind: 'sqlite', location: '/app/.relay/relay.db', driver: 'node:sqlite', label: '.relay/relay.db (node:sqlite)' }
 */
export interface StoreDescription {
  /** What kind of store: `sqlite`, `memory`, `postgres`, or a store of one's own's name. */
  readonly kind: string;
  /** Where it keeps its data, as given: a file path, `:memory:`, a URL without its password. */
  readonly location: string;
  /** The driver it reads and writes through, when it has a choice (`node:sqlite`, `better-sqlite3`). */
  readonly driver?: string;
  /** The one line people read, e.g. `.relay/relay.db (node:sqlite)`. */
  readonly label: string;
}
