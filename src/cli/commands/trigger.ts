/**
 * `relay trigger <provider> <eventType>`: the harness builds and signs a delivery, this command POSTs
 * it to `<base>/api/webhook/<provider>` (or prints it) and prints the answer. Also `--repeat` (the same
 * bytes again, for deduplication) and `--count` (distinct deliveries through the harness's
 * `triggerMany`, with a latency summary). It calls the harness and formats: each delivery is built once,
 * by one harness call, and no project is opened (the five built-ins are all it sends).
 */
import { isSuccessStatus, mountPath, RelayError } from '../../core/index.js';
import { buildDelivery, deliver, errorDetail, joinUrl, triggerMany, type BuildDeliveryOptions, type Delivery } from '../../harness/index.js';
import { builtInProviders, getProvider } from '../../providers/index.js';
import { bodyValue, formatBody, formatCounts, formatMs, formatRequest } from '../format.js';
import { parseDataOption, parseHeaderOptions, parseTimestampOption, single, wholeNumber } from '../options.js';
import { baseUrl, pathOption, toUrlOption } from '../route-options.js';
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
  allowUnknownType?: unknown;
  /** `--app`: a GitHub App delivery. */
  app?: unknown;
  /** `--fixture <file>`: send a saved fixture, signed again. */
  fixture?: unknown;
  /** `--keep-ids`: with `--fixture`, keep its delivery ids. */
  keepIds?: unknown;
  /** `--to <url>`: post to exactly this URL. */
  to?: unknown;
  /** `--path <path>`: the route on the base URL. */
  path?: unknown;
}

/** The checked options; the provider, the event type and the secret are the harness's to check. */
interface Plan {
  /** Base URL of the service. */
  readonly base: string;
  /** What `buildDelivery` is given: `--data`, `--seed`, `--timestamp`, `-H`, `--allow-unknown-type`, and the env holding the secret. */
  readonly build: BuildDeliveryOptions & { readonly env: NodeJS.ProcessEnv };
  readonly print: boolean;
  readonly json: boolean;
  readonly repeat: number;
  readonly count: number | undefined;
  readonly concurrency: number;
  /** `--fixture`'s file, with `--keep-ids`. */
  readonly fixture?: { readonly file: string; readonly keepIds: boolean };
  /** `--to`: the exact URL deliveries go to, instead of `<base>/api/webhook/<provider>`. */
  readonly to?: string;
  /** `--path`: the route on the base URL deliveries go to, instead of `/api/webhook/<provider>`. */
  readonly path?: string;
}

const PREFIX = '[relay trigger]';

function checkCombinations(options: TriggerCliOptions): void {
  const given = (name: keyof TriggerCliOptions) => options[name] !== undefined && options[name] !== false;
  if (given('print') && (given('repeat') || given('count'))) throw new RelayError('USAGE', '--print sends nothing, so it cannot be combined with --repeat or --count.');
  if (given('repeat') && given('count')) {
    throw new RelayError('USAGE', '--repeat sends one delivery several times, --count sends distinct deliveries: give one of them.');
  }
  if (given('concurrency') && !given('count')) throw new RelayError('USAGE', '--concurrency applies to --count <n>; give both.');
  if (given('to') && given('forward')) {
    throw new RelayError('USAGE', '--to is the exact URL to post to, --forward the base URL of a relaykit service (…/api/webhook/<provider> is added): give one of them.');
  }
  if (given('keepIds') && !given('fixture')) throw new RelayError('USAGE', '--keep-ids applies to --fixture <file>; give both.');
  if (given('fixture')) {
    const clash = (['data', 'seed', 'count', 'allowUnknownType'] as const).find((name) => given(name));
    if (clash !== undefined) {
      const flag = clash === 'allowUnknownType' ? 'allow-unknown-type' : clash;
      throw new RelayError('USAGE', `--fixture sends the fixture's own body, so it cannot be combined with --${flag}.`);
    }
  }
}

function plan(options: TriggerCliOptions, env: NodeJS.ProcessEnv): Plan {
  checkCombinations(options);
  const data = options.data === undefined ? undefined : parseDataOption(options.data);
  const seed = options.seed === undefined ? undefined : wholeNumber('seed', single('seed', options.seed), 0, Number.MAX_SAFE_INTEGER);
  const timestamp = options.timestamp === undefined ? undefined : parseTimestampOption(single('timestamp', options.timestamp));
  const headers = parseHeaderOptions(options.header ?? []);
  const repeat = options.repeat === undefined ? 1 : wholeNumber('repeat', single('repeat', options.repeat), 1, 10_000);
  const count = options.count === undefined ? undefined : wholeNumber('count', single('count', options.count), 1, 1_000_000);
  const concurrency = options.concurrency === undefined ? 1 : wholeNumber('concurrency', single('concurrency', options.concurrency), 1, 1_000);
  return {
    base: baseUrl(single('forward', options.forward), env),
    build: {
      data,
      seed,
      timestamp,
      headers,
      env,
      ...(options.allowUnknownType === true ? { allowUnknownType: true } : {}),
      ...(options.app === true ? { app: true } : {}),
    },
    print: options.print === true,
    json: options.json === true,
    repeat,
    count,
    concurrency: Math.min(concurrency, count ?? 1),
    ...fixtureAndTo(options),
  };
}

/** `--fixture` (with `--keep-ids`), `--to` and `--path`, checked. */
function fixtureAndTo(options: TriggerCliOptions): Pick<Plan, 'fixture' | 'to' | 'path'> {
  const to = toUrlOption(options.to);
  const path = pathOption(options.path, to);
  const fixture = single('fixture', options.fixture);
  if (fixture !== undefined && (typeof fixture !== 'string' || fixture === '')) throw new RelayError('USAGE', '--fixture takes the path of a fixture file (relay fixture save <id> <file>).');
  return {
    ...(to !== undefined ? { to } : {}),
    ...(path !== undefined ? { path } : {}),
    ...(typeof fixture === 'string' ? { fixture: { file: fixture, keepIds: options.keepIds === true } } : {}),
  };
}

/**
 * What the harness reads the secret from. `--print` sends nothing, so there the secret is not demanded:
 * each built-in whose variable is unset gets a throwaway secret (the provider's own format), and
 * `throwawayNotice` tells the user which one signed. One build either way, nothing built twice.
 */
function secretEnv(p: Plan): NodeJS.ProcessEnv {
  const { env } = p.build;
  if (!p.print) return env;
  const throwaway = builtInProviders.filter((provider) => !env[provider.secretEnv]).map((provider) => [provider.secretEnv, provider.generateSecret()]);
  return { ...env, ...Object.fromEntries(throwaway) };
}

/** The one stderr line of a `--print` delivery signed with a throwaway secret (see `secretEnv`). */
function throwawayNotice(out: Output, p: Plan, delivery: Delivery): void {
  const name = getProvider(delivery.provider).secretEnv;
  if (p.print && !p.build.env[name]) out.error(`relay trigger: ${name} is not set; signed with a throwaway secret (--print sends nothing)`);
}

/**
 * The harness's `UNKNOWN_PROVIDER` (which names the built-ins), told the CLI's way: a typo keeps its "Did you
 * mean"; any other id (a custom plugin's, say) is told the ways to deliver it that this command is not.
 */
function unknownProvider(error: RelayError): RelayError {
  if (error.message.includes('Did you mean')) return error;
  return new RelayError(
    'UNKNOWN_PROVIDER',
    `${error.message} relay trigger sends these only; a custom plugin defined in relay.ts is delivered with triggerWebhook from relaykit ` +
      `(its slice registered with registerProvider from relaykit/providers), or by POSTing {"type": string, "data": object} to its mount path.`,
  );
}

/** How the library tells its callers to send an uncatalogued type anyway (src/providers/event-types.ts). */
const LIBRARY_ALLOW_HINT = /pass allowUnknownType: true \(relay trigger --allow-unknown-type\)\./;

/** The harness's `UNKNOWN_EVENT_TYPE`, told the CLI's way: the flag to add, not the library's option, which a CLI user cannot pass. */
function unknownEventType(error: RelayError): RelayError {
  if (!LIBRARY_ALLOW_HINT.test(error.message)) return error;
  return new RelayError('UNKNOWN_EVENT_TYPE', error.message.replace(LIBRARY_ALLOW_HINT, 'add --allow-unknown-type.'));
}

/**
 * The harness's input errors, told the CLI's way. The harness checks the provider, then the event type (so
 * that a typo shows on the first try, not once the secret is set), then the secret (see `secretEnv` for
 * `--print`); anything else is passed on as it is.
 */
function inputError(error: unknown, providerId: string): unknown {
  if (!(error instanceof RelayError)) return error;
  if (error.code === 'UNKNOWN_PROVIDER') return unknownProvider(error);
  if (error.code === 'UNKNOWN_EVENT_TYPE') return unknownEventType(error);
  if (error.code !== 'MISSING_SECRET') return error;
  const provider = getProvider(providerId);
  return new RelayError(
    'USAGE',
    `${provider.secretEnv} is not set. Set it to the secret your service verifies ${provider.name} webhooks with ` +
      `(relay dev must see the same value), e.g. export ${provider.secretEnv}=${provider.generateSecret()}`,
  );
}

/**
 * The delivery that `--print` shows and `--repeat` sends, built and signed once by the harness: `--fixture`'s,
 * signed again (its errors are the harness's own), or a fresh one.
 */
async function oneDelivery(providerId: string, eventType: string, p: Plan): Promise<Delivery> {
  if (p.fixture !== undefined) {
    const { timestamp, headers } = p.build;
    return buildDelivery({ fixture: p.fixture.file, keepIds: p.fixture.keepIds, env: secretEnv(p), timestamp, headers });
  }
  try {
    return await buildDelivery(providerId, eventType, { ...p.build, env: secretEnv(p) });
  } catch (error) {
    throw inputError(error, providerId);
  }
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

/** The service's reason for a non-2xx answer on a line of its own on stderr, beside the spec's stdout lines. */
function printReason(out: Output, reason: string | undefined): void {
  if (reason !== undefined) out.error(`  reason: ${reason}`);
}

/** Sends the same delivery `p.repeat` times, one after the other, printing each answer. */
async function sendRepeated(out: Output, p: Plan, delivery: Delivery, url: string): Promise<number> {
  const responses: { status: number; body: unknown }[] = [];
  let exit: number = EXIT.ok;
  for (let i = 0; i < p.repeat; i++) {
    if (!p.json) out.line(`${PREFIX} POST ${url}`);
    const result = await deliver(delivery, { target: p.base, to: p.to, path: p.path });
    if (!isSuccessStatus(result.status)) exit = EXIT.failed;
    if (p.json) {
      responses.push({ status: result.status, body: bodyValue(result) });
    } else {
      out.line(`${PREFIX} ${isSuccessStatus(result.status) ? out.green(String(result.status)) : out.red(String(result.status))}`);
      const body = formatBody(result);
      if (body !== '') out.line(body);
    }
    printReason(out, errorDetail(result));
  }
  if (p.json) {
    const about = { provider: delivery.provider, eventType: delivery.eventType, deliveryId: delivery.deliveryId, seed: delivery.seed };
    out.line(JSON.stringify(p.repeat === 1 ? { url, ...responses[0], ...about } : { url, ...about, responses }, null, 2));
  }
  return exit;
}

/**
 * Sends `p.count` distinct deliveries with the harness's `triggerMany`, which builds each of them (the first
 * before anything is sent, so an input error sends nothing and prints no POST line), then prints statuses and
 * latency percentiles.
 */
async function sendMany(out: Output, p: Plan, provider: string, eventType: string): Promise<number> {
  const count = p.count!;
  const url = p.to ?? joinUrl(p.base, p.path ?? mountPath(provider));
  let lastProgress = 0;
  let announced = false;
  const onProgress = (done: number) => {
    if (!announced && !p.json) out.line(`${PREFIX} POST ${url} ×${count}, concurrency ${p.concurrency}`);
    announced = true;
    if (performance.now() - lastProgress > 100) {
      lastProgress = performance.now();
      out.progress(`${PREFIX} ${done}/${count} sent`);
    }
  };
  const run = await triggerMany(provider, eventType, { ...p.build, target: p.base, to: p.to, path: p.path, count, concurrency: p.concurrency, onProgress })
    .catch((error: unknown) => {
      throw inputError(error, provider);
    })
    .finally(() => out.progress(''));
  if (run.first.warning !== undefined) out.error(`relay trigger: warning: ${run.first.warning}`);
  const { p50, p90, p99, max } = run.latencyMs;
  if (p.json) {
    const round = (ms: number) => (Number.isNaN(ms) ? null : Math.round(ms * 100) / 100);
    const { first, concurrency, sent, statuses, unreachable } = run;
    const latencyMs = { p50: round(p50), p90: round(p90), p99: round(p99), max: round(max) };
    const summary = { url, provider: first.provider, eventType: first.eventType, count, concurrency, sent, statuses, unreachable, latencyMs, durationMs: round(run.durationMs) };
    out.line(JSON.stringify(summary, null, 2));
  } else {
    const counts = new Map<string, number>(Object.entries(run.statuses));
    if (run.unreachable > 0) counts.set('unreachable', run.unreachable);
    out.line(`${PREFIX} ${formatCounts(counts, (key, text) => (isSuccessStatus(Number(key)) ? out.green(text) : out.red(text)))}`);
    const answered = run.latenciesMs.length;
    if (answered > 0) {
      const rate = (answered / run.durationMs) * 1000;
      out.line(
        `${PREFIX} latency p50 ${formatMs(p50)}, p90 ${formatMs(p90)}, p99 ${formatMs(p99)}; ` +
          `${run.sent} in ${formatMs(run.durationMs)} (${rate >= 10 ? Math.round(rate) : rate.toFixed(1)}/s)`,
      );
    }
  }
  // Each distinct reason once, after the summary: 200 identical lines would hide the figures.
  for (const reason of run.reasons) printReason(out, reason);
  if (run.error) throw run.error;
  return run.ok ? EXIT.ok : EXIT.failed;
}

/**
 * Runs `relay trigger`; resolves to the exit code. Input errors throw before anything is sent.
 * @example
 * await triggerCommand(out, env, 'stripe', 'payment_intent.succeeded', { forward: 'http://localhost:4000' });
 */
export async function triggerCommand(
  out: Output,
  env: NodeJS.ProcessEnv,
  provider: string | undefined,
  eventType: string | undefined,
  options: TriggerCliOptions,
): Promise<number> {
  const p = plan(options, env);
  if (p.fixture !== undefined && (provider !== undefined || eventType !== undefined)) {
    throw new RelayError('USAGE', `--fixture gives the provider and the event type; drop "${[provider, eventType].filter((a) => a !== undefined).join(' ')}".`);
  }
  if (p.fixture === undefined && (provider === undefined || eventType === undefined)) {
    throw new RelayError('USAGE', 'missing required args for command `trigger <provider> <eventType>` (or give --fixture <file>). Run `relay trigger --help` for its options.');
  }
  if (p.count !== undefined) return sendMany(out, p, String(provider), String(eventType));
  const delivery = await oneDelivery(String(provider), String(eventType), p);
  throwawayNotice(out, p, delivery);
  if (delivery.warning !== undefined) out.error(`relay trigger: warning: ${delivery.warning}`);
  const url = p.to ?? joinUrl(p.base, p.path ?? delivery.path);
  if (p.print) return printDelivery(out, p, delivery, url);
  return sendRepeated(out, p, delivery, url);
}
