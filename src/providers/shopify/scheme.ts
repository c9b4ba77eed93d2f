/** Shopify's signing scheme: `X-Shopify-Hmac-Sha256: <base64>` over the body, keyed with the client secret as is; no time signed. */
import { shopify as signer } from '../../signers/index.js';
import { half } from '../scheme.js';
import { firstSecret } from '../shared/plugin-helpers.js';
import type { SigningScheme } from '../types.js';

const HEADER = signer.SIGNATURE_HEADER;

/**
 * Shopify's scheme: one header (`shopify-hmac-sha256` in newer event deliveries) and the `shpss_` client secret.
 * @example
 * scheme.headers; // { signature: 'X-Shopify-Hmac-Sha256', aliases: ['shopify-hmac-sha256'] }
 */
export const scheme: SigningScheme = {
  name: 'Shopify',
  headers: { signature: HEADER, aliases: [signer.EVENTS_SIGNATURE_HEADER] },
  timestamp: null,
  secret: { prefix: 'shpss_', bytes: 16, encoding: 'hex', key: 'utf8' },
  malformations: [
    { name: `an empty ${HEADER}`, apply: () => ({ [HEADER]: '' }) },
    { name: 'an HMAC cut to half its length', apply: (headers) => ({ [HEADER]: half(headers[HEADER]!) }) },
    { name: 'an HMAC that is not base64', apply: () => ({ [HEADER]: '!'.repeat(44) }) },
  ],
  sign: (request) => signer.sign({ secret: firstSecret(request.secret), body: request.body }),
};
