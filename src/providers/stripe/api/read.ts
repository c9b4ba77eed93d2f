/** Stripe reads: retrieve by id, list with `starting_after`/`ending_before`/`limit`, and `expand`. */
import { isPlainObject } from '../../../core/index.js';
import { cursorPage, decodeForm, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { invalidParameter, resourceMissing, stripeJson } from './errors.js';
import { LINE_ITEMS_KIND, STRIPE_COLLECTIONS, STRIPE_KINDS } from './resources.js';

const PAGING = new Set(['limit', 'starting_after', 'ending_before', 'expand']);

/** Any Stripe object by id, whatever its kind (ids are unique across kinds). */
export function findStripeObject(world: World, id: string): Obj | undefined {
  for (const kind of STRIPE_KINDS) {
    const found = world.get('stripe', kind, id);
    if (found) return found;
  }
  return undefined;
}

/** Replaces id strings with the objects they name along each dotted `expand` path. */
export function expand(world: World, value: unknown, paths: readonly string[]): unknown {
  let out = value;
  for (const path of paths) out = expandPath(world, out, path.split('.'));
  return out;
}

function expandPath(world: World, value: unknown, path: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => expandPath(world, item, path));
  const [key, ...rest] = path;
  if (!isPlainObject(value) || key === undefined || !(key in value)) return value;
  let child = value[key];
  if (typeof child === 'string') child = findStripeObject(world, child) ?? child;
  return { ...value, [key]: rest.length > 0 ? expandPath(world, child, rest) : child };
}

/** The `expand` paths of a request: `expand[]=a`, `expand[0]=a` or `expand=a`. */
export function expandParam(params: Obj): string[] {
  const raw = params.expand;
  if (typeof raw === 'string') return [raw];
  return Array.isArray(raw) ? raw.filter((p): p is string => typeof p === 'string') : [];
}

/** Newest first, as Stripe lists. */
function newestFirst(items: Obj[]): Obj[] {
  return items.map((item, index) => ({ item, index })).sort((a, b) => Number(b.item.created ?? 0) - Number(a.item.created ?? 0) || b.index - a.index).map((x) => x.item);
}

function matchesFilter(object: Obj, key: string, value: string): boolean {
  if (!(key in object)) return false;
  const field = object[key];
  if (isPlainObject(field)) return field.id === value;
  return String(field) === value;
}

/** `GET /v1/<collection>/:id`. */
export function retrieve(kind: string, unsupported: (request: Request) => Response): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    // `/v1/customers/search` and friends are endpoints, not ids.
    if (id === 'search') return unsupported(request);
    const object = world.get('stripe', kind, id);
    if (!object) return resourceMissing(kind, id);
    const paths = expandParam(decodeForm(new URL(request.url).searchParams));
    // A session's `line_items` are absent until expanded (Stripe's fulfilment sample asks for them).
    if (kind === 'checkout.session' && paths.includes('line_items')) object.line_items = lineItemList(world, id);
    return stripeJson(expand(world, object, paths.filter((p) => p !== 'line_items')));
  };
}

/** A Checkout Session's line items as a Stripe list (empty for a session no delivery described). */
function lineItemList(world: World, id: string): Obj {
  const stored = world.get('stripe', LINE_ITEMS_KIND, id);
  const data = stored && Array.isArray(stored.data) ? (stored.data as Obj[]) : [];
  return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
}

/** `GET /v1/checkout/sessions/:id/line_items`: what the session sold. */
export function sessionLineItems(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    if (!world.get('stripe', 'checkout.session', id)) return resourceMissing('checkout.session', id);
    return listResponse(world, request, lineItemList(world, id).data as Obj[], `/v1/checkout/sessions/${id}/line_items`);
  };
}

/** A Stripe list object cut from `items` by the request's cursor parameters. */
export function listResponse(world: World, request: Request, items: Obj[], url: string): Response {
  const query = decodeForm(new URL(request.url).searchParams);
  const rawLimit = query.limit ?? '10';
  const limit = typeof rawLimit === 'string' && /^\d+$/.test(rawLimit) ? Number(rawLimit) : NaN;
  if (!(limit >= 1 && limit <= 100)) return invalidParameter('limit', 'Invalid integer: limit must be between 1 and 100.');
  const after = typeof query.starting_after === 'string' ? query.starting_after : undefined;
  const before = typeof query.ending_before === 'string' ? query.ending_before : undefined;
  const page = cursorPage(items, (o) => String(o.id), { limit, after, before });
  if (!page) {
    const param = after ? 'starting_after' : 'ending_before';
    return resourceMissing(String(items[0]?.object ?? 'object'), String(after ?? before), param);
  }
  const list = { object: 'list', data: page.data, has_more: page.hasMore, url };
  return stripeJson(expand(world, list, expandParam(query)));
}

/** `GET /v1/<collection>`: newest first, filtered by any other top-level field given (`customer`, `status`, `type`…). */
export function list(kind: string): RouteHandler {
  return (request, params, world) => {
    const query = decodeForm(new URL(request.url).searchParams);
    let items = newestFirst(world.list('stripe', kind));
    if (kind === 'customer') items = items.filter((c) => c.deleted !== true);
    if (kind === 'subscription' && query.status === undefined) items = items.filter((s) => s.status !== 'canceled');
    for (const [key, value] of Object.entries(query)) {
      if (PAGING.has(key) || typeof value !== 'string') continue;
      if (kind === 'subscription' && key === 'status' && value === 'all') continue;
      items = items.filter((item) => matchesFilter(item, key, value));
    }
    return listResponse(world, request, items, `/v1/${STRIPE_COLLECTIONS[kind]}`);
  };
}

/** `GET /v1/invoices/:id/lines`: the invoice's line items. */
export function invoiceLines(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const invoice = world.get('stripe', 'invoice', id);
    if (!invoice) return resourceMissing('invoice', id);
    const lines = isPlainObject(invoice.lines) && Array.isArray(invoice.lines.data) ? (invoice.lines.data as Obj[]) : [];
    return listResponse(world, request, lines, `/v1/invoices/${id}/lines`);
  };
}

/** `GET /v1/balance`: the last balance a delivery reported, else an empty one. */
export function balance(): RouteHandler {
  return (request, params, world) =>
    stripeJson(world.get('stripe', 'balance', 'balance') ?? { object: 'balance', available: [], livemode: false, pending: [] });
}
