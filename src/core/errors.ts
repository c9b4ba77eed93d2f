/** The one error class of relaykit and its stable codes. */

/** Stable codes of every error relaykit throws on purpose. */
export type RelayErrorCode =
  | 'UNKNOWN_PROVIDER'
  | 'UNKNOWN_EVENT_TYPE'
  /** No flow of that name for the provider (`buildFlow`, `triggerFlow`, `relay flow`). */
  | 'UNKNOWN_FLOW'
  | 'MISSING_SECRET'
  | 'INVALID_SECRET'
  | 'INVALID_OPTION'
  | 'INVALID_DATA'
  /** A store cannot answer a query as asked: a list filter, limit or cursor outside the rules of `Store` (HTTP 400). */
  | 'INVALID_FILTER'
  | 'UNSAFE_IN_PRODUCTION'
  | 'NOT_FOUND'
  | 'CONFLICT'
  /** The target could not be reached (connection refused, DNS, reset). */
  | 'UNREACHABLE'
  /** Something relaykit waits for did not happen in time (an execution to settle, `waitUntilSettled`). */
  | 'TIMEOUT'
  /** The store cannot be opened: no SQLite driver loads, the file is not writable, corrupt or from a newer relaykit. */
  | 'STORE_UNAVAILABLE'
  /** A command line the user can fix (an unknown command, a bad option value): `relay` prints it as one line and exits 2. */
  | 'USAGE'
  /** A check relaykit runs for the caller found a failure (`assertRejectsForgeries`, `assertIdempotent`): the message is its report. */
  | 'ASSERTION_FAILED';

/**
 * The brand every copy of the class shares: `Symbol.for` is one symbol per runtime, so an error thrown
 * by one loaded copy of relaykit (a CLI's, a test runner's) is still a `RelayError` to another copy,
 * where `instanceof` says no.
 */
const BRAND = Symbol.for('relaykit.RelayError');

/**
 * The one error class of relaykit. `code` is stable; `message` names the input and the fix.
 * @example
 * try { getProvider('strip') } catch (e) { if (RelayError.is(e)) console.log(e.code) } // 'UNKNOWN_PROVIDER'
 */
export class RelayError extends Error {
  override readonly name = 'RelayError';
  readonly code: RelayErrorCode;

  constructor(code: RelayErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** The brand `RelayError.is` looks for (see `BRAND`). */
  get [BRAND](): true {
    return true;
  }

  /**
   * Whether `error` is a `RelayError` of any loaded copy of relaykit (`instanceof` holds only for
   * this copy's class).
   * @example
   * if (RelayError.is(error) && error.code === 'MISSING_SECRET') console.log(error.message);
   */
  static is(error: unknown): error is RelayError {
    return typeof error === 'object' && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
  }
}
