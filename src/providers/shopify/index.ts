import { shopify as signer } from '../../signers/index.js';
import { signatureHeaderNames } from '../scheme.js';
import { invalid, isPlainObject, noSecret, readHeader } from '../shared/plugin-helpers.js';
import { randomSecret } from '../shared/secrets.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

const SECRET_ENV = 'SHOPIFY_WEBHOOK_SECRET';

/**
 * Shopify (commerce): `X-Shopify-Hmac-Sha256: <base64>` over the body; the topic is `X-Shopify-Topic`.
 * @example
 * shopify.catalog.resolve('ORDERS_CREATE'); // 'orders/create'
 */
export const shopify: BuiltInProvider = {
  id: 'shopify',
  name: 'Shopify',
  secretEnv: SECRET_ENV,
  catalog,
  scheme,
  signatureHeaders: signatureHeaderNames(scheme),
  verify: (request) =>
    request.secrets.length === 0
      ? noSecret(SECRET_ENV)
      : signer.verify({ headers: request.headers, body: request.body, secret: request.secrets }),
  normalize: ({ headers, json }) => {
    const topic = readHeader(headers, 'X-Shopify-Topic') ?? readHeader(headers, 'shopify-topic');
    if (!topic) return invalid('The X-Shopify-Topic header is missing: it names the topic (orders/create, …).');
    if (!isPlainObject(json)) return invalid('The body is not a Shopify webhook payload: it must be a JSON object.');
    const deliveryId = readHeader(headers, 'X-Shopify-Webhook-Id') ?? readHeader(headers, 'shopify-webhook-id') ?? null;
    return { ok: true, event: { eventType: topic, deliveryId, data: json } };
  },
  sign: scheme.sign,
  generateSecret: () => randomSecret(scheme.secret),
  loadBuilder: () => import('./build.js').then((m) => m.builder),
};
