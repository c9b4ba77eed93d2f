/** `relay dev`: serves the user's relay.ts (or the built-ins) until SIGINT or SIGTERM. */
import path from 'node:path';
import type { Relay } from '../../service/relay.js';
import { findRelayFile, loadRelayFile } from '../load-relay.js';
import { EXIT, UsageError, type Output } from '../output.js';

export interface DevOptions {
  dir?: string;
  port?: string | number;
  host?: string;
}

function parsePort(value: string | number | undefined, env: NodeJS.ProcessEnv): number {
  const raw = value ?? env.PORT ?? 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(String(raw)) || port > 65535) {
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${String(raw)}".`);
  }
  return port;
}

/** Starts the service; resolves with the exit code once it has shut down on a signal. */
export async function devCommand(out: Output, env: NodeJS.ProcessEnv, options: DevOptions): Promise<number> {
  const dir = path.resolve(options.dir ?? '.');
  const port = parsePort(options.port, env);
  const host = options.host ?? '127.0.0.1';
  const file = findRelayFile(dir);
  // The default store is `.relay/relay.db` beside relay.ts: resolve it from `dir`.
  process.chdir(dir);
  let relay: Relay;
  if (file) relay = await loadRelayFile(file);
  else {
    const { createRelay } = await import('../../service/relay.js');
    relay = createRelay();
  }

  let listening;
  try {
    listening = await relay.listen({ port, host });
  } catch (cause) {
    await relay.close();
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      out.error(`relay dev: port ${port} on ${host} is in use. Stop the other process or pass --port <n>.`);
      return EXIT.failed;
    }
    throw cause;
  }

  out.line(`${out.bold('relay dev')} listening on ${listening.url}`);
  out.line(out.dim(file ? `  service: ${file}` : `  no relay.ts in ${dir}: serving the built-in providers with no handlers`));
  const store = relay.store as { path?: string };
  if (store.path) out.line(out.dim(`  store:   ${store.path}`));
  for (const mount of relay.mounts()) {
    const secret =
      mount.secretEnv === null ? out.dim('verifies without a secret') : mount.secretConfigured ? out.green(`${mount.secretEnv} set`) : out.red(`${mount.secretEnv} not set`);
    out.line(`  POST ${listening.url}${mount.path}  ${secret}`);
  }
  out.line(out.dim('Press Ctrl+C to stop.'));

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  out.line(`relay dev: ${signal}, finishing requests in flight…`);
  await relay.close();
  out.line('relay dev: stopped.');
  return EXIT.ok;
}
