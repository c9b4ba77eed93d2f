/**
 * What a Shopify payload names by id besides its own resource: the products and variants of its line
 * items, the order of a fulfillment, refund or transaction, the locations and inventory items it
 * points at, the customer of a consent update. Each is recorded as the payload implies it (a line
 * item's product has its title and vendor, an order stub lists the fulfillment that named it), and a
 * fuller object recorded before is never replaced by a stub.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';

const GID_TYPES: Readonly<Record<string, string>> = {
  order: 'Order',
  product: 'Product',
  variant: 'ProductVariant',
  location: 'Location',
  inventory_item: 'InventoryItem',
  customer: 'Customer',
  fulfillment_order: 'FulfillmentOrder',
  recurring_application_charge: 'AppSubscription',
  application_charge: 'AppPurchaseOneTime',
};

/** The keys a fulfillment order topic gives its fulfillment orders under. */
const FULFILLMENT_ORDER_KEYS = [
  'fulfillment_order', 'original_fulfillment_order', 'submitted_fulfillment_order', 'moved_fulfillment_order',
  'remaining_fulfillment_order', 'replacement_fulfillment_order',
];

/** An app charge as the REST API shows it, from the GraphQL form a billing topic sends. */
function appCharge(charge: Obj, id: string): Obj {
  const rest: Obj = { ...charge, id: Number(id), status: typeof charge.status === 'string' ? charge.status.toLowerCase() : charge.status };
  delete rest.admin_graphql_api_shop_id;
  return rest;
}

/** The resources a topic's body holds in GraphQL form (fulfillment orders, app charges), at their REST ids. */
function graphqlResources(world: World, shop: string, resource: string, payload: Obj): void {
  for (const key of FULFILLMENT_ORDER_KEYS) {
    const order = payload[key];
    const id = isPlainObject(order) ? idOf(order.id) : undefined;
    if (id) world.merge('shopify', 'fulfillment_order', { ...(order as Obj), id: Number(id), admin_graphql_api_id: `gid://shopify/FulfillmentOrder/${id}` }, { shop });
  }
  const charges: Readonly<Record<string, [string, string]>> = {
    app_subscriptions: ['app_subscription', 'recurring_application_charge'],
    app_purchases_one_time: ['app_purchase_one_time', 'application_charge'],
  };
  const [field, kind] = charges[resource] ?? [];
  const charge = field ? payload[field] : undefined;
  const chargeId = isPlainObject(charge) ? idOf(charge.admin_graphql_api_id) : undefined;
  if (kind && chargeId) world.merge('shopify', kind, appCharge(charge as Obj, chargeId), { shop });
  // Customers a topic names by GraphQL id: the one tagged, the one a merge kept.
  for (const gid of [payload.customerId, payload.admin_graphql_api_customer_kept_id]) {
    const id = idOf(gid);
    if (id) stub(world, shop, 'customer', id);
  }
}

/** A numeric id, given as a number, digits or a GraphQL id (`gid://shopify/Order/123`). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? /^(?:gid:\/\/shopify\/\w+\/)?(\d+)$/.exec(value)?.[1] : undefined;
}

/** Records (or completes) the `kind` object `id`: the stub's fields fill only what the stored object lacks. */
function stub(world: World, shop: string, kind: string, id: string, fields: Obj = {}): Obj {
  const known = world.get('shopify', kind, id, { shop });
  const base: Obj = { id: Number(id), admin_graphql_api_id: `gid://shopify/${GID_TYPES[kind] ?? kind}/${id}` };
  const filled: Obj = { ...base, ...fields };
  if (!known) return world.put('shopify', kind, filled, { shop });
  const missing = Object.fromEntries(Object.entries(filled).filter(([key, value]) => known[key] === undefined && value !== undefined));
  return Object.keys(missing).length > 0 ? world.merge('shopify', kind, missing, { shop, id }) : known;
}

/** Adds `item` to the array `field` of a stored object, replacing one with the same id. */
function upsertChild(world: World, shop: string, kind: string, id: string, field: string, item: Obj): void {
  world.update(
    'shopify',
    kind,
    id,
    (o) => {
      const list = Array.isArray(o[field]) ? (o[field] as Obj[]).filter((x) => !isPlainObject(x) || x.id !== item.id) : [];
      return { ...o, [field]: [...list, item] };
    },
    { shop },
  );
}

/** The product and variant of each line item, as the line item shows them. */
function lineItems(world: World, shop: string, items: unknown): void {
  if (!Array.isArray(items)) return;
  for (const raw of items) {
    const item = isPlainObject(raw) && isPlainObject(raw.line_item) ? raw.line_item : raw;
    if (!isPlainObject(item)) continue;
    const productId = idOf(item.product_id);
    const variantId = idOf(item.variant_id);
    if (!productId) continue;
    const title = typeof item.title === 'string' ? item.title : undefined;
    const product = stub(world, shop, 'product', productId, { title, vendor: item.vendor ?? undefined });
    if (!variantId) continue;
    const variant = stub(world, shop, 'variant', variantId, {
      product_id: Number(productId),
      title: typeof item.variant_title === 'string' ? item.variant_title : undefined,
      sku: item.sku ?? undefined,
      price: item.price ?? undefined,
    });
    const listed = Array.isArray(product.variants) && product.variants.some((v) => isPlainObject(v) && String(v.id) === variantId);
    if (!listed) upsertChild(world, shop, 'product', productId, 'variants', variant);
  }
}

/** The children an order lists, by the topic that reports one. */
const ORDER_FIELD: Readonly<Record<string, string>> = { fulfillments: 'fulfillments', refunds: 'refunds' };

/**
 * Records what a Shopify payload refers to (see the module comment).
 * @example
 * recordReferences(world, 'acme.myshopify.com', 'fulfillments', payload); // the order, its location, the line items' products
 */
export function recordReferences(world: World, shop: string, resource: string, payload: Obj): void {
  graphqlResources(world, shop, resource, payload);
  lineItems(world, shop, payload.line_items);
  lineItems(world, shop, payload.refund_line_items);
  const orderId = idOf(payload.order_id) ?? (isPlainObject(payload.order_edit) ? idOf(payload.order_edit.order_id) : undefined);
  if (orderId && resource !== 'draft_orders') {
    stub(world, shop, 'order', orderId);
    const field = ORDER_FIELD[resource];
    if (field && idOf(payload.id)) upsertChild(world, shop, 'order', orderId, field, payload);
  } else if (orderId) {
    stub(world, shop, 'order', orderId, { customer: isPlainObject(payload.customer) ? payload.customer : undefined });
  }
  for (const order of [payload, ...(Array.isArray(payload.fulfillments) ? payload.fulfillments : [])]) {
    const locationId = isPlainObject(order) ? idOf(order.location_id) : undefined;
    if (locationId) stub(world, shop, 'location', locationId);
  }
  if (resource === 'inventory_levels') {
    const item = idOf(payload.inventory_item_id);
    if (item) stub(world, shop, 'inventory_item', item);
  }
  if (resource === 'products' && Array.isArray(payload.variants)) {
    for (const variant of payload.variants) {
      const item = isPlainObject(variant) ? idOf(variant.inventory_item_id) : undefined;
      if (item) stub(world, shop, 'inventory_item', item);
    }
  }
  if (resource === 'variants') {
    const productId = idOf(payload.product_id);
    if (productId && idOf(payload.id)) {
      const product = stub(world, shop, 'product', productId);
      const listed = Array.isArray(product.variants) && product.variants.some((v) => isPlainObject(v) && v.id === payload.id);
      if (!listed) upsertChild(world, shop, 'product', productId, 'variants', payload);
    }
  }
  const customerId = idOf(payload.customer_id);
  if (customerId) stub(world, shop, 'customer', customerId);
  // Consent updates name their customer: the customer shows the new consent.
  const consentOf = idOf(payload.customer_id) ?? (resource === 'customers_marketing_consent' ? idOf(payload.id) : undefined);
  if (consentOf && (resource === 'customers_email_marketing_consent' || resource === 'customers_marketing_consent')) {
    stub(world, shop, 'customer', consentOf, { email: payload.email_address ?? undefined });
    const consent: Obj = {};
    for (const key of ['email_marketing_consent', 'sms_marketing_consent']) if (isPlainObject(payload[key])) consent[key] = payload[key];
    world.merge('shopify', 'customer', consent, { shop, id: consentOf });
  }
}
