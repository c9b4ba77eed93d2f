/**
 * Acme, a sixth provider: a slice written against the same interface as the five built-ins, from this
 * folder alone. Signed with Standard Webhooks' unbranded headers (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`); the event id is the body's `event_id`; `payload` is the main resource.
 */
import { randomUUID } from 'node:crypto';
import { defineProvider, type BuiltInProvider, type RetryRule, type SigningScheme, type WireFacts } from '../../../src/providers/index.js';
import { DEFAULT_TOLERANCE_SECONDS, standardWebhooks } from '../../../src/signers/index.js';
import { widgetLifecycle } from './flows.js';

const SIGNATURE = 'webhook-signature';
const eventTypes = ['widget.created', 'widget.shipped'];

const scheme: SigningScheme = {
  name: 'Acme (Standard Webhooks, unbranded)',
  headers: { signature: SIGNATURE, signed: ['webhook-id', 'webhook-timestamp'] },
  timestamp: { toleranceSeconds: DEFAULT_TOLERANCE_SECONDS, enforced: 'both' },
  secret: { prefix: 'whsec_', bytes: 24, encoding: 'base64', key: 'base64' },
  malformations: [{ name: `an empty ${SIGNATURE}`, apply: (headers) => ({ ...headers, [SIGNATURE]: '' }) }],
  sign: ({ body, secret, timestamp, deliveryId }) => standardWebhooks.sign({ secret, id: deliveryId, timestamp, body, headerPrefix: 'webhook' }),
};

const wire: WireFacts = {
  deliveryId: { place: { bodyField: 'event_id' }, mint: () => `evt_${randomUUID().replaceAll('-', '')}` },
  mainResource: ['payload'],
  routingHeaders: (eventType) => ({ 'Acme-Event': eventType }),
};

const retry: RetryRule = {
  delays: [30, 120],
  timeoutMs: 3_000,
  resend: 'resign',
  summary: 'Acme: 30 s, then 2 min (3 attempts); the same event_id, signed anew; 3 s to answer',
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The Acme slice: `registerProvider(acme)` makes it known by id; `createRelay({ plugins: [acme] })` mounts it. */
export const acme: BuiltInProvider = defineProvider({
  id: 'acme',
  name: 'Acme',
  secretEnv: 'ACME_WEBHOOK_SECRET',
  catalog: { eventTypes, resolve: (input) => (eventTypes.includes(input) ? input : undefined) },
  scheme,
  verify: standardWebhooks.verify,
  normalize: ({ json }) => {
    if (!isObject(json) || typeof json.type !== 'string' || typeof json.event_id !== 'string' || !isObject(json.payload)) {
      return { ok: false, error: 'The body is not an Acme event: it needs string "event_id" and "type" and an object "payload".' };
    }
    return { ok: true, event: { eventType: json.type, deliveryId: json.event_id, data: json } };
  },
  loadBuilder: () => import('./build.js').then((m) => m.builder),
  wire,
  retry,
  flows: { definitions: [widgetLifecycle], sharedHeaders: ['Acme-Account'] },
});
