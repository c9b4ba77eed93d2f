/** Finds and loads the user's `relay.ts` (with jiti, loaded only here), which exports the service. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RelayError } from '../core/index.js';
import { withRelayDefaults, type Relay, type RelayDefaults } from './relay.js';

const CANDIDATES = ['relay.ts', 'relay.mts', 'relay.js', 'relay.mjs'];

/** The first `relay.{ts,mts,js,mjs}` in `dir`, or `undefined`. */
export function findRelayFile(dir: string): string | undefined {
  for (const name of CANDIDATES) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function isRelay(value: unknown): value is Relay {
  const candidate = value as Partial<Relay> | undefined;
  return typeof candidate?.fetch === 'function' && typeof candidate.listen === 'function' && typeof candidate.findExecution === 'function';
}

/**
 * A failed transform, as jiti reports it: a plain `Error` whose message is
 * `<code>: <message> \n <file>:<line>:<column>`, with babel's 1-based line (0 when it gave none)
 * and 0-based column.
 */
const TRANSFORM_ERROR = /^(?<code>\w+): (?<reason>[\s\S]*?)\s*\n\s*(?<where>\S.*):(?<line>\d+):(?<column>\d+)$/;

/** Lines longer than this are shown as a window around the column, so the caret stays on screen. */
const FRAME_WIDTH = 100;

/**
 * Line `line` (1-based) of `file` and a caret under `column` (0-based), indented under the message;
 * `[]` when the file or the line cannot be read (e.g. the file changed meanwhile).
 */
function codeFrame(file: string, line: number, column: number): string[] {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8').split(/\r?\n/)[line - 1];
  } catch {
    return [];
  }
  if (text === undefined) return [];
  // A long (e.g. minified) line is cut to a window that holds the column; `…` marks each cut.
  const start = Math.max(0, Math.min(column - FRAME_WIDTH / 2, text.length - FRAME_WIDTH));
  const end = start + FRAME_WIDTH;
  const shown = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  // Tabs stay tabs, so the caret lines up however wide the terminal draws them.
  const pad = `${start > 0 ? ' ' : ''}${text.slice(start, column)}`.replace(/[^\t]/g, ' ');
  const gutter = String(line);
  return [`  ${gutter} | ${shown}`, `  ${' '.repeat(gutter.length)} | ${pad}^`];
}

/**
 * Why `file` could not be loaded, without a stack trace. For a syntax error, in relay.ts or in a
 * module it imports: `<file>:<line>:<column>` (1-based, as editors and terminals take it), the
 * parser's message, then the offending line with a caret. Otherwise the error's first line.
 */
function loadFailure(file: string, cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  const groups = TRANSFORM_ERROR.exec(message)?.groups;
  if (!groups) return `could not load ${file}: ${message.split('\n')[0]}`;
  const { code, reason, where } = groups as Record<string, string>;
  const [line, column] = [Number(groups.line), Number(groups.column)];
  const what = code === 'ParseError' ? 'syntax error' : code;
  const at = line > 0 ? `${where}:${line}:${column + 1}` : where;
  const inFile = path.resolve(where!) === path.resolve(file) ? '' : `could not load ${file}: `;
  return [`${inFile}${what} at ${at}: ${reason!.trim()}`, ...(line > 0 ? codeFrame(where!, line, column) : [])].join('\n');
}

/**
 * Imports `file` and returns its default export, or its named `relay` export; a `RelayError` says what is
 * wrong otherwise. The `createRelay` calls the file makes take `defaults` for the options they leave unset.
 */
export async function loadRelayFile(file: string, defaults: RelayDefaults = {}): Promise<Relay> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { moduleCache: false });
  let module: Record<string, unknown>;
  try {
    module = (await withRelayDefaults(defaults, () => jiti.import(file))) as Record<string, unknown>;
  } catch (cause) {
    throw new RelayError('INVALID_OPTION', loadFailure(file, cause), { cause });
  }
  const candidate = isRelay(module.default) ? module.default : isRelay(module.relay) ? module.relay : undefined;
  if (!candidate) {
    const names = Object.keys(module);
    throw new RelayError(
      'INVALID_OPTION',
      `${file} does not export a relay service. Export it as \`export default createRelay({ … })\` (or \`export const relay = createRelay({ … })\`); ` +
        `it exports ${names.length > 0 ? names.join(', ') : 'nothing'}.`,
    );
  }
  return candidate;
}
