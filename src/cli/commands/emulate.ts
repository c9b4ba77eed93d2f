/**
 * `relay emulate`: the emulated provider APIs over HTTP until SIGINT or SIGTERM, for an application in
 * any language. Prints each provider's base URL and its SDK's client options, the webhook endpoints
 * and their secrets, then one line per delivery attempt.
 */
import { RelayError } from '../../core/index.js';
import { createEmulator, type DeliveryAttempt, type EmulatorDelivery, type WebhookEndpointOption } from '../../emulator/index.js';
import { getProvider } from '../../providers/index.js';
import { EXIT, type Output } from '../output.js';
import { listenForSignals } from '../signals.js';

/** cac's options of `relay emulate`, unchecked. */
export interface EmulateOptions {
  port?: unknown;
  host?: unknown;
  /** `--webhook stripe=<url>`, repeatable. */
  webhook?: unknown;
  seed?: unknown;
  retries?: unknown;
  timeScale?: unknown;
  quiet?: unknown;
}

/** The default port: stripe-mock's, so that clients configured for it reach this. */
export const DEFAULT_EMULATOR_PORT = 12111;

function parsePort(value: unknown): number {
  if (value === undefined) return DEFAULT_EMULATOR_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(String(value)) || port > 65_535) throw new RelayError('USAGE', `--port must be a whole number from 0 to 65535, got "${String(value)}".`);
  return port;
}

function parseSeed(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(String(value)) || !Number.isSafeInteger(Number(value))) throw new RelayError('USAGE', `--seed must be a whole number, got "${String(value)}".`);
  return Number(value);
}

function parseTimeScale(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const scale = Number(value);
  if (String(value).trim() === '' || !Number.isFinite(scale) || scale < 0) throw new RelayError('USAGE', `--time-scale must be a number from 0 (no waiting) up (1 = real time), got "${String(value)}".`);
  return scale;
}

/** `--webhook provider=url` options as the emulator's `webhooks`, each signed with the provider's secret env var when set. */
function parseWebhooks(value: unknown, env: NodeJS.ProcessEnv): Record<string, WebhookEndpointOption[]> {
  const webhooks: Record<string, WebhookEndpointOption[]> = {};
  for (const raw of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
    const match = /^([a-z]+)=(https?:\/\/.+)$/.exec(String(raw));
    if (!match) throw new RelayError('USAGE', `--webhook takes provider=url, e.g. --webhook stripe=http://localhost:4000/webhooks/stripe, got "${String(raw)}".`);
    const [, provider, url] = match as unknown as [string, string, string];
    try {
      new URL(url);
    } catch {
      throw new RelayError('USAGE', `--webhook ${provider}=… is not a URL: "${url}".`);
    }
    const secret = env[getProvider(provider).secretEnv];
    (webhooks[provider] ??= []).push({ url, ...(secret ? { secret } : {}) });
  }
  return webhooks;
}

function attemptLine(out: Output, delivery: EmulatorDelivery, attempt: DeliveryAttempt): string {
  const status = attempt.status === null ? out.red(attempt.error ?? 'no answer') : attempt.status < 300 ? out.green(String(attempt.status)) : out.red(String(attempt.status));
  const retry = attempt.attempt > 1 ? ` (attempt ${attempt.attempt})` : '';
  return `${new Date(attempt.sentAt).toISOString().slice(11, 23)}  ${delivery.provider} ${delivery.type} ${delivery.deliveryId} → ${delivery.endpoint.url}  ${status}${retry}`;
}

/** Serves until a signal; resolves with the exit code. */
export async function emulateCommand(out: Output, env: NodeJS.ProcessEnv, options: EmulateOptions): Promise<number> {
  const port = parsePort(options.port);
  const host = options.host === undefined ? '127.0.0.1' : String(options.host);
  const seed = parseSeed(options.seed);
  const timeScale = parseTimeScale(options.timeScale);
  const quiet = options.quiet === true;
  const emulator = createEmulator({
    webhooks: parseWebhooks(options.webhook, env),
    // cac hands `--no-retries` over as `retries: false`.
    retries: options.retries !== false,
    ...(seed !== undefined ? { seed } : {}),
    ...(timeScale !== undefined ? { timeScale } : {}),
    ...(quiet ? {} : { onAttempt: (delivery, attempt) => out.line(attemptLine(out, delivery, attempt)) }),
  });
  let url: string;
  try {
    ({ url } = await emulator.listen(port, host));
  } catch (caught) {
    if (caught instanceof RelayError) throw new RelayError('USAGE', caught.message.replace(/^Port/, '--port'));
    throw caught;
  }
  const signals = listenForSignals();
  out.line(`${out.bold('relay emulate')} listening on ${url}`);
  const info = emulator.info();
  for (const provider of emulator.providers) {
    const { baseUrl, clientOptions, env: sdkEnv } = info.providers[provider]!;
    out.line(`  ${provider}: ${baseUrl}  client options ${JSON.stringify(clientOptions)}`);
    for (const [name, value] of Object.entries(sdkEnv)) out.line(out.dim(`    or ${name}=${value}`));
    const endpoints = emulator.endpoints(provider);
    if (endpoints.length === 0) out.line(out.dim(`    no webhook endpoint: --webhook ${provider}=<url>, or POST { "url": … } to ${url}/_relaykit/endpoints/${provider}`));
    for (const endpoint of endpoints) out.line(`    webhooks → ${endpoint.url}  secret ${endpoint.secret}`);
  }
  out.line(`  control: ${url}/_relaykit  (POST settled, GET deliveries, POST reset, endpoints/<provider>, POST helpers/<provider>/<name>)`);
  out.line(out.dim('Press Ctrl+C to stop.'));
  const signal = await signals.next();
  out.line(`relay emulate: ${signal}, stopping…`);
  await emulator.close();
  return EXIT.ok;
}
