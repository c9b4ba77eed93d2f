/**
 * The Shopify Admin API, as the mocks and the emulator serve it (`<shop>.myshopify.com/admin/api/<version>`):
 * GraphQL (`/graphql.json`: products, customers, orders, fulfillments, refunds, draft orders, inventory,
 * webhook subscriptions) and REST (recorded resources per shop, lists and updates), over the same objects.
 */
import { guardedRoute, type ApiRoute, type ApiRoutes } from '../../shared/api/index.js';
import { checkShopifyToken } from './auth.js';
import { shopifyError } from './errors.js';
import { graphqlHandler } from './graphql/execute.js';
import * as read from './read.js';
import { ORDER_CHILDREN, SHOPIFY_RESOURCES } from './resources.js';
import { shopifySchema } from './schema.js';
import * as write from './write.js';

export { shopifyAdapter } from './record.js';

/** What the Shopify routes check requests against. */
export interface ShopifyRouteOptions {
  /** The Admin API access tokens accepted (`X-Shopify-Access-Token`). Default: any token. */
  readonly accessTokens?: readonly string[];
}

/**
 * The Shopify Admin REST API's routes, over web `Request`/`Response` and the world each call is
 * handed. The base holds the `:shop` and `:version` parameters every route receives.
 * @example
 * const api = shopifyRoutes({ accessTokens: ['shpat_123'] });
 */
export function shopifyRoutes(options: ShopifyRouteOptions = {}): ApiRoutes {
  const r = guardedRoute((request) => checkShopifyToken(request, options.accessTokens));
  const routes: ApiRoute[] = [
    r('POST', '/graphql.json', graphqlHandler(shopifySchema)),
    r('GET', '/shop.json', read.shop),
    r('GET', '/inventory_levels.json', read.inventoryLevels),
    r('POST', '/orders/:id/close.json', write.orderAction('close')),
    r('POST', '/orders/:id/open.json', write.orderAction('open')),
    r('POST', '/orders/:id/cancel.json', write.orderAction('cancel')),
  ];
  for (const resource of SHOPIFY_RESOURCES) {
    if (resource.listable) {
      routes.push(r('GET', `/${resource.plural}.json`, read.list(resource)));
      routes.push(r('GET', `/${resource.plural}/count.json`, read.count(resource)));
    }
    if (resource.retrievable !== false) routes.push(r('GET', `/${resource.plural}/:id.json`, read.retrieve(resource)));
    if (resource.updatable) routes.push(r('PUT', `/${resource.plural}/:id.json`, write.update(resource)));
  }
  const variant = SHOPIFY_RESOURCES.find((x) => x.kind === 'variant')!;
  routes.push(r('GET', '/products/:parent_id/variants.json', read.children('product', variant)));
  for (const child of ORDER_CHILDREN) {
    routes.push(r('GET', `/orders/:parent_id/${child.plural}.json`, read.children('order', child)));
    routes.push(r('GET', `/orders/:parent_id/${child.plural}/:id.json`, read.child(child)));
  }
  routes.push(r('GET', '/orders/:parent_id/fulfillments/:fulfillment_id/events/:id.json', read.fulfillmentEvent));
  return {
    provider: 'shopify',
    base: 'https://:shop.myshopify.com/admin/api/:version',
    host: '<shop>.myshopify.com',
    routes,
    unsupported: (message) => shopifyError(501, message),
  };
}
