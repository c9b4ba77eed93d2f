/** Small helpers for answering and reading requests in the providers' API routes (web `Request`/`Response`). */
import { isPlainObject } from '../../../core/index.js';
import type { Obj } from './types.js';

/**
 * A JSON response with a status and extra headers: `Content-Type: application/json` and a
 * `Content-Length` unless `headers` give them (the headers msw's `HttpResponse.json` sets).
 */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const text = JSON.stringify(body);
  const all = new Headers(headers);
  if (!all.has('Content-Type')) all.set('Content-Type', 'application/json');
  if (!all.has('Content-Length')) all.set('Content-Length', text ? String(new TextEncoder().encode(text).byteLength) : '0');
  return new Response(text, { status, headers: all });
}

/** The request body parsed as a JSON object; `{}` when empty, `undefined` when not a JSON object. */
export async function readJsonObject(request: Request): Promise<Obj | undefined> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The request body parsed as JSON of any shape; `undefined` when empty or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A positive integer query parameter within bounds, the default when absent, or `undefined` when malformed. */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return value < min || value > max ? undefined : value;
}

/** The current time in unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
