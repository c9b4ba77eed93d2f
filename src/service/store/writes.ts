/**
 * The store's writes, as data, and the one function that carries a write out on a connection. The
 * serving thread calls `applyWrite` with its own statements; the writer thread (writer.ts) runs the
 * very same function, whose source it is sent as text: so `applyWrite` must stay self-contained (it
 * may use only its arguments and JavaScript's globals, never an import or a module-level name).
 */

/** A write, as data: what `SqliteStore` queues and either runs itself or sends to the writer. */
export type WriteOp =
  | readonly [kind: 'delivery', event: readonly unknown[], execution: readonly unknown[]]
  | readonly [kind: 'update', params: readonly unknown[]]
  | readonly [kind: 'step', params: readonly unknown[]]
  | readonly [kind: 'log', params: readonly unknown[]]
  | readonly [kind: 'instance', params: readonly unknown[]]
  | readonly [kind: 'forget', id: string];

/** The SQL of each write, prepared by both connections. */
export interface WriteSql {
  readonly insertEvent: string;
  readonly insertExecution: string;
  readonly executionByDelivery: string;
  readonly updateExecution: string;
  readonly saveStep: string;
  readonly appendLog: string;
  readonly deleteEvent: string;
  readonly putInstance: string;
  readonly deleteInstance: string;
}

/** A prepared statement as both drivers' statements (and relaykit's wrapper) take positional parameters. */
export interface WriteStatement {
  run(params: readonly unknown[]): { changes: number };
  get(params: readonly unknown[]): unknown;
}

/** The statements of `WriteSql`, prepared on one connection, and what `applyWrite` needs of it. */
export interface WriteTarget {
  readonly statements: { readonly [K in keyof WriteSql]: WriteStatement };
  /** Whether a transaction is still open (an error that aborted it has rolled it back). */
  inTransaction(): boolean;
  /** The file, for messages. */
  readonly path: string;
}

/** A write's outcome as the writer thread reports it: `[0, value]`, or `[1, error]` for a write that failed alone. */
export type Outcome = readonly [0, unknown] | readonly [1, { message: string; code?: string }];

/**
 * Carries out one write. A delivery inserts its event, or (a redelivery: the insert's ON CONFLICT did
 * nothing, under the write lock BEGIN IMMEDIATE took) returns the execution already stored for it; an
 * execution insert that fails (a constraint: SQLite undoes that statement) deletes the event again, so
 * no half of a delivery stays. That is what a savepoint would do, for less: a savepoint copies every
 * page it touches to a sub-journal first.
 */
export function applyWrite(target: WriteTarget, op: WriteOp): unknown {
  const s = target.statements;
  switch (op[0]) {
    case 'delivery': {
      const [, event, execution] = op;
      if (s.insertEvent.run(event).changes === 0) {
        const existing = s.executionByDelivery.get([event[1], event[3]]);
        if (!existing) throw new Error(`${target.path}: the stored event of delivery ${String(event[3])} (${String(event[1])}) has no execution`);
        return existing;
      }
      try {
        s.insertExecution.run(execution);
      } catch (error) {
        if (target.inTransaction()) s.deleteEvent.run([event[0]]);
        throw error;
      }
      return undefined;
    }
    case 'update':
      return s.updateExecution.run(op[1]).changes > 0;
    case 'step':
      s.saveStep.run(op[1]);
      return undefined;
    case 'log':
      s.appendLog.run(op[1]);
      return undefined;
    case 'instance':
      s.putInstance.run(op[1]);
      return undefined;
    case 'forget':
      s.deleteInstance.run([op[1]]);
      return undefined;
    default:
      throw new Error(`unknown write ${String((op as readonly unknown[])[0])}`);
  }
}

/** An error as the serving thread would have seen it: the message and SQLite's error code. */
export function toError(failure: { message: string; code?: string }): Error {
  const error = new Error(failure.message);
  if (failure.code !== undefined) (error as Error & { code?: string }).code = failure.code;
  return error;
}
