/**
 * `relay trigger <provider> <eventType>`: the harness builds and signs a delivery, this command POSTs
 * it to `<base>/api/webhook/<provider>` (or prints it) and prints the answer. Also `--repeat` (the same
 * bytes again, for deduplication) and `--count` (distinct deliveries, with a latency summary).
 */
import { closestMatches, RelayError } from '../../core/index.js';
import { buildDelivery, type Delivery } from '../../harness/build-delivery.js';
import { joinUrl, type TargetResponse } from '../../harness/targets.js';
import { deliver } from '../../harness/trigger.js';
import { builtInProviderIds, getProvider, isBuiltInProvider, resolveEventType, type BuiltInProvider } from '../../providers/index.js';
import { bodyValue, formatBody, formatCounts, formatMs, formatRequest, percentile } from '../format.js';
import { baseUrl, parseDataOption, parseHeaderOptions, parseTimestampOption, single, wholeNumber } from '../options.js';
import { EXIT, type Output } from '../output.js';

/** cac's options of `relay trigger`, unchecked. */
export interface TriggerCliOptions {
  /** `--data`'s text exactly as typed (see `rawOptionTexts`). */
  data?: string | undefined;
  /** `-H, --header` texts exactly as typed. */
  header?: readonly string[];
  forward?: unknown;
  seed?: unknown;
  timestamp?: unknown;
  print?: unknown;
  json?: unknown;
  repeat?: unknown;
  count?: unknown;
  concurrency?: unknown;
}

/** The checked options. */
interface Plan {
  readonly provider: BuiltInProvider;
  readonly eventType: string;
  /** Base URL of the service. */
  readonly base: string;
  readonly secret: string;
  /** `--print` without the provider's secret env var: signed with a fresh secret, which the user is told. */
  readonly throwawaySecret: boolean;
  readonly data: Record<string, unknown> | undefined;
  readonly seed: number | undefined;
  readonly timestamp: number | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly print: boolean;
  readonly json: boolean;
  readonly repeat: number;
  readonly count: number | undefined;
  readonly concurrency: number;
}

const PREFIX = '[relay trigger]';

function checkCombinations(options: TriggerCliOptions): void {
  const given = (name: keyof TriggerCliOptions) => options[name] !== undefined && options[name] !== false;
  if (given('print') && (given('repeat') || given('count'))) throw new RelayError('USAGE', '--print sends nothing, so it cannot be combined with --repeat or --count.');
  if (given('repeat') && given('count')) {
    throw new RelayError('USAGE', '--repeat sends one delivery several times, --count sends distinct deliveries: give one of them.');
  }
  if (given('concurrency') && !given('count')) throw new RelayError('USAGE', '--concurrency applies to --count <n>; give both.');
}

/** Why a custom plugin's id cannot be triggered, when relay.ts in the working directory mounts one with that id. */
async function customPluginMessage(id: string, eventType: string, data: Record<string, unknown> | undefined, base: string): Promise<string | undefined> {
  const { findRelayFile, loadRelayFile } = await import('../load-relay.js');
  const file = findRelayFile(process.cwd());
  if (!file) return undefined;
  try {
    const relay = await loadRelayFile(file);
    const plugin = relay.plugins.get(id);
    await relay.close();
    if (!plugin || isBuiltInProvider(plugin)) return undefined;
  } catch {
    return undefined;
  }
  const body = JSON.stringify({ type: eventType, data: data ?? {} }).replaceAll("'", "'\\''");
  return (
    `"${id}" is a custom plugin (mounted by ${file}); relay trigger builds and signs deliveries for the built-in providers only ` +
    `(${builtInProviderIds.join(', ')}). Exercise a custom plugin by POSTing {"type": string, "data": object} to its mount path: ` +
    `curl -X POST ${joinUrl(base, `/api/webhook/${id}`)} -H 'content-type: application/json' -d '${body}'`
  );
}

async function resolveProvider(id: string, eventType: string, data: Record<string, unknown> | undefined, base: string): Promise<BuiltInProvider> {
  try {
    return getProvider(id);
  } catch (error) {
    if (!(error instanceof RelayError) || error.code !== 'UNKNOWN_PROVIDER') throw error;
    const custom = await customPluginMessage(id, eventType, data, base);
    if (custom) throw new RelayError('NOT_TRIGGERABLE', custom);
    if (error.message.includes('Did you mean')) throw error;
    throw new RelayError(
      'UNKNOWN_PROVIDER',
      `${error.message} relay trigger works with these only; a custom plugin is exercised by POSTing {"type": string, "data": object} to its mount path.`,
    );
  }
}

/**
 * The secret to sign with: the provider's env var. `--print` sends nothing, so there it is not
 * demanded: a throwaway secret (the provider's own format) signs when the variable is unset.
 */
function signingSecret(provider: BuiltInProvider, env: NodeJS.ProcessEnv, print: boolean): { secret: string; throwaway: boolean } {
  const secret = env[provider.secretEnv];
  if (secret) return { secret, throwaway: false };
  if (print) return { secret: provider.generateSecret(), throwaway: true };
  throw new RelayError(
    'USAGE',
    `${provider.secretEnv} is not set. Set it to the secret your service verifies ${provider.name} webhooks with ` +
      `(relay dev must see the same value), e.g. export ${provider.secretEnv}=${provider.generateSecret()}`,
  );
}

async function plan(providerId: string, eventType: string, options: TriggerCliOptions, env: NodeJS.ProcessEnv): Promise<Plan> {
  checkCombinations(options);
  const data = options.data === undefined ? undefined : parseDataOption(options.data);
  const seed = options.seed === undefined ? undefined : wholeNumber('seed', single('seed', options.seed), 0, Number.MAX_SAFE_INTEGER);
  const timestamp = options.timestamp === undefined ? undefined : parseTimestampOption(single('timestamp', options.timestamp));
  const headers = parseHeaderOptions(options.header ?? []);
  const repeat = options.repeat === undefined ? 1 : wholeNumber('repeat', single('repeat', options.repeat), 1, 10_000);
  const count = options.count === undefined ? undefined : wholeNumber('count', single('count', options.count), 1, 1_000_000);
  const concurrency = options.concurrency === undefined ? 1 : wholeNumber('concurrency', single('concurrency', options.concurrency), 1, 1_000);
  const base = baseUrl(single('forward', options.forward), env);
  const provider = await resolveProvider(String(providerId), String(eventType), data, base);
  // The event type before the secret, so that a typo shows on the first try, not once the secret is set.
  resolveEventType(provider, String(eventType));
  const print = options.print === true;
  const { secret, throwaway } = signingSecret(provider, env, print);
  return {
    provider,
    eventType: String(eventType),
    base,
    secret,
    throwawaySecret: throwaway,
    data,
    seed,
    timestamp,
    headers,
    print,
    json: options.json === true,
    repeat,
    count,
    concurrency: Math.min(concurrency, count ?? 1),
  };
}

/** The `index`th delivery of the plan: with `--seed`, seed + index, so a run is reproducible. */
function build(p: Plan, index: number): Promise<Delivery> {
  return buildDelivery(p.provider.id, p.eventType, {
    secret: p.secret,
    data: p.data,
    seed: p.seed === undefined ? undefined : p.seed + index,
    timestamp: p.timestamp,
    headers: p.headers,
  });
}

function printDelivery(out: Output, p: Plan, delivery: Delivery, url: string): number {
  if (p.json) {
    const { provider, eventType, deliveryId, seed, method, headers, body } = delivery;
    out.line(JSON.stringify({ method, url, headers, body, provider, eventType, deliveryId, seed, timestamp: new Date(delivery.timestamp).toISOString() }, null, 2));
  } else {
    out.line(formatRequest(delivery.method, url, delivery.headers, delivery.body));
  }
  return EXIT.ok;
}

const ok = (status: number) => status >= 200 && status < 300;

/**
 * The service's reason for a non-2xx answer: relaykit's service names it in `X-Relay-Error-Detail`
 * (e.g. which header is missing, or how old the timestamp is) where the body keeps the spec's
 * one-phrase `{"error": "Invalid webhook signature"}`.
 */
function reasonOf(result: TargetResponse): string | undefined {
  return ok(result.status) ? undefined : result.headers['x-relay-error-detail'] || undefined;
}

/** The reason on a line of its own on stderr, beside the spec's stdout lines. */
function printReason(out: Output, reason: string | undefined): void {
  if (reason !== undefined) out.error(`  reason: ${reason}`);
}

/** Sends the same delivery `p.repeat` times, one after the other, printing each answer. */
async function sendRepeated(out: Output, p: Plan, delivery: Delivery, url: string): Promise<number> {
  const responses: { status: number; body: unknown }[] = [];
  let exit: number = EXIT.ok;
  for (let i = 0; i < p.repeat; i++) {
    if (!p.json) out.line(`${PREFIX} POST ${url}`);
    const result = await deliver(delivery, { target: p.base });
    if (!ok(result.status)) exit = EXIT.failed;
    if (p.json) {
      responses.push({ status: result.status, body: bodyValue(result) });
    } else {
      out.line(`${PREFIX} ${ok(result.status) ? out.green(String(result.status)) : out.red(String(result.status))}`);
      const body = formatBody(result);
      if (body !== '') out.line(body);
    }
    printReason(out, reasonOf(result));
  }
  if (p.json) {
    const about = { provider: delivery.provider, eventType: delivery.eventType, deliveryId: delivery.deliveryId, seed: delivery.seed };
    out.line(JSON.stringify(p.repeat === 1 ? { url, ...responses[0], ...about } : { url, ...about, responses }, null, 2));
  }
  return exit;
}

/** Sends `p.count` distinct deliveries, `p.concurrency` at a time, then prints statuses and latency percentiles. */
async function sendMany(out: Output, p: Plan, first: Delivery, url: string): Promise<number> {
  const count = p.count!;
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  // Each distinct reason once, after the summary: 200 identical lines would hide the figures.
  const reasons = new Set<string>();
  let unreachable = 0;
  let next = 0;
  let done = 0;
  let stop: unknown;
  let lastProgress = 0;
  if (!p.json) out.line(`${PREFIX} POST ${url} ×${count}, concurrency ${p.concurrency}`);
  const started = performance.now();
  const worker = async () => {
    while (stop === undefined && next < count) {
      const index = next++;
      try {
        const delivery = index === 0 ? first : await build(p, index);
        const sentAt = performance.now();
        const result = await deliver(delivery, { target: p.base });
        latencies.push(performance.now() - sentAt);
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        const reason = reasonOf(result);
        if (reason !== undefined) reasons.add(reason);
      } catch (error) {
        // A service that is gone stays gone: stop sending, report what came back, then the error.
        if (error instanceof RelayError && error.code === 'UNREACHABLE') unreachable += 1;
        stop ??= error;
      }
      done += 1;
      if (performance.now() - lastProgress > 100) {
        lastProgress = performance.now();
        out.progress(`${PREFIX} ${done}/${count} sent`);
      }
    }
  };
  await Promise.all(Array.from({ length: p.concurrency }, worker));
  out.progress('');
  const elapsed = performance.now() - started;
  if (stop !== undefined && !(stop instanceof RelayError && stop.code === 'UNREACHABLE')) throw stop;

  const sortedStatuses = [...statuses].sort(([a], [b]) => a - b);
  const sorted = latencies.sort((a, b) => a - b);
  const [p50, p90, p99] = [50, 90, 99].map((q) => percentile(sorted, q));
  if (p.json) {
    const round = (ms: number) => (Number.isNaN(ms) ? null : Math.round(ms * 100) / 100);
    out.line(
      JSON.stringify(
        {
          url,
          provider: first.provider,
          eventType: first.eventType,
          count,
          concurrency: p.concurrency,
          sent: done,
          statuses: Object.fromEntries(sortedStatuses.map(([status, n]) => [String(status), n])),
          unreachable,
          latencyMs: { p50: round(p50!), p90: round(p90!), p99: round(p99!), max: round(sorted.at(-1) ?? Number.NaN) },
          durationMs: round(elapsed),
        },
        null,
        2,
      ),
    );
  } else {
    const counts = new Map<string, number>(sortedStatuses.map(([status, n]) => [String(status), n]));
    if (unreachable > 0) counts.set('unreachable', unreachable);
    out.line(`${PREFIX} ${formatCounts(counts, (key, text) => (ok(Number(key)) ? out.green(text) : out.red(text)))}`);
    if (sorted.length > 0) {
      const rate = (sorted.length / elapsed) * 1000;
      out.line(
        `${PREFIX} latency p50 ${formatMs(p50!)}, p90 ${formatMs(p90!)}, p99 ${formatMs(p99!)}; ` +
          `${done} in ${formatMs(elapsed)} (${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s)`,
      );
    }
  }
  for (const reason of reasons) printReason(out, reason);
  if (stop !== undefined) throw stop;
  return sortedStatuses.every(([status]) => ok(status)) ? EXIT.ok : EXIT.failed;
}

/**
 * Runs `relay trigger`; resolves to the exit code. Input errors throw before anything is sent.
 * @example
 * await triggerCommand(out, env, 'stripe', 'payment_intent.succeeded', { forward: 'http://localhost:4000' });
 */
export async function triggerCommand(out: Output, env: NodeJS.ProcessEnv, provider: string, eventType: string, options: TriggerCliOptions): Promise<number> {
  const p = await plan(provider, eventType, options, env);
  if (p.throwawaySecret) out.error(`relay trigger: ${p.provider.secretEnv} is not set; signed with a throwaway secret (--print sends nothing)`);
  const first = await build(p, 0);
  if (!p.provider.catalog.eventTypes.includes(first.eventType)) {
    // Stripe builds any well-formed `<resource>.<verb>`: a typo would pass silently.
    const close = closestMatches(first.eventType, p.provider.catalog.eventTypes);
    out.error(
      `relay trigger: note: ${first.eventType} is not in the ${p.provider.name} catalog, so its payload is generic.` +
        (close.length > 0 ? ` Close matches: ${close.join(', ')}.` : ''),
    );
  }
  const url = joinUrl(p.base, first.path);
  if (p.print) return printDelivery(out, p, first, url);
  if (p.count !== undefined) return sendMany(out, p, first, url);
  return sendRepeated(out, p, first, url);
}
