import { shopify as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject, readHeader } from '../shared/plugin-helpers.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

/**
 * Shopify (commerce): `X-Shopify-Hmac-Sha256: <base64>` over the body; the topic is `X-Shopify-Topic`.
 * @example
 * shopify.catalog.resolve('ORDERS_CREATE'); // 'orders/create'
 */
export const shopify: BuiltInProvider = defineBuiltIn({
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
});
