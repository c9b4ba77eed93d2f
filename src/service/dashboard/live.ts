/**
 * The dashboard's live stream: what changes in the store, sent to every open page as server-sent
 * events. Changes are gathered for a short window and sent in one write, each execution once per window
 * with its latest state, so that a page keeps up with thousands of deliveries a second.
 */
import type { StreamSink } from '../http.js';
import type { ExecutionPatch, ExecutionRecord, Store, StoreChanges } from '../store/types.js';
import type { ListItem, LiveEvents, Rejection, SentItem } from './wire.js';

/** How long changes are gathered before they are sent. */
const WINDOW_MS = 50;
/** A comment line this often keeps idle connections (and proxies) open. */
const HEARTBEAT_MS = 15_000;
/**
 * The most a page may leave unread before its stream is closed (at the next write). A page that stops reading (a
 * background tab, a stalled client) would otherwise hold every change sent after it stopped, in this
 * process's memory; closed, it reconnects (the stream's `retry`) and reads the list afresh.
 */
export const LIVE_BUFFER_LIMIT = 1024 * 1024;

type Pending = { kind: 'execution'; data: ListItem } | { kind: 'update'; data: LiveEvents['update'] };

/** The list item of an execution record. */
export function listItem(execution: ExecutionRecord): ListItem {
  const item = {
    id: execution.id,
    eventId: execution.eventId,
    eventType: execution.eventType,
    provider: execution.eventType.slice(0, Math.max(0, execution.eventType.indexOf('.'))),
    status: execution.status,
    attempt: execution.attempt,
    createdAt: execution.createdAt,
    updatedAt: execution.updatedAt,
    error: execution.error,
  };
  return execution.replayedFrom === null ? item : { ...item, replayedFrom: execution.replayedFrom };
}

/**
 * What a hub follows while pages are open, besides this process's own writes: the changes other instances make to
 * a shared store (`Store.onChange`). Called when the first page opens; returns what stops following, called when
 * the last one closes.
 */
export type Follow = (changed: (changes: StoreChanges) => void) => (() => void) | undefined;

/** The open pages and what is waiting to be sent to them. */
export class LiveHub {
  readonly #sinks = new Set<StreamSink>();
  readonly #follow: Follow | undefined;
  #unfollow: (() => void) | undefined;
  /** By execution id, in first-change order. */
  readonly #pending = new Map<string, Pending>();
  readonly #activity = new Set<string>();
  readonly #rejections: Rejection[] = [];
  /** By key, in first-change order: each delivery once per window, in its latest state. */
  readonly #sent = new Map<string, SentItem>();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(follow?: Follow) {
    this.#follow = follow;
  }

  /** Open pages. */
  get size(): number {
    return this.#sinks.size;
  }

  /** Adds a page; the returned function removes it. */
  open(sink: StreamSink): () => void {
    this.#sinks.add(sink);
    sink.write('retry: 2000\n\n');
    if (this.#sinks.size === 1 && this.#follow) this.#unfollow = this.#follow((changes) => this.#changedElsewhere(changes));
    this.#heartbeat ??= setInterval(() => this.#send(': heartbeat\n\n'), HEARTBEAT_MS).unref();
    return () => {
      this.#sinks.delete(sink);
      if (this.#sinks.size === 0) this.#stopTimers();
    };
  }

  /** A new execution. */
  created(execution: ExecutionRecord): void {
    if (this.#sinks.size === 0) return;
    this.#pending.set(execution.id, { kind: 'execution', data: listItem(execution) });
    this.#schedule();
  }

  /** An execution changed by `patch`. */
  updated(id: string, patch: ExecutionPatch): void {
    if (this.#sinks.size === 0) return;
    const known = this.#pending.get(id);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    if (known) known.data = { ...known.data, ...changes } as never;
    else this.#pending.set(id, { kind: 'update', data: { id, ...changes } as LiveEvents['update'] });
    this.#schedule();
  }

  /** Steps or logs of an execution changed. */
  activity(id: string): void {
    if (this.#sinks.size === 0) return;
    this.#activity.add(id);
    this.#schedule();
  }

  /** A webhook route refused a delivery. */
  rejected(rejection: Rejection): void {
    if (this.#sinks.size === 0) return;
    this.#rejections.push(rejection);
    this.#schedule();
  }

  /** The emulator beside the service sent a delivery, or an attempt of one was answered. */
  sent(item: SentItem): void {
    if (this.#sinks.size === 0) return;
    this.#sent.set(item.key, item);
    this.#schedule();
  }

  /** What another instance changed: sent as this process's own changes are. */
  #changedElsewhere(changes: StoreChanges): void {
    for (const execution of changes.created) this.created(execution);
    for (const { id, status, attempt, updatedAt, error } of changes.updated) this.updated(id, { status, attempt, updatedAt, error });
    for (const id of changes.activity) this.activity(id);
  }

  /** Ends every stream. */
  close(): void {
    this.#flush();
    for (const sink of [...this.#sinks]) sink.end();
    this.#sinks.clear();
    this.#stopTimers();
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => this.#flush(), WINDOW_MS);
  }

  #flush(): void {
    this.#timer = undefined;
    let chunk = '';
    for (const { kind, data } of this.#pending.values()) chunk += message(kind, data);
    if (this.#activity.size > 0) chunk += message('activity', { ids: [...this.#activity] });
    for (const rejection of this.#rejections) chunk += message('rejection', rejection);
    for (const item of this.#sent.values()) chunk += message('sent', item);
    this.#pending.clear();
    this.#activity.clear();
    this.#rejections.length = 0;
    this.#sent.clear();
    if (chunk) this.#send(chunk);
  }

  #send(chunk: string): void {
    for (const sink of this.#sinks) {
      // What is still unread of earlier writes: one large window must not drop a page that reads.
      if (sink.buffered > LIVE_BUFFER_LIMIT) {
        this.#sinks.delete(sink);
        sink.abort();
      } else sink.write(chunk);
    }
  }

  #stopTimers(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    if (this.#sinks.size === 0) {
      this.#unfollow?.();
      this.#unfollow = undefined;
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#pending.clear();
      this.#activity.clear();
      this.#rejections.length = 0;
      this.#sent.clear();
    }
  }
}

function message<K extends keyof LiveEvents>(event: K, data: LiveEvents[K]): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The store as the service's domain uses it, telling `hub` of every new execution and change. Reads
 * go straight through.
 */
export function observeStore(store: Store, hub: LiveHub): Store {
  return new Proxy(store, {
    get(target, property) {
      // Read on the store itself: its getters may use private fields, which the proxy has not.
      const value = Reflect.get(target, property) as unknown;
      if (typeof value !== 'function') return value;
      switch (property) {
        case 'insertDelivery':
          return async (...args: Parameters<Store['insertDelivery']>) => {
            const stored = await target.insertDelivery(...args);
            if (stored.created) hub.created(stored.execution);
            return stored;
          };
        case 'updateExecution':
          return async (...args: Parameters<Store['updateExecution']>) => {
            const applied = await target.updateExecution(...args);
            if (applied) hub.updated(args[0], args[1]);
            return applied;
          };
        case 'saveStep':
          return async (step: Parameters<Store['saveStep']>[0]) => {
            await target.saveStep(step);
            hub.activity(step.executionId);
          };
        case 'appendLog':
          return async (log: Parameters<Store['appendLog']>[0]) => {
            await target.appendLog(log);
            hub.activity(log.executionId);
          };
        default:
          return (value as (...args: unknown[]) => unknown).bind(target);
      }
    },
  });
}
