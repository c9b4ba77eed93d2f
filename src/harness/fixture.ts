/**
 * Fixture files: a captured delivery saved for tests, without its signature, to be signed again with the
 * test secret at send time (`relay trigger --fixture`, `buildDelivery({ fixture })`).
 *
 * The format, version 1 (JSON):
 *
 * ```json
 * {
 *   "relaykitFixture": 1,
 *   "provider": "stripe",
 *   "eventType": "payment_intent.succeeded",
 *   "headers": { "content-type": "application/json; charset=utf-8", "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
 *   "body": "{\n  \"id\": \"evt_…\", …}",
 *   "capturedAt": "2026-11-23T22:14:03.512Z",
 *   "scrubbed": ["data.object.receipt_email", "data.object.billing_details.name"]
 * }
 * ```
 *
 * `body` is the delivery's exact text (a JSON object is also read, and sent as `JSON.stringify` writes it);
 * `headers` are the provider's own, never a signature header (`Stripe-Signature`, `X-Hub-Signature-256`,
 * `svix-signature`, `X-Shopify-Hmac-Sha256`) nor transport headers (`host`, `content-length`,
 * `x-forwarded-for`); `scrubbed` lists the body paths whose values were replaced by fakes (empty with `--no-scrub`).
 */
import { open } from 'node:fs/promises';
import { RelayError } from '../core/index.js';
import { nestsDeeperThan } from '../core/json-depth.js';
import { builtInProviderIds, getProvider, type BuiltInProvider } from '../providers/index.js';
import { scrubBody, scrubHeaders } from './scrub.js';

/** The fixture format this relaykit writes and reads. */
export const FIXTURE_FORMAT = 1;

/**
 * The largest fixture file `readFixture` reads: 64 MiB. A fixture holds one delivery (providers send at most
 * 25 MB; GitHub's cap) and its body is escaped inside a JSON string, which can nearly double it; a file
 * past this is refused from its size, before it is read.
 */
export const MAX_FIXTURE_BYTES = 64 * 1024 * 1024;

/**
 * How deeply a fixture's body may nest objects and arrays: the service's `MAX_JSON_DEPTH` (128), past which it
 * refuses a delivery. Real deliveries nest a dozen deep.
 */
const MAX_BODY_DEPTH = 128;

/** A fixture file's content (format 1). */
export interface Fixture {
  readonly relaykitFixture: 1;
  /** A provider id: a built-in's (`stripe`, `github`, `clerk`, `shopify`, `resend`) or a registered provider's. */
  readonly provider: string;
  /** The provider's event type, as `relay trigger` takes it: `payment_intent.succeeded`, `pull_request.opened`. */
  readonly eventType: string;
  /** The provider's non-signature headers, as received. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body, exactly the text that is signed and sent. */
  readonly body: string;
  /** When the delivery was captured: ISO 8601 UTC. */
  readonly capturedAt: string;
  /** Body paths whose values were replaced by fakes. */
  readonly scrubbed: readonly string[];
}

/** A stored delivery, as `createFixture` needs it (a store's `StoredEvent` has these fields). */
export interface CapturedDelivery {
  readonly provider: string;
  /** The stored type `<provider>.<type>`, or the provider's type alone. */
  readonly type: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly receivedAt: string;
}

/** Options of `createFixture`. */
export interface CreateFixtureOptions {
  /** Replace personal data and secrets by fakes (default `true`). */
  scrub?: boolean;
  /** The key that makes fakes deterministic across a fixture set; needed when scrubbing. */
  scrubKey?: string | Uint8Array;
}

// Headers that describe the connection or the proxies it went through, not the delivery (and may name the
// sender's IP address): never written to a fixture.
const TRANSPORT = /^(host|content-length|connection|keep-alive|transfer-encoding|te|upgrade|expect|accept-encoding|cookie|authorization|forwarded|via|x-forwarded-.*|x-real-ip|true-client-ip|cf-.*|x-amzn-.*|x-request-start|x-envoy-.*|ngrok-.*|x-ngrok-.*|traceparent|tracestate)$/i;

/** The signature headers of a built-in (the MAC header, its aliases and fallbacks), in lower case. */
export function signatureHeaderNames(provider: BuiltInProvider): Set<string> {
  const { signature, aliases = [], fallbacks = [] } = provider.scheme.headers;
  return new Set([signature, ...aliases, ...fallbacks].map((name) => name.toLowerCase()));
}

/** `headers` without signature and transport headers. */
export function fixtureHeaders(provider: BuiltInProvider, headers: Readonly<Record<string, string>>): Record<string, string> {
  const signatures = signatureHeaderNames(provider);
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!signatures.has(name.toLowerCase()) && !TRANSPORT.test(name)) kept[name] = value;
  }
  return kept;
}

/**
 * A fixture of a stored delivery of a built-in provider: no signature, and (by default) personal data and
 * secrets replaced by fakes that `scrubKey` keeps the same across files.
 * @example
 * const fixture = createFixture(await store.getEvent('evt_01J…'), { scrubKey });
 * await writeFile('fixtures/refund.json', formatFixture(fixture));
 */
export function createFixture(event: CapturedDelivery, options: CreateFixtureOptions = {}): Fixture {
  const provider = getProvider(event.provider);
  const scrub = options.scrub !== false;
  const eventType = event.type.startsWith(`${provider.id}.`) ? event.type.slice(provider.id.length + 1) : event.type;
  let body = event.body;
  let scrubbed: string[] = [];
  let headers = fixtureHeaders(provider, event.headers);
  if (scrub) {
    if (options.scrubKey === undefined) throw new RelayError('INVALID_OPTION', 'createFixture: scrubbing needs a scrubKey (or pass scrub: false).');
    ({ body, scrubbed } = scrubBody(event.body, options.scrubKey));
    // Headers are scrubbed too (an `x-api-key` a sender added), but only the body's paths are listed.
    headers = scrubHeaders(headers, options.scrubKey);
  }
  return { relaykitFixture: FIXTURE_FORMAT, provider: provider.id, eventType, headers, body, capturedAt: event.receivedAt, scrubbed };
}

/** The fixture as its file holds it: pretty JSON, a final newline. */
export function formatFixture(fixture: Fixture): string {
  return `${JSON.stringify(fixture, null, 2)}\n`;
}

const FIELDS = 'relaykitFixture, provider, eventType, headers, body, capturedAt, scrubbed';
const DEPTH_HINT = `the relaykit service refuses such a body (MAX_JSON_DEPTH ${MAX_BODY_DEPTH}), and real deliveries nest a dozen deep.`;

/**
 * Reads a fixture's text, checking every field; a mistake is a `RelayError` naming `source` (the file)
 * and the field.
 * @example
 * const fixture = parseFixture(await readFile('fixtures/refund.json', 'utf8'), 'fixtures/refund.json');
 */
export function parseFixture(text: string, source = 'the fixture'): Fixture {
  const fail = (what: string) => new RelayError('INVALID_OPTION', `${source}: ${what}`);
  // Checked before parsing: JSON.parse reads any depth, but what walks the value after it (stringify, scrub)
  // recurses, and a deep enough value overflows the stack. The body object sits two levels down.
  if (nestsDeeperThan(text, MAX_BODY_DEPTH + 2)) throw fail(`nests objects and arrays more than ${MAX_BODY_DEPTH + 2} deep; ${DEPTH_HINT}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fail(`not valid JSON (${(error as Error).message}). A relaykit fixture is a JSON object with ${FIELDS}.`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail(`not a relaykit fixture: expected a JSON object with ${FIELDS}.`);
  const f = value as Record<string, unknown>;
  const version = f.relaykitFixture;
  if (version === undefined) throw fail(`field "relaykitFixture" is missing: not a relaykit fixture (save one with \`relay fixture save <id> <file>\`).`);
  if (typeof version === 'number' && Number.isInteger(version) && version > FIXTURE_FORMAT) {
    throw fail(`field "relaykitFixture" is ${version}: the file was written by a newer relaykit, and this one reads format ${FIXTURE_FORMAT}. Upgrade relaykit.`);
  }
  if (version !== FIXTURE_FORMAT) throw fail(`field "relaykitFixture" must be ${FIXTURE_FORMAT}, got ${JSON.stringify(version)}.`);
  const plugin = typeof f.provider === 'string' ? tryProvider(f.provider) : undefined;
  if (plugin === undefined) throw fail(`field "provider" must be a built-in provider id (${builtInProviderIds.join(', ')}), got ${JSON.stringify(f.provider)}.`);
  if (typeof f.eventType !== 'string' || f.eventType === '') throw fail(`field "eventType" must be a non-empty string, got ${JSON.stringify(f.eventType)}.`);
  const headers = f.headers;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) throw fail(`field "headers" must be an object of header names to strings.`);
  for (const [name, v] of Object.entries(headers)) {
    if (typeof v !== 'string' || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw fail(`field "headers": "${name}" must be a header name with a string value.`);
  }
  const body = typeof f.body === 'string' ? f.body : typeof f.body === 'object' && f.body !== null && !Array.isArray(f.body) ? JSON.stringify(f.body) : undefined;
  if (body === undefined) throw fail(`field "body" must be the delivery's text (a string) or a JSON object, got ${f.body === undefined ? 'nothing' : JSON.stringify(f.body).slice(0, 40)}.`);
  if (typeof f.body === 'string') {
    if (nestsDeeperThan(f.body, MAX_BODY_DEPTH)) throw fail(`field "body" nests objects and arrays more than ${MAX_BODY_DEPTH} deep; ${DEPTH_HINT}`);
    try {
      JSON.parse(f.body);
    } catch (error) {
      throw fail(`field "body" is not JSON text (${(error as Error).message}).`);
    }
  }
  if (typeof f.capturedAt !== 'string' || Number.isNaN(Date.parse(f.capturedAt))) throw fail(`field "capturedAt" must be an ISO 8601 date-time, got ${JSON.stringify(f.capturedAt)}.`);
  const scrubbed = f.scrubbed ?? [];
  if (!Array.isArray(scrubbed) || scrubbed.some((p) => typeof p !== 'string')) throw fail(`field "scrubbed" must be an array of paths (strings).`);
  const signatures = signatureHeaderNames(plugin);
  const signed = Object.keys(headers).find((name) => signatures.has(name.toLowerCase()));
  if (signed !== undefined) throw fail(`field "headers" holds the signature header "${signed}": a fixture carries no signature (it is signed again when sent); remove it.`);
  return {
    relaykitFixture: FIXTURE_FORMAT,
    provider: plugin.id,
    eventType: f.eventType,
    headers: headers as Record<string, string>,
    body,
    capturedAt: f.capturedAt,
    scrubbed: scrubbed as string[],
  };
}

function tryProvider(id: string): BuiltInProvider | undefined {
  try {
    return getProvider(id);
  } catch {
    return undefined;
  }
}

/**
 * A fixture file, read and checked (see `parseFixture`). A file over `MAX_FIXTURE_BYTES` is refused from its
 * size, unread.
 * @example
 * const fixture = await readFixture('fixtures/refund.json');
 */
export async function readFixture(file: string): Promise<Fixture> {
  let text: string;
  try {
    // Opened once, then sized and read through the same descriptor: the size checked is the file read.
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_FIXTURE_BYTES) {
        throw new RelayError(
          'INVALID_OPTION',
          `the fixture ${file} is ${(size / 1024 / 1024).toFixed(1)} MiB, more than relaykit reads (${MAX_FIXTURE_BYTES / 1024 / 1024} MiB): a fixture holds one delivery, and providers send at most 25 MB.`,
        );
      }
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof RelayError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new RelayError('INVALID_OPTION', `cannot read the fixture ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
  }
  return parseFixture(text, file);
}
