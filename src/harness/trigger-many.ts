/**
 * `triggerMany`: a small load run. Distinct signed deliveries sent a few at a time, counted by status,
 * with latency percentiles; what `relay trigger --count` prints.
 */
import type { EventData, KnownEventType } from '../providers/index.js';
import { isSuccessStatus, RelayError } from '../core/index.js';
import { buildDelivery, type Delivery } from './build-delivery.js';
import { errorDetail, resolveRoute } from './targets.js';
import { deliver, type TriggerOptions } from './trigger.js';

/** Options of `triggerMany`: those of `triggerWebhook`, and how many to send. */
export interface TriggerManyOptions<D = Record<string, unknown>> extends TriggerOptions<D> {
  /** How many distinct deliveries to send. With `seed`, the nth is built from `seed + n`, so a run is reproducible. */
  count: number;
  /** Deliveries in flight at once. Default 1. */
  concurrency?: number;
  /** Called each time a delivery is answered (or fails), with how many are done so far. */
  onProgress?: (done: number, count: number) => void;
}

/** What a `triggerMany` run saw. */
export interface TriggerManyResult {
  /** The first delivery (the others differ in ids, payload and signature). */
  readonly first: Delivery;
  readonly count: number;
  readonly concurrency: number;
  /** Deliveries sent, answered or not: fewer than `count` when the target went away. */
  readonly sent: number;
  /** How many answers had each status (keys ascend). */
  readonly statuses: Readonly<Record<number, number>>;
  /** Deliveries the target did not answer, because it could not be reached. */
  readonly unreachable: number;
  /** The answered deliveries' latencies in milliseconds, ascending. */
  readonly latenciesMs: readonly number[];
  /** Nearest-rank percentiles of `latenciesMs` and its maximum; `NaN` when none was answered. */
  readonly latencyMs: { readonly p50: number; readonly p90: number; readonly p99: number; readonly max: number };
  /** From the first send to the last answer. */
  readonly durationMs: number;
  /** Each distinct reason a relaykit service gave for a non-2xx answer (`X-Relay-Error-Detail`), once, as first seen. */
  readonly reasons: readonly string[];
  /** Whether every answer was 2xx and the target was reached throughout. */
  readonly ok: boolean;
  /** The `UNREACHABLE` error that stopped the run, when the target went away. */
  readonly error?: RelayError;
}

/** `p` (0–100) of `sorted` (ascending), by the nearest-rank method; `NaN` when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const isUnreachable = (error: unknown): error is RelayError => error instanceof RelayError && error.code === 'UNREACHABLE';

function checkCount(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new RelayError('INVALID_OPTION', `${name} must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

/**
 * Sends `count` distinct, correctly signed deliveries to `target`, `concurrency` at a time, and
 * counts the answers. A target that goes away stops the run: the result counts what was not
 * answered as `unreachable` and holds the error; any other error rejects.
 * @example
 * const run = await triggerMany('stripe', 'charge.succeeded', { target: 'http://localhost:3000', count: 200, concurrency: 8 });
 * run.statuses; // { 200: 200 }
 * run.latencyMs.p99; // e.g. 4.2
 */
export async function triggerMany<P extends string, T extends KnownEventType<P> | (string & {})>(
  provider: P,
  eventType: T,
  options: TriggerManyOptions<EventData<P, T>>,
): Promise<TriggerManyResult> {
  const { target, path, to, count: countOption, concurrency: concurrencyOption = 1, onProgress, ...build } = options;
  const count = checkCount('count', countOption);
  const concurrency = Math.min(checkCount('concurrency', concurrencyOption), count);
  const route = { target, path, to };
  resolveRoute(route);
  const buildNth = (index: number) => buildDelivery(provider, eventType, { ...build, seed: build.seed === undefined ? undefined : build.seed + index });
  // Built first: a mistake in the input throws before anything is sent.
  const first = await buildNth(0);
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const reasons = new Set<string>();
  let unreachable = 0;
  let next = 0;
  let sent = 0;
  let stop: unknown;
  const started = performance.now();
  const worker = async () => {
    while (stop === undefined && next < count) {
      const index = next++;
      try {
        const delivery = index === 0 ? first : await buildNth(index);
        const sentAt = performance.now();
        const result = await deliver(delivery, route);
        latencies.push(performance.now() - sentAt);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        const reason = errorDetail(result);
        if (reason !== undefined) reasons.add(reason);
      } catch (error) {
        // A service that is gone stays gone: stop sending, and report what came back.
        if (isUnreachable(error)) unreachable += 1;
        stop ??= error;
      }
      sent += 1;
      onProgress?.(sent, count);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const durationMs = performance.now() - started;
  if (stop !== undefined && !isUnreachable(stop)) throw stop;

  const sorted = latencies.sort((a, b) => a - b);
  const [p50, p90, p99] = [50, 90, 99].map((q) => percentile(sorted, q)) as [number, number, number];
  const byStatus = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
  return {
    first,
    count,
    concurrency,
    sent,
    statuses: byStatus,
    unreachable,
    latenciesMs: sorted,
    latencyMs: { p50, p90, p99, max: sorted.at(-1) ?? Number.NaN },
    durationMs,
    reasons: [...reasons],
    ok: stop === undefined && [...statuses.keys()].every(isSuccessStatus),
    ...(stop !== undefined ? { error: stop as RelayError } : {}),
  };
}
