/**
 * Products, customers and inventory through the Admin GraphQL API, and the topics each sends:
 * `productCreate` → `products/create`, `inventory_items/create` (one per variant); `productUpdate` →
 * `products/update`; `productDelete` → `products/delete`, `inventory_items/delete`; `customerCreate` /
 * `customerUpdate` / `customerDelete` → `customers/create|update|delete`; `inventoryAdjustQuantities`
 * → `inventory_levels/update` per change.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { requiredObject, userError, type Resolver, type ResolverContext } from './graphql/execute.js';
import { graphqlNode } from './graphql/nodes.js';
import { cents, firstOf, fromTopic, gid, idFromGid, money, numericId, shopLocation, worldTime } from './objects.js';

/** Appends `topic` about `data`, sent by `shop`. */
export function emit(world: World, shop: string, topic: string, data: Obj): void {
  world.outbox.append({ provider: 'shopify', type: topic, data, scope: { shop } });
}

/** The stored object `kind` of the shop named by a GraphQL id of `type`. */
export function findByGid(context: ResolverContext, kind: string, type: string, value: unknown): Obj | undefined {
  const id = idFromGid(value, type);
  return id === undefined ? undefined : context.world.get('shopify', kind, id, { shop: context.shop });
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

function tagsOf(value: unknown, fallback: string): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : fallback;
}

/** The inventory level of an item at a location (created at 0). */
export function inventoryLevel(world: World, shop: string, itemId: number, locationId: number): Obj {
  const key = `${itemId}:${locationId}`;
  return (
    world.get('shopify', 'inventory_level', key, { shop }) ??
    world.put('shopify', 'inventory_level', { inventory_item_id: itemId, location_id: locationId, available: 0, updated_at: worldTime(world), admin_graphql_api_id: `gid://shopify/InventoryLevel/${locationId}?inventory_item_id=${itemId}` }, { shop })
  );
}

/** Sets the stock of `itemId` at `locationId` to `available` and the variants that hold it; returns the level. */
export function setStock(world: World, shop: string, itemId: number, locationId: number, available: number): Obj {
  const now = worldTime(world);
  const level = world.put('shopify', 'inventory_level', { ...inventoryLevel(world, shop, itemId, locationId), available, updated_at: now }, { shop });
  for (const variant of world.list('shopify', 'variant', { shop }).filter((v) => v.inventory_item_id === itemId)) {
    const next = world.put('shopify', 'variant', { ...variant, old_inventory_quantity: variant.inventory_quantity, inventory_quantity: available }, { shop });
    world.update('shopify', 'product', String(variant.product_id), (p) => ({ ...p, variants: (p.variants as Obj[]).map((v) => (v.id === next.id ? next : v)) }), { shop });
  }
  return level;
}

/** The product's variants from the input's `variants` (each `{ price, sku, title, inventoryQuantity }`), or Shopify's one default variant. */
function variantsOf(world: World, shop: string, productId: number, input: Obj, template: Obj): Obj[] {
  const given = Array.isArray(input.variants) && input.variants.length > 0 ? input.variants.filter(isPlainObject) : [{}];
  const now = worldTime(world);
  const base = firstOf(template, 'variants');
  return given.map((variant, i) => {
    const id = numericId(world, 14);
    const itemId = numericId(world, 14);
    const title = typeof variant.title === 'string' ? variant.title : given.length === 1 ? 'Default Title' : `Variant ${i + 1}`;
    const quantity = Number.isInteger(variant.inventoryQuantity) ? (variant.inventoryQuantity as number) : 0;
    return {
      ...base,
      admin_graphql_api_id: gid('ProductVariant', id),
      barcode: typeof variant.barcode === 'string' ? variant.barcode : null,
      compare_at_price: variant.compareAtPrice != null ? money(cents(variant.compareAtPrice)) : null,
      created_at: now,
      id,
      inventory_policy: 'deny',
      position: i + 1,
      price: money(cents(variant.price ?? '0')),
      product_id: productId,
      sku: typeof variant.sku === 'string' ? variant.sku : '',
      taxable: true,
      title,
      updated_at: now,
      option1: title,
      option2: null,
      option3: null,
      image_id: null,
      inventory_item_id: itemId,
      inventory_quantity: quantity,
      old_inventory_quantity: quantity,
    };
  });
}

/** The REST fields a product input sets. */
function productFields(input: Obj, current: Obj): Obj {
  const out: Obj = {};
  if (typeof input.title === 'string') out.title = input.title;
  if (typeof input.descriptionHtml === 'string') out.body_html = input.descriptionHtml;
  if (typeof input.vendor === 'string') out.vendor = input.vendor;
  if (typeof input.productType === 'string') out.product_type = input.productType;
  if (typeof input.handle === 'string') out.handle = input.handle;
  if (typeof input.status === 'string') out.status = input.status.toLowerCase();
  if (input.tags !== undefined) out.tags = tagsOf(input.tags, String(current.tags ?? ''));
  return out;
}

const productCreate: Resolver = (args, { world, shop }) => {
  const input = requiredObject(args, 'productCreate', 'product', 'input');
  if (typeof input.title !== 'string' || input.title.trim() === '') return { product: null, userErrors: [userError(['title'], "Title can't be blank")] };
  const id = numericId(world);
  const now = worldTime(world);
  const template = fromTopic(world, 'products/create', {});
  const variants = variantsOf(world, shop, id, input, template);
  const option = firstOf(template, 'options');
  const fields = productFields(input, {});
  const product = world.put(
    'shopify',
    'product',
    {
      ...template,
      admin_graphql_api_id: gid('Product', id),
      body_html: '',
      created_at: now,
      handle: slug(input.title),
      id,
      product_type: '',
      published_at: null,
      template_suffix: null,
      updated_at: now,
      vendor: shop.split('.')[0],
      status: 'active',
      published_scope: 'web',
      tags: '',
      ...fields,
      variants,
      options: [{ ...option, name: 'Title', id: numericId(world), product_id: id, position: 1, values: variants.map((v) => v.title) }],
      images: [],
      image: null,
      media: [],
    },
    { shop },
  );
  emit(world, shop, 'products/create', product);
  const location = Number(shopLocation(world, shop).id);
  for (const variant of variants) {
    world.put('shopify', 'variant', variant, { shop });
    const itemTemplate = fromTopic(world, 'inventory_items/create', {});
    const item = world.put('shopify', 'inventory_item', { ...itemTemplate, id: variant.inventory_item_id, sku: variant.sku, created_at: now, updated_at: now, tracked: true, cost: null, admin_graphql_api_id: gid('InventoryItem', Number(variant.inventory_item_id)) }, { shop });
    world.put('shopify', 'inventory_level', { ...inventoryLevel(world, shop, Number(item.id), location), available: variant.inventory_quantity }, { shop });
    emit(world, shop, 'inventory_items/create', item);
  }
  return { product: graphqlNode(product), userErrors: [] };
};

const productUpdate: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'productUpdate', 'product', 'input');
  const current = findByGid(context, 'product', 'Product', input.id);
  if (!current) return { product: null, userErrors: [userError(['id'], 'Product does not exist')] };
  if (input.title !== undefined && (typeof input.title !== 'string' || input.title.trim() === '')) return { product: null, userErrors: [userError(['title'], "Title can't be blank")] };
  const product = world.put('shopify', 'product', { ...current, ...productFields(input, current), updated_at: worldTime(world) }, { shop });
  emit(world, shop, 'products/update', product);
  return { product: graphqlNode(product), userErrors: [] };
};

const productDelete: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'productDelete', 'input');
  const current = findByGid(context, 'product', 'Product', input.id);
  if (!current) return { deletedProductId: null, userErrors: [userError(['id'], 'Product does not exist')] };
  world.delete('shopify', 'product', String(current.id), { shop });
  emit(world, shop, 'products/delete', { id: current.id });
  for (const variant of (current.variants as Obj[]) ?? []) {
    world.delete('shopify', 'variant', String(variant.id), { shop });
    world.delete('shopify', 'inventory_item', String(variant.inventory_item_id), { shop });
    emit(world, shop, 'inventory_items/delete', { id: variant.inventory_item_id, country_code_of_origin: null, province_code_of_origin: null, harmonized_system_code: null, country_harmonized_system_codes: [], admin_graphql_api_id: gid('InventoryItem', Number(variant.inventory_item_id)) });
  }
  return { deletedProductId: current.admin_graphql_api_id, shop: { id: gid('Shop', 1) }, userErrors: [] };
};

/** The REST fields a customer input sets. */
function customerFields(input: Obj): Obj {
  const out: Obj = {};
  if (typeof input.email === 'string') out.email = input.email;
  if (typeof input.firstName === 'string') out.first_name = input.firstName;
  if (typeof input.lastName === 'string') out.last_name = input.lastName;
  if (input.phone !== undefined) out.phone = input.phone === null ? null : String(input.phone);
  if (input.note !== undefined) out.note = input.note === null ? null : String(input.note);
  if (input.tags !== undefined) out.tags = tagsOf(input.tags, '');
  return out;
}

function emailTaken(world: World, shop: string, email: unknown, except?: unknown): boolean {
  return typeof email === 'string' && world.list('shopify', 'customer', { shop }).some((c) => c.email === email && c.id !== except);
}

/**
 * Stores a new customer of `shop` and appends `customers/create`.
 * @example
 * createCustomer(world, 'acme.myshopify.com', { email: 'ada@example.com', firstName: 'Ada' });
 */
export function createCustomer(world: World, shop: string, input: Obj): Obj {
  const id = numericId(world);
  const now = worldTime(world);
  const template = fromTopic(world, 'customers/create', {});
  const customer = world.put(
    'shopify',
    'customer',
    {
      ...template,
      id,
      created_at: now,
      updated_at: now,
      first_name: null,
      last_name: null,
      state: 'disabled',
      note: null,
      verified_email: true,
      multipass_identifier: null,
      tax_exempt: false,
      email: null,
      phone: null,
      currency: 'USD',
      addresses: [],
      tax_exemptions: [],
      admin_graphql_api_id: gid('Customer', id),
      default_address: null,
      tags: '',
      ...customerFields(input),
    },
    { shop },
  );
  emit(world, shop, 'customers/create', customer);
  return customer;
}

const customerCreate: Resolver = (args, { world, shop }) => {
  const input = requiredObject(args, 'customerCreate', 'input');
  if (typeof input.email !== 'string' && typeof input.phone !== 'string' && typeof input.firstName !== 'string' && typeof input.lastName !== 'string') {
    return { customer: null, userErrors: [userError(['customer'], 'A name, phone number, or email address must be present')] };
  }
  if (emailTaken(world, shop, input.email)) return { customer: null, userErrors: [userError(['email'], 'Email has already been taken')] };
  return { customer: graphqlNode(createCustomer(world, shop, input)), userErrors: [] };
};

const customerUpdate: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'customerUpdate', 'input');
  const current = findByGid(context, 'customer', 'Customer', input.id);
  if (!current) return { customer: null, userErrors: [userError(['id'], 'Customer does not exist')] };
  if (emailTaken(world, shop, input.email, current.id)) return { customer: null, userErrors: [userError(['email'], 'Email has already been taken')] };
  const customer = world.put('shopify', 'customer', { ...current, ...customerFields(input), updated_at: worldTime(world) }, { shop });
  emit(world, shop, 'customers/update', customer);
  return { customer: graphqlNode(customer), userErrors: [] };
};

const customerDelete: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'customerDelete', 'input');
  const current = findByGid(context, 'customer', 'Customer', input.id);
  if (!current) return { deletedCustomerId: null, userErrors: [userError(['id'], 'Customer does not exist')] };
  world.delete('shopify', 'customer', String(current.id), { shop });
  emit(world, shop, 'customers/delete', { id: current.id, phone: null, addresses: [], tax_exemptions: [], email_marketing_consent: null, sms_marketing_consent: null, admin_graphql_api_id: current.admin_graphql_api_id });
  return { deletedCustomerId: current.admin_graphql_api_id, userErrors: [] };
};

const inventoryAdjustQuantities: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'inventoryAdjustQuantities', 'input');
  const changes = Array.isArray(input.changes) ? input.changes.filter(isPlainObject) : [];
  if (changes.length === 0) return { inventoryAdjustmentGroup: null, userErrors: [userError(['input', 'changes'], 'At least one change is required')] };
  if (input.name !== undefined && input.name !== 'available') {
    return { inventoryAdjustmentGroup: null, userErrors: [userError(['input', 'name'], `The relaykit emulator adjusts the "available" quantity only, got "${String(input.name)}".`, 'INVALID_QUANTITY_NAME')] };
  }
  const problems: Obj[] = [];
  changes.forEach((change, i) => {
    if (!findByGid(context, 'inventory_item', 'InventoryItem', change.inventoryItemId)) problems.push(userError(['input', 'changes', String(i), 'inventoryItemId'], 'The specified inventory item could not be found.', 'INVENTORY_ITEM_NOT_FOUND'));
    else if (!findByGid(context, 'location', 'Location', change.locationId)) problems.push(userError(['input', 'changes', String(i), 'locationId'], 'The specified location could not be found.', 'LOCATION_NOT_FOUND'));
    else if (!Number.isInteger(change.delta)) problems.push(userError(['input', 'changes', String(i), 'delta'], 'The delta must be a whole number.'));
  });
  if (problems.length > 0) return { inventoryAdjustmentGroup: null, userErrors: problems };
  const adjusted = changes.map((change) => {
    const item = Number(idFromGid(change.inventoryItemId));
    const location = Number(idFromGid(change.locationId));
    const level = setStock(world, shop, item, location, Number(inventoryLevel(world, shop, item, location).available) + (change.delta as number));
    emit(world, shop, 'inventory_levels/update', level);
    return { name: 'available', delta: change.delta, quantityAfterChange: level.available, item: { id: gid('InventoryItem', item) }, location: { id: gid('Location', location) } };
  });
  const groupId = numericId(world);
  return {
    inventoryAdjustmentGroup: { id: gid('InventoryAdjustmentGroup', groupId), createdAt: worldTime(world), reason: typeof input.reason === 'string' ? input.reason : 'correction', referenceDocumentUri: input.referenceDocumentUri ?? null, changes: adjusted },
    userErrors: [],
  };
};

/** The resolvers of this module, by root field. */
export const catalogMutations: Readonly<Record<string, Resolver>> = {
  productCreate,
  productUpdate,
  productDelete,
  customerCreate,
  customerUpdate,
  customerDelete,
  inventoryAdjustQuantities,
};

/** Reads: `product(id)`, `customer(id)`, `location(id)`, `locations`, `inventoryItem(id)`, `productVariant(id)`. */
export const catalogQueries: Readonly<Record<string, Resolver>> = {
  product: (args, context) => graphqlNode(findByGid(context, 'product', 'Product', args.id) ?? null),
  productVariant: (args, context) => graphqlNode(findByGid(context, 'variant', 'ProductVariant', args.id) ?? null),
  customer: (args, context) => graphqlNode(findByGid(context, 'customer', 'Customer', args.id) ?? null),
  location: (args, context) => graphqlNode(findByGid(context, 'location', 'Location', args.id) ?? null),
  locations: (args, { world, shop }) => [graphqlNode(shopLocation(world, shop))],
  inventoryItem: (args, context) => graphqlNode(findByGid(context, 'inventory_item', 'InventoryItem', args.id) ?? null),
};
