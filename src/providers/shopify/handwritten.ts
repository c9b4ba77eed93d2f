/**
 * The topics with a hand-written body (build.ts): resources whose cross-references the schema cannot
 * state (order totals, fulfillments of its lines, refunds of its transactions). `npm run gen` leaves
 * their shapes out of the runtime data (generated/shapes.ts); their `data` types stay generated.
 */
export const HANDWRITTEN_TOPICS = [
  'app/scopes_update',
  'app/uninstalled',
  'carts/create',
  'carts/update',
  'checkouts/create',
  'checkouts/delete',
  'checkouts/update',
  'collections/create',
  'collections/delete',
  'collections/update',
  'customers/create',
  'customers/data_request',
  'customers/delete',
  'customers/disable',
  'customers/enable',
  'customers/redact',
  'customers/update',
  'draft_orders/create',
  'draft_orders/delete',
  'draft_orders/update',
  'fulfillments/create',
  'fulfillments/update',
  'inventory_items/create',
  'inventory_items/delete',
  'inventory_items/update',
  'inventory_levels/update',
  'locations/create',
  'order_transactions/create',
  'orders/cancelled',
  'orders/create',
  'orders/delete',
  'orders/edited',
  'orders/fulfilled',
  'orders/paid',
  'orders/partially_fulfilled',
  'orders/updated',
  'products/create',
  'products/delete',
  'products/update',
  'refunds/create',
  'shop/redact',
  'shop/update',
  'themes/publish',
] as const;

/** A topic with a hand-written body. */
export type HandwrittenTopic = (typeof HANDWRITTEN_TOPICS)[number];
