/**
 * The dashboard's page: an HTML shell with no inline script, and the client's script and style sheet,
 * built by the package's own build into `dist/dashboard/` (src/dashboard-client) and read once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { error, type RelayResponse } from '../http.js';
import { SECURITY_HEADERS } from './guard.js';

/** The client's files under `/_dashboard/`. */
const FILES: Readonly<Record<string, string>> = {
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

const SHELL = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>relay dev</title>
<link rel="stylesheet" href="/_dashboard/app.css">
<script type="module" src="/_dashboard/app.js"></script>
</head>
<body>
<div id="app" aria-live="polite"><p class="loading">Loading the dashboard…</p></div>
<noscript><p>The relay dashboard needs JavaScript. The JSON API is at /api/executions.</p></noscript>
</body>
</html>
`;

/** The page at `/`. */
export function shell(): RelayResponse {
  return { status: 200, headers: { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8' }, body: SHELL, note: { quiet: true } };
}

/**
 * Where the built client is: beside the bundle that runs (`dist/` or `dist/cli/`), or, when this file
 * runs from source (tests, tsx), in the package's `dist/`.
 */
function clientDir(): string | undefined {
  const candidates = ['./dashboard/', '../dashboard/', '../../../dist/dashboard/'];
  for (const candidate of candidates) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(`${dir}app.js`)) return dir;
  }
  return undefined;
}

const cache = new Map<string, { body: string; etag: string }>();

/** A client file (304 when `ifNoneMatch` names this version), or a 404 / 503 that says why not. */
export function asset(name: string, ifNoneMatch?: string): RelayResponse {
  const type = FILES[name];
  if (type === undefined) return error(404, `No dashboard file ${JSON.stringify(name)}.`, SECURITY_HEADERS);
  let file = cache.get(name);
  if (file === undefined) {
    const dir = clientDir();
    if (dir === undefined) {
      return error(503, 'The dashboard client is not built: run `npm run build` in relaykit (it writes dist/dashboard/).', SECURITY_HEADERS);
    }
    const body = readFileSync(`${dir}${name}`, 'utf8');
    file = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    cache.set(name, file);
  }
  const headers = { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': 'no-cache', etag: file.etag };
  if (ifNoneMatch === file.etag) return { status: 304, headers, body: '', note: { quiet: true } };
  return { status: 200, headers, body: file.body, note: { quiet: true } };
}
