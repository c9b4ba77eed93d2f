/**
 * The service's domain, apart from HTTP: accepting a verified delivery, replaying, retrying, finding
 * and listing executions, and settling what a stopped process left. The routes map HTTP onto these
 * operations, and `createRelay` exposes them; neither builds an execution record of its own.
 */
import { prefixed, RelayError } from '../core/index.js';
import { executionNotFound } from './errors.js';
import { eventId, executionId } from './ids.js';
import { RENEW_MS, type Instance } from './instance.js';
import { interrupt, recover, type Recovery } from './recovery.js';
import type { Runner } from './runner.js';
import type { ExecutionFilter, ExecutionPage, ExecutionRecord, InstanceRecord, Store, StoredEvent } from './store/types.js';
import { executionDetail, executionJson, type ExecutionDetail, type ExecutionJson } from './views.js';

/** A verified, normalized delivery, as the ingest route hands it over. */
export interface Arrival {
  /** The plugin id it arrived at. */
  readonly provider: string;
  /** The provider's type, without the provider: `payment_intent.succeeded`. */
  readonly eventType: string;
  /** The deduplication key; `null` when the plugin has none. */
  readonly deliveryId: string | null;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body exactly as received. */
  readonly body: string;
  readonly data: unknown;
  /** `data` is the parsed body itself (the store then keeps the body only). */
  readonly dataIsBody: boolean;
  /** Received in capture mode: stored marked as a capture. */
  readonly captured?: boolean;
}

/** What `accept` did: a new execution, or the one a redelivery already has. */
export interface Accepted {
  readonly execution: ExecutionRecord;
  readonly created: boolean;
}

export interface ExecutionsOptions {
  readonly store: () => Store;
  readonly runner: Runner;
  /** This service on the store: it owns the executions made here (instance.ts). */
  readonly instance: Instance;
  readonly now: () => number;
  /** The mounted providers' ids, whose delivery ids `find`, `replay` and `retry` also take. */
  readonly providers?: () => Iterable<string>;
}

/** The operations on executions of one service. */
export class Executions {
  readonly #store: () => Store;
  readonly #runner: Runner;
  readonly #now: () => number;
  readonly #providers: () => Iterable<string>;
  readonly #instance: Instance;
  #recovered: Promise<Recovery> | undefined;
  /** The lease renewal (and recovery) timer, once this instance has registered. */
  #heartbeat: NodeJS.Timeout | undefined;
  #sweeping: Promise<unknown> | undefined;
  /** Whether the last renewal failed (said once per run of failures). */
  #renewalFailed = false;
  #stopped = false;

  constructor(options: ExecutionsOptions) {
    this.#store = options.store;
    this.#runner = options.runner;
    this.#instance = options.instance;
    this.#now = options.now;
    this.#providers = options.providers ?? (() => []);
  }

  /** Stores a delivery and its new execution (or finds the execution of a redelivery), then schedules the handler. */
  async accept(arrival: Arrival): Promise<Accepted> {
    const type = `${arrival.provider}.${arrival.eventType}`;
    const { execution, event } = this.#create(type, null, (id, receivedAt) => ({
      id,
      provider: arrival.provider,
      type,
      deliveryId: arrival.deliveryId,
      headers: arrival.headers,
      body: arrival.body,
      data: arrival.data,
      dataIsBody: arrival.dataIsBody,
      receivedAt,
      ...(arrival.captured === true ? { captured: true } : {}),
    }));
    this.#register();
    const stored = await this.#store().insertDelivery(event, execution);
    if (stored.created) this.#runner.schedule(execution.id, { execution, event });
    this.#afterWrite();
    return stored;
  }

  /** A new execution of the same event (by `exec_` or `evt_` id): new ids, attempt 1, `replayedFrom` the source. */
  async replay(idOrEventId: string): Promise<ExecutionJson> {
    const source = await this.#load(idOrEventId);
    const sourceEvent = (await this.#store().getEvent(source.eventId))!;
    // The same type, data and raw body; no delivery id, so it never deduplicates.
    // A replay is not a capture: only what arrived from the provider is.
    const { captured: _captured, ...copied } = sourceEvent;
    const { execution, event } = this.#create(source.eventType, source.id, (id, receivedAt) => ({ ...copied, id, deliveryId: null, receivedAt }));
    this.#register();
    await this.#store().insertDelivery(event, execution);
    this.#runner.schedule(execution.id, { execution, event });
    this.#afterWrite();
    return executionJson(execution);
  }

  /** Resumes a failed execution in place: same id, `attempt + 1`, completed steps skipped. */
  async retry(idOrEventId: string): Promise<ExecutionJson> {
    let execution = await this.#load(idOrEventId);
    if (execution.status === 'running') execution = await this.#takeOverRunning(execution);
    if (execution.status === 'completed') {
      throw new RelayError(
        'CONFLICT',
        `Execution ${execution.id} already completed; retry resumes failed executions. Replay it to run it again: POST /api/executions/${execution.id}/replay.`,
      );
    }
    if (execution.status !== 'failed') {
      throw new RelayError('CONFLICT', `Execution ${execution.id} is ${execution.status}; only a failed execution can be retried.`);
    }
    const updatedAt = new Date(this.#now()).toISOString();
    const patch = { status: 'pending', attempt: execution.attempt + 1, updatedAt, error: null, owner: this.#instance.id } as const;
    this.#register();
    if (!(await this.#store().updateExecution(execution.id, patch, ['failed']))) {
      throw new RelayError('CONFLICT', `Execution ${execution.id} changed while retrying it; try again.`);
    }
    this.#runner.schedule(execution.id);
    return executionJson({ ...execution, ...patch });
  }

  /**
   * A running execution a retry names: refused while a live instance runs it (retrying would run its handler a
   * second time), marked interrupted when its owner is gone, so that the retry resumes it.
   */
  async #takeOverRunning(execution: ExecutionRecord): Promise<ExecutionRecord> {
    const instance = this.#instance;
    const running = (where?: string) =>
      new RelayError('CONFLICT', `Execution ${execution.id} is running${where ? ` ${where}` : ''}; retry it once it has finished or failed (a retry now would run its handler twice).`);
    if (this.#runner.has(execution.id)) throw running('in this service');
    if (!instance.shared) throw running();
    const registered = await instance.registered();
    // This instance's own, run by nothing here any more (the store failed under its runner), is left over too.
    if (execution.owner !== instance.id && !instance.gone(execution.owner, registered)) {
      const owner = registered.get(execution.owner!)!;
      throw running(`in another instance serving this store (${describeInstance(owner, instance.host)})`);
    }
    await interrupt(this.#store(), execution, new Date(this.#now()).toISOString());
    return this.#load(execution.id);
  }

  /** An execution in full (steps, logs, event), by `exec_` or `evt_` id or the provider's delivery id; `undefined` when unknown. */
  async find(idOrEventId: string): Promise<ExecutionDetail | undefined> {
    const store = this.#store();
    const execution = await this.#lookup(idOrEventId);
    if (!execution) return undefined;
    const [event, steps, logs] = await Promise.all([store.getEvent(execution.eventId), store.listSteps(execution.id), store.listLogs(execution.id)]);
    return executionDetail(execution, event!, steps, logs);
  }

  /** Executions newest first, with filters and a cursor. */
  async list(filter?: ExecutionFilter): Promise<ExecutionPage> {
    const page = await this.#store().listExecutions(filter);
    // Which instance runs an execution is the store's bookkeeping, not part of the API's records.
    return { ...page, items: page.items.map(({ owner: _owner, ...record }) => record) };
  }

  /**
   * Settles what stopped processes left (recovery.ts), and from then on renews this instance's lease and
   * recovers again on a timer; `once` makes later calls return the first one's result.
   */
  recover(options: { once?: boolean } = {}): Promise<Recovery> {
    const run = () => this.#recoverNow();
    if (options.once) return (this.#recovered ??= run());
    const again = run();
    this.#recovered ??= again;
    return again;
  }

  /** The other live instances serving this store. */
  async otherInstances(): Promise<InstanceRecord[]> {
    if (!this.#instance.shared) return [];
    const registered = await this.#instance.registered();
    return [...registered.values()].filter((other) => other.id !== this.#instance.id && !this.#instance.gone(other.id, registered));
  }

  /** Stops renewing the lease, waits for every handler to finish, then removes this instance's registration. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
    await this.#sweeping;
    await this.#runner.idle();
    await this.#instance.remove().catch(() => undefined);
  }

  async #recoverNow(): Promise<Recovery> {
    const recovery = await recover({ store: this.#store(), runner: this.#runner, instance: this.#instance, now: this.#now });
    this.#startHeartbeat();
    return recovery;
  }

  /** Registers this instance with the next write (once), and starts renewing its lease. */
  #register(): void {
    this.#instance.ensure();
    this.#startHeartbeat();
  }

  #startHeartbeat(): void {
    if (this.#heartbeat || this.#stopped || !this.#instance.shared) return;
    // Unref'd: a lease never keeps the process alive.
    this.#heartbeat = setInterval(() => this.#sweep(), RENEW_MS).unref();
  }

  /** A write succeeded: if a run had failed on the store before it, recover what it left now rather than at the next renewal. */
  #afterWrite(): void {
    if (this.#runner.takeStalled()) this.#sweep();
  }

  /** Renews the lease and recovers what gone owners left, one sweep at a time. */
  #sweep(): void {
    if (this.#sweeping || this.#stopped) return;
    this.#sweeping = this.#recoverNow()
      .then(
        () => (this.#renewalFailed = false),
        (error: unknown) => {
          if (this.#renewalFailed) return;
          this.#renewalFailed = true;
          process.emitWarning(prefixed(`could not renew this service's lease on its store (${error instanceof Error ? error.message : String(error)}); retrying every ${RENEW_MS / 1000} s.`));
        },
      )
      .finally(() => (this.#sweeping = undefined));
  }

  /** The one place an execution record and its event are made, stamped with the same time. */
  #create(eventType: string, replayedFrom: string | null, makeEvent: (id: string, receivedAt: string) => StoredEvent): { execution: ExecutionRecord; event: StoredEvent } {
    const at = this.#now();
    const createdAt = new Date(at).toISOString();
    const event = makeEvent(eventId(at), createdAt);
    const execution: ExecutionRecord = {
      id: executionId(at),
      eventId: event.id,
      eventType,
      status: 'pending',
      attempt: 1,
      createdAt,
      updatedAt: createdAt,
      replayedFrom,
      error: null,
      owner: this.#instance.id,
    };
    return { execution, event };
  }

  /**
   * By `exec_` id, `evt_` id, else by the provider's delivery id (Stripe's own `evt_…` too), as the dashboard's
   * search finds it: the id a user has in hand is often the one in the payload or the headers.
   */
  async #lookup(id: string): Promise<ExecutionRecord | undefined> {
    const store = this.#store();
    if (id.startsWith('exec_')) return store.getExecution(id);
    const byEvent = id.startsWith('evt_') ? await store.getExecutionByEventId(id) : undefined;
    if (byEvent || !store.getExecutionByDeliveryId) return byEvent;
    for (const provider of this.#providers()) {
      const found = await store.getExecutionByDeliveryId(provider, id);
      if (found) return found;
    }
    return undefined;
  }

  async #load(idOrEventId: string): Promise<ExecutionRecord> {
    const execution = await this.#lookup(idOrEventId);
    if (!execution) throw executionNotFound(idOrEventId);
    return execution;
  }
}

/** `pid 4121`, or `pid 4121 on build-7` for another host. */
function describeInstance(instance: InstanceRecord, host: string): string {
  return instance.host === host ? `pid ${instance.pid}` : `pid ${instance.pid} on ${instance.host}`;
}
