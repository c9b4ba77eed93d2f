/**
 * Signing a fixture again: its body byte for byte, signed with the test secret at the given time, with
 * fresh delivery ids unless `keepIds`. Where the delivery id lives differs per provider:
 *
 * - GitHub: the `X-GitHub-Delivery` header; Shopify: `X-Shopify-Webhook-Id` (and `X-Shopify-Event-Id`);
 *   Clerk and Resend (Svix): `svix-id`. A fresh id changes only that header; the body is the fixture's.
 * - Stripe: the event id is the body's top-level `"id"` (`evt_…`). A fresh id changes the body in that
 *   one value and nowhere else (same spacing, same key order); `keepIds` sends the fixture's body unchanged.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { RelayError } from '../core/index.js';
import { stripeObjectId, type BuiltInProvider } from '../providers/index.js';
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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const NOT_SENT = /^(host|content-length|connection|transfer-encoding)$/i;

function base62(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

/** Sets `name` to `value`, replacing any spelling of it. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  headers[name] = value;
}

function getHeader(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  const found = Object.keys(headers).find((existing) => existing.toLowerCase() === name.toLowerCase());
  return found === undefined ? undefined : headers[found];
}

/** The body's top-level `"id"`, or `undefined` when it has none (or is not a JSON object). */
function topLevelId(body: string): unknown {
  try {
    const json = JSON.parse(body) as unknown;
    return json !== null && typeof json === 'object' ? (json as { id?: unknown }).id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh Stripe event id, shaped as `relay trigger` makes them (`stripeObjectId`): the version and
 * account of the fixture's own id when it has Stripe's shape, minted at `timestamp`, eight random.
 */
function freshStripeEventId(body: string, timestamp: number): string {
  const id = topLevelId(body);
  const shaped = typeof id === 'string' && /^evt_[13][0-9A-Za-z]{23}$/.test(id);
  const [version, account] = shaped ? [id.slice(4, 5), id.slice(10, 20)] : ['1', base62(10)];
  return stripeObjectId('evt', Math.floor(timestamp / 1000), account, base62(8), version);
}

/** The fixture's body with its top-level `"id"` replaced by `id`, every other byte kept. */
function withTopLevelId(body: string, id: string, source: string): string {
  const span = scalarSpans(body).find((s) => s.path.length === 1 && s.path[0] === 'id');
  if (span === undefined) throw new RelayError('INVALID_OPTION', `${source}: field "body" has no top-level "id": a Stripe event needs one (evt_…).`);
  return applyEdits(body, [{ start: span.start, end: span.end, text: JSON.stringify(id) }]);
}

/** The delivery id in a fixture (or `undefined`), for `keepIds`. */
function fixtureDeliveryId(provider: BuiltInProvider, fixture: Fixture, headers: Readonly<Record<string, string>>): string | undefined {
  switch (provider.id) {
    case 'stripe': {
      const id = (JSON.parse(fixture.body) as { id?: unknown }).id;
      return typeof id === 'string' ? id : undefined;
    }
    case 'github':
      return getHeader(headers, 'X-GitHub-Delivery');
    case 'shopify':
      return getHeader(headers, 'X-Shopify-Webhook-Id');
    default:
      return getHeader(headers, 'svix-id') ?? getHeader(headers, 'webhook-id');
  }
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
  if (provider.id === 'github' && getHeader(headers, 'X-GitHub-Event') === undefined) headers['X-GitHub-Event'] = fixture.eventType.split('.')[0]!;
  if (provider.id === 'shopify' && getHeader(headers, 'X-Shopify-Topic') === undefined) headers['X-Shopify-Topic'] = fixture.eventType;

  let body = fixture.body;
  let deliveryId = input.keepIds ? fixtureDeliveryId(provider, fixture, headers) : undefined;
  if (deliveryId === undefined) {
    switch (provider.id) {
      case 'stripe':
        deliveryId = freshStripeEventId(body, input.timestamp);
        body = withTopLevelId(body, deliveryId, source);
        break;
      case 'github':
        deliveryId = randomUUID();
        setHeader(headers, 'X-GitHub-Delivery', deliveryId);
        break;
      case 'shopify':
        deliveryId = randomUUID();
        setHeader(headers, 'X-Shopify-Webhook-Id', deliveryId);
        if (getHeader(headers, 'X-Shopify-Event-Id') !== undefined) setHeader(headers, 'X-Shopify-Event-Id', randomUUID());
        break;
      default:
        deliveryId = `msg_${base62(27)}`;
    }
  }
  // Svix's Standard Webhooks spellings would carry the fixture's old id and time beside the new svix-* headers.
  if (provider.scheme.headers.signed?.length) for (const name of Object.keys(headers)) if (/^webhook-(id|timestamp)$/i.test(name)) delete headers[name];
  const signature = provider.sign({ body, secret: input.secret, timestamp: input.timestamp, deliveryId });
  for (const [name, value] of Object.entries(signature)) setHeader(headers, name, value);
  for (const [name, value] of Object.entries(input.headers ?? {})) setHeader(headers, name, value);
  return { headers, body, deliveryId };
}
