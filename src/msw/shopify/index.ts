/** The Shopify Admin REST API mock (`<shop>.myshopify.com/admin/api/<version>`): recorded resources per shop, lists and updates. */
import type { MockContext } from '../context.js';
import { guardedRoute, type MockApi, type MockRoute } from '../shared/routes.js';
import { checkShopifyToken } from './auth.js';
import { shopifyError } from './errors.js';
import * as read from './read.js';
import { ORDER_CHILDREN, SHOPIFY_RESOURCES } from './resources.js';
import * as write from './write.js';

export { shopifyAdapter } from './record.js';

/**
 * The mocked Shopify Admin REST API.
 * @example
 * const api = shopifyApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function shopifyApi(ctx: MockContext): MockApi {
  const r = guardedRoute((request) => checkShopifyToken(request, ctx.options.shopify.accessTokens));
  const routes: MockRoute[] = [
    r('GET', '/shop.json', read.shop(ctx)),
    r('GET', '/inventory_levels.json', read.inventoryLevels(ctx)),
    r('POST', '/orders/:id/close.json', write.orderAction(ctx, 'close')),
    r('POST', '/orders/:id/open.json', write.orderAction(ctx, 'open')),
    r('POST', '/orders/:id/cancel.json', write.orderAction(ctx, 'cancel')),
  ];
  for (const resource of SHOPIFY_RESOURCES) {
    if (resource.listable) {
      routes.push(r('GET', `/${resource.plural}.json`, read.list(ctx, resource)));
      routes.push(r('GET', `/${resource.plural}/count.json`, read.count(ctx, resource)));
    }
    if (resource.retrievable !== false) routes.push(r('GET', `/${resource.plural}/:id.json`, read.retrieve(ctx, resource)));
    if (resource.updatable) routes.push(r('PUT', `/${resource.plural}/:id.json`, write.update(ctx, resource)));
  }
  const variant = SHOPIFY_RESOURCES.find((x) => x.kind === 'variant')!;
  routes.push(r('GET', '/products/:parent_id/variants.json', read.children(ctx, 'product', variant)));
  for (const child of ORDER_CHILDREN) {
    routes.push(r('GET', `/orders/:parent_id/${child.plural}.json`, read.children(ctx, 'order', child)));
    routes.push(r('GET', `/orders/:parent_id/${child.plural}/:id.json`, read.child(ctx, child)));
  }
  routes.push(r('GET', '/orders/:parent_id/fulfillments/:fulfillment_id/events/:id.json', read.fulfillmentEvent(ctx)));
  return {
    provider: 'shopify',
    base: 'https://:shop.myshopify.com/admin/api/:version',
    host: '<shop>.myshopify.com',
    routes,
    unsupported: (message) => shopifyError(501, message),
  };
}
