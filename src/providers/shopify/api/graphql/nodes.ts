/**
 * Shopify objects as the Admin GraphQL API shows them, from the REST shape the world holds: keys in
 * camelCase, `id` the GraphQL id (`legacyResourceId` the number), enums in upper case, lists as
 * connections when the query asks for `nodes` or `edges`; and the answer to a selection set.
 */
import { isPlainObject } from '../../../../core/index.js';
import type { Obj } from '../../../shared/api/index.js';
import type { GraphqlField } from './parse.js';

/** Keys whose GraphQL name is not the camelCase of the REST one. */
const RENAMED: Readonly<Record<string, string>> = {
  body_html: 'descriptionHtml',
  financial_status: 'displayFinancialStatus',
  fulfillment_status: 'displayFulfillmentStatus',
  inventory_quantity: 'inventoryQuantity',
};

/** Keys whose values GraphQL gives as enums (upper case). */
const ENUMS = new Set(['status', 'displayFinancialStatus', 'displayFulfillmentStatus', 'cancelReason', 'kind', 'restockType', 'shipmentStatus']);

const camel = (key: string): string => RENAMED[key] ?? key.replace(/[_?]+(\w)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));

/** A node's `__typename`, from its GraphQL id. */
function typename(gid: unknown): string | undefined {
  return typeof gid === 'string' ? /^gid:\/\/shopify\/(\w+)\//.exec(gid)?.[1] : undefined;
}

/**
 * `rest` as a GraphQL node (recursively).
 * @example
 * graphqlNode({ id: 1, admin_graphql_api_id: 'gid://shopify/Product/1', body_html: '<p>x</p>' });
 * // { id: 'gid://shopify/Product/1', legacyResourceId: '1', descriptionHtml: '<p>x</p>', __typename: 'Product' }
 */
export function graphqlNode(rest: unknown): unknown {
  if (Array.isArray(rest)) return rest.map(graphqlNode);
  if (!isPlainObject(rest)) return rest;
  const out: Obj = {};
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'admin_graphql_api_id' || key === 'id') continue;
    const name = camel(key);
    out[name] = ENUMS.has(name) && typeof value === 'string' ? value.toUpperCase() : graphqlNode(value);
  }
  if (typeof rest.admin_graphql_api_id === 'string') {
    out.id = rest.admin_graphql_api_id;
    out.legacyResourceId = String(rest.id);
    out.__typename = typename(rest.admin_graphql_api_id);
  } else if (rest.id !== undefined) out.id = rest.id;
  for (const [key, type] of REFERENCES) if (typeof rest[key] === 'number') out[camel(key.slice(0, -3))] = { id: `gid://shopify/${type}/${String(rest[key])}` };
  if (typeof rest.tags === 'string') out.tags = rest.tags === '' ? [] : rest.tags.split(',').map((t) => t.trim());
  if ('closed_at' in rest) out.closed = rest.closed_at != null;
  if (isPlainObject(rest.shop_money)) out.amount = rest.shop_money.amount;
  return out;
}

/** Numeric references the REST shape holds (`inventory_item_id`) and the node GraphQL shows for them (`inventoryItem { id }`). */
const REFERENCES: readonly (readonly [string, string])[] = [
  ['inventory_item_id', 'InventoryItem'],
  ['product_id', 'Product'],
  ['variant_id', 'ProductVariant'],
  ['order_id', 'Order'],
  ['location_id', 'Location'],
  ['line_item_id', 'LineItem'],
];

const CONNECTION = new Set(['nodes', 'edges', 'pageInfo']);

/** The selected fields of `value` (a node, a list, a scalar); a selected field the node lacks is `null`. */
export function select(value: unknown, selections: readonly GraphqlField[]): unknown {
  if (selections.length === 0 || value === null || value === undefined) return value ?? null;
  if (Array.isArray(value)) {
    if (selections.some((s) => CONNECTION.has(s.name))) {
      const connection = {
        nodes: value,
        edges: value.map((node: unknown) => ({ node, cursor: Buffer.from(JSON.stringify({ id: isPlainObject(node) ? node.id : null })).toString('base64') })),
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      };
      return select(connection, selections);
    }
    return value.map((item: unknown) => select(item, selections));
  }
  if (!isPlainObject(value)) return value;
  const out: Obj = {};
  for (const field of selections) out[field.key] = select(value[field.name], field.selections);
  return out;
}
