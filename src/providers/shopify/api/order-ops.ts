/**
 * Orders through the Admin GraphQL API and the checkout helper, and the topics each sends in
 * Shopify's order (the same as relaykit's `order-fulfilled` and `order-refunded` flows):
 * a paid checkout or `draftOrderComplete` → `orders/create`, `order_transactions/create`,
 * `orders/paid`, `orders/updated`; `fulfillmentCreate` → `fulfillments/create`, `orders/fulfilled`
 * (or `orders/partially_fulfilled`), `orders/updated`; `refundCreate` → `refunds/create`,
 * `order_transactions/create`, `orders/updated`; `orderCancel` → `orders/cancelled`, `orders/updated`;
 * `orderUpdate` and `orderClose` → `orders/updated`; `orderDelete` → `orders/delete`; `draftOrderCreate`
 * → `draft_orders/create`, `draftOrderDelete` → `draft_orders/delete`.
 */
import { isPlainObject, RelayError } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { createCustomer, emit, findByGid, inventoryLevel, setStock } from './catalog-ops.js';
import { FieldError, requiredObject, requiredString, userError, type Resolver, type ResolverContext } from './graphql/execute.js';
import { graphqlNode } from './graphql/nodes.js';
import { cents, firstOf, fromTopic, gid, idFromGid, money, moneySet, numericId, shopLocation, worldTime } from './objects.js';

/** Where a draft order's lines are kept for the order it completes into. */
const DRAFT_LINES = 'draft_order.lines';

/** One line of an order being made. */
interface Line {
  readonly variant: Obj | undefined;
  readonly product: Obj | undefined;
  readonly title: string;
  readonly price: number;
  readonly quantity: number;
}

/** The lines of `lineItems` (`{ variantId, quantity }` or `{ title, originalUnitPrice, quantity }`), or the userErrors of the bad ones. */
function linesOf(world: World, shop: string, items: unknown, field: string): Line[] | Obj[] {
  const list = Array.isArray(items) ? items : [];
  if (list.length === 0) return [userError([field], 'Add at least 1 product')];
  const errors: Obj[] = [];
  const lines = list.map((item: unknown, i): Line => {
    const given = isPlainObject(item) ? item : {};
    const quantity = Number.isInteger(given.quantity) && (given.quantity as number) > 0 ? (given.quantity as number) : NaN;
    if (Number.isNaN(quantity)) errors.push(userError([field, String(i), 'quantity'], 'Quantity must be greater than or equal to 1'));
    if (given.variantId !== undefined) {
      const id = idFromGid(given.variantId, 'ProductVariant');
      const variant = id === undefined ? undefined : world.get('shopify', 'variant', id, { shop });
      if (!variant) errors.push(userError([field, String(i), 'variantId'], `Product variant ${String(given.variantId)} does not exist in ${shop}`));
      const product = variant ? world.get('shopify', 'product', String(variant.product_id), { shop }) : undefined;
      return { variant, product, title: String(product?.title ?? ''), price: cents(variant?.price), quantity };
    }
    if (typeof given.title !== 'string') errors.push(userError([field, String(i)], 'A line item needs a variantId, or a title and an originalUnitPrice'));
    return { variant: undefined, product: undefined, title: String(given.title ?? ''), price: cents(given.originalUnitPrice ?? '0'), quantity };
  });
  return errors.length > 0 ? errors : lines;
}

const isErrors = (value: Line[] | Obj[]): value is Obj[] => value.length > 0 && 'message' in value[0]!;

/** A line item in the order's REST shape, over the catalog's. */
function lineItem(world: World, template: Obj, line: Line): Obj {
  const id = numericId(world, 14);
  const variantTitle = line.variant && line.variant.title !== 'Default Title' ? String(line.variant.title) : null;
  return {
    ...template,
    id,
    admin_graphql_api_id: gid('LineItem', id),
    attributed_staffs: [],
    current_quantity: line.quantity,
    fulfillable_quantity: line.quantity,
    fulfillment_service: 'manual',
    fulfillment_status: null,
    gift_card: false,
    name: variantTitle ? `${line.title} - ${variantTitle}` : line.title,
    price: money(line.price),
    price_set: moneySet(line.price),
    product_exists: line.product !== undefined,
    product_id: line.product?.id ?? null,
    properties: [],
    quantity: line.quantity,
    requires_shipping: true,
    sku: String(line.variant?.sku ?? ''),
    taxable: true,
    title: line.title,
    total_discount: '0.00',
    total_discount_set: moneySet(0),
    variant_id: line.variant?.id ?? null,
    variant_inventory_management: line.variant ? 'shopify' : null,
    variant_title: variantTitle,
    vendor: line.product?.vendor ?? null,
    tax_lines: [],
    duties: [],
    discount_allocations: [],
  };
}

/** `template`'s keys filled from `source` where it has them. */
function overlay(template: unknown, source: Obj): Obj {
  const base = isPlainObject(template) ? template : {};
  return { ...base, ...Object.fromEntries(Object.keys(base).filter((k) => k in source).map((k) => [k, source[k]])) };
}

/** A new order of `shop` for `lines` bought by `customer` (paid unless `pending`), stored with its fulfillment order. */
/** How an order is made: paid or pending, its contact, note, channel, and the checkout it came from. */
interface OrderOptions {
  readonly pending: boolean;
  readonly email?: string | null;
  readonly note?: string | null;
  readonly source: string;
  readonly checkout?: Obj;
}

function createOrder(world: World, shop: string, lines: readonly Line[], customer: Obj | undefined, options: OrderOptions): Obj {
  const id = numericId(world);
  const now = worldTime(world);
  const template = fromTopic(world, 'orders/create', {});
  const number = world.list('shopify', 'order', { shop }).length + 1;
  const items = lines.map((line) => lineItem(world, firstOf(template, 'line_items'), line));
  const email = options.email ?? (typeof customer?.email === 'string' ? customer.email : null);
  const drawn = fromTopic(world, 'orders/create', {
    id,
    admin_graphql_api_id: gid('Order', id),
    app_id: 580111,
    ...(options.checkout ? { checkout_id: options.checkout.id, checkout_token: options.checkout.token, cart_token: options.checkout.cart_token, token: options.checkout.token } : {}),
    cancel_reason: null,
    cancelled_at: null,
    closed_at: null,
    confirmed: true,
    contact_email: email,
    created_at: now,
    discount_codes: [],
    discount_applications: [],
    email,
    financial_status: options.pending ? 'pending' : 'paid',
    fulfillment_status: null,
    name: `#${1000 + number}`,
    note: options.note ?? null,
    number,
    order_number: 1000 + number,
    order_status_url: `https://${shop}/orders/${id}/authenticate`,
    payment_gateway_names: options.pending ? ['manual'] : ['bogus'],
    processed_at: now,
    source_name: options.source,
    tags: '',
    test: true,
    updated_at: now,
    fulfillments: [],
    refunds: [],
    line_items: items,
    shipping_lines: [],
  });
  const order = world.put('shopify', 'order', { ...drawn, customer: customer ? overlay(template.customer, customer) : null }, { shop });
  const location = shopLocation(world, shop);
  const foId = numericId(world);
  world.put(
    'shopify',
    'fulfillment_order',
    {
      id: foId,
      admin_graphql_api_id: gid('FulfillmentOrder', foId),
      order_id: id,
      assigned_location_id: location.id,
      status: 'open',
      line_items: items.map((item) => {
        const lineId = numericId(world);
        return { id: lineId, admin_graphql_api_id: gid('FulfillmentOrderLineItem', lineId), line_item_id: item.id, inventory_item_id: null, quantity: item.quantity, fulfillable_quantity: item.quantity };
      }),
    },
    { shop },
  );
  return order;
}

/** The sale (or refund) transaction of an order, stored and returned. */
function createTransaction(world: World, shop: string, order: Obj, kind: 'sale' | 'refund', amount: number, parentId: unknown): Obj {
  const id = numericId(world);
  const now = worldTime(world);
  const template = fromTopic(world, 'order_transactions/create', {});
  return world.put(
    'shopify',
    'transaction',
    {
      ...template,
      id,
      order_id: order.id,
      kind,
      gateway: 'bogus',
      status: 'success',
      message: kind === 'sale' ? 'Bogus Gateway: Forced success' : 'Bogus Gateway: Forced success',
      created_at: now,
      test: true,
      parent_id: parentId ?? null,
      processed_at: now,
      authorization: world.id('a', 14).slice(2),
      // Shopify's test gateway (Bogus) and its test card "1".
      payment_details: {
        credit_card_bin: '1',
        avs_result_code: null,
        cvv_result_code: null,
        credit_card_number: '•••• •••• •••• 1',
        credit_card_company: 'Bogus',
        buyer_action_info: null,
        credit_card_name: 'Bogus Gateway',
        credit_card_wallet: null,
        credit_card_expiration_month: 12,
        credit_card_expiration_year: new Date(world.now()).getUTCFullYear() + 2,
        payment_method_name: 'bogus',
      },
      amount: money(amount),
      currency: 'USD',
      manual_payment_gateway: false,
      admin_graphql_api_id: gid('OrderTransaction', id),
    },
    { shop },
  );
}

/** Stores `order` changed by `patch`, stamped now. */
function saveOrder(world: World, shop: string, order: Obj, patch: Obj): Obj {
  return world.put('shopify', 'order', { ...order, ...patch, updated_at: worldTime(world) }, { shop });
}

/**
 * The checkout a storefront buyer fills in (`checkouts/create` once contact details are in,
 * `checkouts/update` at the next step), stored; the order placed from it names its id and tokens.
 */
function checkout(world: World, shop: string, lines: readonly Line[], customer: Obj | undefined, email: string | null): Obj {
  const id = numericId(world, 14);
  const now = worldTime(world);
  const token = world.id('t', 32).slice(2).toLowerCase();
  const cartToken = `c1-${world.id('c', 32).slice(2).toLowerCase()}`;
  const template = fromTopic(world, 'checkouts/create', {});
  const lineTemplate = firstOf(template, 'line_items');
  const items = lines.map((line) => ({
    ...lineTemplate,
    key: String(line.variant?.id ?? numericId(world, 14)),
    product_id: line.product?.id ?? null,
    variant_id: line.variant?.id ?? null,
    title: line.title,
    presentment_title: line.title,
    variant_title: line.variant && line.variant.title !== 'Default Title' ? String(line.variant.title) : '',
    presentment_variant_title: '',
    sku: String(line.variant?.sku ?? ''),
    vendor: line.product?.vendor ?? null,
    quantity: line.quantity,
    price: money(line.price),
    variant_price: money(line.price),
    line_price: money(line.price * line.quantity),
    compare_at_price: null,
    applied_discounts: [],
    discount_allocations: [],
    tax_lines: [],
  }));
  const drawn = fromTopic(world, 'checkouts/create', {
    id,
    token,
    cart_token: cartToken,
    email,
    gateway: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    closed_at: null,
    phone: null,
    name: `#${id}`,
    abandoned_checkout_url: `https://${shop}/checkouts/ac/${cartToken}/recover?key=${token}`,
    discount_codes: [],
    shipping_lines: [],
    tax_lines: [],
    line_items: items,
  });
  return world.put('shopify', 'checkout', { ...drawn, customer: customer ? overlay(template.customer, customer) : null }, { shop });
}

/** An order placed and paid: the topics Shopify sends for it, in its order; then the stock it took. */
function placePaid(world: World, shop: string, lines: readonly Line[], customer: Obj | undefined, options: OrderOptions): Obj {
  const created = createOrder(world, shop, lines, customer, { ...options, pending: true });
  if (options.pending) {
    emit(world, shop, 'orders/create', created);
    return created;
  }
  const paid = saveOrder(world, shop, created, { financial_status: 'paid', total_outstanding: '0.00', payment_gateway_names: ['bogus'] });
  emit(world, shop, 'orders/create', paid);
  emit(world, shop, 'order_transactions/create', createTransaction(world, shop, paid, 'sale', cents(paid.total_price), null));
  emit(world, shop, 'orders/paid', paid);
  emit(world, shop, 'orders/updated', paid);
  const location = Number(shopLocation(world, shop).id);
  for (const line of lines) {
    if (!line.variant) continue;
    const item = Number(line.variant.inventory_item_id);
    const level = setStock(world, shop, item, location, Number(inventoryLevel(world, shop, item, location).available) - line.quantity);
    emit(world, shop, 'inventory_levels/update', level);
  }
  return paid;
}

/** What `emulator.shopify.placeOrder` takes. */
export interface PlaceOrderOptions {
  /** What is bought: each a product variant (its GraphQL id or number) and how many. */
  readonly lineItems: readonly { readonly variantId: string | number; readonly quantity?: number }[];
  /** Who buys: an existing customer's id, or the details of a new (or returning, by email) one. */
  readonly customer?: string | { readonly email?: string; readonly firstName?: string; readonly lastName?: string; readonly phone?: string };
  /** The shop (`acme.myshopify.com`). Default: the shop that holds the first variant. */
  readonly shop?: string;
}

/**
 * A checkout a customer completes and pays: `checkouts/create`, `checkouts/update`, the customer (new
 * ones send `customers/create`), then `orders/create`, `order_transactions/create`, `orders/paid`, `orders/updated`, and
 * `inventory_levels/update` for each line's stock. Returns the order (REST shape, as the webhooks carry it).
 * @example
 * placeOrder(world, { lineItems: [{ variantId: 'gid://shopify/ProductVariant/1', quantity: 2 }], customer: { email: 'ada@example.com' } });
 */
export function placeOrder(world: World, options: PlaceOrderOptions): Obj {
  if (!isPlainObject(options) || !Array.isArray(options.lineItems)) {
    throw new RelayError('INVALID_OPTION', `placeOrder takes { lineItems: [{ variantId, quantity }], customer?, shop? }, got ${JSON.stringify(options)}.`);
  }
  const firstVariant = idFromGid(options.lineItems[0]?.variantId, 'ProductVariant');
  const shop = options.shop ?? world.shops().find((s) => firstVariant !== undefined && world.get('shopify', 'variant', firstVariant, { shop: s }));
  if (!shop) throw new RelayError('INVALID_OPTION', `placeOrder: no shop holds product variant ${String(options.lineItems[0]?.variantId)}; create the product first (productCreate), or pass shop.`);
  const lines = linesOf(world, shop, options.lineItems.map((item) => ({ quantity: 1, ...item })), 'lineItems');
  if (isErrors(lines)) throw new RelayError('INVALID_OPTION', `placeOrder: ${lines.map((e) => String(e.message)).join('; ')}.`);
  let customer: Obj | undefined;
  const given = isPlainObject(options.customer) ? (options.customer as Obj) : {};
  if (typeof options.customer === 'string') {
    customer = findByGid({ world, shop, version: '' }, 'customer', 'Customer', options.customer);
    if (!customer) throw new RelayError('INVALID_OPTION', `placeOrder: customer ${options.customer} does not exist in ${shop}.`);
  } else customer = world.list('shopify', 'customer', { shop }).find((c) => typeof given.email === 'string' && c.email === given.email);
  const email = typeof customer?.email === 'string' ? customer.email : typeof given.email === 'string' ? given.email : null;
  const filled = checkout(world, shop, lines, customer, email);
  emit(world, shop, 'checkouts/create', filled);
  const updated = world.put('shopify', 'checkout', { ...filled, gateway: 'bogus', updated_at: worldTime(world) }, { shop });
  emit(world, shop, 'checkouts/update', updated);
  // A buyer new to the shop becomes a customer when the order is placed.
  if (!customer && isPlainObject(options.customer)) customer = createCustomer(world, shop, given);
  return placePaid(world, shop, lines, customer, { pending: false, source: 'web', checkout: updated });
}

function findOrder(context: ResolverContext, value: unknown): Obj | undefined {
  return findByGid(context, 'order', 'Order', value);
}

const orderUpdate: Resolver = (args, context) => {
  const input = requiredObject(args, 'orderUpdate', 'input');
  const order = findOrder(context, input.id);
  if (!order) return { order: null, userErrors: [userError(['id'], 'Order does not exist')] };
  const patch: Obj = {};
  if (input.note !== undefined) patch.note = input.note;
  if (typeof input.email === 'string') patch.email = input.email;
  if (input.tags !== undefined) patch.tags = Array.isArray(input.tags) ? input.tags.map(String).join(', ') : String(input.tags);
  if (input.poNumber !== undefined) patch.po_number = input.poNumber;
  const saved = saveOrder(context.world, context.shop, order, patch);
  emit(context.world, context.shop, 'orders/updated', saved);
  return { order: graphqlNode(saved), userErrors: [] };
};

const orderClose: Resolver = (args, context) => {
  const input = requiredObject(args, 'orderClose', 'input');
  const order = findOrder(context, input.id);
  if (!order) return { order: null, userErrors: [userError(['id'], 'Order does not exist')] };
  const saved = saveOrder(context.world, context.shop, order, { closed_at: worldTime(context.world) });
  emit(context.world, context.shop, 'orders/updated', saved);
  return { order: graphqlNode(saved), userErrors: [] };
};

const CANCEL_REASONS = new Set(['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF']);

const orderCancel: Resolver = (args, context) => {
  const { world, shop } = context;
  const order = findOrder(context, requiredString(args, 'orderCancel', 'orderId'));
  const reason = String(args.reason ?? '');
  const fail = (field: string, message: string, code: string) => ({ job: null, orderCancelUserErrors: [userError([field], message, code)], userErrors: [userError([field], message)] });
  if (!order) return fail('orderId', 'Order does not exist', 'NOT_FOUND');
  if (!CANCEL_REASONS.has(reason)) return fail('reason', `reason must be one of ${[...CANCEL_REASONS].join(', ')}`, 'INVALID');
  if (order.cancelled_at != null) return fail('orderId', 'Order has already been cancelled', 'INVALID');
  const now = worldTime(world);
  const refunded = args.refund === true && order.financial_status === 'paid';
  const saved = saveOrder(world, shop, order, { cancelled_at: now, closed_at: now, cancel_reason: reason.toLowerCase(), financial_status: refunded ? 'refunded' : order.financial_status === 'paid' ? 'paid' : 'voided' });
  emit(world, shop, 'orders/cancelled', saved);
  emit(world, shop, 'orders/updated', saved);
  return { job: { id: gid('Job', world.id('job', 12)), done: true }, orderCancelUserErrors: [], userErrors: [] };
};

/** A fulfillment order as GraphQL shows it. */
function fulfillmentOrderNode(world: World, shop: string, fo: Obj): Obj {
  return {
    __typename: 'FulfillmentOrder',
    id: fo.admin_graphql_api_id,
    status: String(fo.status).toUpperCase(),
    orderId: gid('Order', Number(fo.order_id)),
    assignedLocation: { location: graphqlNode(world.get('shopify', 'location', String(fo.assigned_location_id), { shop }) ?? null) },
    lineItems: (fo.line_items as Obj[]).map((line) => ({
      __typename: 'FulfillmentOrderLineItem',
      id: line.admin_graphql_api_id,
      totalQuantity: line.quantity,
      remainingQuantity: line.fulfillable_quantity,
      lineItem: { id: gid('LineItem', Number(line.line_item_id)) },
    })),
  };
}

/** An order as GraphQL shows it, with its fulfillment orders. */
function orderNode(world: World, shop: string, order: Obj | undefined): unknown {
  if (!order) return null;
  const node = graphqlNode(order) as Obj;
  node.fulfillmentOrders = world
    .list('shopify', 'fulfillment_order', { shop })
    .filter((fo) => fo.order_id === order.id)
    .map((fo) => fulfillmentOrderNode(world, shop, fo));
  return node;
}

const fulfillmentCreate: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'fulfillmentCreate', 'fulfillment', 'fulfillmentV2');
  const groups = Array.isArray(input.lineItemsByFulfillmentOrder) ? input.lineItemsByFulfillmentOrder.filter(isPlainObject) : [];
  if (groups.length === 0) return { fulfillment: null, userErrors: [userError(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must be present')] };
  const taken = new Map<number, number>();
  let orderId: unknown;
  const changed: Obj[] = [];
  for (const [i, group] of groups.entries()) {
    const fo = findByGid(context, 'fulfillment_order', 'FulfillmentOrder', group.fulfillmentOrderId);
    const field = ['fulfillment', 'lineItemsByFulfillmentOrder', String(i), 'fulfillmentOrderId'];
    if (!fo) return { fulfillment: null, userErrors: [userError(field, `Fulfillment order ${String(group.fulfillmentOrderId)} does not exist.`)] };
    if (fo.status !== 'open' && fo.status !== 'in_progress') return { fulfillment: null, userErrors: [userError(field, `Fulfillment order ${String(group.fulfillmentOrderId)} has an unfulfillable status= ${String(fo.status)}.`)] };
    if (orderId !== undefined && orderId !== fo.order_id) return { fulfillment: null, userErrors: [userError(field, 'All fulfillment orders must belong to the same order.')] };
    orderId = fo.order_id;
    const asked = Array.isArray(group.fulfillmentOrderLineItems) ? group.fulfillmentOrderLineItems.filter(isPlainObject) : undefined;
    const lines = (fo.line_items as Obj[]).map((line) => {
      const wanted = asked ? asked.find((a) => idFromGid(a.id, 'FulfillmentOrderLineItem') === String(line.id)) : undefined;
      const quantity = asked ? (wanted ? Number(wanted.quantity) : 0) : Number(line.fulfillable_quantity);
      if (!(quantity >= 0 && quantity <= Number(line.fulfillable_quantity))) throw new FieldError(`Invalid quantity ${quantity} for fulfillment order line item ${String(line.admin_graphql_api_id)}`, 'INVALID');
      if (quantity > 0) taken.set(Number(line.line_item_id), (taken.get(Number(line.line_item_id)) ?? 0) + quantity);
      return { ...line, fulfillable_quantity: Number(line.fulfillable_quantity) - quantity };
    });
    const done = lines.every((line) => line.fulfillable_quantity === 0);
    changed.push({ ...fo, line_items: lines, status: done ? 'closed' : 'in_progress' });
  }
  if (taken.size === 0) return { fulfillment: null, userErrors: [userError(['fulfillment'], 'Nothing left to fulfill on the fulfillment orders given.')] };
  for (const fo of changed) world.put('shopify', 'fulfillment_order', fo, { shop });
  const order = world.get('shopify', 'order', String(orderId), { shop })!;
  const now = worldTime(world);
  const id = numericId(world);
  const template = fromTopic(world, 'fulfillments/create', {});
  const tracking = isPlainObject(input.trackingInfo) ? input.trackingInfo : {};
  const number = typeof tracking.number === 'string' ? tracking.number : null;
  const url = typeof tracking.url === 'string' ? tracking.url : null;
  const orderLines = (order.line_items as Obj[]).map((line): Obj => {
    const quantity = taken.get(Number(line.id)) ?? 0;
    const open = Number(line.fulfillable_quantity) - quantity;
    return { ...line, fulfillable_quantity: open, fulfillment_status: open === 0 ? 'fulfilled' : quantity > 0 || line.fulfillment_status === 'partial' ? 'partial' : line.fulfillment_status };
  });
  const fulfillment = world.put(
    'shopify',
    'fulfillment',
    {
      ...template,
      id,
      order_id: order.id,
      status: 'success',
      created_at: now,
      service: 'manual',
      updated_at: now,
      tracking_company: typeof tracking.company === 'string' ? tracking.company : null,
      shipment_status: null,
      location_id: shopLocation(world, shop).id,
      origin_address: null,
      email: order.email,
      destination: order.shipping_address ?? null,
      line_items: orderLines.filter((line) => taken.has(Number(line.id))).map((line) => ({ ...line, quantity: taken.get(Number(line.id)) })),
      tracking_number: number,
      tracking_numbers: number ? [number] : [],
      tracking_url: url,
      tracking_urls: url ? [url] : [],
      receipt: {},
      name: `${String(order.name)}.${((order.fulfillments as Obj[]) ?? []).length + 1}`,
      admin_graphql_api_id: gid('Fulfillment', id),
    },
    { shop },
  );
  const complete = orderLines.every((line) => line.fulfillable_quantity === 0);
  const saved = saveOrder(world, shop, order, { line_items: orderLines, fulfillments: [...((order.fulfillments as Obj[]) ?? []), { ...fulfillment, origin_address: {} }], fulfillment_status: complete ? 'fulfilled' : 'partial' });
  emit(world, shop, 'fulfillments/create', fulfillment);
  emit(world, shop, complete ? 'orders/fulfilled' : 'orders/partially_fulfilled', saved);
  emit(world, shop, 'orders/updated', saved);
  return { fulfillment: graphqlNode(fulfillment), userErrors: [] };
};

const refundCreate: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'refundCreate', 'input');
  const order = findOrder(context, input.orderId);
  if (!order) return { refund: null, userErrors: [userError(['orderId'], 'Order does not exist')] };
  const asked = Array.isArray(input.refundLineItems) ? input.refundLineItems.filter(isPlainObject) : [];
  const orderLines = order.line_items as Obj[];
  const template = fromTopic(world, 'refunds/create', {});
  const lineTemplate = firstOf(template, 'refund_line_items');
  const location = shopLocation(world, shop);
  let amount = 0;
  const refundLines: Obj[] = [];
  for (const [i, item] of asked.entries()) {
    const line = orderLines.find((l) => String(l.id) === idFromGid(item.lineItemId, 'LineItem'));
    const quantity = Number(item.quantity);
    if (!line) return { refund: null, userErrors: [userError(['refundLineItems', String(i), 'lineItemId'], `Line item ${String(item.lineItemId)} is not on order ${String(order.name)}`)] };
    if (!(Number.isInteger(quantity) && quantity > 0 && quantity <= Number(line.quantity))) return { refund: null, userErrors: [userError(['refundLineItems', String(i), 'quantity'], `Quantity cannot refund more items than were purchased (${String(line.quantity)})`)] };
    const subtotal = cents(line.price) * quantity;
    amount += subtotal;
    const restock = String(item.restockType ?? 'NO_RESTOCK').toLowerCase();
    const lineId = numericId(world, 12);
    refundLines.push({ ...lineTemplate, id: lineId, quantity, line_item_id: line.id, location_id: restock === 'no_restock' ? null : location.id, restock_type: restock, subtotal: subtotal / 100, total_tax: 0, subtotal_set: moneySet(subtotal), total_tax_set: moneySet(0), line_item: line });
  }
  const given = Array.isArray(input.transactions) ? input.transactions.filter(isPlainObject) : [];
  if (given.length > 0) amount = given.reduce((sum, t) => sum + cents(t.amount), 0);
  if (amount <= 0) return { refund: null, userErrors: [userError(['refundLineItems'], 'A refund needs refund line items or transactions with an amount')] };
  const paid = cents(order.total_price) - ((order.refunds as Obj[]) ?? []).reduce((sum, r) => sum + ((r.transactions as Obj[]) ?? []).reduce((s, t) => s + cents(t.amount), 0), 0);
  if (amount > paid) return { refund: null, userErrors: [userError(['transactions'], `Refund amount $${money(amount)} is greater than net payment received $${money(paid)}`)] };
  const sale = world.list('shopify', 'transaction', { shop }).find((t) => t.order_id === order.id && t.kind === 'sale');
  const transaction = createTransaction(world, shop, order, 'refund', amount, sale?.id ?? null);
  const id = numericId(world, 12);
  const now = worldTime(world);
  const refund = world.put(
    'shopify',
    'refund',
    {
      ...template,
      id,
      order_id: order.id,
      created_at: now,
      note: typeof input.note === 'string' ? input.note : null,
      user_id: null,
      processed_at: now,
      duties: [],
      total_duties_set: moneySet(0),
      return: null,
      restock: refundLines.some((l) => l.restock_type !== 'no_restock'),
      refund_shipping_lines: [],
      admin_graphql_api_id: gid('Refund', id),
      order_adjustments: [],
      refund_line_items: refundLines,
      transactions: [transaction],
    },
    { shop },
  );
  const saved = saveOrder(world, shop, order, { refunds: [...((order.refunds as Obj[]) ?? []), refund], financial_status: amount === paid ? 'refunded' : 'partially_refunded' });
  emit(world, shop, 'refunds/create', refund);
  emit(world, shop, 'order_transactions/create', transaction);
  emit(world, shop, 'orders/updated', saved);
  return { refund: { ...(graphqlNode(refund) as Obj), totalRefundedSet: graphqlNode(moneySet(amount)), order: orderNode(world, shop, saved) }, userErrors: [] };
};

const draftOrderCreate: Resolver = (args, context) => {
  const { world, shop } = context;
  const input = requiredObject(args, 'draftOrderCreate', 'input');
  const lines = linesOf(world, shop, input.lineItems, 'lineItems');
  if (isErrors(lines)) return { draftOrder: null, userErrors: lines };
  const customer = input.customerId !== undefined ? findByGid(context, 'customer', 'Customer', input.customerId) : undefined;
  if (input.customerId !== undefined && !customer) return { draftOrder: null, userErrors: [userError(['customerId'], 'Customer does not exist')] };
  const id = numericId(world);
  const now = worldTime(world);
  const template = fromTopic(world, 'draft_orders/create', {});
  const lineTemplate = firstOf(template, 'line_items');
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const email = typeof input.email === 'string' ? input.email : (customer?.email ?? null);
  const draft = world.put(
    'shopify',
    'draft_order',
    {
      ...template,
      id,
      note: typeof input.note === 'string' ? input.note : null,
      email,
      created_at: now,
      updated_at: now,
      completed_at: null,
      name: `#D${world.list('shopify', 'draft_order', { shop }).length + 1}`,
      status: 'open',
      line_items: lines.map((line) => {
        const lineId = numericId(world, 14);
        return { ...lineTemplate, id: lineId, variant_id: line.variant?.id ?? null, product_id: line.product?.id ?? null, title: line.title, variant_title: null, sku: String(line.variant?.sku ?? ''), vendor: line.product?.vendor ?? null, quantity: line.quantity, tax_lines: [], applied_discount: null, name: line.title, properties: [], custom: !line.variant, price: money(line.price), admin_graphql_api_id: gid('DraftOrderLineItem', lineId) };
      }),
      order_id: null,
      shipping_line: null,
      tax_lines: [],
      tags: '',
      total_price: money(total),
      subtotal_price: money(total),
      total_tax: '0.00',
      admin_graphql_api_id: gid('DraftOrder', id),
      customer: customer ? overlay(template.customer, customer) : null,
    },
    { shop },
  );
  // What the order it completes into is made of, kept beside the draft (its REST shape has no place for it).
  world.put('shopify', DRAFT_LINES, { id, lines: lines.map((l) => ({ variant_id: l.variant?.id ?? null, title: l.title, price: l.price, quantity: l.quantity })) }, { shop });
  emit(world, shop, 'draft_orders/create', draft);
  return { draftOrder: graphqlNode(draft), userErrors: [] };
};

const draftOrderComplete: Resolver = (args, context) => {
  const { world, shop } = context;
  const draft = findByGid(context, 'draft_order', 'DraftOrder', requiredString(args, 'draftOrderComplete', 'id'));
  if (!draft) return { draftOrder: null, userErrors: [userError(['id'], 'Draft order does not exist')] };
  if (draft.status === 'completed') return { draftOrder: null, userErrors: [userError(['id'], 'This order has already been paid for.')] };
  const lines: Line[] = (world.get('shopify', DRAFT_LINES, String(draft.id), { shop })!.lines as Obj[]).map((given) => {
    const variant = given.variant_id != null ? world.get('shopify', 'variant', String(given.variant_id), { shop }) : undefined;
    const product = variant ? world.get('shopify', 'product', String(variant.product_id), { shop }) : undefined;
    return { variant, product, title: String(given.title), price: Number(given.price), quantity: Number(given.quantity) };
  });
  const customer = isPlainObject(draft.customer) ? world.get('shopify', 'customer', String(draft.customer.id), { shop }) : undefined;
  const order = placePaid(world, shop, lines, customer, { pending: args.paymentPending === true, email: draft.email as string | null, note: draft.note as string | null, source: 'shopify_draft_order' });
  const now = worldTime(world);
  const completed = world.put('shopify', 'draft_order', { ...draft, status: 'completed', completed_at: now, updated_at: now, order_id: order.id }, { shop });
  emit(world, shop, 'draft_orders/update', completed);
  return { draftOrder: { ...(graphqlNode(completed) as Obj), order: orderNode(world, shop, world.get('shopify', 'order', String(order.id), { shop })) }, userErrors: [] };
};

const draftOrderDelete: Resolver = (args, context) => {
  const input = requiredObject(args, 'draftOrderDelete', 'input');
  const draft = findByGid(context, 'draft_order', 'DraftOrder', input.id);
  if (!draft) return { deletedId: null, userErrors: [userError(['id'], 'Draft order does not exist')] };
  context.world.delete('shopify', 'draft_order', String(draft.id), { shop: context.shop });
  emit(context.world, context.shop, 'draft_orders/delete', { id: draft.id });
  return { deletedId: draft.admin_graphql_api_id, userErrors: [] };
};

const orderDelete: Resolver = (args, context) => {
  const order = findOrder(context, requiredString(args, 'orderDelete', 'orderId'));
  if (!order) return { deletedId: null, userErrors: [userError(['orderId'], 'Order does not exist', 'NOT_FOUND')] };
  context.world.delete('shopify', 'order', String(order.id), { shop: context.shop });
  emit(context.world, context.shop, 'orders/delete', { id: order.id });
  return { deletedId: order.admin_graphql_api_id, userErrors: [] };
};

/** The resolvers of this module, by root field. */
export const orderMutations: Readonly<Record<string, Resolver>> = {
  orderUpdate,
  orderClose,
  orderCancel,
  fulfillmentCreate,
  refundCreate,
  draftOrderCreate,
  draftOrderComplete,
  draftOrderDelete,
  orderDelete,
};

/** Reads: `order(id)`, `draftOrder(id)`, `fulfillment(id)`, `fulfillmentOrder(id)`, `refund(id)`. */
export const orderQueries: Readonly<Record<string, Resolver>> = {
  order: (args, context) => orderNode(context.world, context.shop, findOrder(context, args.id)),
  draftOrder: (args, context) => graphqlNode(findByGid(context, 'draft_order', 'DraftOrder', args.id) ?? null),
  fulfillment: (args, context) => graphqlNode(findByGid(context, 'fulfillment', 'Fulfillment', args.id) ?? null),
  fulfillmentOrder: (args, context) => {
    const fo = findByGid(context, 'fulfillment_order', 'FulfillmentOrder', args.id);
    return fo ? fulfillmentOrderNode(context.world, context.shop, fo) : null;
  },
  refund: (args, context) => graphqlNode(findByGid(context, 'refund', 'Refund', args.id) ?? null),
};
