/**
 * Crash recovery. A delivery is acknowledged once stored, and its handler runs after: a process that
 * stops in between leaves executions `pending` (never started) or `running` (stopped mid-handler).
 * On start, pending ones run as if just received; running ones are marked failed as interrupted,
 * their unfinished steps too, so that a retry resumes them and skips the steps that completed.
 */
import type { Runner } from './runner.js';
import type { ExecutionRecord, ExecutionStatus, Store } from './store/types.js';

/** What `recover()` found. */
export interface Recovery {
  /** Pending executions it started. */
  readonly resumed: number;
  /** Running executions it marked failed. */
  readonly interrupted: number;
}

/** Why a recovered execution failed: the text of its `error`. */
export const INTERRUPTED =
  'Interrupted: the service stopped while this execution was running. Retry it to resume (completed steps are skipped).';

async function* withStatus(store: Store, status: ExecutionStatus): AsyncGenerator<ExecutionRecord> {
  let cursor: string | null = null;
  do {
    const page = await store.listExecutions({ status, limit: 500, ...(cursor ? { cursor } : {}) });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}

async function interrupt(store: Store, execution: ExecutionRecord, at: string): Promise<boolean> {
  const steps = await store.listSteps(execution.id);
  await Promise.all(
    steps
      .filter((step) => step.status === 'running')
      .map((step) => store.saveStep({ ...step, status: 'failed', error: 'Interrupted: the service stopped during this step.', endedAt: at })),
  );
  await store.appendLog({ executionId: execution.id, attempt: execution.attempt, at, level: 'error', message: INTERRUPTED, fields: null });
  return store.updateExecution(execution.id, { status: 'failed', updatedAt: at, error: INTERRUPTED }, ['running']);
}

/** Settles what a stopped process left in `store`; see the module comment. */
export async function recover(store: Store, runner: Runner, now: () => number): Promise<Recovery> {
  const at = new Date(now()).toISOString();
  let interrupted = 0;
  // Collected first: marking rows while paging over their status would move them out from under the cursor.
  const running: ExecutionRecord[] = [];
  for await (const execution of withStatus(store, 'running')) running.push(execution);
  for (const execution of running) if (await interrupt(store, execution, at)) interrupted++;
  const pending: string[] = [];
  for await (const execution of withStatus(store, 'pending')) pending.push(execution.id);
  // Oldest first, as they arrived.
  for (const id of pending.reverse()) runner.schedule(id);
  return { resumed: pending.length, interrupted };
}
