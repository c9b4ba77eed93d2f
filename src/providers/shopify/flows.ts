/**
 * Shopify's flows. Each topic is one delivery with its own `X-Shopify-Webhook-Id` and `X-Shopify-Event-Id`
 * from the same shop (share.ts); the order topics after the first repeat the order as it was created,
 * with the statuses that changed.
 */
import { isPlainObject } from '../../core/index.js';
import { defineFlow, type FlowIdentity } from '../flow.js';
import { chained, pinned } from '../shared/pin.js';
import { hex, numericId, type Rng } from '../shared/rng.js';

function shopifyIds(rng: Rng) {
  return {
    order: numericId(rng, 13),
    checkout: numericId(rng, 14),
    checkoutToken: hex(rng, 32),
    cartToken: `c1-${hex(rng, 32)}`,
    customer: numericId(rng, 13),
    transaction: numericId(rng, 13),
    fulfillment: numericId(rng, 13),
    refund: numericId(rng, 12),
  };
}

/** A URL on a shop's own domain: `https://<shop>.myshopify.com/<shop id>/…`. */
const SHOP_URL = /^https:\/\/[a-z0-9-]+\.myshopify\.com\/(\d+)\//;

/**
 * One shop per flow: every shop URL in a delivery (an order's status page, a checkout's recovery link)
 * on the domain its `X-Shopify-Shop-Domain` names (the first delivery's, share.ts) and with the first
 * such URL's shop id. The builder draws a shop per event.
 */
function oneShop(): FlowIdentity {
  let shopId: string | undefined;
  return (built) => {
    const domain = Object.entries(built.headers).find(([name]) => name.toLowerCase() === 'x-shopify-shop-domain')?.[1];
    if (domain === undefined) return built;
    const json = JSON.parse(built.body) as unknown;
    let changed = false;
    const walk = (node: unknown): void => {
      if (!Array.isArray(node) && !isPlainObject(node)) return;
      for (const [key, value] of Object.entries(node)) {
        const found = typeof value === 'string' && !built.given.has(JSON.stringify(value)) ? SHOP_URL.exec(value) : null;
        if (found === null) {
          walk(value);
          continue;
        }
        shopId ??= found[1]!;
        const url = (value as string).replace(SHOP_URL, `https://${domain}/${shopId}/`);
        if (url !== value) [(node as Record<string, unknown>)[key], changed] = [url, true];
      }
    };
    walk(json);
    return changed ? { body: JSON.stringify(json), deliveryId: built.deliveryId } : built;
  };
}

/** The line items a refund's `refund_line_items` return (each one's `line_item`). */
function refundedItems(lines: unknown): unknown[] {
  return (Array.isArray(lines) ? lines : []).map((line) => (line as { line_item?: unknown }).line_item).filter((item) => item !== undefined);
}

const orderFulfilled = defineFlow({
  provider: 'shopify',
  name: 'order-fulfilled',
  description: 'An order placed, paid and fulfilled: order created, sale transaction, paid, updated, fulfillment created, fulfilled',
  source: 'https://shopify.dev/docs/api/webhooks (topics orders/*, order_transactions/create, fulfillments/create)',
  ids: shopifyIds,
  // The fulfillment ships the order's line items (in a fulfillment's line item shape).
  identity: () => chained(oneShop(), pinned([{ from: ['orders/create:line_items'], paths: ['fulfillments/create:line_items'], list: true }])),
  steps: [
    { type: 'orders/create', at: 0, data: ({ ids }) => ({ id: ids.order, financial_status: 'pending', fulfillment_status: null, checkout_id: ids.checkout }) },
    {
      type: 'order_transactions/create',
      at: 2,
      data: ({ ids, main }) => ({ id: ids.transaction, order_id: ids.order, kind: 'sale', status: 'success', amount: main(0).total_price ?? '0.00' }),
    },
    { type: 'orders/paid', at: 3, data: ({ main }) => ({ ...main(0), financial_status: 'paid' }) },
    { type: 'orders/updated', at: 3, data: ({ main, iso }) => ({ ...main(0), financial_status: 'paid', updated_at: iso(3) }) },
    { type: 'fulfillments/create', at: 7200, data: ({ ids }) => ({ id: ids.fulfillment, order_id: ids.order, status: 'success' }) },
    { type: 'orders/fulfilled', at: 7201, data: ({ main, iso }) => ({ ...main(0), financial_status: 'paid', fulfillment_status: 'fulfilled', updated_at: iso(7201) }) },
  ],
});

const orderRefunded = defineFlow({
  provider: 'shopify',
  name: 'order-refunded',
  description: 'A paid order refunded: refund created, refund transaction, order updated',
  source: 'https://shopify.dev/docs/api/webhooks (topics refunds/create, order_transactions/create, orders/updated)',
  ids: shopifyIds,
  // The refund's transactions are the order's, and the order holds the line items its refund returned.
  identity: (ids) =>
    chained(
      pinned([
        { paths: ['refunds/create:transactions[].order_id'], value: ids.order },
        { from: ['refunds/create:refund_line_items'], normalize: refundedItems, paths: ['orders/updated:line_items'], list: true },
      ]),
      oneShop(),
    ),
  steps: [
    { type: 'refunds/create', at: 0, data: ({ ids }) => ({ id: ids.refund, order_id: ids.order }) },
    { type: 'order_transactions/create', at: 1, data: ({ ids }) => ({ id: ids.transaction, order_id: ids.order, kind: 'refund', status: 'success' }) },
    {
      type: 'orders/updated',
      at: 2,
      data: ({ ids, iso }) => ({ id: ids.order, financial_status: 'refunded', updated_at: iso(2) }),
    },
  ],
});

const checkoutToOrder = defineFlow({
  provider: 'shopify',
  name: 'checkout-to-order',
  description: 'A shopper fills a cart and checks out: cart created, checkout created and updated, customer created, order created',
  source: 'https://shopify.dev/docs/api/webhooks (topics carts/*, checkouts/*, customers/create, orders/create)',
  ids: shopifyIds,
  // The customer's addresses are the customer's, and the shopper is one person from the checkout to the order.
  identity: (ids) =>
    chained(
      oneShop(),
      pinned([
        { paths: ['customer.default_address.customer_id', 'customers/create:default_address.customer_id', 'customers/create:addresses[].customer_id'], value: ids.customer },
        { paths: ['checkouts/:email', 'checkouts/:customer.email', 'customers/create:email', 'orders/create:email', 'orders/create:contact_email', 'orders/create:customer.email'] },
        { paths: ['checkouts/:customer.first_name', 'customers/create:first_name', 'orders/create:customer.first_name'] },
        { paths: ['checkouts/:customer.last_name', 'customers/create:last_name', 'orders/create:customer.last_name'] },
        { paths: ['checkouts/:name'] },
        { paths: ['checkouts/:abandoned_checkout_url'] },
      ]),
    ),
  steps: [
    { type: 'carts/create', at: 0, data: ({ ids }) => ({ id: ids.cartToken, token: ids.cartToken }) },
    { type: 'checkouts/create', at: 60, data: ({ ids }) => ({ id: ids.checkout, token: ids.checkoutToken, cart_token: ids.cartToken, customer: { id: ids.customer } }) },
    { type: 'checkouts/update', at: 120, data: ({ ids }) => ({ id: ids.checkout, token: ids.checkoutToken, cart_token: ids.cartToken, customer: { id: ids.customer } }) },
    { type: 'customers/create', at: 150, data: ({ ids }) => ({ id: ids.customer }) },
    {
      type: 'orders/create',
      at: 151,
      data: ({ ids }) => ({ id: ids.order, checkout_id: ids.checkout, checkout_token: ids.checkoutToken, cart_token: ids.cartToken, customer: { id: ids.customer } }),
    },
  ],
});

/** Shopify's flows, in `relay flows shopify` order. */
export const shopifyFlows = [orderFulfilled, orderRefunded, checkoutToOrder];
