/** Text the commands print: response bodies, signed requests, durations and status counts. */
import type { TargetResponse } from '../harness/index.js';

/** What the commands print of an answer: its text, and the JSON the harness already parsed from it. */
type Answered = Pick<TargetResponse, 'body' | 'json'>;

/** A response body for the terminal: JSON re-indented with 2 spaces, anything else as it is. */
export function formatBody(response: Answered): string {
  return response.json === undefined ? response.body : JSON.stringify(response.json, null, 2);
}

/** A response body for `--json` output: the parsed JSON, else the text (`null` for none). */
export function bodyValue(response: Answered): unknown {
  if (response.body === '') return null;
  return response.json === undefined ? response.body : response.json;
}

/** A request as an HTTP message: request line, headers, a blank line, then the body exactly as sent. */
export function formatRequest(method: string, url: string, headers: Readonly<Record<string, string>>, body: string): string {
  const lines = [`${method} ${url}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), '', body];
  return lines.join('\n');
}

/** Milliseconds with a precision that suits their size: `0.42 ms`, `12.3 ms`, `3 ms` (whole), `1.24 s`. */
export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (Number.isInteger(ms)) return `${ms} ms`;
  return ms < 1 ? `${ms.toFixed(2)} ms` : ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Counts as `200 ×98, 500 ×2`, in the order given, each painted by `paint` (e.g. green for 2xx). */
export function formatCounts(counts: ReadonlyMap<string, number>, paint: (key: string, text: string) => string = (_, text) => text): string {
  return [...counts].map(([key, n]) => paint(key, `${key} ×${n}`)).join(', ');
}
