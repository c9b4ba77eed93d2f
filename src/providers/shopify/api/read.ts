/**
 * Shopify Admin REST reads: `{ <singular> }` by id, `{ <plural> }` lists cut by `limit` and an
 * opaque `page_info` with `Link` headers, `{ count }`, and the resources nested under an order.
 */
import { decodePageToken, encodePageToken, intParam, linkHeader, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { shopifyError, shopifyJson, shopifyNotFound } from './errors.js';
import type { ShopifyResource } from './resources.js';

/** The shop domain of a request: `acme` from `acme.myshopify.com`. */
export function shopOf(params: Record<string, unknown>): string {
  return `${String(params.shop)}.myshopify.com`.toLowerCase();
}

/** An object of the shop (or one seeded for any shop). */
export function findInShop(world: World, params: Record<string, unknown>, kind: string, id: string): Obj | undefined {
  return world.get('shopify', kind, id, { shop: shopOf(params) }) ?? world.get('shopify', kind, id);
}

/** Every object of a kind in the shop (and seeded for any shop), newest first. */
export function allInShop(world: World, params: Record<string, unknown>, kind: string): Obj[] {
  const items = [...world.list('shopify', kind), ...world.list('shopify', kind, { shop: shopOf(params) })];
  return items.sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')) || Number(b.id ?? 0) - Number(a.id ?? 0));
}

const CONTROL = new Set(['limit', 'page_info', 'fields', 'status', 'ids', 'since_id', 'order']);

/** The filters of a list request: `ids`, `since_id`, an order's `status` (default `open`), and equality on other fields. */
function filter(kind: string, items: Obj[], query: Record<string, string>): Obj[] {
  let out = items;
  if (query.ids) {
    const ids = new Set(query.ids.split(',').map((s) => s.trim()));
    out = out.filter((o) => ids.has(String(o.id)));
  }
  if (query.since_id) out = out.filter((o) => Number(o.id) > Number(query.since_id));
  if (kind === 'order') {
    const status = query.status ?? 'open';
    out = out.filter((o) =>
      status === 'any' ? true : status === 'cancelled' ? o.cancelled_at != null : status === 'closed' ? o.closed_at != null : o.closed_at == null && o.cancelled_at == null,
    );
  } else if (query.status) out = out.filter((o) => o.status === query.status);
  for (const [key, value] of Object.entries(query)) {
    if (!CONTROL.has(key) && value !== 'any') out = out.filter((o) => key in o && String(o[key]) === value);
  }
  return out;
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

/** `GET /<plural>.json`: a page and its `Link` header (`rel="next"`/`rel="previous"` with `page_info`). */
export function list(resource: ShopifyResource): RouteHandler {
  return (request, params, world) => {
    const url = new URL(request.url);
    const limit = intParam(url, 'limit', 50, 1, 250);
    if (limit === undefined) return shopifyError(400, { limit: 'must be between 1 and 250' });
    let query = queryOf(url);
    let offset = 0;
    const token = url.searchParams.get('page_info');
    if (token !== null) {
      const state = decodePageToken(token);
      if (!state || typeof state.offset !== 'number' || typeof state.query !== 'object' || state.query === null) {
        return shopifyError(400, { page_info: 'Invalid value.' });
      }
      offset = state.offset;
      query = state.query as Record<string, string>;
    }
    const items = filter(resource.kind, allInShop(world, params, resource.kind), query);
    const page = items.slice(offset, offset + limit);
    const at = (start: number): string => `${url.origin}${url.pathname}?limit=${limit}&page_info=${encodePageToken({ offset: start, query })}`;
    const links: [string, string][] = [];
    if (offset > 0) links.push(['previous', at(Math.max(0, offset - limit))]);
    if (offset + limit < items.length) links.push(['next', at(offset + limit)]);
    return shopifyJson({ [resource.plural]: page }, 200, links.length > 0 ? { Link: linkHeader(links) } : {});
  };
}

/** `GET /<plural>/count.json`. */
export function count(resource: ShopifyResource): RouteHandler {
  return (request, params, world) => shopifyJson({ count: filter(resource.kind, allInShop(world, params, resource.kind), queryOf(new URL(request.url))).length });
}

/** `GET /<plural>/:id.json`. */
export function retrieve(resource: ShopifyResource): RouteHandler {
  return (request, params, world) => {
    const found = findInShop(world, params, resource.kind, String(params.id));
    return found ? shopifyJson({ [resource.singular]: found }) : shopifyNotFound();
  };
}

/** `GET /orders/:order_id/<plural>.json` and `GET /products/:order_id/variants.json`: the children of a parent. */
export function children(parentKind: 'order' | 'product', resource: ShopifyResource): RouteHandler {
  const field = `${parentKind}_id`;
  return (request, params, world) => {
    const parentId = String(params.parent_id);
    if (!findInShop(world, params, parentKind, parentId)) return shopifyNotFound();
    return shopifyJson({ [resource.plural]: allInShop(world, params, resource.kind).filter((o) => String(o[field]) === parentId).reverse() });
  };
}

/** `GET /orders/:order_id/<plural>/:id.json`. */
export function child(resource: ShopifyResource): RouteHandler {
  return (request, params, world) => {
    const found = findInShop(world, params, resource.kind, String(params.id));
    return found && String(found.order_id) === String(params.parent_id) ? shopifyJson({ [resource.singular]: found }) : shopifyNotFound();
  };
}

/** `GET /inventory_levels.json` by `inventory_item_ids` and/or `location_ids`. */
export const inventoryLevels: RouteHandler = (request, params, world) => {
  const url = new URL(request.url);
  const items = url.searchParams.get('inventory_item_ids')?.split(',');
  const locations = url.searchParams.get('location_ids')?.split(',');
  if (!items && !locations) return shopifyError(422, { base: ['must include inventory_item_ids or location_ids'] });
  const levels = allInShop(world, params, 'inventory_level').filter(
    (l) => (!items || items.includes(String(l.inventory_item_id))) && (!locations || locations.includes(String(l.location_id))),
  );
  return shopifyJson({ inventory_levels: levels });
};

/** `GET /shop.json`: the recorded shop, else a minimal one named after the domain. */
export const shop: RouteHandler = (request, params, world) => {
  const domain = shopOf(params);
  const found = world.get('shopify', 'shop', 'shop', { shop: domain }) ?? world.get('shopify', 'shop', 'shop');
  return shopifyJson({ shop: found ?? { id: 1, name: String(params.shop), domain, myshopify_domain: domain, currency: 'USD', plan_name: 'development' } });
};

/** `GET /orders/:order_id/fulfillments/:fulfillment_id/events/:id.json`. */
export const fulfillmentEvent: RouteHandler = (request, params, world) => {
  const found = findInShop(world, params, 'fulfillment_event', String(params.id));
  const matches = found && String(found.order_id) === String(params.parent_id) && String(found.fulfillment_id) === String(params.fulfillment_id);
  return matches ? shopifyJson({ fulfillment_event: found }) : shopifyNotFound();
};
