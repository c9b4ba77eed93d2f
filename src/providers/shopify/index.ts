import { randomUUID } from 'node:crypto';
import { shopify as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject, readHeader } from '../shared/plugin-helpers.js';
import type { BuiltInProvider, RetryRule, WireFacts } from '../types.js';
import { catalog } from './catalog.js';
import type { ShopifyEventData } from './generated/data-types.js';
import { shopifyFlows } from './flows.js';
import { scheme } from './scheme.js';

const retry: RetryRule = {
  // "8 times over 4 hours using an exponential backoff schedule"; the intervals are not published:
  // relaykit doubles from one minute (the eighth retry comes 4 h 15 min after the first failure).
  delays: [1, 2, 4, 8, 16, 32, 64, 128].map((m) => m * 60),
  timeoutMs: 5_000,
  resend: 'same',
  summary:
    '8 retries over about 4 hours, exponential (intervals not published: relaykit doubles from 1 min); ' +
    'the original payload and headers (same X-Shopify-Webhook-Id and Triggered-At); 5 s to answer',
};

/** The delivery id is `X-Shopify-Webhook-Id` (an event id beside it is renewed with it); the topic is `X-Shopify-Topic`. */
const wire: WireFacts = {
  deliveryId: { place: { header: 'X-Shopify-Webhook-Id' }, mint: () => randomUUID(), renewedHeaders: ['X-Shopify-Event-Id'] },
  mainResource: [],
  routingHeaders: (eventType) => ({ 'X-Shopify-Topic': eventType }),
};

/**
 * Shopify (commerce): `X-Shopify-Hmac-Sha256: <base64>` over the body; the topic is `X-Shopify-Topic`.
 * @example
 * shopify.catalog.resolve('ORDERS_CREATE'); // 'orders/create'
 */
export const shopify: BuiltInProvider<'shopify', ShopifyEventData> = defineBuiltIn({
  id: 'shopify',
  name: 'Shopify',
  secretEnv: 'SHOPIFY_WEBHOOK_SECRET',
  catalog,
  scheme,
  verify: signer.verify,
  normalize: ({ headers, json }) => {
    const topic = readHeader(headers, 'X-Shopify-Topic') ?? readHeader(headers, 'shopify-topic');
    if (!topic) return invalid('The X-Shopify-Topic header is missing: it names the topic (orders/create, …).');
    if (!isPlainObject(json)) return invalid('The body is not a Shopify webhook payload: it must be a JSON object.');
    const deliveryId = readHeader(headers, 'X-Shopify-Webhook-Id') ?? readHeader(headers, 'shopify-webhook-id') ?? null;
    return { ok: true, event: { eventType: topic, deliveryId, data: json } };
  },
  loadBuilder: () => import('./build.js').then((m) => m.builder),
  wire,
  retry,
  // The same shop sends them all.
  flows: { definitions: shopifyFlows, sharedHeaders: ['User-Agent', 'X-Shopify-Shop-Domain', 'X-Shopify-API-Version'] },
});
