/** The parts Clerk and Resend share: both are delivered through Svix (Standard Webhooks v1). */
import { randomBase62 } from '../../core/index.js';
import { DEFAULT_TOLERANCE_SECONDS, standardWebhooks } from '../../signers/index.js';
import { defineBuiltIn, type BuiltInDefinition } from '../built-in.js';
import { half } from '../scheme.js';
import type { BuiltInProvider, NormalizeRequest, NormalizeResult, RetryRule, SignRequest, SigningScheme, WireFacts } from '../types.js';
import { invalid, isPlainObject, readHeader } from './plugin-helpers.js';

const ID = 'svix-id';
const TIMESTAMP = 'svix-timestamp';
const SIGNATURE = 'svix-signature';

/** A Svix secret that keys the HMAC as `secret` does: `secret` itself when it is `whsec_`-base64, else its UTF-8 bytes in base64. */
function svixKey(secret: string): string {
  try {
    standardWebhooks.decodeSecret(secret);
    return secret;
  } catch {
    return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
  }
}

/** The signature headers with `name` set to `value` (and sent last). */
function replaced(headers: Readonly<Record<string, string>>, name: string, value: string): Record<string, string> {
  const { [name]: _, ...rest } = headers;
  return { ...rest, [name]: value };
}

/**
 * Svix's scheme (Standard Webhooks v1): a MAC over the id, the timestamp and the body, a window on both
 * sides of the clock, and a `whsec_` secret whose base64 is the key.
 * @example
 * svixScheme.headers.signed; // ['svix-id', 'svix-timestamp']
 */
export const svixScheme: SigningScheme = {
  name: 'Svix (Standard Webhooks)',
  headers: { signature: SIGNATURE, aliases: ['webhook-signature'], signed: [ID, TIMESTAMP] },
  timestamp: { toleranceSeconds: DEFAULT_TOLERANCE_SECONDS, enforced: 'both' },
  secret: { prefix: 'whsec_', bytes: 24, encoding: 'base64', key: 'base64' },
  malformations: [
    { name: `an empty ${SIGNATURE}`, apply: (headers) => replaced(headers, SIGNATURE, '') },
    { name: '"v1," with no signature', apply: (headers) => replaced(headers, SIGNATURE, 'v1,') },
    {
      name: 'a v1 signature cut to half its length',
      apply: (headers) =>
        replaced(headers, SIGNATURE, headers[SIGNATURE]!.split(' ').map((entry) => `v1,${half(entry.slice(3))}`).join(' ')),
    },
    { name: `a non-numeric ${TIMESTAMP}`, apply: (headers) => replaced(headers, TIMESTAMP, 'now') },
  ],
  sign: (request) => svixSign({ ...request, secret: typeof request.secret === 'string' ? svixKey(request.secret) : request.secret.map(svixKey) }),
};

/** The headers of a Svix delivery, signed with the secret as given (a secret that is not `whsec_`-base64 throws). */
function svixSign(request: SignRequest): Record<string, string> {
  return standardWebhooks.sign({
    secret: request.secret,
    id: request.deliveryId,
    timestamp: request.timestamp,
    body: request.body,
  });
}

const HOUR = 3600;

/** Svix's schedule: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; 15 s to answer. */
export const svixRetry: RetryRule = {
  delays: [5, 5 * 60, 30 * 60, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  timeoutMs: 15_000,
  resend: 'resign',
  // "Retries will be stopped if the receiving end includes the header `webhook-delivery: abort-message`".
  stopHeader: { name: 'webhook-delivery', value: 'abort-message' },
  summary: 'Svix schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts); same svix-id, new svix-timestamp and signature; 15 s to answer',
};

/** The delivery id is `svix-id` (`webhook-id` in Standard Webhooks' spelling), `msg_` and 27 base62; `data` is the main resource. */
const svixWire: WireFacts = {
  deliveryId: { place: { header: ID, aliases: ['webhook-id'] }, mint: () => `msg_${randomBase62(27)}` },
  mainResource: ['data'],
};

/** `{ type, data, … }` bodies; the delivery id is the `svix-id` (or `webhook-id`) header. */
function svixNormalize(provider: string) {
  return (request: NormalizeRequest): NormalizeResult => {
    const { json } = request;
    if (!isPlainObject(json) || typeof json.type !== 'string' || json.type === '' || !isPlainObject(json.data)) {
      return invalid(`The body is not a ${provider} event: it needs a string "type" and an object "data".`);
    }
    const deliveryId = readHeader(request.headers, ID) ?? readHeader(request.headers, 'webhook-id') ?? null;
    return { ok: true, event: { eventType: json.type, deliveryId, data: json } };
  };
}

/**
 * The plugin of a provider that delivers through Svix: Svix's scheme, Standard Webhooks' verify, and
 * `{ type, data }` bodies; the folder gives who it is and what it fabricates.
 * @example
 * export const clerk = svixProvider({ id: 'clerk', name: 'Clerk', secretEnv: 'CLERK_WEBHOOK_SECRET', catalog, loadBuilder, flows });
 */
export function svixProvider<Id extends string, Data>(
  definition: Pick<BuiltInDefinition, 'name' | 'secretEnv' | 'catalog' | 'loadBuilder' | 'flows'> & { readonly id: Id },
): BuiltInProvider<Id, Data> {
  return defineBuiltIn<Id, Data>({
    ...definition,
    wire: svixWire,
    retry: svixRetry,
    scheme: svixScheme,
    verify: standardWebhooks.verify,
    normalize: svixNormalize(definition.name),
    sign: svixSign,
  });
}
