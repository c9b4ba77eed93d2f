/**
 * The options that name where deliveries go: `--forward` (the base URL), `--to` (an exact URL) and `--path`
 * (the route on the base URL), checked with the harness's own URL rules. Only the commands that send
 * import it (they load when run), so that start-up loads no harness.
 */
import { RelayError, serviceBaseUrl, type Env } from '../core/index.js';
import { checkRoutePath, exactUrl, joinUrl } from '../harness/index.js';
import { single } from './options.js';

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
