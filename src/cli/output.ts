/** Where the CLI writes: results to stdout, diagnostics to stderr; colors only on a TTY without NO_COLOR. */
import { ENV_NAMES, RelayError, type RelayErrorCode } from '../core/index.js';

export interface Io {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly env: NodeJS.ProcessEnv;
}

/**
 * Exit codes: 0 ok, 1 the target answered with an error or could not be reached, 2 usage or input
 * error (nothing was sent), or `relay dev` could not start.
 */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/**
 * The exit code of each `RelayError` code. The library has already checked the input and named the fix;
 * the CLI only decides the code: a target that could not be reached, or an execution that did not
 * settle in time, is a failed run (the request was valid, the service is not there or slow), every
 * other code a mistake in the input, or a store that cannot open.
 */
const EXIT_OF_CODE = {
  UNKNOWN_PROVIDER: EXIT.usage,
  UNKNOWN_EVENT_TYPE: EXIT.usage,
  UNKNOWN_FLOW: EXIT.usage,
  MISSING_SECRET: EXIT.usage,
  INVALID_SECRET: EXIT.usage,
  INVALID_OPTION: EXIT.usage,
  INVALID_DATA: EXIT.usage,
  INVALID_FILTER: EXIT.usage,
  UNSAFE_IN_PRODUCTION: EXIT.usage,
  NOT_FOUND: EXIT.usage,
  CONFLICT: EXIT.usage,
  UNREACHABLE: EXIT.failed,
  TIMEOUT: EXIT.failed,
  STORE_UNAVAILABLE: EXIT.usage,
  USAGE: EXIT.usage,
  ASSERTION_FAILED: EXIT.failed,
} as const satisfies Record<RelayErrorCode, number>;

export interface Output {
  line(text?: string): void;
  error(text: string): void;
  dim(text: string): string;
  bold(text: string): string;
  red(text: string): string;
  green(text: string): string;
  /** Rewrites one live status line on stderr when it is a TTY (elsewhere writes nothing); `''` erases it. */
  progress(text: string): void;
}

/** The `Output` of a run over `io`. */
export function createOutput(io: Io): Output {
  const color = (stream: { isTTY?: boolean }) => stream.isTTY === true && io.env.NO_COLOR === undefined;
  const paint = (open: number, close: number) => (text: string) => (color(io.stdout) ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    line: (text = '') => void io.stdout.write(`${text}\n`),
    error: (text) => void io.stderr.write(`${color(io.stderr) ? `\u001b[31m${text}\u001b[39m` : text}\n`),
    dim: paint(2, 22),
    bold: paint(1, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    progress: (text) => {
      if (io.stderr.isTTY === true) io.stderr.write(`\r\u001b[2K${text}`);
    },
  };
}

/** The exit code and stderr line for an error thrown by a command. */
export function reportError(out: Output, error: unknown, env: NodeJS.ProcessEnv): number {
  if (error instanceof RelayError) {
    out.error(`relay: ${error.message}`);
    return EXIT_OF_CODE[error.code];
  }
  if (error instanceof Error && error.name === 'CACError') {
    out.error(`relay: ${error.message}. Run \`relay --help\` for usage.`);
    return EXIT.usage;
  }
  const debug = env[ENV_NAMES.debug];
  const detail = debug && error instanceof Error ? (error.stack ?? error.message) : String((error as Error)?.message ?? error);
  out.error(`relay: unexpected error: ${detail}${debug ? '' : ` (set ${ENV_NAMES.debug}=1 for a stack trace)`}`);
  return EXIT.failed;
}
