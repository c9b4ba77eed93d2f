/**
 * The Shopify topic chains the emulator sends, one row per operation: the Admin GraphQL mutation (as
 * `@shopify/shopify-api`'s GraphQL client sends it), a REST call (its REST client), or the emulator's helper, the topics the app
 * receives, in order, and where Shopify documents them. `shopify-chains.test.ts` runs every row
 * against a fresh emulator, and README.md's table between the `shopify-chains` markers is
 * `chainsTable(SHOPIFY_CHAINS)`.
 */
import type { Emulator } from '../../src/emulator/index.js';
import type { ChainRowOf } from './stripe-chains.js';

/** What a row's `run` is handed. */
export interface ShopifyChainContext {
  /** Runs a GraphQL operation through the SDK's client; answers its `data`. */
  run(query: string, variables?: Record<string, unknown>): Promise<Record<string, any>>;
  /** Calls the Admin REST API through the SDK's REST client: `rest('put', 'orders/1', { order: { … } })`. */
  rest(method: 'get' | 'post' | 'put' | 'delete', path: string, data?: Record<string, unknown>): Promise<unknown>;
  readonly emulator: Emulator;
  /** Delivers what the setup caused; the row's own topics start after it. */
  mark(): Promise<void>;
}

/** One operation and the topics it makes Shopify send. */
export type ShopifyChainRow = ChainRowOf<ShopifyChainContext>;

const DOCS = 'https://shopify.dev/docs/api';
/** The mutation's reference page and the topics' (Shopify lists which topics an action sends, not their order). */
const source = (mutation: string, note = ''): string => `${DOCS}/admin-graphql/latest/mutations/${mutation}; topics: ${DOCS}/webhooks${note ? ` (${note})` : ''}`;
const ORDER_FLOW = "order: relaykit's order-fulfilled flow";

const PRODUCT = `mutation Make($product: ProductCreateInput!) {
  productCreate(product: $product) { product { id variants(first: 5) { nodes { id inventoryItem { id } } } } userErrors { field message } }
}`;

/** A product with one variant at $25 and 10 in stock; its ids. */
export async function makeProduct(ctx: Pick<ShopifyChainContext, 'run'>): Promise<{ productId: string; variantId: string; itemId: string }> {
  const data = await ctx.run(PRODUCT, { product: { title: 'Wool Hat', vendor: 'Acme', variants: [{ price: '25.00', sku: 'HAT-1', inventoryQuantity: 10 }] } });
  const product = data.productCreate.product;
  return { productId: product.id, variantId: product.variants.nodes[0].id, itemId: product.variants.nodes[0].inventoryItem.id };
}

/** A paid order of `quantity` hats (and `extra` scarves, a second line) by a new customer; its ids. */
export async function paidOrder(ctx: ShopifyChainContext, quantity = 2, extra = false): Promise<{ orderId: string; lineIds: string[]; fulfillmentOrderId: string; fulfillmentLineIds: string[] }> {
  const hat = await makeProduct(ctx);
  const lineItems = [{ variantId: hat.variantId, quantity }];
  if (extra) lineItems.push({ variantId: (await makeProduct(ctx)).variantId, quantity: 1 });
  const order = ctx.emulator.shopify.placeOrder({ lineItems, customer: { email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' } });
  const read = await ctx.run(
    `query Read($id: ID!) { order(id: $id) { id lineItems(first: 5) { nodes { id } } fulfillmentOrders(first: 5) { nodes { id lineItems(first: 5) { nodes { id } } } } } }`,
    { id: order.admin_graphql_api_id },
  );
  const fo = read.order.fulfillmentOrders.nodes[0];
  return { orderId: read.order.id, lineIds: read.order.lineItems.nodes.map((n: { id: string }) => n.id), fulfillmentOrderId: fo.id, fulfillmentLineIds: fo.lineItems.nodes.map((n: { id: string }) => n.id) };
}

async function customer(ctx: ShopifyChainContext): Promise<string> {
  const data = await ctx.run(`mutation { customerCreate(input: { email: "grace@example.org", firstName: "Grace", lastName: "Hopper" }) { customer { id } userErrors { message } } }`);
  return data.customerCreate.customer.id;
}

async function draft(ctx: ShopifyChainContext, variantId: string): Promise<string> {
  const data = await ctx.run(`mutation Draft($input: DraftOrderInput!) { draftOrderCreate(input: $input) { draftOrder { id } userErrors { field message } } }`, {
    input: { lineItems: [{ variantId, quantity: 1 }, { title: 'Gift wrap', originalUnitPrice: '4.00', quantity: 1 }], email: 'bo@example.org' },
  });
  return data.draftOrderCreate.draftOrder.id;
}

const FULFIL = `mutation Ship($fulfillment: FulfillmentInput!) { fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } } }`;
const PAID = ['orders/create', 'order_transactions/create', 'orders/paid', 'orders/updated', 'inventory_levels/update'];

/** Every row, in the README's order. */
export const SHOPIFY_CHAINS: readonly ShopifyChainRow[] = [
  {
    operation: 'productCreate',
    source: source('productCreate', 'products/create; inventory_items/create for each variant'),
    run: async (ctx) => void (await makeProduct(ctx)),
    events: ['products/create', 'inventory_items/create'],
  },
  {
    operation: 'productUpdate',
    source: source('productUpdate'),
    run: async (ctx) => {
      const { productId } = await makeProduct(ctx);
      await ctx.mark();
      await ctx.run(`mutation Edit($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id title } userErrors { message } } }`, { product: { id: productId, title: 'Merino Hat', tags: ['winter'] } });
    },
    events: ['products/update'],
  },
  {
    operation: 'productDelete',
    source: source('productDelete', 'products/delete; inventory_items/delete for each variant'),
    run: async (ctx) => {
      const { productId } = await makeProduct(ctx);
      await ctx.mark();
      await ctx.run(`mutation Drop($id: ID!) { productDelete(input: { id: $id }) { deletedProductId userErrors { message } } }`, { id: productId });
    },
    events: ['products/delete', 'inventory_items/delete'],
  },
  {
    operation: 'customerCreate',
    source: source('customerCreate'),
    run: async (ctx) => void (await customer(ctx)),
    events: ['customers/create'],
  },
  {
    operation: 'customerUpdate',
    source: source('customerUpdate'),
    run: async (ctx) => {
      const id = await customer(ctx);
      await ctx.mark();
      await ctx.run(`mutation Edit($input: CustomerInput!) { customerUpdate(input: $input) { customer { id note } userErrors { message } } }`, { input: { id, note: 'VIP', tags: ['vip'] } });
    },
    events: ['customers/update'],
  },
  {
    operation: 'customerDelete',
    source: source('customerDelete'),
    run: async (ctx) => {
      const id = await customer(ctx);
      await ctx.mark();
      await ctx.run(`mutation Drop($id: ID!) { customerDelete(input: { id: $id }) { deletedCustomerId userErrors { message } } }`, { id });
    },
    events: ['customers/delete'],
  },
  {
    operation: 'inventoryAdjustQuantities',
    source: source('inventoryAdjustQuantities', 'inventory_levels/update for each change'),
    run: async (ctx) => {
      const { itemId } = await makeProduct(ctx);
      const { locations } = await ctx.run(`query { locations(first: 1) { nodes { id } } }`);
      await ctx.mark();
      await ctx.run(`mutation Adjust($input: InventoryAdjustQuantitiesInput!) { inventoryAdjustQuantities(input: $input) { inventoryAdjustmentGroup { reason changes { name delta } } userErrors { field message } } }`, {
        input: { reason: 'received', name: 'available', changes: [{ delta: 5, inventoryItemId: itemId, locationId: locations.nodes[0].id }] },
      });
    },
    events: ['inventory_levels/update'],
  },
  {
    operation: 'emulator.shopify.placeOrder({ lineItems, customer })',
    source: `${DOCS}/webhooks (checkouts/create, checkouts/update, customers/create, orders/create, order_transactions/create, orders/paid, orders/updated, inventory_levels/update); order: relaykit's checkout-to-order and order-fulfilled flows`,
    run: async (ctx) => {
      const { variantId } = await makeProduct(ctx);
      await ctx.mark();
      ctx.emulator.shopify.placeOrder({ lineItems: [{ variantId, quantity: 2 }], customer: { email: 'ada@example.org', firstName: 'Ada' } });
    },
    events: ['checkouts/create', 'checkouts/update', 'customers/create', ...PAID],
  },
  {
    operation: 'orderUpdate',
    source: source('orderUpdate'),
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(`mutation Note($input: OrderInput!) { orderUpdate(input: $input) { order { id note } userErrors { message } } }`, { input: { id: orderId, note: 'Leave at the door', tags: ['gift'] } });
    },
    events: ['orders/updated'],
  },
  {
    operation: 'REST PUT orders/<id>.json',
    source: `${DOCS}/admin-rest/latest/resources/order#put-orders-order-id; topics: ${DOCS}/webhooks (orders/updated)`,
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.rest('put', `orders/${orderId.split('/').pop()!}`, { order: { note: 'Gift', tags: 'gift' } });
    },
    events: ['orders/updated'],
  },
  {
    operation: 'REST POST orders/<id>/cancel.json',
    source: `${DOCS}/admin-rest/latest/resources/order#post-orders-order-id-cancel; topics: ${DOCS}/webhooks (orders/cancelled, orders/updated)`,
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.rest('post', `orders/${orderId.split('/').pop()!}/cancel`, { reason: 'customer' });
    },
    events: ['orders/cancelled', 'orders/updated'],
  },
  {
    operation: 'orderClose',
    source: source('orderClose'),
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(`mutation Close($input: OrderCloseInput!) { orderClose(input: $input) { order { id closed } userErrors { message } } }`, { input: { id: orderId } });
    },
    events: ['orders/updated'],
  },
  {
    operation: 'orderCancel',
    source: source('orderCancel', 'orders/cancelled, then orders/updated'),
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(`mutation Cancel($id: ID!) { orderCancel(orderId: $id, reason: CUSTOMER, refund: true, restock: true, notifyCustomer: false) { job { id done } orderCancelUserErrors { field message code } userErrors { message } } }`, { id: orderId });
    },
    events: ['orders/cancelled', 'orders/updated'],
  },
  {
    operation: 'orderDelete',
    source: source('orderDelete'),
    run: async (ctx) => {
      const { orderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(`mutation Drop($id: ID!) { orderDelete(orderId: $id) { deletedId userErrors { message } } }`, { id: orderId });
    },
    events: ['orders/delete'],
  },
  {
    operation: 'fulfillmentCreate (every line)',
    source: `${source('fulfillmentCreate')}; ${ORDER_FLOW}`,
    run: async (ctx) => {
      const { fulfillmentOrderId } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(FULFIL, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId }], trackingInfo: { number: '1Z999AA10123456784', company: 'UPS' }, notifyCustomer: false } });
    },
    events: ['fulfillments/create', 'orders/fulfilled', 'orders/updated'],
  },
  {
    operation: 'fulfillmentCreate (some lines)',
    source: source('fulfillmentCreate', 'orders/partially_fulfilled'),
    run: async (ctx) => {
      const { fulfillmentOrderId, fulfillmentLineIds } = await paidOrder(ctx, 2, true);
      await ctx.mark();
      await ctx.run(FULFIL, { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId, fulfillmentOrderLineItems: [{ id: fulfillmentLineIds[0], quantity: 2 }] }] } });
    },
    events: ['fulfillments/create', 'orders/partially_fulfilled', 'orders/updated'],
  },
  {
    operation: 'refundCreate',
    source: `${source('refundCreate')}; order: relaykit's order-refunded flow`,
    run: async (ctx) => {
      const { orderId, lineIds } = await paidOrder(ctx);
      await ctx.mark();
      await ctx.run(`mutation Refund($input: RefundInput!) { refundCreate(input: $input) { refund { id totalRefundedSet { shopMoney { amount } } } userErrors { field message } } }`, {
        input: { orderId, note: 'Too small', refundLineItems: [{ lineItemId: lineIds[0], quantity: 1, restockType: 'RETURN' }] },
      });
    },
    events: ['refunds/create', 'order_transactions/create', 'orders/updated'],
  },
  {
    operation: 'draftOrderCreate',
    source: source('draftOrderCreate'),
    run: async (ctx) => {
      const { variantId } = await makeProduct(ctx);
      await ctx.mark();
      await draft(ctx, variantId);
    },
    events: ['draft_orders/create'],
  },
  {
    operation: 'draftOrderComplete',
    source: source('draftOrderComplete', 'the order it makes, then draft_orders/update'),
    run: async (ctx) => {
      const id = await draft(ctx, (await makeProduct(ctx)).variantId);
      await ctx.mark();
      await ctx.run(`mutation Complete($id: ID!) { draftOrderComplete(id: $id) { draftOrder { id status order { id } } userErrors { message } } }`, { id });
    },
    events: [...PAID, 'draft_orders/update'],
  },
  {
    operation: 'draftOrderDelete',
    source: source('draftOrderDelete'),
    run: async (ctx) => {
      const id = await draft(ctx, (await makeProduct(ctx)).variantId);
      await ctx.mark();
      await ctx.run(`mutation Drop($id: ID!) { draftOrderDelete(input: { id: $id }) { deletedId userErrors { message } } }`, { id });
    },
    events: ['draft_orders/delete'],
  },
];
