/**
 * Runs handlers after the response: `pending → running → completed | failed`, with named steps whose
 * results are recorded (so a retry skips what already completed) and logs.
 */
import { prefixed, RelayError } from '../core/index.js';
import { findHandler, type HandlerContext, type Handlers, type RelayEvent } from './handlers.js';
import type { ExecutionPatch, ExecutionRecord, LogLevel, StepRecord, Store, StoredEvent } from './store/types.js';

export interface RunnerOptions {
  readonly store: () => Store;
  readonly handlers: Handlers;
  readonly now: () => number;
  /**
   * The instance (`inst_…`) this runner runs for: it starts only executions that instance owns, and records an
   * outcome only while it still owns the execution (another may have taken it over; see recovery.ts).
   */
  readonly owner: string;
  /** Told of each handler's outcome once it is recorded (`relay dev` logs failures with it). */
  readonly onSettled?: (settled: Settled) => void;
}

/** A handler's outcome, as recorded. */
export interface Settled {
  readonly executionId: string;
  readonly eventType: string;
  readonly attempt: number;
  readonly status: 'completed' | 'failed';
  /** The handler's error message when it failed, else `null`. */
  readonly error: string | null;
}

/** The execution and event as just stored, so the first run need not read them back. */
export interface Known {
  readonly execution: ExecutionRecord;
  readonly event: StoredEvent;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class Runner {
  readonly #options: RunnerOptions;
  readonly #running = new Set<Promise<void>>();
  /** The executions scheduled or running here. */
  readonly #ids = new Set<string>();
  #stalled = false;
  /** Whether the last run failed on the store (its warning said, later ones held back). */
  #failing = false;

  constructor(options: RunnerOptions) {
    this.#options = options;
  }

  /** Starts the execution's handler on the next turn of the event loop (unless it is already here); the caller has already answered. */
  schedule(executionId: string, known?: Known): void {
    if (this.#ids.has(executionId)) return;
    this.#ids.add(executionId);
    const run = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#run(executionId, known))
      .then(
        () => {
          this.#failing = false;
        },
        (error: unknown) => {
          // The store failed under the runner (closed mid-run, a full disk): nothing to record it in. The execution
          // stays pending or running, owned here; recovery settles it once the store takes writes again. Said once
          // per run of failures: a store that fails, fails every execution.
          this.#stalled = true;
          if (this.#failing) return;
          this.#failing = true;
          process.emitWarning(prefixed(`execution ${executionId} could not be run: ${message(error)} (the next failures like it are not reported until a run succeeds)`));
        },
      )
      .finally(() => {
        this.#running.delete(run);
        this.#ids.delete(executionId);
      });
    this.#running.add(run);
  }

  /** Whether the execution is scheduled or running here. */
  has(executionId: string): boolean {
    return this.#ids.has(executionId);
  }

  /** Whether a run failed on the store since the last call: work may be left to recover. Clears the flag. */
  takeStalled(): boolean {
    const stalled = this.#stalled;
    this.#stalled = false;
    return stalled;
  }

  /** Resolves when every scheduled execution has finished, including those scheduled meanwhile. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }

  async #run(executionId: string, known?: Known): Promise<void> {
    const store = this.#options.store();
    const mine = { owner: this.#options.owner };
    const now = () => new Date(this.#options.now()).toISOString();
    const execution = known?.execution ?? (await store.getExecution(executionId))!;
    const event = known?.event ?? (await store.getEvent(execution.eventId))!;
    const handler = findHandler(this.#options.handlers, event.type);
    if (!handler) {
      // Nothing to run: one commit (writes issued together share a transaction) takes it to completed.
      const log = store.appendLog({
        executionId,
        attempt: execution.attempt,
        at: now(),
        level: 'info',
        message: `No handler is registered for ${event.type}; nothing to run.`,
        fields: null,
      });
      await Promise.all([log, store.updateExecution(executionId, { status: 'completed', updatedAt: now(), error: null }, ['pending'], mine)]);
      return;
    }
    if (!(await store.updateExecution(executionId, { status: 'running', updatedAt: now() }, ['pending'], mine))) return;
    const writes: Promise<void>[] = [];
    const log = (text: string, fields?: Record<string, unknown>, level: LogLevel = 'info') => {
      writes.push(
        store.appendLog({ executionId, attempt: execution.attempt, at: now(), level, message: String(text), fields: fields ?? null }),
      );
    };
    const context: HandlerContext = {
      execution: { id: execution.id, attempt: execution.attempt, replayedFrom: execution.replayedFrom },
      step: { run: await this.#steps(store, execution, now) },
      log,
    };
    let outcome: ExecutionPatch;
    try {
      await handler(toRelayEvent(event), context);
      await Promise.all(writes);
      outcome = { status: 'completed', updatedAt: now(), error: null };
    } catch (error) {
      log(`Handler failed: ${message(error)}`, undefined, 'error');
      await Promise.allSettled(writes);
      outcome = { status: 'failed', updatedAt: now(), error: message(error) };
    }
    if (!(await store.updateExecution(executionId, outcome, ['running'], mine))) {
      // Another instance found this one gone (its lease expired while the handler ran) and took the execution over.
      process.emitWarning(prefixed(`execution ${executionId} ${outcome.status} here, but another instance took it over meanwhile; its outcome here is not recorded.`));
      return;
    }
    const settled = { executionId, eventType: event.type, attempt: execution.attempt, status: outcome.status as Settled['status'], error: outcome.error ?? null };
    this.#options.onSettled?.(settled);
  }

  async #steps(store: Store, execution: ExecutionRecord, now: () => string): Promise<HandlerContext['step']['run']> {
    const recorded = new Map((await store.listSteps(execution.id)).map((step) => [step.name, step]));
    return async <T>(name: string, fn: () => T | Promise<T>): Promise<T> => {
      if (typeof name !== 'string' || name === '') throw new RelayError('INVALID_OPTION', 'step.run(name, fn): the name must be a non-empty string.');
      if (typeof fn !== 'function') throw new RelayError('INVALID_OPTION', `step.run("${name}", fn): fn must be a function.`);
      const prior = recorded.get(name);
      if (prior?.status === 'completed') return prior.result as T;
      if (prior?.status === 'running' && prior.attempt === execution.attempt) {
        throw new RelayError('CONFLICT', `step.run("${name}") is already running in this attempt; step names must be unique.`);
      }
      const running: StepRecord = {
        executionId: execution.id,
        name,
        status: 'running',
        attempt: execution.attempt,
        result: null,
        error: null,
        startedAt: now(),
        endedAt: null,
      };
      recorded.set(name, running);
      await store.saveStep(running);
      let result: T;
      try {
        result = await fn();
      } catch (error) {
        const failed: StepRecord = { ...running, status: 'failed', error: message(error), endedAt: now() };
        recorded.set(name, failed);
        await store.saveStep(failed);
        throw error;
      }
      let stored: unknown;
      try {
        stored = result === undefined ? null : JSON.parse(JSON.stringify(result));
      } catch (error) {
        const failed: StepRecord = { ...running, status: 'failed', error: `result is not JSON: ${message(error)}`, endedAt: now() };
        await store.saveStep(failed);
        throw new RelayError('INVALID_DATA', `step.run("${name}"): the result must be JSON-serializable (${message(error)}).`);
      }
      const completed: StepRecord = { ...running, status: 'completed', result: stored, endedAt: now() };
      recorded.set(name, completed);
      await store.saveStep(completed);
      return result;
    };
  }
}

export function toRelayEvent(event: StoredEvent): RelayEvent {
  return {
    id: event.id,
    type: event.type,
    provider: event.provider,
    data: event.data,
    deliveryId: event.deliveryId,
    headers: event.headers,
    receivedAt: event.receivedAt,
  };
}
