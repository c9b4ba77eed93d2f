/**
 * The emulator's GraphQL parser and selection over the GraphQL an app sends (aliases, variables with
 * defaults, fragments, inline fragments, block strings, comments, directives), and Shopify's
 * subscription `filter` and `includeFields` as functions of a body: table-driven, no server.
 */
import { describe, expect, it } from 'vitest';
import { graphqlNode, select } from '../../src/providers/shopify/api/graphql/nodes.js';
import { GraphqlSyntaxError, parseGraphql, resolveValue } from '../../src/providers/shopify/api/graphql/parse.js';
import { filterMatches, includeFields, parseFilter } from '../../src/providers/shopify/api/subscriptions.js';

const PRODUCT = { id: 7, admin_graphql_api_id: 'gid://shopify/Product/7', title: 'Hat', body_html: '<p>Warm</p>', status: 'active', tags: 'winter, wool', vendor: 'Acme', variants: [{ id: 8, admin_graphql_api_id: 'gid://shopify/ProductVariant/8', price: '25.00', inventory_item_id: 9 }] };

describe('parseGraphql and select', () => {
  it('answers every selected field: aliases, named and inline fragments, connections, enums, GIDs and references', () => {
    const document = `
      # a comment
      fragment V on ProductVariant { id price inventoryItem { id } }
      query Read($id: ID!, $first: Int = 5) @live {
        item: product(id: $id) {
          __typename id legacyResourceId name: title descriptionHtml status tags missing
          ... on Product { vendor }
          variants(first: $first) { nodes { ...V } edges { node { id } } pageInfo { hasNextPage } }
        }
      }
      mutation Other { productDelete(input: { id: "x" }) { deletedProductId } }`;
    const operation = parseGraphql(document, 'Read');
    expect(operation).toMatchObject({ type: 'query', name: 'Read', variables: ['id', 'first'] });
    const [field] = operation.selections;
    expect(field).toMatchObject({ key: 'item', name: 'product', line: 5 });
    expect(resolveValue(field!.args.id!, { id: 'gid://shopify/Product/7' })).toBe('gid://shopify/Product/7');
    expect(select(graphqlNode(PRODUCT), field!.selections)).toEqual({
      __typename: 'Product',
      id: 'gid://shopify/Product/7',
      legacyResourceId: '7',
      name: 'Hat',
      descriptionHtml: '<p>Warm</p>',
      status: 'ACTIVE',
      tags: ['winter', 'wool'],
      missing: null,
      vendor: 'Acme',
      variants: {
        nodes: [{ id: 'gid://shopify/ProductVariant/8', price: '25.00', inventoryItem: { id: 'gid://shopify/InventoryItem/9' } }],
        edges: [{ node: { id: 'gid://shopify/ProductVariant/8' } }],
        pageInfo: { hasNextPage: false },
      },
    });
  });

  it('reads literals of every kind, and block strings', () => {
    const [field] = parseGraphql('mutation { m(a: 1.5, b: true, c: null, d: ENUM, e: [1, "x"], f: { g: $v }, h: """  long\n text  """) { ok } }').selections;
    const args = Object.fromEntries(Object.entries(field!.args).map(([k, v]) => [k, resolveValue(v, { v: 'set' })]));
    expect(args).toEqual({ a: 1.5, b: true, c: null, d: 'ENUM', e: [1, 'x'], f: { g: 'set' }, h: 'long\n text' });
  });

  it.each([
    ['mutation { productCreate(', /Unexpected end of document/],
    ['{ a } { b }', /operationName is required/],
    ['query { ...Missing }', /Fragment Missing was used, but not defined/],
    ['subscription { a }', /expected a query, a mutation or a fragment/],
    ['{ a(x: %) }', /Unexpected character "%"/],
  ])('refuses %s with where and what', (document, message) => {
    expect(() => parseGraphql(document)).toThrow(message);
    expect(() => parseGraphql(document)).toThrow(GraphqlSyntaxError);
  });
});

describe('subscription filter and includeFields', () => {
  const order = { id: 1, financial_status: 'paid', total_price: '120.00', tags: 'vip', line_items: [{ sku: 'A', quantity: 1 }, { sku: 'B', quantity: 3 }], customer: { email: 'ada@example.org' } };

  it.each([
    ['', true],
    ['financial_status:paid', true],
    ['financial_status:PAID', true],
    ['financial_status:pending', false],
    ['total_price:>100', true],
    ['total_price:<=100', false],
    ['line_items.quantity:>=3', true],
    ['line_items.sku:C', false],
    ['customer.email:*', true],
    ['note:*', false],
    ['financial_status:paid AND line_items.sku:C', false],
    ['financial_status:pending OR line_items.sku:B', true],
    ['NOT financial_status:pending', true],
    ['-tags:vip', false],
    ['customer.email:"ada@example.org"', true],
  ])('%j → %s', (filter, expected) => {
    expect(filterMatches(filter, order)).toBe(expected);
  });

  it('says why a filter is not one', () => {
    expect(parseFilter('financial_status')).toBe('"financial_status" is not a field:value term');
  });

  it('cuts a body to its includeFields, through arrays', () => {
    expect(includeFields(order, [['id'], ['line_items', 'sku'], ['customer']])).toEqual({ id: 1, line_items: [{ sku: 'A' }, { sku: 'B' }], customer: { email: 'ada@example.org' } });
  });
});
