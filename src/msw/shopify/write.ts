/** Shopify writes that change later reads: `PUT` updates of orders, customers, products, variants…, and order close/open/cancel. */
import type { HttpResponseResolver } from 'msw';
import { isPlainObject } from '../../core/index.js';
import type { MockContext } from '../context.js';
import { readJsonObject } from '../../providers/internal.js';
import { shopifyError, shopifyJson, shopifyNotFound } from './errors.js';
import { findInShop, shopOf } from './read.js';
import type { ShopifyResource } from './resources.js';

/** A timestamp as the Admin API writes them: seconds and an offset. */
export function shopifyTime(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** `PUT /<plural>/:id.json` with `{ <singular>: { …fields } }`: the fields given replace the stored ones. */
export function update(ctx: MockContext, resource: ShopifyResource): HttpResponseResolver {
  return async ({ request, params }) => {
    const id = String(params.id);
    const current = findInShop(ctx, params, resource.kind, id);
    if (!current) return shopifyNotFound();
    const body = await readJsonObject(request);
    const fields = body?.[resource.singular];
    if (!isPlainObject(fields)) return shopifyError(400, { [resource.singular]: 'Required parameter missing or invalid' });
    const { id: _ignored, admin_graphql_api_id: _gid, ...rest } = fields;
    const next = { ...current, ...rest, updated_at: shopifyTime() };
    return shopifyJson({ [resource.singular]: ctx.world.put('shopify', resource.kind, next, { shop: shopOf(params) }) });
  };
}

/** `POST /orders/:id/{close|open|cancel}.json`. */
export function orderAction(ctx: MockContext, action: 'close' | 'open' | 'cancel'): HttpResponseResolver {
  return async ({ request, params }) => {
    const id = String(params.id);
    const current = findInShop(ctx, params, 'order', id);
    if (!current) return shopifyNotFound();
    const now = shopifyTime();
    if (action === 'cancel' && current.cancelled_at != null) return shopifyError(422, { base: ['Order has already been cancelled'] });
    const body = action === 'cancel' ? await readJsonObject(request) : undefined;
    const patch =
      action === 'close'
        ? { closed_at: now }
        : action === 'open'
          ? { closed_at: null }
          : { cancelled_at: now, cancel_reason: typeof body?.reason === 'string' ? body.reason : 'other' };
    const order = ctx.world.put('shopify', 'order', { ...current, ...patch, updated_at: now }, { shop: shopOf(params) });
    return shopifyJson({ order });
  };
}
