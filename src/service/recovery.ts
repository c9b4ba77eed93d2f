/**
 * Recovery. A delivery is acknowledged once stored, and its handler runs after: a process that stops in
 * between leaves executions `pending` (never started) or `running` (stopped mid-handler). Several processes
 * may serve one store (instance.ts), each owning the executions it accepted, so recovery takes over only
 * what an owner that is gone left, never the work of a live one:
 * - a pending one is claimed (its owner set to this instance) and run as if just received;
 * - a running one is marked failed as interrupted, its unfinished steps too, so that a retry resumes it and
 *   skips the steps that completed.
 * This instance's own executions that no handler runs any more (a store write failed under the runner, say
 * on a full disk) are settled the same way. It runs when the service starts and then on every lease renewal.
 */
import type { Instance } from './instance.js';
import type { Runner } from './runner.js';
import type { ExecutionRecord, ExecutionStatus, InstanceRecord, Store } from './store/types.js';

/** What `recover()` found. */
export interface Recovery {
  /** Pending executions it started. */
  readonly resumed: number;
  /** Running executions it marked failed. */
  readonly interrupted: number;
  /** The other live instances serving the store (whose executions it left alone). */
  readonly others: readonly InstanceRecord[];
}

/** How many pending executions a store with `claimPending` hands over at once. */
const CLAIM_BATCH = 500;

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

/** Marks a running execution failed as interrupted, if it is still running under the same owner; resolves to whether it did. */
export async function interrupt(store: Store, execution: ExecutionRecord, at: string): Promise<boolean> {
  const owner = { owner: execution.owner ?? null };
  // The status first, under the owner condition: if its owner renewed meanwhile, nothing of it is touched.
  if (!(await store.updateExecution(execution.id, { status: 'failed', updatedAt: at, error: INTERRUPTED, owner: null }, ['running'], owner))) return false;
  const steps = await store.listSteps(execution.id);
  await Promise.all(
    steps
      .filter((step) => step.status === 'running')
      .map((step) => store.saveStep({ ...step, status: 'failed', error: 'Interrupted: the service stopped during this step.', endedAt: at })),
  );
  await store.appendLog({ executionId: execution.id, attempt: execution.attempt, at, level: 'error', message: INTERRUPTED, fields: null });
  return true;
}

export interface RecoverOptions {
  readonly store: Store;
  readonly runner: Runner;
  readonly instance: Instance;
  readonly now: () => number;
}

/** Settles what gone owners (and this instance's stalled runs) left in the store; see the module comment. */
export async function recover({ store, runner, instance, now }: RecoverOptions): Promise<Recovery> {
  // Registered (or renewed) first: a store this process cannot write to fails here, at start, not at the first delivery.
  await instance.renew();
  const registered = await instance.registered();
  const shared = instance.shared;
  // A store that keeps no instances is served by this process alone: everything not running here is left over.
  const leftOver = (execution: ExecutionRecord): boolean =>
    !runner.has(execution.id) && (!shared || execution.owner === instance.id || instance.gone(execution.owner, registered));
  const at = new Date(now()).toISOString();
  // Collected first: changing rows while paging over their status would move them out from under the cursor.
  const running: ExecutionRecord[] = [];
  for await (const execution of withStatus(store, 'running')) if (leftOver(execution)) running.push(execution);
  let interrupted = 0;
  for (const execution of running) if (await interrupt(store, execution, at)) interrupted++;
  const pending: ExecutionRecord[] = [];
  for await (const execution of withStatus(store, 'pending')) if (leftOver(execution)) pending.push(execution);
  let resumed = 0;
  // Oldest first, as they arrived.
  pending.reverse();
  if (store.claimPending) {
    // Claimed in batches, skipping what another instance recovering at the same moment is claiming.
    for (const execution of pending.filter((e) => e.owner === instance.id)) {
      runner.schedule(execution.id);
      resumed++;
    }
    const from = [...new Set(pending.filter((execution) => execution.owner !== instance.id).map((execution) => execution.owner ?? null))];
    while (from.length > 0) {
      const claimed = await store.claimPending(instance.id, from, CLAIM_BATCH);
      for (const execution of claimed) runner.schedule(execution.id);
      resumed += claimed.length;
      if (claimed.length < CLAIM_BATCH) break;
    }
  } else {
    for (const execution of pending) {
      const mine = execution.owner === instance.id;
      if (mine || (await store.updateExecution(execution.id, { owner: instance.id }, ['pending'], { owner: execution.owner ?? null }))) {
        runner.schedule(execution.id);
        resumed++;
      }
    }
  }
  const others: InstanceRecord[] = [];
  for (const other of registered.values()) {
    if (other.id === instance.id) continue;
    if (!instance.gone(other.id, registered)) others.push(other);
    // Its work is taken over above; a gone instance that comes back registers again.
    else if (store.deleteInstance) await store.deleteInstance(other.id);
  }
  return { resumed, interrupted, others };
}
