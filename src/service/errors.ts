/** Errors the service's operations and routes share. */
import { RelayError, type RelayErrorCode } from '../core/index.js';

/**
 * The HTTP status of an error an operation threw, by its `RelayError` code: what was not found 404, a conflict 409,
 * a store that cannot be reached now (`STORE_UNAVAILABLE`: a database server gone) 503, any other `RelayError` (a bad
 * filter, option or input) 400; anything else is the service's own failure, 500. The one rule for the executions API
 * and the dashboard's: a built-in error (`RangeError`, `TypeError`) is never taken for the caller's mistake.
 */
export function statusOfError(cause: unknown): 400 | 404 | 409 | 500 | 503 {
  if (!RelayError.is(cause)) return 500;
  return STATUS_OF_CODE[cause.code] ?? 400;
}

const STATUS_OF_CODE: Partial<Record<RelayErrorCode, 404 | 409 | 503>> = {
  NOT_FOUND: 404,
  CONFLICT: 409,
  STORE_UNAVAILABLE: 503,
};

/** How long a client is asked to wait (`Retry-After`, seconds) before sending again what a 503 refused. */
export const RETRY_AFTER_SECONDS = '2';

/** The error for an `exec_` or `evt_` id this service has not stored. */
export function executionNotFound(idOrEventId: string): RelayError {
  return new RelayError('NOT_FOUND', `No execution ${idOrEventId.startsWith('evt_') ? 'for event ' : ''}${idOrEventId} in this service's store.`);
}
