/** Errors the service's operations and routes share. */
import { RelayError } from '../core/index.js';

/** The error for an `exec_` or `evt_` id this service has not stored. */
export function executionNotFound(idOrEventId: string): RelayError {
  return new RelayError('NOT_FOUND', `No execution ${idOrEventId.startsWith('evt_') ? 'for event ' : ''}${idOrEventId} in this service's store.`);
}
