/**
 * cac's loose option values, checked and typed at the boundary: whole numbers, `--data` JSON,
 * `--timestamp`, `-H` headers. Each mistake is a one-line `RelayError` with code `USAGE`.
 */
import { RelayError, serviceBaseUrl, type Env } from '../core/index.js';
import { checkRoutePath, exactUrl, joinUrl } from '../harness/targets.js';

/**
 * The service's base URL: `--forward`, else `SERVICE_BASE_URL`, else `http://localhost:3000`, the spec's
 * order (src/core/env.ts). (`RELAYKIT_SERVICE_URL`, which the harness also reads, is the Vitest plugin's, not the CLI's.)
 */
export function baseUrl(forward: unknown, env: Env): string {
  if (Array.isArray(forward)) throw new RelayError('USAGE', `--forward was given ${forward.length} times; give it once.`);
  const fromEnv = serviceBaseUrl(env);
  const [base, from] = forward !== undefined ? [String(forward), '--forward'] : [fromEnv.url, fromEnv.from];
  try {
    joinUrl(base, '/');
  } catch (error) {
    throw new RelayError('USAGE', `${from}: ${(error as Error).message}`);
  }
  return base;
}

/**
 * `--to <url>`: the exact URL to POST to (a user's own route, `http://localhost:4000/webhooks/stripe`), where
 * `--forward` is the service's base URL; `undefined` when absent. Shared by `relay trigger`, `relay replay`
 * and `relay flow`.
 * @example
 * toUrlOption(options.to); // 'http://localhost:4000/webhooks/stripe'
 */
export function toUrlOption(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = String(single('to', value));
  try {
    exactUrl(text);
  } catch (error) {
    throw new RelayError('USAGE', `--to: ${(error as Error).message}`);
  }
  return text;
}

/**
 * `--path <path>`: the URL path on the base URL (`--forward`) the deliveries go to (Probot's
 * `/api/github/webhooks`) instead of `/api/webhook/<provider>`; `undefined` when absent. Checked with the
 * harness's own rule, and refused beside `--to` (an exact URL, its own path included). Shared by
 * `relay trigger`, `relay replay` and `relay flow`.
 * @example
 * pathOption(options.path, options.to); // '/api/github/webhooks'
 */
export function pathOption(value: unknown, to: unknown): string | undefined {
  if (value === undefined) return undefined;
  const path = single('path', value);
  if (to !== undefined) throw new RelayError('USAGE', '--path is the route on the base URL (--forward), --to an exact URL with its own path: give one of them.');
  try {
    return checkRoutePath(typeof path === 'string' ? path : String(path));
  } catch (error) {
    throw new RelayError('USAGE', `--path: ${(error as Error).message}`);
  }
}

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
