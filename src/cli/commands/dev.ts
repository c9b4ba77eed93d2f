/** `relay dev`: serves the user's relay.ts (or the built-ins) until SIGINT or SIGTERM, logging each request. */
import os from 'node:os';
import { ENV_NAMES, isSuccessStatus, RelayError } from '../../core/index.js';
import { buildDelivery, listEventTypes } from '../../harness/index.js';
import type { DeliveryBuilder } from '../../service/dashboard/index.js';
import { DEFAULT_SHUTDOWN_GRACE_MS, type RequestLogEntry } from '../../service/node.js';
import type { Settled } from '../../service/runner.js';
import { openProject } from '../../project/open-project.js';
import { describeStore } from '../../service/store/open.js';
import { single } from '../options.js';
import { EXIT, type Output } from '../output.js';
import { projectDir } from '../project.js';
import { listenForSignals } from '../signals.js';
import { emulatorSentSource, parseEmulatePort, startDevEmulator } from './dev-emulate.js';

/** cac's options of `relay dev`, unchecked. */
export interface DevOptions {
  dir?: unknown;
  port?: unknown;
  host?: unknown;
  /** `--allowed-host`, repeatable: cac hands over an array. */
  allowedHost?: unknown;
  quiet?: unknown;
  /** `--no-dashboard`: cac hands over `false`. */
  dashboard?: unknown;
  /** `--capture`, or `relay capture`: mark verified deliveries as captures. */
  capture?: unknown;
  /** `--emulate`: the emulated provider APIs beside the service, delivering to it. */
  emulate?: unknown;
  emulatePort?: unknown;
  /** `--store <spec>`: the store to serve instead of `RELAY_DATABASE_URL` or `.relay/relay.db`. */
  store?: unknown;
}

function parsePort(value: unknown, env: NodeJS.ProcessEnv): number {
  const raw = value ?? env.PORT ?? 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw)) || port > 65535) {
    throw new RelayError('USAGE', `--port must be a whole number from 0 to 65535, got "${String(raw)}".`);
  }
  return port;
}

/**
 * `--allowed-host` names, added to `RELAY_ALLOWED_HOSTS` (which the service reads only when no
 * names are passed to `listen`); `undefined` when the option is absent, so the service reads the env.
 */
function allowedHosts(value: unknown, env: NodeJS.ProcessEnv): string[] | undefined {
  if (value === undefined) return undefined;
  const names = (Array.isArray(value) ? value : [value]).map(String);
  for (const name of names) {
    // The service compares the Host header without its port, so a scheme or a port would never match.
    if (!/^(\*|[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])$/.test(name)) {
      throw new RelayError('USAGE', `--allowed-host takes a host name as clients send it in Host, without scheme or port (e.g. relay.test), got "${name}".`);
    }
  }
  const fromEnv = (env[ENV_NAMES.allowedHosts] ?? '').split(',').map((name) => name.trim());
  return [...fromEnv.filter(Boolean), ...names];
}

/** The one line `relay dev` prints when the server cannot start: why, and what to change. */
function startFailure(cause: NodeJS.ErrnoException, host: string, port: number): string {
  // The store could not open (no SQLite driver, unwritable, corrupt): its message names the cause and the fix.
  if (cause instanceof RelayError) return cause.message;
  switch (cause.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is in use. Stop the other process or pass --port <n>.`;
    case 'EACCES':
      return `no permission to listen on port ${port} of ${host}. Pass --port 1024 or above.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on --host ${host}: it is not an address of this machine (${cause.code}). Use 127.0.0.1 (the default), 0.0.0.0 for every interface, or one of its addresses.`;
    default:
      // listen() also opens the store and settles interrupted executions first: say "start", not "listen".
      return `could not start on ${host}:${port}: ${cause.message}`;
  }
}

/** `--store`: any spec `openStore` takes (`postgres://…`, `sqlite:<path>`, a path); `undefined` when absent. */
function storeOption(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new RelayError('USAGE', '--store takes a store: postgres://user:password@host:5432/database, sqlite:<path>, or a file path.');
  }
  return value;
}

/** `HH:MM:SS`, local time: a developer reads it against the clock on the wall. */
function clock(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * The log line of one answered request: time, method, provider (webhooks) or path, status, then the
 * execution id (with `duplicate` for a redelivery) or, for a non-2xx answer, the service's reason;
 * e.g. `14:03:07 POST stripe 200 exec_01JB… duplicate`.
 */
function requestLine(out: Output, entry: RequestLogEntry): string {
  const ok = isSuccessStatus(entry.status);
  const what = ok ? [entry.executionId, entry.deduplicated ? 'duplicate' : undefined, entry.captured ? 'captured' : undefined] : [entry.reason];
  const status = ok ? out.green(String(entry.status)) : out.red(String(entry.status));
  return [out.dim(clock(entry.at)), entry.method, entry.provider ?? entry.path, status, ...what].filter(Boolean).join(' ');
}

/** The line of a handler that failed: `14:03:08 exec_01JB… failed: SMTP server unreachable (stripe.charge.succeeded, attempt 1)`. */
function failureLine(out: Output, settled: Settled): string {
  const error = (settled.error ?? '').replace(/\s+/g, ' ').trim();
  const shown = error.length > 300 ? `${error.slice(0, 300)}…` : error;
  return `${out.dim(clock(new Date()))} ${settled.executionId} ${out.red('failed')}: ${shown} (${settled.eventType}, attempt ${settled.attempt})`;
}

/** Starts the service; resolves with the exit code once it has shut down on a signal (2 when it cannot start). */
export async function devCommand(out: Output, env: NodeJS.ProcessEnv, options: DevOptions): Promise<number> {
  const dir = projectDir(single('dir', options.dir));
  const port = parsePort(single('port', options.port), env);
  const host = String(single('host', options.host) ?? '127.0.0.1');
  const hosts = allowedHosts(options.allowedHost, env);
  // The default store is `.relay/relay.db` beside relay.ts.
  // The dashboard's Trigger form builds deliveries as `relay trigger` does.
  const deliveryBuilder: DeliveryBuilder = { build: buildDelivery, eventTypes: listEventTypes };
  const capture = options.capture === true;
  const emulatePort = options.emulate === true ? parseEmulatePort(single('emulate-port', options.emulatePort)) : undefined;
  // With --emulate, the dashboard's "Sent by the emulator" view reads the emulator started below.
  const sent = emulatePort !== undefined && options.dashboard !== false ? emulatorSentSource() : undefined;
  const dashboard = options.dashboard === false ? false : sent ? { sent: sent.source } : true;
  const store = storeOption(single('store', options.store));
  const { file, relay } = await openProject(dir, { dashboard, deliveryBuilder, ...(capture ? { capture } : {}), ...(store ? { store } : {}) });

  const onRequest = options.quiet === true ? undefined : (entry: RequestLogEntry) => out.line(requestLine(out, entry));
  // A 200 says a delivery was stored, not that its handler worked: a failure gets a line of its own
  // when it happens, even with --quiet.
  relay.onSettled((settled) => {
    if (settled.status === 'failed') out.line(failureLine(out, settled));
  });
  let listening;
  try {
    listening = await relay.listen({ port, host, ...(hosts ? { allowedHosts: hosts } : {}), ...(onRequest ? { onRequest } : {}) });
  } catch (cause) {
    await relay.close();
    // Could not start: like a usage error, nothing was served (exit 2).
    out.error(`relay dev: ${startFailure(cause as NodeJS.ErrnoException, host, port)}`);
    return EXIT.usage;
  }

  let emulation: Awaited<ReturnType<typeof startDevEmulator>> | undefined;
  if (emulatePort !== undefined) {
    try {
      emulation = await startDevEmulator(out, listening.url, relay.mounts(), emulatePort, host, sent);
    } catch (cause) {
      await relay.close();
      out.error(`relay dev: ${(cause as Error).message}`);
      return EXIT.usage;
    }
  }

  // From here to the exit, SIGINT and SIGTERM are ours: see listenForSignals.
  const signals = listenForSignals();
  out.line(`${out.bold('relay dev')} listening on ${listening.url}`);
  if (relay.dashboard) out.line(`  dashboard: ${listening.url}/`);
  out.line(out.dim(file ? `  service: ${file}` : `  no relay.ts in ${dir}: serving the built-in providers with no handlers`));
  if (typeof relay.store.describe === 'function') {
    out.line(out.dim(`  store:   ${describeStore(relay.store, { relativeTo: dir }).label}`));
    // Another relay dev (or service) on this store: each runs what it accepts; neither takes the other's work while it lives.
    const others = await relay.otherInstances().catch(() => []);
    if (others.length > 0) {
      const pids = others.map((other) => `pid ${other.pid}${other.host === os.hostname() ? '' : ` on ${other.host}`}`).join(', ');
      out.line(`  ${out.bold('note')}: another instance (${pids}) serves this store too; each runs the deliveries it accepts, and takes over the other's only once it stops`);
    }
  }
  for (const mount of relay.mounts()) {
    const secret =
      mount.secretEnv === null ? out.dim('verifies without a secret') : mount.secretConfigured ? out.green(`${mount.secretEnv} set`) : out.red(`${mount.secretEnv} not set`);
    out.line(`  POST ${listening.url}${mount.path}  ${secret}`);
  }
  if (capture) {
    out.line(
      `  ${out.bold('capturing')}: deliveries that verify with the secrets above are kept byte for byte as captures; ` +
        'list them with `relay captures`, save one with `relay fixture save <id> <file>`',
    );
  }
  for (const line of emulation?.lines ?? []) out.line(line);
  out.line(out.dim('Press Ctrl+C to stop.'));

  // A signal, or the store's file removed or replaced under the service: nothing can be stored any more.
  const reason = await Promise.race([signals.next(), relay.failed()]);
  if (reason instanceof Error) out.error(`relay dev: ${reason.message}`);
  else out.line(`relay dev: ${reason}, finishing requests in flight…`);
  const stopped = await stop(out, Promise.all([relay.close(), emulation?.emulator.close()]).then(() => undefined), signals);
  const code = reason instanceof Error ? EXIT.failed : stopped;
  // Whatever relay.ts left running (a timer, a client it opened) must not keep a stopped server's
  // process alive: the timer fires only if something still holds the event loop.
  setTimeout(() => process.exit(code), 250).unref();
  return code;
}

/**
 * How long `relay dev` waits, after a signal, for the service to close: the HTTP side force-closes its
 * connections after DEFAULT_SHUTDOWN_GRACE_MS (5 s); this bounds handlers that never return.
 */
const STOP_DEADLINE_MS = DEFAULT_SHUTDOWN_GRACE_MS + 1_000;

/** Waits for `closing`, or stops at once on a second signal or at the deadline; resolves with the exit code. */
async function stop(out: Output, closing: Promise<void>, signals: { next(): Promise<NodeJS.Signals> }): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), STOP_DEADLINE_MS)));
  const outcome = await Promise.race([closing.then(() => 'closed' as const), deadline, signals.next()]).finally(() => clearTimeout(timer));
  if (outcome === 'closed') {
    out.line('relay dev: stopped.');
    return EXIT.ok;
  }
  const why = outcome === 'deadline' ? `after ${STOP_DEADLINE_MS / 1000} s` : `on a second ${outcome}`;
  out.error(
    `relay dev: stopped ${why} without waiting for the handlers still running; their executions stay "running" ` +
      'until the next start marks them interrupted, and `relay replay <id>` or a retry runs them again.',
  );
  return EXIT.failed;
}
