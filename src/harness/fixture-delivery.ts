/**
 * Signing a fixture again: its body byte for byte, signed with the test secret at the given time, with
 * fresh delivery ids unless `keepIds`. Where the delivery id lives is the provider slice's wire fact
 * (`wire.deliveryId.place`):
 *
 * - a header (GitHub's `X-GitHub-Delivery`, Shopify's `X-Shopify-Webhook-Id`, Svix's `svix-id`): a fresh
 *   id changes only that header (and the slice's `renewedHeaders`); the body is the fixture's.
 * - a top-level field of the body (Stripe's event `"id"`, `evt_…`): a fresh id changes the body in that
 *   one value and nowhere else (same spacing, same key order); `keepIds` sends the fixture's body unchanged.
 */
import { RelayError } from '../core/index.js';
import type { BuiltInProvider } from '../providers/index.js';
import { signatureHeaderNames, type Fixture } from './fixture.js';
import { applyEdits, scalarSpans } from './json-spans.js';

/** What `signFixture` needs besides the fixture, already checked. */
export interface SignFixtureInput {
  readonly secret: string | readonly string[];
  /** Epoch milliseconds. */
  readonly timestamp: number;
  /** Extra headers, applied last. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Keep the fixture's delivery ids (a redelivery, which a receiver deduplicates) instead of fresh ones. */
  readonly keepIds: boolean;
}

/** A signed fixture: the request's headers and body, and its delivery id. */
export interface SignedFixture {
  readonly headers: Record<string, string>;
  readonly body: string;
  readonly deliveryId: string;
}

const NOT_SENT = /^(host|content-length|connection|transfer-encoding)$/i;

/** Sets `name` to `value`, replacing any spelling of it. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  headers[name] = value;
}

function getHeader(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const found = Object.keys(headers).find((existing) => existing.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : headers[found];
}

/** The body's top-level `field`, or `undefined` when it has none (or is not a JSON object). */
function topLevelField(body: string, field: string): unknown {
  try {
    const json = JSON.parse(body) as unknown;
    return json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

/** The delivery id a fixture carries where its provider puts it, or `undefined`. */
function carriedDeliveryId(provider: BuiltInProvider, body: string, headers: Readonly<Record<string, string>>): string | undefined {
  const { place } = provider.wire.deliveryId;
  if ('bodyField' in place) {
    const id = topLevelField(body, place.bodyField);
    return typeof id === 'string' ? id : undefined;
  }
  for (const name of [place.header, ...(place.aliases ?? [])]) {
    const id = getHeader(headers, name);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The fixture's body with its top-level `field` replaced by `id`, every other byte kept. */
function withTopLevelField(provider: BuiltInProvider, body: string, field: string, id: string, source: string): string {
  const span = scalarSpans(body).find((s) => s.path.length === 1 && s.path[0] === field);
  if (span === undefined) {
    throw new RelayError('INVALID_OPTION', `${source}: field "body" has no top-level "${field}": a ${provider.name} event carries its delivery id there.`);
  }
  return applyEdits(body, [{ start: span.start, end: span.end, text: JSON.stringify(id) }]);
}

/** A fresh delivery id, put where the provider carries it: the body (changed in that value only) or the headers. */
function renewDeliveryId(provider: BuiltInProvider, body: string, headers: Record<string, string>, timestamp: number, source: string): { deliveryId: string; body: string } {
  const facts = provider.wire.deliveryId;
  const { place } = facts;
  if ('bodyField' in place) {
    const current = topLevelField(body, place.bodyField);
    const deliveryId = facts.mint(typeof current === 'string' ? current : undefined, timestamp);
    return { deliveryId, body: withTopLevelField(provider, body, place.bodyField, deliveryId, source) };
  }
  const deliveryId = facts.mint(undefined, timestamp);
  setHeader(headers, place.header, deliveryId);
  for (const name of facts.renewedHeaders ?? []) if (getHeader(headers, name) !== undefined) setHeader(headers, name, facts.mint(undefined, timestamp));
  return { deliveryId, body };
}

/**
 * Signs a fixture for `provider` (its own provider): the headers the provider sends and a signature of the
 * body at `timestamp`; fresh delivery ids unless `keepIds`.
 * @example
 * const signed = signFixture(getProvider('stripe'), fixture, { secret: 'whsec_test', timestamp: Date.now(), keepIds: false });
 */
export function signFixture(provider: BuiltInProvider, fixture: Fixture, input: SignFixtureInput, source = 'the fixture'): SignedFixture {
  const signatures = signatureHeaderNames(provider);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fixture.headers)) if (!signatures.has(name.toLowerCase()) && !NOT_SENT.test(name)) headers[name] = value;
  if (getHeader(headers, 'content-type') === undefined) headers['Content-Type'] = 'application/json';
  // What the receiver routes on, when a hand-written fixture left it out.
  for (const [name, value] of Object.entries(provider.wire.routingHeaders?.(fixture.eventType) ?? {})) if (getHeader(headers, name) === undefined) headers[name] = value;

  let body = fixture.body;
  let deliveryId = input.keepIds ? carriedDeliveryId(provider, body, headers) : undefined;
  if (deliveryId === undefined) ({ deliveryId, body } = renewDeliveryId(provider, body, headers, input.timestamp, source));
  // Svix's Standard Webhooks spellings would carry the fixture's old id and time beside the new svix-* headers.
  if (provider.scheme.headers.signed?.length) for (const name of Object.keys(headers)) if (/^webhook-(id|timestamp)$/i.test(name)) delete headers[name];
  const signature = provider.sign({ body, secret: input.secret, timestamp: input.timestamp, deliveryId });
  for (const [name, value] of Object.entries(signature)) setHeader(headers, name, value);
  for (const [name, value] of Object.entries(input.headers ?? {})) setHeader(headers, name, value);
  return { headers, body, deliveryId };
}
