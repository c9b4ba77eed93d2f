/** The parts Clerk and Resend share: both are delivered through Svix (Standard Webhooks v1). */
import { standardWebhooks } from '../../signers/index.js';
import type { NormalizeRequest, NormalizeResult, SignRequest, VerifyRequest } from '../types.js';
import { invalid, isPlainObject, noSecret, readHeader } from './plugin-helpers.js';
import { randomSecret } from './secrets.js';
import type { VerifyResult } from '../../signers/shared.js';

/** Svix's signature header, and its Standard Webhooks form. */
export const SVIX_SIGNATURE_HEADERS: readonly string[] = ['svix-signature', 'webhook-signature'];

export function svixVerify(env: string) {
  return (request: VerifyRequest): VerifyResult =>
    request.secrets.length === 0
      ? noSecret(env)
      : standardWebhooks.verify({ headers: request.headers, body: request.body, secret: request.secrets, now: request.now });
}

export function svixSign(request: SignRequest): Record<string, string> {
  return standardWebhooks.sign({
    secret: request.secret,
    id: request.deliveryId,
    timestamp: request.timestamp,
    body: request.body,
  });
}

/** `whsec_` + base64 of 24 random bytes, as Svix issues endpoint secrets. */
export function svixSecret(): string {
  return randomSecret('whsec_', 24, 'base64');
}

/** `{ type, data, … }` bodies; the delivery id is the `svix-id` (or `webhook-id`) header. */
export function svixNormalize(provider: string) {
  return (request: NormalizeRequest): NormalizeResult => {
    const { json } = request;
    if (!isPlainObject(json) || typeof json.type !== 'string' || json.type === '' || !isPlainObject(json.data)) {
      return invalid(`The body is not a ${provider} event: it needs a string "type" and an object "data".`);
    }
    const deliveryId = readHeader(request.headers, 'svix-id') ?? readHeader(request.headers, 'webhook-id') ?? null;
    return { ok: true, event: { eventType: json.type, deliveryId, data: json } };
  };
}
