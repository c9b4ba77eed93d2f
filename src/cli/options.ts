/**
 * cac's loose option values, checked and typed at the boundary: whole numbers, `--data` JSON,
 * `--timestamp`, `-H` headers. Each mistake is a one-line `RelayError` with code `USAGE`. The options
 * that name a URL are route-options.ts's: this module imports no harness, since program.ts loads it
 * at start-up (for `relay --help` too) and the harness brings the payload builders' faker with it.
 */
import { RelayError } from '../core/index.js';

/**
 * Every text given to an option, in order, exactly as typed, under any of its `flags` (`['-H', '--header']`):
 * cac (mri) turns numeric text into numbers, `--data ''` into 0, and keeps only one of `-H` and `--header`
 * when both are used.
 */
export function rawOptionTexts(argv: readonly string[], flags: readonly string[]): string[] {
  const texts: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    const flag = flags.find((f) => arg === f || (f.startsWith('--') && arg.startsWith(`${f}=`)));
    if (flag === undefined) continue;
    if (arg !== flag) texts.push(arg.slice(flag.length + 1));
    else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('-')) texts.push(argv[++i]!);
  }
  return texts;
}

/** A whole number from `min` to `max` given to `--name`; cac hands numbers over as numbers, anything else as text. */
export function wholeNumber(name: string, value: unknown, min: number, max: number): number {
  const n = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new RelayError('USAGE', `--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(String(value))}.`);
  }
  return n;
}

/** The option's value as text, or a `USAGE` error for a repeated option. */
export function single(name: string, value: unknown): unknown {
  if (Array.isArray(value)) throw new RelayError('USAGE', `--${name} was given ${value.length} times; give it once.`);
  return value;
}

/**
 * `--data`'s text parsed as a JSON object. Not JSON: says where it broke. JSON but not an object:
 * says what it is.
 */
export function parseDataOption(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message.replace(/\.$/, '');
    const at = /at position (\d+)/.exec(message);
    const position = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.length : undefined;
    const before = position === undefined ? '' : text.slice(Math.max(0, position - 40), position);
    const where = position === undefined ? '' : position === 0 ? ', at the very start' : `, right after \`${position > 40 ? '…' : ''}${before}\``;
    throw new RelayError('USAGE', `--data is not valid JSON: ${message}${where}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const what = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new RelayError(
      'USAGE',
      `--data must be a JSON object, merged into the event's main resource (e.g. '{"amount": 2000}'); got ${what}.`,
    );
  }
  return value as Record<string, unknown>;
}

/**
 * `--timestamp` as epoch milliseconds: an ISO 8601 date or date-time (what `Date.parse` reads from
 * `YYYY-MM-DD` on), or a number of epoch seconds, or of epoch milliseconds from 1e11 on.
 */
export function parseTimestampOption(value: unknown): number {
  const text = String(value).trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    // Seconds until the year 5138; any larger number is taken as milliseconds.
    return Math.round(n < 1e11 ? n * 1000 : n);
  }
  const ms = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new RelayError(
      'USAGE',
      `--timestamp must be an ISO 8601 date-time (2024-05-01T12:00:00Z), epoch seconds (1714564800) or epoch milliseconds (1714564800000), got ${JSON.stringify(text)}.`,
    );
  }
  return ms;
}

/** `-H, --header "Name: value"` values as a header object; a `USAGE` error for one without a name and a colon. */
export function parseHeaderOptions(values: readonly unknown[]): Record<string, string> | undefined {
  if (values.length === 0) return undefined;
  const headers: Record<string, string> = {};
  for (const raw of values) {
    const text = String(raw);
    const colon = text.indexOf(':');
    const name = colon === -1 ? '' : text.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(text)) {
      throw new RelayError('USAGE', `--header must look like "Name: value" (e.g. -H "X-Request-Id: 42"), got ${JSON.stringify(text)}.`);
    }
    headers[name] = text.slice(colon + 1).trim();
  }
  return headers;
}
