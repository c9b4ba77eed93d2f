/** Shopify writes that change later reads: `PUT` updates of orders, customers, products, variants…, and order close/open/cancel. */
import { isPlainObject } from '../../../core/index.js';
import { readJsonObject, type RouteHandler } from '../../shared/api/index.js';
import { shopifyError, shopifyJson, shopifyNotFound } from './errors.js';
import { findInShop, shopOf } from './read.js';
import type { ShopifyResource } from './resources.js';

/** A timestamp as the Admin API writes them: seconds and an offset. */
export function shopifyTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** `PUT /<plural>/:id.json` with `{ <singular>: { …fields } }`: the fields given replace the stored ones. */
export function update(resource: ShopifyResource): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = findInShop(world, params, resource.kind, id);
    if (!current) return shopifyNotFound();
    const body = await readJsonObject(request);
    const fields = body?.[resource.singular];
    if (!isPlainObject(fields)) return shopifyError(400, { [resource.singular]: 'Required parameter missing or invalid' });
    const { id: _ignored, admin_graphql_api_id: _gid, ...rest } = fields;
    const next = { ...current, ...rest, updated_at: shopifyTime(new Date(world.now())) };
    const scope = { shop: shopOf(params) };
    const stored = world.put('shopify', resource.kind, next, scope);
    if (resource.updateTopic) world.outbox.append({ provider: 'shopify', type: resource.updateTopic, data: stored, scope });
    return shopifyJson({ [resource.singular]: stored });
  };
}

/** `POST /orders/:id/{close|open|cancel}.json`. */
export function orderAction(action: 'close' | 'open' | 'cancel'): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = findInShop(world, params, 'order', id);
    if (!current) return shopifyNotFound();
    const now = shopifyTime(new Date(world.now()));
    if (action === 'cancel' && current.cancelled_at != null) return shopifyError(422, { base: ['Order has already been cancelled'] });
    const body = action === 'cancel' ? await readJsonObject(request) : undefined;
    const patch =
      action === 'close'
        ? { closed_at: now }
        : action === 'open'
          ? { closed_at: null }
          : { cancelled_at: now, cancel_reason: typeof body?.reason === 'string' ? body.reason : 'other' };
    const scope = { shop: shopOf(params) };
    const order = world.put('shopify', 'order', { ...current, ...patch, updated_at: now }, scope);
    // Shopify sends orders/cancelled for a cancel, and orders/updated for any change of the order.
    if (action === 'cancel') world.outbox.append({ provider: 'shopify', type: 'orders/cancelled', data: order, scope });
    world.outbox.append({ provider: 'shopify', type: 'orders/updated', data: order, scope });
    return shopifyJson({ order });
  };
}
