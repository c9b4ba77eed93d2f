/**
 * `relay flows [provider]` lists the flows; `relay flow <provider> <name>` sends one through the
 * harness's `triggerFlow`, printing one `[relay flow]` line per attempt and a summary.
 */
import { isSuccessStatus, mountPath, RelayError } from '../../core/index.js';
import { FLOW_ORDERS, joinUrl, listFlows, retryRules, triggerFlow, type FlowAttempt, type FlowOrder, type FlowSend } from '../../harness/index.js';
import { builtInProviders, getProvider } from '../../providers/index.js';
import { formatCounts, formatMs } from '../format.js';
import { parseTimestampOption, single, wholeNumber } from '../options.js';
import { baseUrl, pathOption, toUrlOption } from '../route-options.js';
import { EXIT, type Output } from '../output.js';

/** Prints each provider's flows (name, events, description), or one provider's, or JSON. */
export function flowsCommand(out: Output, provider: string | undefined, options: { json?: boolean }): number {
  const ids = provider === undefined ? builtInProviders.map((p) => p.id) : [getProvider(provider).id];
  if (options.json) {
    out.line(JSON.stringify(ids.flatMap((id) => listFlows(id)), null, 2));
    return EXIT.ok;
  }
  ids.forEach((id, i) => {
    if (i > 0) out.line();
    const flows = listFlows(id);
    out.line(out.bold(`${id} (${flows.length})`));
    for (const flow of flows) {
      out.line(`  ${flow.name.padEnd(24)} ${flow.description}`);
      out.line(out.dim(`  ${''.padEnd(24)} ${flow.eventTypes.join(' → ')}`));
    }
  });
  return EXIT.ok;
}

/** cac's options of `relay flow`, unchecked. */
export interface FlowCliOptions {
  forward?: unknown;
  /** `--to <url>`: post every delivery to exactly this URL. */
  to?: unknown;
  /** `--path <path>`: the route on the base URL. */
  path?: unknown;
  seed?: unknown;
  timestamp?: unknown;
  order?: unknown;
  duplicates?: unknown;
  retries?: unknown;
  timeScale?: unknown;
  json?: unknown;
}

const PREFIX = '[relay flow]';

function checkOrder(value: unknown): FlowOrder {
  const order = single('order', value ?? 'provider');
  if (!FLOW_ORDERS.includes(order as FlowOrder)) {
    throw new RelayError('USAGE', `--order must be one of ${FLOW_ORDERS.join(', ')}, got ${JSON.stringify(String(order))}.`);
  }
  return order as FlowOrder;
}

function checkTimeScale(value: unknown): number {
  const scale = Number(single('time-scale', value ?? 1));
  if (!Number.isFinite(scale) || scale < 0) throw new RelayError('USAGE', `--time-scale must be a number from 0 up (0.001 = a thousand times faster), got ${JSON.stringify(String(value))}.`);
  return scale;
}

/** The nominal offset of a retry, as people read it: `+5 s`, `+30 min`, `+2 h`. */
function offset(ms: number): string {
  if (ms < 60_000) return `+${ms / 1000} s`;
  if (ms < 3_600_000) return `+${Math.round(ms / 60_000)} min`;
  return `+${Math.round((ms / 3_600_000) * 10) / 10} h`;
}

function attemptLine(out: Output, n: number, send: FlowSend, attempt: FlowAttempt): string {
  const status = attempt.status === null ? out.red(attempt.timedOut ? 'timeout' : 'unreachable') : isSuccessStatus(attempt.status) ? out.green(String(attempt.status)) : out.red(String(attempt.status));
  const notes = [send.copy === 'duplicate' ? 'duplicate' : '', attempt.attempt > 1 ? `retry ${attempt.attempt - 1} at ${offset(attempt.offsetMs)}` : ''].filter(Boolean);
  return `${PREFIX} ${String(n).padStart(3)} #${send.index + 1} ${send.eventType} ${out.dim(send.deliveryId)}${notes.length ? ` (${notes.join(', ')})` : ''} ${status} ${formatMs(Math.round(attempt.durationMs * 10) / 10)}`;
}

/**
 * Runs `relay flow`; resolves to the exit code: 0 when every send was accepted (at the last attempt), 1 otherwise.
 * @example
 * await flowCommand(out, env, 'stripe', 'checkout-subscription', { order: 'shuffled', duplicates: 2 });
 */
export async function flowCommand(out: Output, env: NodeJS.ProcessEnv, provider: string, name: string, options: FlowCliOptions): Promise<number> {
  const plugin = getProvider(String(provider));
  const base = baseUrl(single('forward', options.forward), env);
  const order = checkOrder(options.order);
  const duplicates = options.duplicates === undefined ? 0 : wholeNumber('duplicates', single('duplicates', options.duplicates), 0, 10_000);
  const seed = options.seed === undefined ? undefined : wholeNumber('seed', single('seed', options.seed), 0, Number.MAX_SAFE_INTEGER);
  const timestamp = options.timestamp === undefined ? undefined : parseTimestampOption(single('timestamp', options.timestamp));
  const timeScale = checkTimeScale(options.timeScale);
  const json = options.json === true;
  const to = toUrlOption(options.to);
  const path = pathOption(options.path, to);
  const url = to ?? joinUrl(base, path ?? mountPath(plugin.id));
  if (options.retries === true && timeScale === 1 && retryRules[plugin.id]!.delays.length > 0) {
    out.error(`relay flow: --retries waits as ${plugin.name} does, in real time (hours between attempts); --time-scale 0.001 compresses the waits, 0 skips them`);
  }
  let n = 0;
  if (!json) out.line(`${PREFIX} POST ${url}  ${plugin.id} ${name}, order ${order}${duplicates ? `, ${duplicates} duplicates` : ''}${options.retries ? ', retries' : ''}`);
  const run = await triggerFlow(plugin.id, String(name), {
    ...(to === undefined ? { target: base, path } : { to }),
    env,
    order,
    duplicates,
    retries: options.retries === true,
    timeScale,
    ...(seed !== undefined ? { seed } : {}),
    ...(timestamp !== undefined ? { timestamp } : {}),
    onAttempt: (send, attempt) => {
      n += 1;
      if (!json) out.line(attemptLine(out, n, send, attempt));
    },
  });
  const statuses = new Map<string, number>();
  for (const attempt of run.results.flatMap((r) => r.attempts)) {
    const key = attempt.status === null ? (attempt.timedOut ? 'timeout' : 'unreachable') : String(attempt.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  if (json) {
    const results = run.results.map(({ index, eventType, deliveryId, copy, ok, attempts }) => ({
      index,
      eventType,
      deliveryId,
      copy,
      ok,
      attempts: attempts.map(({ attempt, offsetMs, status, durationMs, timedOut }) => ({ attempt, offsetMs, status, durationMs: Math.round(durationMs * 100) / 100, timedOut })),
    }));
    out.line(JSON.stringify({ url, provider: run.provider, flow: run.flow, seed: run.seed, order, ok: run.ok, ...(run.retryRule ? { retryRule: run.retryRule } : {}), results }, null, 2));
  } else {
    const accepted = run.results.filter((r) => r.ok).length;
    out.line(
      `${PREFIX} ${run.results.length} sends of ${run.deliveries.length} deliveries, ${n} attempts: ` +
        `${formatCounts(statuses, (key, text) => (/^2/.test(key) ? out.green(text) : out.red(text)))}; ${accepted}/${run.results.length} accepted; seed ${run.seed}`,
    );
    if (run.retryRule) out.line(`${PREFIX} retries: ${run.retryRule}`);
  }
  return run.ok ? EXIT.ok : EXIT.failed;
}
