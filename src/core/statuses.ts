/** The statuses of an execution and of its steps (DESIGN.md: `pending → running → completed | failed`). */

/** Every status an execution can have, in the order it moves through them. */
export const EXECUTION_STATUSES = Object.freeze(['pending', 'running', 'completed', 'failed'] as const);

/** An execution's status. */
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** The statuses a step is recorded with (a step starts running; it is never pending). */
export const STEP_STATUSES = Object.freeze(['running', 'completed', 'failed'] as const);

/** A step's status. */
export type StepStatus = (typeof STEP_STATUSES)[number];

/** The statuses in which the handler has finished: nothing changes until a retry or a replay. */
export const SETTLED_STATUSES = Object.freeze(['completed', 'failed'] as const);

/**
 * Whether `value` is an execution status.
 * @example
 * isExecutionStatus('done'); // false
 */
export function isExecutionStatus(value: unknown): value is ExecutionStatus {
  return (EXECUTION_STATUSES as readonly unknown[]).includes(value);
}

/**
 * Whether an execution with `status` has finished (completed or failed).
 * @example
 * isSettled('running'); // false
 */
export function isSettled(status: unknown): status is (typeof SETTLED_STATUSES)[number] {
  return status === 'completed' || status === 'failed';
}
