/** The Shopify resources the mock serves and the webhook topics that report them. */

/** A top-level Admin REST resource: its kind, plural path segment and singular JSON key. */
export interface ShopifyResource {
  readonly kind: string;
  readonly plural: string;
  readonly singular: string;
  /** Whether `GET /<plural>.json` lists it. */
  readonly listable: boolean;
  /** The webhook topic an update sends (`orders/updated`), when Shopify sends one for it. */
  readonly updateTopic?: string;
  /** Whether `PUT /<plural>/:id.json` updates it. */
  readonly updatable: boolean;
  /** Whether `GET /<plural>/:id.json` reads one (default true; tender transactions are only listed). */
  readonly retrievable?: boolean;
}

/** Every top-level resource a catalog payload holds. */
export const SHOPIFY_RESOURCES: readonly ShopifyResource[] = [
  { kind: 'order', plural: 'orders', singular: 'order', listable: true, updatable: true, updateTopic: 'orders/updated' },
  { kind: 'customer', plural: 'customers', singular: 'customer', listable: true, updatable: true, updateTopic: 'customers/update' },
  { kind: 'product', plural: 'products', singular: 'product', listable: true, updatable: true, updateTopic: 'products/update' },
  { kind: 'variant', plural: 'variants', singular: 'variant', listable: false, updatable: true },
  { kind: 'collection', plural: 'collections', singular: 'collection', listable: false, updatable: false },
  { kind: 'draft_order', plural: 'draft_orders', singular: 'draft_order', listable: true, updatable: true, updateTopic: 'draft_orders/update' },
  { kind: 'inventory_item', plural: 'inventory_items', singular: 'inventory_item', listable: true, updatable: true, updateTopic: 'inventory_items/update' },
  { kind: 'location', plural: 'locations', singular: 'location', listable: true, updatable: false },
  { kind: 'checkout', plural: 'checkouts', singular: 'checkout', listable: true, updatable: false },
  { kind: 'theme', plural: 'themes', singular: 'theme', listable: true, updatable: false },
  { kind: 'fulfillment_order', plural: 'fulfillment_orders', singular: 'fulfillment_order', listable: false, updatable: false },
  { kind: 'product_listing', plural: 'product_listings', singular: 'product_listing', listable: true, updatable: false },
  { kind: 'collection_listing', plural: 'collection_listings', singular: 'collection_listing', listable: true, updatable: false },
  { kind: 'recurring_application_charge', plural: 'recurring_application_charges', singular: 'recurring_application_charge', listable: true, updatable: false },
  { kind: 'application_charge', plural: 'application_charges', singular: 'application_charge', listable: true, updatable: false },
  { kind: 'dispute', plural: 'shopify_payments/disputes', singular: 'dispute', listable: true, updatable: false },
  { kind: 'tender_transaction', plural: 'tender_transactions', singular: 'tender_transaction', listable: true, updatable: false, retrievable: false },
];

/** Resources that live under an order: `/orders/:order_id/<plural>/:id.json`. */
export const ORDER_CHILDREN: readonly ShopifyResource[] = [
  { kind: 'fulfillment', plural: 'fulfillments', singular: 'fulfillment', listable: true, updatable: false },
  { kind: 'transaction', plural: 'transactions', singular: 'transaction', listable: true, updatable: false },
  { kind: 'refund', plural: 'refunds', singular: 'refund', listable: true, updatable: false },
];

/** Topic resource (the part before `/`) → kind. */
export const TOPIC_KINDS: Readonly<Record<string, string>> = Object.freeze({
  orders: 'order',
  customers: 'customer',
  products: 'product',
  variants: 'variant',
  collections: 'collection',
  draft_orders: 'draft_order',
  fulfillments: 'fulfillment',
  inventory_items: 'inventory_item',
  inventory_levels: 'inventory_level',
  locations: 'location',
  order_transactions: 'transaction',
  refunds: 'refund',
  checkouts: 'checkout',
  themes: 'theme',
  carts: 'cart',
  shop: 'shop',
  app: 'shop',
  disputes: 'dispute',
  tender_transactions: 'tender_transaction',
  product_listings: 'product_listing',
  collection_listings: 'collection_listing',
  customers_marketing_consent: 'customer',
  fulfillment_events: 'fulfillment_event',
});
