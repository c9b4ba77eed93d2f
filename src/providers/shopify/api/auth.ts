/** Shopify's credential check: an Admin API access token in `X-Shopify-Access-Token`, else 401. */
import { shopifyError } from './errors.js';

/** The 401 Shopify gives, or `undefined` when the request carries an acceptable token. */
export function checkShopifyToken(request: Request, expected: readonly string[] | undefined): Response | undefined {
  const token = request.headers.get('x-shopify-access-token');
  if (token === null || token === '' || (expected !== undefined && !expected.includes(token))) {
    return shopifyError(401, '[API] Invalid API key or access token (unrecognized login or wrong password)');
  }
  return undefined;
}
