/** The JSON the service answers with. */
import type { ExecutionRecord, LogRecord, StepRecord, StoredEvent } from './store/types.js';

/** An execution as the mount path and the replay endpoint return it. */
export interface ExecutionJson {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: ExecutionRecord['status'];
  readonly attempt: number;
  readonly createdAt: string;
  /** Only on executions created by replay. */
  readonly replayedFrom?: string;
}

/** A step as `GET /api/executions/<id>` shows it. */
export interface StepJson {
  readonly name: string;
  readonly status: StepRecord['status'];
  readonly attempt: number;
  readonly result: unknown;
  readonly error: string | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
  readonly durationMs: number | null;
}

/** A log line as `GET /api/executions/<id>` shows it. */
export interface LogJson {
  readonly at: string;
  readonly attempt: number;
  readonly level: LogRecord['level'];
  readonly message: string;
  readonly fields: Readonly<Record<string, unknown>> | null;
}

/** An execution in full, as `GET /api/executions/<id>` returns it. */
export interface ExecutionDetail extends ExecutionJson {
  readonly updatedAt: string;
  readonly error: string | null;
  readonly steps: readonly StepJson[];
  readonly logs: readonly LogJson[];
  readonly event: {
    readonly id: string;
    readonly type: string;
    readonly provider: string;
    readonly deliveryId: string | null;
    readonly receivedAt: string;
    readonly data: unknown;
    /** `true` when the event is a capture (`relay capture`); absent otherwise. */
    readonly captured?: true;
  };
}

/** The JSON of an execution, with `replayedFrom` only on replays. */
export function executionJson(execution: ExecutionRecord): ExecutionJson {
  const view: ExecutionJson = {
    id: execution.id,
    eventId: execution.eventId,
    eventType: execution.eventType,
    status: execution.status,
    attempt: execution.attempt,
    createdAt: execution.createdAt,
  };
  return execution.replayedFrom === null ? view : { ...view, replayedFrom: execution.replayedFrom };
}

/** The JSON of an execution in full. */
export function executionDetail(
  execution: ExecutionRecord,
  event: StoredEvent,
  steps: readonly StepRecord[],
  logs: readonly LogRecord[],
): ExecutionDetail {
  return {
    ...executionJson(execution),
    updatedAt: execution.updatedAt,
    error: execution.error,
    steps: steps.map((step) => ({
      name: step.name,
      status: step.status,
      attempt: step.attempt,
      result: step.result,
      error: step.error,
      startedAt: step.startedAt,
      endedAt: step.endedAt,
      durationMs: step.endedAt === null ? null : Date.parse(step.endedAt) - Date.parse(step.startedAt),
    })),
    logs: logs.map((log) => ({ at: log.at, attempt: log.attempt, level: log.level, message: log.message, fields: log.fields })),
    event: {
      id: event.id,
      type: event.type,
      provider: event.provider,
      deliveryId: event.deliveryId,
      receivedAt: event.receivedAt,
      data: event.data,
      ...(event.captured === true ? { captured: true as const } : {}),
    },
  };
}
