/**
 * Products and prices as Stripe test mode keeps them: create, update (`product.updated` and
 * `price.updated` carry `previous_attributes`), product delete (refused while it has prices).
 * A price made with `product_data` creates its product first (`product.created`, then `price.created`).
 */
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { productResource } from '../../resources/product.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { badParam, badState, changedFields, flag, integer, metadata, missingParam, refuseUnknown, save, seconds, text } from './params.js';

const INTERVALS = ['day', 'week', 'month', 'year'];
const PRODUCT_FIELDS = ['name', 'active', 'description', 'metadata', 'url', 'unit_label', 'statement_descriptor', 'tax_code', 'images', 'shippable'];
const PRICE_UPDATE = ['active', 'metadata', 'nickname', 'lookup_key', 'tax_behavior'];

/** Applies the simple fields of a product create or update; a Response when one is malformed. */
function productFields(current: Obj, body: Obj): Obj | Response {
  const next: Obj = { ...current };
  for (const key of ['name', 'description', 'url', 'unit_label', 'statement_descriptor', 'tax_code']) {
    if (body[key] !== undefined) next[key] = body[key] === '' ? null : String(body[key]);
  }
  for (const key of ['active', 'shippable']) {
    const value = flag(body, key);
    if (value instanceof Response) return value;
    if (value !== undefined) next[key] = value;
  }
  if (Array.isArray(body.images)) next.images = body.images.map(String);
  if (body.metadata !== undefined) next.metadata = metadata(current.metadata, body.metadata);
  return next;
}

/** A new product from create parameters (`name` required). */
export function newProduct(world: World, body: Obj): Obj | Response {
  if (!text(body, 'name')) return missingParam('name');
  const id = typeof body.id === 'string' && body.id !== '' ? body.id : world.id('prod', 14);
  return productFields(productResource({ id, name: '', created: seconds(world.now()) }), body);
}

/** `POST /v1/products`: `product.created`. */
export function createProduct(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, [...PRODUCT_FIELDS, 'id']);
    if (refused) return refused;
    const product = newProduct(world, body);
    if (product instanceof Response) return product;
    if (world.get('stripe', 'product', String(product.id))) return badState(`Product already exists.`, 'resource_already_exists');
    const stored = save(world, 'product', product);
    emit(world, ['product.created'], stored);
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** `POST /v1/products/:id`: `product.updated` with the changed fields' old values. */
export function updateProduct(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'product', id);
    if (!current) return resourceMissing('product', id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, [...PRODUCT_FIELDS, 'default_price']);
    if (refused) return refused;
    const next = productFields(current, body);
    if (next instanceof Response) return next;
    if (body.default_price !== undefined) {
      const price = String(body.default_price);
      if (price !== '' && world.get('stripe', 'price', price)?.product !== id) return resourceMissing('price', price, 'default_price');
      next.default_price = price === '' ? null : price;
    }
    const previous = changedFields(current, next);
    if (Object.keys(previous).length === 0) return stripeJson(expand(world, current, expandParam(body)));
    next.updated = seconds(world.now());
    const stored = save(world, 'product', next);
    emit(world, ['product.updated'], stored, { previous: { ...previous, updated: current.updated } });
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** `DELETE /v1/products/:id`: `product.deleted`; later retrievals answer 404. */
export function deleteProduct(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'product', id);
    if (!current) return resourceMissing('product', id);
    if (world.list('stripe', 'price').some((p) => p.product === id)) {
      return badState('This product cannot be deleted because it has one or more user-created prices.', 'product_has_prices');
    }
    world.delete('stripe', 'product', id);
    emit(world, ['product.deleted'], current);
    return stripeJson({ id, object: 'product', deleted: true });
  };
}

/** The `recurring` of a price from `recurring[interval]`/`[interval_count]`, null when absent, or a 400. */
function recurringOf(body: Obj): Obj | null | Response {
  const raw = body.recurring;
  if (raw === undefined) return null;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return badParam('recurring', 'Invalid object');
  const r = raw as Obj;
  const interval = text(r, 'interval');
  if (!interval) return missingParam('recurring[interval]');
  if (!INTERVALS.includes(interval)) return badParam('recurring[interval]', `Invalid recurring[interval]: must be one of day, month, week, or year`);
  const count = integer(r, 'interval_count', { min: 1 });
  if (count instanceof Response) return count;
  const trial = integer(r, 'trial_period_days', { min: 0 });
  if (trial instanceof Response) return trial;
  return { interval, interval_count: count ?? 1, meter: null, trial_period_days: trial ?? null, usage_type: 'licensed' };
}

/** `POST /v1/prices`: one-time or recurring, for `product` or a new product from `product_data`. */
export function createPrice(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['currency', 'unit_amount', 'unit_amount_decimal', 'product', 'product_data', 'recurring', 'nickname', 'lookup_key', 'metadata', 'active', 'tax_behavior']);
    if (refused) return refused;
    const currency = text(body, 'currency');
    if (!currency) return missingParam('currency');
    const amount = integer(body, 'unit_amount', { min: 0 });
    if (amount instanceof Response) return amount;
    if (amount === undefined) return missingParam('unit_amount');
    const recurring = recurringOf(body);
    if (recurring instanceof Response) return recurring;
    const active = flag(body, 'active');
    if (active instanceof Response) return active;
    let product = text(body, 'product');
    let newProductObject: Obj | undefined;
    if (!product) {
      if (typeof body.product_data !== 'object' || body.product_data === null) return missingParam('product');
      const made = newProduct(world, body.product_data as Obj);
      if (made instanceof Response) return made;
      newProductObject = made;
      product = String(made.id);
    } else if (!world.get('stripe', 'product', product)) return resourceMissing('product', product, 'product');
    const price: Obj = {
      id: world.id('price', 24),
      object: 'price',
      active: active ?? true,
      billing_scheme: 'per_unit',
      created: seconds(world.now()),
      currency: currency.toLowerCase(),
      custom_unit_amount: null,
      livemode: false,
      lookup_key: text(body, 'lookup_key') ?? null,
      metadata: metadata({}, body.metadata),
      nickname: text(body, 'nickname') ?? null,
      product,
      recurring,
      tax_behavior: text(body, 'tax_behavior') ?? 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    if (newProductObject) emit(world, ['product.created'], save(world, 'product', newProductObject));
    const stored = save(world, 'price', price);
    emit(world, ['price.created'], stored);
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/** `POST /v1/prices/:id`: the fields Stripe lets change (amounts are fixed); `price.updated`. */
export function updatePrice(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', 'price', id);
    if (!current) return resourceMissing('price', id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, PRICE_UPDATE);
    if (refused) return refused;
    const next: Obj = { ...current };
    const active = flag(body, 'active');
    if (active instanceof Response) return active;
    if (active !== undefined) next.active = active;
    for (const key of ['nickname', 'lookup_key', 'tax_behavior']) if (body[key] !== undefined) next[key] = body[key] === '' ? null : String(body[key]);
    if (body.metadata !== undefined) next.metadata = metadata(current.metadata, body.metadata);
    const previous = changedFields(current, next);
    if (Object.keys(previous).length === 0) return stripeJson(current);
    const stored = save(world, 'price', next);
    emit(world, ['price.updated'], stored, { previous });
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}
